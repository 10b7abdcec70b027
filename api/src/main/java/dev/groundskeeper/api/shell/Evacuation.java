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
 */
@API(status = API.Status.EXPERIMENTAL)
public record Evacuation(GitCommand git, Kind kind, List<FileTarget> outputs) {

  public Evacuation {
    Objects.requireNonNull(git, "git");
    Objects.requireNonNull(kind, "kind");
    outputs = List.copyOf(outputs);
  }

  /** Which evacuation command. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Kind {
    DIFF,
    FORMAT_PATCH,
    STASH_SHOW,
    SHOW
  }

  /** True when the patch lands in at least one file. */
  public boolean landsInFile() {
    return !outputs.isEmpty();
  }
}
