package dev.groundskeeper.git.snapshot;

import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.git.store.StoreRefusal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.diff.DiffAlgorithm;
import org.eclipse.jgit.diff.DiffFormatter;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;

/**
 * The diff of each path of a snapshot from the worktree now to the snapshot's copy: what a
 * restore would write. The worktree side, not HEAD's, because that is what a restore replaces: a
 * file left as the discard left it shows what the discard took, and a file changed since shows
 * the newer work a restore would refuse to overwrite. Read without following a link out of the
 * worktree, in process (JGit's Myers diff, three lines of context), nothing written.
 */
final class SnapshotDiff {

  private static final String NOTHING = "/dev/null";

  private final Path top;
  private final Path stored;
  private final Manifest manifest;

  SnapshotDiff(Path top, Path stored, Manifest manifest) {
    this.top = top;
    this.stored = stored;
    this.manifest = manifest;
  }

  /** One diff per path of the snapshot whose paths {@code only} names (all when empty). */
  List<Snapshot.Diff> run(List<String> only) {
    List<Snapshot.Diff> diffs = new ArrayList<>();
    for (Manifest.Entry entry : manifest.entries()) {
      if (only.isEmpty() || only.contains(entry.path())) {
        diffs.add(diff(entry));
      }
    }
    return diffs;
  }

  /** What one side holds: its bytes, and whether it is a link (its target) or absent. */
  private record Side(byte[] bytes, boolean link, boolean absent) {
    static final Side NONE = new Side(new byte[0], false, true);
  }

  /**
   * One diff per path of the snapshot whose index entry differed from HEAD when it was taken (and
   * that {@code only} names, or all when empty): from HEAD's content then ({@code a/}) to the
   * index content the snapshot kept ({@code b/}), which a restore puts back in the index. HEAD's
   * side is read from the repository's objects, where that commit still holds it.
   */
  List<Snapshot.Diff> staged(WorktreeGit git, List<String> only) {
    List<Snapshot.Diff> diffs = new ArrayList<>();
    for (Manifest.Entry entry : manifest.entries()) {
      if (entry.staged() && (only.isEmpty() || only.contains(entry.path()))) {
        diffs.add(stagedDiff(git, entry));
      }
    }
    return diffs;
  }

  private Snapshot.Diff stagedDiff(WorktreeGit git, Manifest.Entry entry) {
    Side head;
    Side index;
    try {
      head = entry.head().isEmpty() ? Side.NONE : object(git, entry.head().get());
      index = keptIndex(git, entry);
    } catch (IOException | RuntimeException e) {
      return new Snapshot.Diff(entry.path(), List.of("cannot be compared: " + e.getMessage()),
          false);
    }
    return unified(entry.path(), head, "HEAD when the snapshot was taken", index,
        "the index kept by snapshot " + manifest.id(), "bytes in HEAD", "bytes kept");
  }

  /** The index content the snapshot kept: its own copy, the working file's, or none. */
  private Side keptIndex(WorktreeGit git, Manifest.Entry entry) throws IOException {
    Manifest.GitEntry index = entry.index().orElse(null);
    if (index == null) {
      return Side.NONE; // staged as deleted
    }
    boolean link = WorktreeGit.kindOf(index) == Snapshot.Kind.LINK;
    if (entry.indexContent().isPresent()) {
      return new Side(Files.readAllBytes(stored.resolve(entry.indexContent().get())), link,
          false);
    }
    if (entry.blob().equals(Optional.of(index.id()))) {
      return kept(entry); // the index held what the working file held
    }
    return object(git, index);
  }

  /** An object of the repository, as a side: a blob's bytes, a link's target. */
  private static Side object(WorktreeGit git, Manifest.GitEntry entry) {
    return new Side(git.blob(entry.id()), WorktreeGit.kindOf(entry) == Snapshot.Kind.LINK,
        false);
  }

  private Snapshot.Diff diff(Manifest.Entry entry) {
    Side now;
    Side kept;
    try {
      now = now(entry.path());
      kept = kept(entry);
    } catch (IOException e) {
      return new Snapshot.Diff(entry.path(), List.of("cannot be compared: " + e.getMessage()),
          false);
    }
    return unified(entry.path(), now, "the worktree now", kept, "snapshot " + manifest.id(),
        "bytes now", "bytes kept");
  }

  /** The unified diff from {@code now} to {@code kept}; no lines when they are the same. */
  private static Snapshot.Diff unified(String path, Side now, String nowLabel, Side kept,
      String keptLabel, String nowBytes, String keptBytes) {
    if (now.absent() == kept.absent() && now.link() == kept.link()
        && Arrays.equals(now.bytes(), kept.bytes())) {
      return new Snapshot.Diff(path, List.of(), false);
    }
    List<String> lines = new ArrayList<>();
    lines.add("--- " + (now.absent() ? NOTHING : "a/" + path) + "\t(" + nowLabel
        + (now.link() ? ", a symbolic link" : "") + ")");
    lines.add("+++ " + (kept.absent() ? NOTHING : "b/" + path) + "\t(" + keptLabel
        + (kept.link() ? ", a symbolic link" : "") + ")");
    if (RawText.isBinary(now.bytes()) || RawText.isBinary(kept.bytes())) {
      lines.add("binary content differs (" + now.bytes().length + " " + nowBytes + ", "
          + kept.bytes().length + " " + keptBytes + ")");
      return new Snapshot.Diff(path, lines, true);
    }
    RawText a = new RawText(now.bytes());
    RawText b = new RawText(kept.bytes());
    EditList edits = DiffAlgorithm.getAlgorithm(DiffAlgorithm.SupportedAlgorithm.MYERS)
        .diff(RawTextComparator.DEFAULT, a, b);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DiffFormatter formatter = new DiffFormatter(out)) {
      formatter.format(edits, a, b);
      formatter.flush();
    } catch (IOException e) {
      throw new StoreRefusal("the diff of " + path + " could not be written: "
          + e.getMessage(), "run it again");
    }
    String text = out.toString(StandardCharsets.UTF_8);
    String[] split = text.split("\n", -1);
    lines.addAll(Arrays.asList(split).subList(0, text.endsWith("\n") ? split.length - 1
        : split.length));
    return new Snapshot.Diff(path, lines, false);
  }

  private Side now(String relative) throws IOException {
    Path path = WorktreePaths.resolve(top, relative);
    WorktreePaths.requireRealParents(top, path);
    BasicFileAttributes attributes = WorktreePaths.attributes(path);
    if (attributes == null) {
      return Side.NONE;
    }
    if (attributes.isSymbolicLink()) {
      return new Side(Files.readSymbolicLink(path).toString().getBytes(StandardCharsets.UTF_8),
          true, false);
    }
    if (!attributes.isRegularFile()) {
      throw new IOException("the worktree holds a directory or a device there");
    }
    return new Side(Files.readAllBytes(path), false, false);
  }

  private Side kept(Manifest.Entry entry) throws IOException {
    return switch (entry.kind()) {
      case ABSENT -> Side.NONE;
      case LINK -> new Side(entry.target().orElseThrow().getBytes(StandardCharsets.UTF_8), true,
          false);
      case FILE -> new Side(Files.readAllBytes(stored.resolve(entry.content().orElseThrow())),
          false, false);
    };
  }
}
