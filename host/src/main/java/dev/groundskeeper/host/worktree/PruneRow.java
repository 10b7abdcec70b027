package dev.groundskeeper.host.worktree;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * One worktree in prune's report.
 *
 * @param name the worktree's name
 * @param branch its branch; empty when detached or unknown
 * @param path where it is, the home directory shown as {@code ~}
 * @param outcome what happened to it
 * @param reason why
 * @param archive the notes archive entry written (or that a real run would write), when any
 * @param dossier a quiet candidate's dossier
 */
@API(status = API.Status.EXPERIMENTAL)
public record PruneRow(String name, Optional<String> branch, String path, Outcome outcome,
    String reason, Optional<String> archive, Optional<Dossier> dossier) {

  /**
   * Checks that no component is null.
   *
   * @param name the worktree's name
   * @param branch its branch; empty when detached or unknown
   * @param path where it is, the home directory shown as {@code ~}
   * @param outcome what happened to it
   * @param reason why
   * @param archive the notes archive entry written, when any
   * @param dossier a quiet candidate's dossier; empty for any other row
   * @throws NullPointerException if a component is null
   */
  public PruneRow {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(branch, "branch");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(archive, "archive");
    Objects.requireNonNull(dossier, "dossier");
  }

  /** What prune did, or in a dry run would do. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Outcome {
    /** Its notes were archived and it was removed. */
    RECLAIMED("reclaimed"),
    /** A dry run would archive its notes and remove it. */
    WOULD_RECLAIM("would reclaim"),
    /** Unmerged and quiet: listed with its dossier, removed only when named. */
    QUIET("quiet candidate"),
    /** Left alone, with the reason. */
    KEPT("kept");

    private final String words;

    Outcome(String words) {
      this.words = words;
    }

    /** {@return the words the report shows, such as {@code would reclaim}} */
    public String words() {
      return words;
    }
  }
}
