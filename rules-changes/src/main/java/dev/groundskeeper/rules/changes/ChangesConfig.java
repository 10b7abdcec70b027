package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.config.Doc;
import dev.groundskeeper.api.config.OneOf;
import dev.groundskeeper.api.config.Range;
import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.api.repo.Regenerable;
import java.util.List;
import java.util.Objects;

/**
 * The {@code changes:} block: the modes of the guards over uncommitted work, and the globs of
 * files a deletion may take because they can be rebuilt. Every key has a default
 * ({@link #DEFAULTS}).
 */
@API(status = API.Status.EXPERIMENTAL)
@Doc("Uncommitted work: commands that discard changes or delete untracked files are refused when"
    + " what they destroy exists nowhere else.")
public record ChangesConfig(
    @OneOf({"block", "advise", "snapshot", "off"})
    @Doc("What a command that discards tracked changes held nowhere else gets (git reset --hard,"
        + " checkout/restore of paths, stash drop, git rm -f); snapshot lets it run after a copy"
        + " of what it discards is kept (groundskeeper undo brings it back).")
    Mode discard,
    @OneOf({"block", "advise", "snapshot", "off"})
    @Doc("What a command that deletes untracked or ignored files that cannot be rebuilt gets"
        + " (git clean, rm -r, find -delete); snapshot lets it run after a copy of what it"
        + " deletes is kept.")
    Mode delete,
    @OneOf({"block", "advise", "off"})
    @Doc("What a command that deletes commits only a reflog holds, or that nothing holds any more,"
        + " gets (git reflog expire --expire=now, git gc --prune=now, git prune).")
    Mode expire,
    @OneOf({"block", "advise", "off"})
    @Doc("What a force push that removes commits held nowhere else from a remote branch gets (git"
        + " push --force, --force-with-lease, +refspec), as of the last fetch.")
    Mode forcePush,
    @Doc("Globs of paths a deletion may take because they can be rebuilt (virtual environments,"
        + " caches, build output); relative to the worktree, in the glob dialect of"
        + " branches.cleanup_after_merge.regenerable. The scratch directory never matches.")
    List<String> regenerable,
    Snapshots snapshots) {

  public static final String NAMESPACE = "changes";

  public static final ChangesConfig DEFAULTS =
      new ChangesConfig(Mode.BLOCK, Mode.BLOCK, Mode.BLOCK, Mode.BLOCK,
          Regenerable.DEFAULT_GLOBS, Snapshots.DEFAULTS);

  /** The mode word that lets a discard run once a snapshot holds what it destroys. */
  public static final Mode SNAPSHOT = Mode.of("snapshot");

  public ChangesConfig {
    Objects.requireNonNull(discard, "changes.discard");
    Objects.requireNonNull(delete, "changes.delete");
    Objects.requireNonNull(expire, "changes.expire");
    Objects.requireNonNull(forcePush, "changes.force_push");
    regenerable = List.copyOf(regenerable);
    Objects.requireNonNull(snapshots, "changes.snapshots");
    for (int i = 0; i < regenerable.size(); i++) {
      String glob = regenerable.get(i);
      if (glob.isBlank() || glob.startsWith("/")) {
        throw new IllegalArgumentException("changes.regenerable[" + i + "]: expected a glob"
            + " relative to the worktree, got `" + glob + "`");
      }
    }
  }

  /**
   * The globs as the shared removal-loss settings, with the default scratch directory (whose
   * files never count as rebuildable).
   */
  Regenerable regenerableSettings() {
    return Regenerable.of(regenerable, Regenerable.DEFAULT_SCRATCH_DIRECTORY);
  }

  /** The caps of the snapshots {@code snapshot} mode takes, and how long they are kept. */
  @API(status = API.Status.EXPERIMENTAL)
  @Doc("The snapshots snapshot mode takes before a discard: kept outside the repository, in the"
      + " state directory; one that would pass a cap is not taken, and the command is refused.")
  public record Snapshots(
      @Range(min = 1) @Doc("The largest file a snapshot copies, in bytes.") long maxFileBytes,
      @Range(min = 1) @Doc("The most one snapshot copies, in bytes.") long maxBytes,
      @Range(min = 1) @Doc("The most the snapshots of one worktree hold together, in bytes.")
          long maxStoreBytes,
      @Range(min = 1) @Doc("Days after which `groundskeeper snapshot list` marks a snapshot as"
          + " expired; it is dropped only when a person says so.") int keepDays) {

    public static final Snapshots DEFAULTS = new Snapshots(
        SnapshotEffect.Limits.DEFAULTS.maxFileBytes(), SnapshotEffect.Limits.DEFAULTS.maxBytes(),
        SnapshotEffect.Limits.DEFAULTS.maxStoreBytes(), 14);

    public Snapshots {
      if (maxFileBytes > maxBytes || maxBytes > maxStoreBytes) {
        throw new IllegalArgumentException("changes.snapshots: expected max_file_bytes <="
            + " max_bytes <= max_store_bytes, got " + maxFileBytes + ", " + maxBytes + ", "
            + maxStoreBytes);
      }
    }

    /** The caps as an effect carries them. */
    public SnapshotEffect.Limits limits() {
      return new SnapshotEffect.Limits(maxFileBytes, maxBytes, maxStoreBytes);
    }
  }
}
