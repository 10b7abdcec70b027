package dev.groundskeeper.git;

import dev.groundskeeper.api.RawText;
import dev.groundskeeper.api.repo.Worktree;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Parses {@code git worktree list --porcelain}: the {@code -z} form (attributes ended by NUL,
 * records by an empty attribute) and, for git before 2.36, the newline form whose lock and prune
 * reasons are C-quoted when they hold special characters.
 */
final class WorktreeListing {

  private WorktreeListing() {}

  static List<Worktree> parseNulTerminated(byte[] output) {
    List<List<String>> records = new ArrayList<>();
    List<String> current = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < output.length; i++) {
      if (output[i] == 0) {
        // a branch name by its bytes, as the ref reader has it (RawText)
        String attribute = RawText.decode(output, start, i - start);
        start = i + 1;
        if (attribute.isEmpty()) {
          if (!current.isEmpty()) {
            records.add(current);
            current = new ArrayList<>();
          }
        } else {
          current.add(attribute);
        }
      }
    }
    if (!current.isEmpty()) {
      records.add(current);
    }
    return toWorktrees(records, false);
  }

  static List<Worktree> parseNewlineTerminated(String output) {
    List<List<String>> records = new ArrayList<>();
    List<String> current = new ArrayList<>();
    for (String line : output.split("\n", -1)) {
      if (line.isEmpty()) {
        if (!current.isEmpty()) {
          records.add(current);
          current = new ArrayList<>();
        }
      } else {
        current.add(line);
      }
    }
    if (!current.isEmpty()) {
      records.add(current);
    }
    return toWorktrees(records, true);
  }

  private static List<Worktree> toWorktrees(List<List<String>> records, boolean quotedReasons) {
    List<Worktree> worktrees = new ArrayList<>();
    for (List<String> record : records) {
      Path path = null;
      Optional<String> head = Optional.empty();
      Optional<String> branch = Optional.empty();
      boolean bare = false;
      Optional<String> locked = Optional.empty();
      Optional<String> prunable = Optional.empty();
      for (String attribute : record) {
        int space = attribute.indexOf(' ');
        String key = space < 0 ? attribute : attribute.substring(0, space);
        String value = space < 0 ? "" : attribute.substring(space + 1);
        switch (key) {
          // a path that is not UTF-8 cannot be a Java path: as Java itself decodes it
          case "worktree" -> path = Path.of(RawText.hasRawBytes(value)
              ? new String(RawText.encode(value), StandardCharsets.UTF_8) : value);
          case "HEAD" -> head = isNullId(value) ? Optional.empty() : Optional.of(value);
          case "branch" -> branch = Optional.of(value.startsWith("refs/heads/")
              ? value.substring("refs/heads/".length()) : value);
          case "bare" -> bare = true;
          case "locked" -> locked = Optional.of(quotedReasons ? unquote(value) : value);
          case "prunable" -> prunable = Optional.of(quotedReasons ? unquote(value) : value);
          default -> {
            // "detached" and attributes of later git versions carry nothing this record needs.
          }
        }
      }
      if (path == null) {
        throw new IllegalArgumentException("a worktree record without a path: " + record);
      }
      worktrees.add(new Worktree(path, head, branch, worktrees.isEmpty(), bare, locked, prunable));
    }
    return List.copyOf(worktrees);
  }

  private static boolean isNullId(String id) {
    return id.chars().allMatch(c -> c == '0');
  }

  /** Undoes git's C quoting ({@code "a\tb\303\251"}); text that is not quoted is returned as is. */
  static String unquote(String text) {
    if (text.length() < 2 || text.charAt(0) != '"' || text.charAt(text.length() - 1) != '"') {
      return text;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 1; i < text.length() - 1; i++) {
      char c = text.charAt(i);
      if (c != '\\' || i + 1 >= text.length() - 1) {
        byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        bytes.write(encoded, 0, encoded.length);
        continue;
      }
      char next = text.charAt(++i);
      switch (next) {
        case 'a' -> bytes.write(7);
        case 'b' -> bytes.write(8);
        case 't' -> bytes.write('\t');
        case 'n' -> bytes.write('\n');
        case 'v' -> bytes.write(11);
        case 'f' -> bytes.write(12);
        case 'r' -> bytes.write('\r');
        case '"' -> bytes.write('"');
        case '\\' -> bytes.write('\\');
        default -> {
          if (next >= '0' && next <= '3' && i + 2 < text.length() - 1) {
            bytes.write(Integer.parseInt(text.substring(i, i + 3), 8));
            i += 2;
          } else {
            bytes.write('\\');
            bytes.write(next);
          }
        }
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
