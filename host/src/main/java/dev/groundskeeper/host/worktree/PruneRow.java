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
    RECLAIMED("reclaimed"),
    WOULD_RECLAIM("would reclaim"),
    QUIET("quiet candidate"),
    KEPT("kept");

    private final String words;

    Outcome(String words) {
      this.words = words;
    }

    public String words() {
      return words;
    }
  }
}
