package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.config.Doc;
import dev.groundskeeper.api.config.OneOf;
import dev.groundskeeper.api.config.Range;
import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.api.repo.Regenerable;
import java.util.Objects;

/**
 * The {@code changes:} block: the modes of the guards over uncommitted work and the caps of the
 * snapshots {@code snapshot} mode takes. Every key has a default ({@link #DEFAULTS}). What a
 * deletion may take because it can be rebuilt is not set here: the guards read the repository's
 * one regenerable setting ({@link Regenerable#FACT}: {@code branches.cleanup_after_merge
 * .regenerable} and {@code scratch.directory}), which the force-removal guard and prune read too,
 * so that no two judgements of a rebuildable file can disagree.
 *
 * @param discard the mode of {@code changes.discard}
 * @param delete the mode of {@code changes.delete}
 * @param expire the mode of {@code changes.expire}
 * @param forcePush the mode of {@code changes.force_push}
 * @param snapshots the caps and keep age of snapshots
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
        + " gets (git reflog expire --expire=now, git gc --prune=now, git prune). No snapshot"
        + " mode: a snapshot keeps files, and these drop commits.")
    Mode expire,
    @OneOf({"block", "advise", "off"})
    @Doc("What a force push that removes commits held nowhere else from a remote branch gets (git"
        + " push --force, --force-with-lease, +refspec), as of the last fetch. No snapshot mode:"
        + " a snapshot keeps files, and a force push drops commits.")
    Mode forcePush,
    Snapshots snapshots) {

  /** The block's key in {@code .groundskeeper.yaml}. */
  public static final String NAMESPACE = "changes";

  /**
   * The embedded defaults: every guard blocks, and snapshots use the caps of
   * {@link Snapshots#DEFAULTS}.
   */
  public static final ChangesConfig DEFAULTS =
      new ChangesConfig(Mode.BLOCK, Mode.BLOCK, Mode.BLOCK, Mode.BLOCK, Snapshots.DEFAULTS);

  /** The mode word that lets a discard run once a snapshot holds what it destroys. */
  public static final Mode SNAPSHOT = Mode.of("snapshot");

  /**
   * Checks that every component is given.
   *
   * @param discard the mode of {@code changes.discard}
   * @param delete the mode of {@code changes.delete}
   * @param expire the mode of {@code changes.expire}
   * @param forcePush the mode of {@code changes.force_push}
   * @param snapshots the caps and keep age of snapshots
   * @throws NullPointerException if a component is null; the message is the key path
   */
  public ChangesConfig {
    Objects.requireNonNull(discard, "changes.discard");
    Objects.requireNonNull(delete, "changes.delete");
    Objects.requireNonNull(expire, "changes.expire");
    Objects.requireNonNull(forcePush, "changes.force_push");
    Objects.requireNonNull(snapshots, "changes.snapshots");
  }

  /**
   * The caps of the snapshots {@code snapshot} mode takes, and how long they are kept.
   *
   * @param maxFileBytes the largest file a snapshot copies, in bytes
   * @param maxBytes the most one snapshot copies, in bytes
   * @param maxStoreBytes the most the snapshots of one worktree hold together, in bytes
   * @param keepDays days after which {@code snapshot list} marks a snapshot as expired
   */
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

    /** The caps of {@link SnapshotEffect.Limits#DEFAULTS}, kept 14 days. */
    public static final Snapshots DEFAULTS = new Snapshots(
        SnapshotEffect.Limits.DEFAULTS.maxFileBytes(), SnapshotEffect.Limits.DEFAULTS.maxBytes(),
        SnapshotEffect.Limits.DEFAULTS.maxStoreBytes(), 14);

    /**
     * Checks that the caps are nested (a file fits in a snapshot, a snapshot in the store).
     *
     * @param maxFileBytes the largest file a snapshot copies, in bytes
     * @param maxBytes the most one snapshot copies, in bytes
     * @param maxStoreBytes the most the snapshots of one worktree hold together, in bytes
     * @param keepDays days after which {@code snapshot list} marks a snapshot as expired
     * @throws IllegalArgumentException if {@code maxFileBytes > maxBytes} or
     *     {@code maxBytes > maxStoreBytes}
     */
    public Snapshots {
      if (maxFileBytes > maxBytes || maxBytes > maxStoreBytes) {
        throw new IllegalArgumentException("changes.snapshots: expected max_file_bytes <="
            + " max_bytes <= max_store_bytes, got " + maxFileBytes + ", " + maxBytes + ", "
            + maxStoreBytes);
      }
    }

    /**
     * The caps as a snapshot effect carries them, for the executor that takes the snapshot.
     *
     * @return the three byte caps; the keep age is not part of them
     */
    public SnapshotEffect.Limits limits() {
      return new SnapshotEffect.Limits(maxFileBytes, maxBytes, maxStoreBytes);
    }
  }
}
