package dev.groundskeeper.git;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a commit message's trailer block the way {@code git interpret-trailers} does (JGit's
 * footer parser accepts blocks git rejects). The block is the last paragraph after the title,
 * before a {@code ---} patch separator; it counts when every line is a trailer or a continuation,
 * or when at least a quarter of its lines are trailers and one of them is git-generated
 * ({@code Signed-off-by:} or {@code (cherry picked from commit}).
 */
final class Trailers {

  private static final Pattern TRAILER = Pattern.compile("^([A-Za-z0-9-]+)[ \\t]*:[ \\t]*(.*)$");
  private static final List<String> GIT_GENERATED = List.of("Signed-off-by: ", "(cherry picked from commit ");

  record Trailer(String key, String value) {}

  private final List<Trailer> trailers;

  private Trailers(List<Trailer> trailers) {
    this.trailers = List.copyOf(trailers);
  }

  List<Trailer> all() {
    return trailers;
  }

  /** The value of the last trailer with {@code key} (compared ignoring case, as git does). */
  Optional<String> last(String key) {
    Optional<String> found = Optional.empty();
    for (Trailer trailer : trailers) {
      if (trailer.key().equalsIgnoreCase(key)) {
        found = Optional.of(trailer.value());
      }
    }
    return found;
  }

  boolean has(String key) {
    return last(key).isPresent();
  }

  static Trailers parse(String message) {
    List<String> lines = new ArrayList<>(List.of(message.split("\n", -1)));
    // Everything from a "---" separator line on is a patch, not the message.
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("---") && (lines.get(i).length() == 3
          || Character.isWhitespace(lines.get(i).charAt(3)))) {
        lines = new ArrayList<>(lines.subList(0, i));
        break;
      }
    }
    lines.removeIf(line -> line.startsWith("#"));
    int endOfTitle = 0;
    while (endOfTitle < lines.size() && !isBlank(lines.get(endOfTitle))) {
      endOfTitle++;
    }
    int end = lines.size();
    while (end > endOfTitle && isBlank(lines.get(end - 1))) {
      end--;
    }
    int start = end;
    while (start > endOfTitle && !isBlank(lines.get(start - 1))) {
      start--;
    }
    if (start >= end) {
      return new Trailers(List.of());
    }
    List<String> block = lines.subList(start, end);
    int trailerLines = 0;
    int otherLines = 0;
    boolean gitGenerated = false;
    List<Trailer> found = new ArrayList<>();
    for (String line : block) {
      if (!found.isEmpty() && (line.startsWith(" ") || line.startsWith("\t"))) {
        Trailer last = found.remove(found.size() - 1);
        found.add(new Trailer(last.key(), (last.value() + " " + line.strip()).strip()));
        continue;
      }
      for (String prefix : GIT_GENERATED) {
        if (line.toLowerCase(Locale.ROOT).startsWith(prefix.toLowerCase(Locale.ROOT))) {
          gitGenerated = true;
        }
      }
      Matcher matcher = TRAILER.matcher(line);
      if (matcher.matches()) {
        trailerLines++;
        found.add(new Trailer(matcher.group(1), matcher.group(2).strip()));
      } else {
        otherLines++;
      }
    }
    boolean accepted = trailerLines > 0
        && (otherLines == 0 || gitGenerated && trailerLines * 3 >= otherLines);
    return new Trailers(accepted ? found : List.of());
  }

  private static boolean isBlank(String line) {
    return line.isBlank();
  }
}
