package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A copy of uncommitted work kept before a discarding command ran, outside the repository.
 *
 * @param id the snapshot's name, unique in its worktree, sortable by time
 * @param created when it was taken
 * @param sessionId the session whose command it was taken for (empty when not known)
 * @param command the command, as written
 * @param top the worktree it was taken in
 * @param files what it holds, one entry per path
 * @param bytes the bytes it copied
 */
@API(status = API.Status.EXPERIMENTAL)
public record Snapshot(String id, Instant created, String sessionId, String command, Path top,
    List<File> files, long bytes) {

  /**
   * Copies {@code files}; no argument may be null.
   *
   * @param id the snapshot's name, unique in its worktree, sortable by time
   * @param created when it was taken
   * @param sessionId the session whose command it was taken for (empty when not known)
   * @param command the command, as written
   * @param top the worktree it was taken in
   * @param files what it holds, one entry per path
   * @param bytes the bytes it copied
   */
  public Snapshot {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(created, "created");
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(top, "top");
    files = List.copyOf(files);
  }

  /** What one path was when the snapshot was taken. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Kind {
    /** A regular file, its bytes kept. */
    FILE,
    /** A symbolic link, its target kept. */
    LINK,
    /** A tracked path whose working file was deleted. */
    ABSENT
  }

  /**
   * One path of a snapshot.
   *
   * @param path relative to the worktree, {@code /} separators
   * @param kind what it was
   * @param size its bytes ({@code 0} unless a file)
   * @param staged whether its index entry differed from HEAD and was kept too
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record File(String path, Kind kind, long size, boolean staged) {
    /**
     * Neither {@code path} nor {@code kind} may be null.
     *
     * @param path relative to the worktree, {@code /} separators
     * @param kind what it was
     * @param size its bytes ({@code 0} unless a file)
     * @param staged whether its index entry differed from HEAD and was kept too
     */
    public File {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(kind, "kind");
    }
  }

  /**
   * One path of a snapshot beside the worktree as it is now: the unified diff from the working
   * file now ({@code a/}) to the snapshot's copy ({@code b/}), which is what a restore would write
   * over it. After a discard the working file is usually HEAD's, so the diff is what the discard
   * took; when the file changed since, it shows what a restore would replace.
   *
   * @param path relative to the worktree, {@code /} separators
   * @param lines the diff's lines: the {@code ---}/{@code +++} header, then the hunks; empty when
   *     the worktree already holds the snapshot's content
   * @param binary whether either side is binary, when {@code lines} only says that they differ
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Diff(String path, List<String> lines, boolean binary) {
    /**
     * Copies {@code lines}.
     *
     * @param path relative to the worktree, {@code /} separators
     * @param lines the diff's lines: the {@code ---}/{@code +++} header, then the hunks; empty
     *     when the worktree already holds the snapshot's content
     * @param binary whether either side is binary, when {@code lines} only says that they differ
     */
    public Diff {
      Objects.requireNonNull(path, "path");
      lines = List.copyOf(lines);
    }
  }

  /**
   * What restoring a snapshot did, or would do.
   *
   * @param restored the paths written back (or that would be)
   * @param unchanged the paths that already hold the snapshot's content
   * @param conflicts the paths changed since the discard, which a restore would overwrite: when
   *     any, nothing was written
   * @param leftovers the temporary files an earlier restore, killed before it renamed them into
   *     place, left in the worktree (relative to it), which this one removed (or would): the
   *     snapshot still holds their content
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Restore(List<String> restored, List<String> unchanged, List<String> conflicts,
      List<String> leftovers) {
    /**
     * Copies the four lists.
     *
     * @param restored the paths written back (or that would be)
     * @param unchanged the paths that already hold the snapshot's content
     * @param conflicts the paths changed since the discard, which a restore would overwrite: when
     *     any, nothing was written
     * @param leftovers the temporary files of a killed earlier restore removed (or that would be)
     */
    public Restore {
      restored = List.copyOf(restored);
      unchanged = List.copyOf(unchanged);
      conflicts = List.copyOf(conflicts);
      leftovers = List.copyOf(leftovers);
    }

    /**
     * A restore that found no leftovers.
     *
     * @param restored the paths written back (or that would be)
     * @param unchanged the paths that already hold the snapshot's content
     * @param conflicts the paths changed since the discard: when any, nothing was written
     */
    public Restore(List<String> restored, List<String> unchanged, List<String> conflicts) {
      this(restored, unchanged, conflicts, List.of());
    }

    /**
     * This restore with {@code leftovers} as its removed temporaries.
     *
     * @param leftovers the temporary files of a killed earlier restore removed (or that would be)
     * @return the same lists with those leftovers
     */
    public Restore withLeftovers(List<String> leftovers) {
      return new Restore(restored, unchanged, conflicts, leftovers);
    }

    /**
     * Whether the restore was refused.
     *
     * @return true when some path changed since the discard, so nothing was written
     */
    public boolean refused() {
      return !conflicts.isEmpty();
    }
  }
}
