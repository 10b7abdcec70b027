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
    if (now.absent() == kept.absent() && now.link() == kept.link()
        && Arrays.equals(now.bytes(), kept.bytes())) {
      return new Snapshot.Diff(entry.path(), List.of(), false);
    }
    List<String> lines = new ArrayList<>();
    lines.add("--- " + (now.absent() ? NOTHING : "a/" + entry.path()) + "\t(the worktree now"
        + (now.link() ? ", a symbolic link" : "") + ")");
    lines.add("+++ " + (kept.absent() ? NOTHING : "b/" + entry.path()) + "\t(snapshot "
        + manifest.id() + (kept.link() ? ", a symbolic link" : "") + ")");
    if (RawText.isBinary(now.bytes()) || RawText.isBinary(kept.bytes())) {
      lines.add("binary content differs (" + now.bytes().length + " bytes now, "
          + kept.bytes().length + " bytes kept)");
      return new Snapshot.Diff(entry.path(), lines, true);
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
      throw new StoreRefusal("the diff of " + entry.path() + " could not be written: "
          + e.getMessage(), "run it again");
    }
    String text = out.toString(StandardCharsets.UTF_8);
    String[] split = text.split("\n", -1);
    lines.addAll(Arrays.asList(split).subList(0, text.endsWith("\n") ? split.length - 1
        : split.length));
    return new Snapshot.Diff(entry.path(), lines, false);
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
