package dev.groundskeeper.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.lib.AnyObjectId;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.treewalk.AbstractTreeIterator;
import org.eclipse.jgit.treewalk.CanonicalTreeParser;
import org.eclipse.jgit.treewalk.EmptyTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * Stable patch ids exactly as git computes them for {@code git cherry} and
 * {@code git patch-id --stable}: per file, the diff without rename detection, hunk headers left
 * out, every whitespace byte removed, hashed with SHA-1; the per-file hashes added as 20-byte
 * little-endian numbers so that file order does not matter. Binary files contribute their two
 * blob ids. Ids are cached per commit for the life of the repository handle (a commit's patch id
 * never changes).
 */
final class PatchIds {

  /** Git reads this many leading bytes to decide whether content is binary (a NUL among them). */
  private static final int BINARY_PROBE = 8000;
  private static final int CONTEXT = 3;

  private final Map<ObjectId, Optional<ObjectId>> byCommit = new ConcurrentHashMap<>();
  private final Map<ObjectId, String> pathsByCommit = new ConcurrentHashMap<>();

  /**
   * The paths a non-merge commit changes against its parent, as one key: two commits can only
   * share a patch id when they change the same paths, and this needs a tree diff only, no blob.
   */
  String pathsOfCommit(RevCommit commit, ObjectReader reader) throws IOException {
    String known = pathsByCommit.get(commit);
    if (known != null) {
      return known;
    }
    ObjectId parentTree = commit.getParentCount() == 0 ? null : parentTree(commit.getParent(0), reader);
    String paths = paths(parentTree, commit.getTree(), reader);
    pathsByCommit.put(commit.copy(), paths);
    return paths;
  }

  /** The changed paths between two trees (null: the empty tree), NUL-separated, in tree order. */
  static String paths(AnyObjectId oldTree, AnyObjectId newTree, ObjectReader reader) throws IOException {
    StringBuilder paths = new StringBuilder();
    try (TreeWalk walk = new TreeWalk(reader)) {
      walk.setRecursive(true);
      walk.addTree(iterator(oldTree, reader));
      walk.addTree(iterator(newTree, reader));
      walk.setFilter(TreeFilter.ANY_DIFF);
      while (walk.next()) {
        paths.append(walk.getPathString()).append('\0');
      }
    }
    return paths.toString();
  }

  /** The patch id of a non-merge commit against its parent (or the empty tree); empty for merges. */
  Optional<ObjectId> ofCommit(RevCommit commit, ObjectReader reader) throws IOException {
    Optional<ObjectId> known = byCommit.get(commit);
    if (known != null) {
      return known;
    }
    Optional<ObjectId> id;
    if (commit.getParentCount() > 1) {
      id = Optional.empty();
    } else {
      ObjectId parentTree = null;
      if (commit.getParentCount() == 1) {
        RevCommit parent = commit.getParent(0);
        parentTree = parentTree(parent, reader);
      }
      id = Optional.of(ofDiff(parentTree, commit.getTree(), reader));
    }
    byCommit.put(commit.copy(), id);
    return id;
  }

  int cachedCount() {
    return byCommit.size();
  }

  private static ObjectId parentTree(RevCommit parent, ObjectReader reader) throws IOException {
    if (parent.getTree() != null) {
      return parent.getTree();
    }
    try (org.eclipse.jgit.revwalk.RevWalk walk = new org.eclipse.jgit.revwalk.RevWalk(reader)) {
      return walk.parseCommit(parent).getTree();
    }
  }

  /** The patch id of the diff from {@code oldTree} (null: the empty tree) to {@code newTree}. */
  static ObjectId ofDiff(AnyObjectId oldTree, AnyObjectId newTree, ObjectReader reader) throws IOException {
    byte[] result = new byte[20];
    try (TreeWalk walk = new TreeWalk(reader)) {
      walk.setRecursive(true);
      walk.addTree(iterator(oldTree, reader));
      walk.addTree(iterator(newTree, reader));
      walk.setFilter(TreeFilter.ANY_DIFF);
      MessageDigest file = sha1();
      while (walk.next()) {
        int oldMode = walk.getRawMode(0);
        int newMode = walk.getRawMode(1);
        byte[] path = walk.getRawPath();
        fileHash(file, path, oldMode, walk.getObjectId(0), newMode, walk.getObjectId(1), reader);
        addInto(result, file.digest());
      }
    }
    return ObjectId.fromRaw(result);
  }

  private static AbstractTreeIterator iterator(AnyObjectId tree, ObjectReader reader) throws IOException {
    if (tree == null) {
      return new EmptyTreeIterator();
    }
    CanonicalTreeParser parser = new CanonicalTreeParser();
    parser.reset(reader, tree);
    return parser;
  }

  private static void fileHash(MessageDigest sha, byte[] path, int oldMode, ObjectId oldId,
      int newMode, ObjectId newId, ObjectReader reader) throws IOException {
    addText(sha, "diff--git");
    addText(sha, "a/");
    addStripped(sha, path, 0, path.length);
    addText(sha, "b/");
    addStripped(sha, path, 0, path.length);
    if (oldMode == 0) {
      addText(sha, "newfilemode" + octal(newMode));
    } else if (newMode == 0) {
      addText(sha, "deletedfilemode" + octal(oldMode));
    } else if (oldMode != newMode) {
      addText(sha, "oldmode" + octal(oldMode));
      addText(sha, "newmode" + octal(newMode));
    }
    byte[] before = oldMode == 0 ? new byte[0] : content(oldMode, oldId, reader);
    byte[] after = newMode == 0 ? new byte[0] : content(newMode, newId, reader);
    if (isBinary(before) || isBinary(after)) {
      addText(sha, (oldMode == 0 ? ObjectId.zeroId() : oldId).name());
      addText(sha, (newMode == 0 ? ObjectId.zeroId() : newId).name());
      return;
    }
    if (oldMode == 0) {
      addText(sha, "---/dev/null");
      addText(sha, "+++b/");
      addStripped(sha, path, 0, path.length);
    } else if (newMode == 0) {
      addText(sha, "---a/");
      addStripped(sha, path, 0, path.length);
      addText(sha, "+++/dev/null");
    } else {
      addText(sha, "---a/");
      addStripped(sha, path, 0, path.length);
      addText(sha, "+++b/");
      addStripped(sha, path, 0, path.length);
    }
    hunks(sha, new GitDiff.Lines(before), new GitDiff.Lines(after));
  }

  /** Hashes the diff's lines (no hunk headers) the way xdiff emits them with three context lines. */
  private static void hunks(MessageDigest sha, GitDiff.Lines a, GitDiff.Lines b) {
    EditList edits = GitDiff.edits(a, b);
    int i = 0;
    while (i < edits.size()) {
      int last = i;
      while (last + 1 < edits.size()
          && edits.get(last + 1).getBeginA() - edits.get(last).getEndA() <= 2 * CONTEXT) {
        last++;
      }
      int contextStart = Math.max(0, edits.get(i).getBeginA() - CONTEXT);
      lines(sha, ' ', a, contextStart, edits.get(i).getBeginA());
      for (int e = i; e <= last; e++) {
        var edit = edits.get(e);
        lines(sha, '-', a, edit.getBeginA(), edit.getEndA());
        lines(sha, '+', b, edit.getBeginB(), edit.getEndB());
        int contextEnd = e < last ? edits.get(e + 1).getBeginA() : Math.min(a.size(), edit.getEndA() + CONTEXT);
        lines(sha, ' ', a, edit.getEndA(), contextEnd);
      }
      i = last + 1;
    }
  }

  private static void lines(MessageDigest sha, char prefix, GitDiff.Lines text, int from, int to) {
    byte[] raw = text.getRawContent();
    for (int line = from; line < to; line++) {
      if (prefix != ' ') {
        sha.update((byte) prefix);
      }
      int start = text.start(line);
      int end = text.end(line);
      addStripped(sha, raw, start, end);
    }
  }

  private static byte[] content(int mode, ObjectId id, ObjectReader reader) throws IOException {
    if ((mode & FileMode.TYPE_MASK) == FileMode.TYPE_GITLINK) {
      return ("Subproject commit " + id.name() + "\n").getBytes(StandardCharsets.US_ASCII);
    }
    return reader.open(id, Constants.OBJ_BLOB).getCachedBytes(Integer.MAX_VALUE);
  }

  static boolean isBinary(byte[] content) {
    int probe = Math.min(content.length, BINARY_PROBE);
    for (int i = 0; i < probe; i++) {
      if (content[i] == 0) {
        return true;
      }
    }
    return false;
  }

  private static String octal(int mode) {
    String text = Integer.toOctalString(mode);
    return "0".repeat(Math.max(0, 6 - text.length())) + text;
  }

  private static void addText(MessageDigest sha, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    addStripped(sha, bytes, 0, bytes.length);
  }

  /** Feeds the bytes with git's whitespace (space, tab, newline, carriage return) left out. */
  private static void addStripped(MessageDigest sha, byte[] bytes, int from, int to) {
    for (int i = from; i < to; i++) {
      byte c = bytes[i];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        sha.update(c);
      }
    }
  }

  /** {@code result += hash} as 20-byte numbers, least significant byte first, as git sums them. */
  private static void addInto(byte[] result, byte[] hash) {
    int carry = 0;
    for (int i = 0; i < result.length; i++) {
      carry += (result[i] & 0xff) + (hash[i] & 0xff);
      result[i] = (byte) carry;
      carry >>>= 8;
    }
  }

  private static MessageDigest sha1() {
    try {
      return MessageDigest.getInstance("SHA-1");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is part of every Java runtime", e);
    }
  }
}
