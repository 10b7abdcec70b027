package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;

/**
 * A git command that prints work as a patch ({@code diff}, {@code format-patch},
 * {@code stash show -p}, {@code show}) and the files its output lands in: by redirection (its
 * own, or of a group around it), {@code tee} or a redirection further down its pipeline,
 * {@code --output}, or {@code format-patch}'s output directory ({@code -o dir}, else the
 * directory git runs in, unless {@code --stdout}). Empty {@code outputs} means the patch goes to
 * the terminal or to a program, not to a file.
 *
 * @param git the git command
 * @param kind which kind of patch it prints
 * @param outputs the files its output lands in; empty when none
 */
@API(status = API.Status.EXPERIMENTAL)
public record Evacuation(GitCommand git, Kind kind, List<FileTarget> outputs) {

  /**
   * Checks the components and keeps immutable copies of its collections (a view the model
   * shares between evacuations of one pipeline is kept as it is).
   *
   * @param git the git command
   * @param kind which kind of patch it prints
   * @param outputs the files its output lands in; empty when none
   */
  public Evacuation {
    Objects.requireNonNull(git, "git");
    Objects.requireNonNull(kind, "kind");
    outputs = CompactList.freeze(outputs);
  }

  /** Which evacuation command. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Kind {
    /** {@code git diff}. */
    DIFF,
    /** {@code git format-patch}. */
    FORMAT_PATCH,
    /** {@code git stash show -p}. */
    STASH_SHOW,
    /** {@code git show}. */
    SHOW
  }

  /** {@return true when the patch lands in at least one file} */
  public boolean landsInFile() {
    return !outputs.isEmpty();
  }
}
