package dev.groundskeeper.git.snapshot;

import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.git.files.LeftTemporaries;
import dev.groundskeeper.git.store.StoreRefusal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The temporary files a restore writes beside each path before renaming it into place
 * ({@code .NAME.groundskeeper-restore-<hex>}), and their removal when a restore was killed
 * (SIGKILL) between the two: no {@code finally} block ran, so the temporary stays in the
 * worktree, where it shows as an untracked file, for ever.
 *
 * <p>A leftover is in the user's worktree, so it is removed only when it is certainly the tool's
 * and certainly no loss: its name is exactly that shape for a path some kept snapshot of the
 * worktree holds in that directory; it is a regular file or a link (never a directory, never
 * followed); the index does not hold it (an agent's {@code git add -A} made it the user's); it
 * was last changed {@link #STALE} ago or more (restores take no lock, so a younger one may be a
 * live restore's); and everything it holds is in that snapshot: its bytes are the kept copy's or
 * a first part of them (a write killed midway), or, a link, its target the kept one.
 */
final class RestoreLeftovers {

  static final String MARK = ".groundskeeper-restore-";
  /** How old a leftover must be: a restore renames each temporary right after writing it. */
  static final Duration STALE = LeftTemporaries.LOCKLESS;
  private static final Pattern SHAPE = Pattern.compile("\\.(.+)" + Pattern.quote(MARK)
      + "[0-9a-f]{1,16}");

  /** A snapshot of the worktree and the directory that holds its kept copies. */
  record Kept(Manifest manifest, Path stored) {}

  private RestoreLeftovers() {}

  /** The temporary a restore writes {@code path} to first. */
  static Path temporary(Path path) {
    return path.resolveSibling("." + path.getFileName() + MARK
        + Long.toHexString(System.nanoTime()));
  }

  /**
   * Removes (with {@code dryRun}, only finds) the leftovers beside the paths of {@code kept} in
   * the worktree {@code top}, judged stale against {@code now}. Returns their paths relative to
   * {@code top}, sorted. Never throws: what cannot be judged is left where it is.
   */
  static List<String> sweep(Path top, List<Kept> kept, WorktreeGit git, Instant now,
      boolean dryRun) {
    // directory (relative) -> name -> the kept entries of that path
    Map<String, Map<String, List<Candidate>>> byDirectory = new LinkedHashMap<>();
    for (Kept snapshot : kept) {
      for (Manifest.Entry entry : snapshot.manifest().entries()) {
        if (entry.kind() == Snapshot.Kind.ABSENT) {
          continue; // a restore of a deletion writes no temporary
        }
        String path = entry.path().endsWith("/")
            ? entry.path().substring(0, entry.path().length() - 1) : entry.path();
        int slash = path.lastIndexOf('/');
        byDirectory.computeIfAbsent(slash < 0 ? "" : path.substring(0, slash),
            d -> new HashMap<>()).computeIfAbsent(path.substring(slash + 1),
                n -> new ArrayList<>()).add(new Candidate(entry, snapshot.stored()));
      }
    }
    FileTime limit = FileTime.from(now.minus(STALE));
    Map<String, Path> found = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, List<Candidate>>> directory : byDirectory.entrySet()) {
      Path dir = directory.getKey().isEmpty() ? top : top.resolve(directory.getKey());
      if (!realDirectory(top, dir)) {
        continue;
      }
      Map<String, List<Candidate>> names = directory.getValue();
      for (Path left : LeftTemporaries.dead(dir, n -> {
        Matcher m = SHAPE.matcher(n);
        return m.matches() && names.containsKey(m.group(1));
      }, limit, true)) {
        Matcher m = SHAPE.matcher(left.getFileName().toString());
        if (m.matches() && names.get(m.group(1)).stream().anyMatch(c -> holds(c, left))) {
          found.put(top.relativize(left).toString().replace('\\', '/'), left);
        }
      }
    }
    if (found.isEmpty()) {
      return List.of();
    }
    Set<String> tracked;
    try {
      tracked = git.tracked(List.copyOf(found.keySet()));
    } catch (StoreRefusal e) {
      return List.of(); // git could not say which are the user's: none is removed
    }
    found.keySet().removeAll(tracked);
    List<String> removed = new ArrayList<>();
    for (Map.Entry<String, Path> left : found.entrySet()) {
      if (dryRun || !LeftTemporaries.delete(List.of(left.getValue())).isEmpty()) {
        removed.add(left.getKey());
      }
    }
    removed.sort(null);
    return removed;
  }

  private record Candidate(Manifest.Entry entry, Path stored) {}

  /** {@code dir} is a directory reached from {@code top} through no link at any level. */
  private static boolean realDirectory(Path top, Path dir) {
    try {
      WorktreePaths.requireRealParents(top, dir.resolve("x"));
      return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS);
    } catch (StoreRefusal | SecurityException e) {
      return false;
    }
  }

  /** Everything {@code left} holds is in the kept entry: the same link, or the copy's bytes. */
  private static boolean holds(Candidate kept, Path left) {
    Manifest.Entry entry = kept.entry();
    try {
      BasicFileAttributes attributes = Files.readAttributes(left, BasicFileAttributes.class,
          LinkOption.NOFOLLOW_LINKS);
      if (attributes.isSymbolicLink()) {
        return entry.kind() == Snapshot.Kind.LINK && entry.target().isPresent()
            && Arrays.equals(Files.readSymbolicLink(left).toString()
                .getBytes(StandardCharsets.UTF_8),
                entry.target().get().getBytes(StandardCharsets.UTF_8));
      }
      if (!attributes.isRegularFile() || entry.kind() != Snapshot.Kind.FILE
          || entry.content().isEmpty() || attributes.size() > entry.size()) {
        return false;
      }
      byte[] copy = Files.readAllBytes(kept.stored().resolve(entry.content().get()));
      byte[] bytes = Files.readAllBytes(left);
      return bytes.length <= copy.length
          && Arrays.equals(bytes, 0, bytes.length, copy, 0, bytes.length);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
