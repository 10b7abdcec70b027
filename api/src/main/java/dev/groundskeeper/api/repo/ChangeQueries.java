package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Questions about uncommitted work, answered by the git module (one status read per worktree and
 * event) so that the rules that judge discarding commands stay pure.
 */
@API(status = API.Status.EXPERIMENTAL)
public interface ChangeQueries {

  /**
   * What the worktree holding {@code directory} has that no commit holds: tracked changes with
   * their line counts, untracked and ignored files, and the stash entries. Empty when
   * {@code directory} lies in no worktree.
   *
   * @param directory a directory inside the worktree
   * @return the changes, or empty
   */
  Optional<WorktreeChanges> changes(Path directory);

  /**
   * As {@link #changes(Path)}, for a command that can destroy only tracked changes and stash
   * entries (a reset, checkout, restore or stash drop never deletes an untracked or ignored
   * file): the untracked and ignored files need not be read, so the answer may list none of
   * them. A source that cannot read less answers as {@link #changes(Path)} does.
   *
   * @param directory a directory inside the worktree
   * @return the changes, with the untracked and ignored files possibly left out, or empty
   */
  default Optional<WorktreeChanges> trackedChanges(Path directory) {
    return changes(directory);
  }

  /**
   * The untracked and ignored files of the worktree holding {@code directory} that writing the
   * files of {@code target} (a branch, tag, commit or other tree-ish, as written) into it would
   * overwrite or remove: what {@code git reset --hard <target>}, {@code git checkout -f <target>}
   * or {@code git checkout <target> -- .} destroys beside the tracked changes. That is every such
   * file at a path {@code target} tracks and {@code HEAD} does not, at a path above one it tracks
   * (a file where it has a directory), and under one it tracks as a file (a directory where it
   * has a file). Only the paths {@code target} adds beside {@code HEAD} are looked at: a tree
   * diff, then a status read limited to those of them that exist in the worktree, and none when
   * none does. Tracked changes are not listed ({@link #trackedChanges(Path)} says them).
   *
   * @param directory a directory inside the worktree
   * @param target the tree-ish, as written (never starting with {@code -})
   * @return the worktree's top level with those untracked files (one by one, each with the stash
   *     entry or snapshot that holds its content, if any) and ignored paths (a wholly ignored
   *     directory as one entry ending in {@code /}), no tracked file and no stash entry; empty
   *     when {@code directory} lies in no worktree
   * @throws dev.groundskeeper.api.FactUnavailableException when {@code target} names no commit
   *     or tree there, when it cannot be read, and (the default) for a source that does not
   *     answer this question
   */
  default Optional<WorktreeChanges> overwrittenUntracked(Path directory, String target) {
    throw new dev.groundskeeper.api.FactUnavailableException(ChangeFacts.QUERIES,
        "this source does not read which untracked files a checkout of " + target
            + " overwrites");
  }

  /**
   * The paths {@code git clean} would delete when run in {@code directory} with {@code options}
   * (only {@code -d}, {@code -x}, {@code -X}, {@code -f} and {@code -e <pattern>} are accepted)
   * and {@code pathspecs}, as git's own dry run lists them: relative to the worktree's top level,
   * a directory ending in {@code /}.
   *
   * @param directory where {@code git clean} would run
   * @param options its options
   * @param pathspecs its pathspecs
   * @return the paths it would delete
   * @throws IllegalArgumentException for an option other than those
   */
  List<String> cleanPreview(Path directory, List<String> options, List<String> pathspecs);

  /**
   * The commits of the repository holding {@code directory} that only a reflog holds (reachable
   * from a reflog entry, including older stash entries, and from no ref): what {@code git reflog
   * expire --expire=now --all} leaves for the next prune. Empty outside a repository.
   *
   * @param directory a directory inside the repository
   * @return the commits
   * @throws dev.groundskeeper.api.FactUnavailableException when they cannot be read (the
   *     default, for a source that does not answer this question)
   */
  default List<LooseCommit> reflogOnlyCommits(Path directory) {
    throw new dev.groundskeeper.api.FactUnavailableException(ChangeFacts.QUERIES,
        "this source does not read reflogs");
  }

  /**
   * The commits of the repository holding {@code directory} that expiring the reflog entries of
   * {@code refs} (full names such as {@code refs/heads/main} or {@code HEAD}, or as written, such
   * as {@code main} or {@code stash}; empty for every reflog) written before {@code cutoff} would
   * leave held by nothing but the pruner's grace: reachable from such an entry, and from no ref
   * and no entry that stays. What {@code git reflog expire --expire=<cutoff> <refs>} leaves for
   * the next prune.
   *
   * @param directory a directory inside the repository
   * @param refs the reflogs to expire; empty for every reflog
   * @param cutoff the entries written before this instant expire
   * @return the commits the expiry would leave unheld, in no particular order
   * @throws dev.groundskeeper.api.FactUnavailableException when it cannot be read (the default,
   *     for a source that does not answer this question)
   */
  default List<LooseCommit> reflogExpiry(Path directory, List<String> refs,
      java.time.Instant cutoff) {
    throw new dev.groundskeeper.api.FactUnavailableException(ChangeFacts.QUERIES,
        "this source does not read reflog entry times");
  }

  /**
   * What an expiry that git reads from its configuration ({@code gc.reflogExpire} and
   * {@code gc.reflogExpireUnreachable}, as {@code git gc} and a {@code reflog expire} without
   * {@code --expire} apply them) would leave unheld at {@code cutoff}: as {@link #reflogExpiry}
   * for every reflog, except that git never expires the stash's reflog this way unless a
   * {@code gc.<pattern>.reflogExpire} setting names {@code refs/stash}.
   *
   * @param directory a directory inside the repository
   * @param cutoff the entries written before this instant expire
   * @return the commits the expiry would leave unheld, in no particular order
   * @throws dev.groundskeeper.api.FactUnavailableException when it cannot be read
   */
  default List<LooseCommit> configuredReflogExpiry(Path directory, java.time.Instant cutoff) {
    // without a reading of the stash's exemption, the stash's entries count as expiring: a
    // refusal too many, never a loss allowed
    return reflogExpiry(directory, List.of(), cutoff);
  }

  /**
   * The commits of the repository holding {@code directory} that nothing holds, not even a
   * reflog (a dropped stash entry, an expired reflog's commits): what {@code git gc
   * --prune=now} and {@code git prune} delete. Empty outside a repository.
   *
   * @param directory a directory inside the repository
   * @return the commits
   * @throws dev.groundskeeper.api.FactUnavailableException when they cannot be read (the
   *     default, for a source that does not answer this question)
   */
  default List<LooseCommit> unreachableCommits(Path directory) {
    throw new dev.groundskeeper.api.FactUnavailableException(ChangeFacts.QUERIES,
        "this source does not read unreachable objects");
  }

  /**
   * What pushing {@code source} (a branch, {@code HEAD} or a commit) with force to
   * {@code destination} (a branch of the remote; empty: where a plain {@code git push} of the
   * current branch goes) of {@code remote} (empty: the current branch's push remote) would take
   * from that remote branch, judged in the repository holding {@code directory}.
   *
   * <p>A {@code source} that names no commit removes nothing (git refuses that push).
   *
   * @param directory a directory inside the repository
   * @param remote the remote; empty for the current branch's push remote
   * @param source what is pushed
   * @param destination the remote branch; empty for where a plain push goes
   * @return what the push would take
   * @throws dev.groundskeeper.api.FactUnavailableException when it cannot be read (the default,
   *     for a source that does not answer this question)
   */
  default ForcedPush forcedPush(Path directory, Optional<String> remote, String source,
      Optional<String> destination) {
    throw new dev.groundskeeper.api.FactUnavailableException(ChangeFacts.QUERIES,
        "this source does not read what a push would remove");
  }
}
