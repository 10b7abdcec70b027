package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import java.text.Normalizer;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which names a worktree of the store may take. A name is one directory under the lane and the
 * name of the branch it creates, so it must be a plain path segment and a branch name git
 * accepts. Git's own {@code check-ref-format --branch} has the last word; this is the part that
 * needs no process.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class WorktreeNames {

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9._-]+");
  private static final int LONGEST = 200;

  private WorktreeNames() {}

  /**
   * Checks a worktree name without running git.
   *
   * @param name the proposed name
   * @return why it cannot name a worktree (the first rule it breaks, as a person reads it), or
   *     empty when it can
   */
  public static Optional<String> problem(String name) {
    if (name.isEmpty()) {
      return Optional.of("a worktree name must not be empty");
    }
    if (name.length() > LONGEST) {
      return Optional.of("a worktree name is at most " + LONGEST + " characters");
    }
    if (!PLAIN.matcher(name).matches()) {
      return Optional.of("a worktree name is one plain segment of letters, digits, '.', '_'"
          + " and '-'");
    }
    if (name.startsWith("-") || name.startsWith(".")) {
      return Optional.of("a worktree name must not start with '-' or '.'");
    }
    if (name.contains("..")) {
      return Optional.of("a worktree name must not contain '..'");
    }
    if (name.endsWith(".") || name.endsWith(".lock")) {
      return Optional.of("a worktree name must not end with '.' or '.lock' (git refuses such"
          + " branch names)");
    }
    return Optional.empty();
  }

  /**
   * Whether a name may name a worktree.
   *
   * @param name the proposed name
   * @return true exactly when {@link #problem} is empty
   */
  public static boolean valid(String name) {
    return problem(name).isEmpty();
  }

  /**
   * A name derived from any text (the last segment of a path someone gave to
   * {@code git worktree add}): accents are dropped ("Über" gives "Uber"), other disallowed
   * characters become '-', leading and trailing dots and dashes go.
   * Names longer than 200 characters are cut.
   *
   * @param text any text
   * @return a valid name; empty when nothing usable remains
   */
  public static Optional<String> suggest(String text) {
    String cleaned = Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}+", "")
        .replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("\\.{2,}", ".")
        .replaceAll("^[-.]+", "").replaceAll("(\\.lock)+$", "").replaceAll("[-.]+$", "");
    if (cleaned.length() > LONGEST) {
      cleaned = cleaned.substring(0, LONGEST).replaceAll("[.]+$", "");
    }
    return valid(cleaned) ? Optional.of(cleaned) : Optional.empty();
  }
}
