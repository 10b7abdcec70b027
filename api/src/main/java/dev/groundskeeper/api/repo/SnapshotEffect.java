package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Keep a copy of what a discarding command would destroy before it runs, so that the command may
 * run (a guard in {@code snapshot} mode returns this instead of a plain refusal). The executor
 * re-reads the worktree at the moment it acts and copies what is there then: the named paths, and
 * every tracked path with uncommitted changes under {@code scopes}, whose content may have changed
 * since the rule judged. It writes the copy outside the repository, completely or not at all; a
 * copy that cannot be written in full, or that would pass a limit, refuses the effect, and the
 * verdict that carries it stays a refusal.
 *
 * @param top the worktree's top level
 * @param command the command the snapshot is taken for, as written
 * @param sessionId the session that asked (empty when not known)
 * @param paths what the rule found would be lost, relative to {@code top} ({@code /} separators;
 *     a directory ends in {@code /} and is copied whole)
 * @param scopes the path prefixes the command overwrites tracked changes under, relative to
 *     {@code top}; the empty prefix is the whole worktree; empty when it overwrites none
 * @param limits the caps the copy must stay under
 */
@API(status = API.Status.EXPERIMENTAL)
public record SnapshotEffect(Path top, String command, String sessionId, List<String> paths,
    List<String> scopes, Limits limits) implements Effect {

  /**
   * Copies the lists and checks that every path stays inside {@code top}.
   *
   * @param top the worktree's top level
   * @param command the command the snapshot is taken for, as written
   * @param sessionId the session that asked (empty when not known)
   * @param paths what the rule found would be lost, relative to {@code top} ({@code /} separators;
   *     a directory ends in {@code /} and is copied whole)
   * @param scopes the path prefixes the command overwrites tracked changes under, relative to
   *     {@code top}; the empty prefix is the whole worktree; empty when it overwrites none
   * @param limits the caps the copy must stay under
   */
  public SnapshotEffect {
    Objects.requireNonNull(top, "top");
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(sessionId, "sessionId");
    paths = List.copyOf(paths);
    scopes = List.copyOf(scopes);
    Objects.requireNonNull(limits, "limits");
    if (!top.isAbsolute()) {
      throw new IllegalArgumentException("a snapshot's worktree is an absolute path: " + top);
    }
    for (String path : paths) {
      if (path.isEmpty() || path.startsWith("/") || path.equals("..") || path.startsWith("../")
          || path.contains("/../")) {
        throw new IllegalArgumentException("a snapshot path is relative to the worktree and stays"
            + " inside it: `" + path + "`");
      }
    }
    if (paths.isEmpty() && scopes.isEmpty()) {
      throw new IllegalArgumentException("a snapshot keeps something: no path and no scope");
    }
  }

  @Override
  public String describe() {
    return "snapshot " + paths.size() + (paths.size() == 1 ? " path" : " paths") + " of " + top
        + " before `" + command + "`";
  }

  /**
   * The caps of one snapshot.
   *
   * @param maxFileBytes the largest file copied; a larger one refuses the snapshot
   * @param maxBytes the most one snapshot copies in all
   * @param maxStoreBytes the most the snapshots of one worktree hold together, this one included
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Limits(long maxFileBytes, long maxBytes, long maxStoreBytes) {

    /** 8 MiB a file, 64 MiB a snapshot, 512 MiB a worktree. */
    public static final Limits DEFAULTS = new Limits(8L << 20, 64L << 20, 512L << 20);

    /**
     * Checks that the caps are positive and nested.
     *
     * @param maxFileBytes the largest file copied; a larger one refuses the snapshot
     * @param maxBytes the most one snapshot copies in all
     * @param maxStoreBytes the most the snapshots of one worktree hold together, this one included
     */
    public Limits {
      if (maxFileBytes < 1 || maxBytes < maxFileBytes || maxStoreBytes < maxBytes) {
        throw new IllegalArgumentException("snapshot limits must satisfy 1 <= max_file_bytes <="
            + " max_bytes <= max_store_bytes, got " + maxFileBytes + ", " + maxBytes + ", "
            + maxStoreBytes);
      }
    }
  }
}
