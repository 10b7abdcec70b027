package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;

/**
 * How long a dormant branch has been idle, its stage, and where its commits live.
 *
 * @param stage the stage reached by {@code idleDays}
 * @param idleDays whole days since the tip's committer date
 * @param where where the tip is contained, judged on remote-tracking refs only (a local tag never
 *     makes work safe)
 * @param containingRefs the remote-tracking refs other than the branch's own copy that contain it
 */
@API(status = API.Status.EXPERIMENTAL)
public record Dormancy(Stage stage, long idleDays, Where where, List<String> containingRefs) {

  /**
   * Checks the components and keeps immutable copies of its collections.
   *
   * @param stage the stage reached by {@code idleDays}
   * @param idleDays whole days since the tip's committer date
   * @param where where the tip is contained, judged on remote-tracking refs only (a local tag never
   *     makes work safe)
   * @param containingRefs the remote-tracking refs other than the branch's own copy that contain it
   */
  public Dormancy {
    Objects.requireNonNull(stage, "stage");
    Objects.requireNonNull(where, "where");
    containingRefs = List.copyOf(containingRefs);
  }

  /**
   * The stage for {@code idleDays}, or null when below the advisory days.
   *
   * @param idleDays days since the branch's last activity
   * @param days the stages' day counts
   * @return the stage, or null
   */
  public static Stage stageFor(long idleDays, RepositorySettings.DormancyDays days) {
    if (idleDays >= days.blockDays()) {
      return Stage.BLOCK;
    }
    if (idleDays >= days.noisyDays()) {
      return Stage.NOISY;
    }
    return idleDays >= days.advisoryDays() ? Stage.ADVISORY : null;
  }

  /** The dormancy stages (docs/rules/branches.dormancy.md). */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Stage {
    /** Mentioned at a new session's start. */
    ADVISORY,
    /** Mentioned at every session start, creation and stop. */
    NOISY,
    /** New branches are refused while it stays idle. */
    BLOCK
  }

  /** Where a dormant tip's commits live. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Where {
    /** A remote-tracking ref other than the branch's own copy contains it: a cleanup candidate. */
    IN_OTHER_REMOTE_REF,
    /** Only the branch's own remote copy contains it: pushed, unmerged work. */
    OWN_REMOTE_ONLY,
    /** No remote-tracking ref contains it: the work exists only here. */
    NOWHERE
  }
}
