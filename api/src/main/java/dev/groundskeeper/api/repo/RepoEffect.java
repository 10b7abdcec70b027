package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The repository effects the git module's executor performs. Each carries the proof the executor
 * re-checks at the moment it acts (the tip the rule saw, for instance); a stale proof refuses the
 * effect and loses nothing.
 */
@API(status = API.Status.EXPERIMENTAL)
public sealed interface RepoEffect extends Effect {

  /**
   * Delete a local branch, only while its tip is still {@code expectedTip}.
   *
   * @param branch the branch's short name
   * @param expectedTip the full commit id the rule saw at its tip
   */
  record DeleteBranch(String branch, String expectedTip) implements RepoEffect {
    /**
     * Checks the components.
     *
     * @param branch the branch's short name
     * @param expectedTip the full commit id the rule saw at its tip
     */
    public DeleteBranch {
      Objects.requireNonNull(branch, "branch");
      CommitIds.requireValid(expectedTip);
    }

    @Override
    public String describe() {
      return "delete branch " + branch + " at " + expectedTip
          + " (restore: git branch " + branch + " " + expectedTip + ")";
    }
  }

  /**
   * Park a branch: an empty commit on its tip with {@code Parked-Reason} and {@code Parked-By}
   * trailers, written without a checkout, only while the tip is still {@code expectedTip}.
   *
   * @param branch the branch's short name
   * @param expectedTip the full commit id the rule saw at its tip
   * @param reason why it is parked, one non-blank line
   * @param parkedBy who parked it, one line; blank when not known
   */
  record ParkBranch(String branch, String expectedTip, String reason, String parkedBy)
      implements RepoEffect {
    /**
     * Checks the components.
     *
     * @param branch the branch's short name
     * @param expectedTip the full commit id the rule saw at its tip
     * @param reason why it is parked, one non-blank line
     * @param parkedBy who parked it, one line; blank when not known
     * @throws IllegalArgumentException when they do not fit together
     */
    public ParkBranch {
      Objects.requireNonNull(branch, "branch");
      CommitIds.requireValid(expectedTip);
      Objects.requireNonNull(parkedBy, "parkedBy");
      if (Objects.requireNonNull(reason, "reason").isBlank() || reason.contains("\n")) {
        throw new IllegalArgumentException("a park reason is one non-blank line");
      }
      if (parkedBy.contains("\n")) {
        throw new IllegalArgumentException("parked-by is one line");
      }
    }

    @Override
    public String describe() {
      return "park branch " + branch + ": " + reason;
    }

    /**
     * The park commit's message: a subject line, then the trailers; {@code Parked-By} only when
     * {@code parkedBy} is known (not blank), never an empty trailer.
     *
     * @return the message, ending in a line feed
     */
    public String commitMessage() {
      return "Park " + branch + "\n\n" + ParkMarker.REASON_TRAILER + ": " + reason + "\n"
          + (parkedBy.isBlank() ? "" : ParkMarker.BY_TRAILER + ": " + parkedBy.strip() + "\n");
    }
  }

  /**
   * Unpark a branch: an empty commit with an {@code Unparked} trailer, resuming its clock.
   *
   * @param branch the branch's short name
   * @param expectedTip the full commit id the rule saw at its tip
   * @param unparkedBy who unparked it, one line; blank when not known
   */
  record UnparkBranch(String branch, String expectedTip, String unparkedBy) implements RepoEffect {
    /**
     * Checks the components.
     *
     * @param branch the branch's short name
     * @param expectedTip the full commit id the rule saw at its tip
     * @param unparkedBy who unparked it, one line; blank when not known
     * @throws IllegalArgumentException when they do not fit together
     */
    public UnparkBranch {
      Objects.requireNonNull(branch, "branch");
      CommitIds.requireValid(expectedTip);
      if (Objects.requireNonNull(unparkedBy, "unparkedBy").contains("\n")) {
        throw new IllegalArgumentException("unparked-by is one line");
      }
    }

    @Override
    public String describe() {
      return "unpark branch " + branch;
    }

    /**
     * The unpark commit's message. The {@code Unparked} trailer is the marker itself, so it is
     * always written: its value is who unparked the branch, or {@code yes} when that is not known.
     *
     * @return the message, ending in a line feed
     */
    public String commitMessage() {
      return "Unpark " + branch + "\n\n" + ParkMarker.UNPARKED_TRAILER + ": "
          + (unparkedBy.isBlank() ? "yes" : unparkedBy.strip()) + "\n";
    }
  }

  /**
   * Record who created a branch, when, and by which route, in the repository's git config.
   *
   * @param branch the branch's short name
   * @param creator who created it, as {@code <session>:<agent>}
   * @param created when
   * @param route the git command's way of creating it, lower case ({@code checkout},
   *     {@code switch}, {@code branch}, ...)
   */
  record RecordCreator(String branch, String creator, Instant created, String route)
      implements RepoEffect {
    /**
     * Checks the components.
     *
     * @param branch the branch's short name
     * @param creator who created it, as {@code <session>:<agent>}
     * @param created when
     * @param route the git command's way of creating it, lower case ({@code checkout},
     *     {@code switch}, {@code branch}, ...)
     */
    public RecordCreator {
      Objects.requireNonNull(branch, "branch");
      Objects.requireNonNull(creator, "creator");
      Objects.requireNonNull(created, "created");
      Objects.requireNonNull(route, "route");
    }

    @Override
    public String describe() {
      return "record " + creator + " as the creator of branch " + branch + " (" + route + ")";
    }
  }

  /**
   * Add {@code toucher} to a branch's touched-by record, unless it is already there.
   *
   * @param branch the branch's short name
   * @param toucher who touched it, as {@code <session>:<agent>}
   */
  record RecordTouch(String branch, String toucher) implements RepoEffect {
    /**
     * Checks the components.
     *
     * @param branch the branch's short name
     * @param toucher who touched it, as {@code <session>:<agent>}
     */
    public RecordTouch {
      Objects.requireNonNull(branch, "branch");
      Objects.requireNonNull(toucher, "toucher");
    }

    @Override
    public String describe() {
      return "record " + toucher + " as touching branch " + branch;
    }
  }

  /**
   * {@code git worktree add}: a new branch {@code branch} cut from {@code startPoint}, or an
   * existing branch checked out when {@code startPoint} is empty.
   *
   * @param path the worktree's directory
   * @param branch the branch it checks out
   * @param startPoint where a new branch starts; empty to check out an existing one
   */
  record AddWorktree(Path path, String branch, Optional<String> startPoint) implements RepoEffect {
    /**
     * Checks the components.
     *
     * @param path the worktree's directory
     * @param branch the branch it checks out
     * @param startPoint where a new branch starts; empty to check out an existing one
     */
    public AddWorktree {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(branch, "branch");
      Objects.requireNonNull(startPoint, "startPoint");
    }

    /**
     * Whether the worktree gets a new branch.
     *
     * @return true when a start point is given
     */
    public boolean createsBranch() {
      return startPoint.isPresent();
    }

    @Override
    public String describe() {
      return "add worktree " + path + " on "
          + (createsBranch() ? "new branch " + branch + " from " + startPoint.get() : "branch " + branch);
    }
  }

  /**
   * {@code git worktree remove} without {@code --force}, only while its HEAD is still
   * {@code expectedHead} (when given); git itself refuses a dirty or locked worktree.
   *
   * @param path the worktree's directory
   * @param expectedHead the full commit id the rule saw at its HEAD, when it looked
   */
  record RemoveWorktree(Path path, Optional<String> expectedHead) implements RepoEffect {
    /**
     * Checks the components.
     *
     * @param path the worktree's directory
     * @param expectedHead the full commit id the rule saw at its HEAD, when it looked
     */
    public RemoveWorktree {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(expectedHead, "expectedHead");
      expectedHead.ifPresent(CommitIds::requireValid);
    }

    @Override
    public String describe() {
      return "remove worktree " + path;
    }
  }
}
