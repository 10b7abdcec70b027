package dev.groundskeeper.git;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import dev.groundskeeper.api.RawText;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/**
 * Reads the branch, remote-tracking and tag refs of a repository that keeps its refs in files
 * ({@code packed-refs} plus one file per loose ref), as git's files backend does, with one
 * directory listing per directory and one read per loose ref.
 *
 * <p>Why not JGit's ref database: for each loose ref it also takes a file snapshot (an extra
 * {@code lstat} and bookkeeping) and, in a fresh process, loads and interprets its whole ref
 * machinery first. Measured on 10,000 loose refs in a new JVM with C1 only: about 350 ms through
 * JGit, about 80 ms here (docs/benchmarks/branches.md). A hook is a new JVM per tool call.
 *
 * <p>Only the files backend is read here: a repository with a reftable, or a ref this reader
 * does not understand (an object id that is not SHA-1), is left to JGit ({@link #read} answers
 * empty). A loose ref overrides the packed one of the same name; a file whose content is neither
 * an object id nor {@code ref: <target>} is skipped, as git skips a broken ref.
 */
final class RefFiles {

  /** The namespaces the inventory reads; others (notes, stash, per-worktree refs) are not needed. */
  static final String[] NAMESPACES = {"refs/heads/", "refs/remotes/", "refs/tags/"};

  private static final int HEX = 40;
  private static final String LOCK_SUFFIX = ".lock";

  private final TreeMap<String, ObjectId> ids = new TreeMap<>();
  private final TreeMap<String, String> symbolic = new TreeMap<>();
  private final ByteBuffer buffer = ByteBuffer.allocate(4096);

  private RefFiles() {}

  /** The refs of {@code commonDir}, or empty when they are not kept in plain files. */
  static Optional<RefSnapshot> read(Path commonDir) throws IOException {
    if (Files.exists(commonDir.resolve("reftable"))) {
      return Optional.empty();
    }
    // Loose refs first, packed-refs second: `git pack-refs` writes the new packed-refs before it
    // deletes the loose files, so a ref being packed meanwhile is seen in one or the other.
    RefFiles loose = new RefFiles();
    for (String namespace : NAMESPACES) {
      if (!loose.readLoose(commonDir.resolve(namespace), namespace)) {
        return Optional.empty();
      }
    }
    RefFiles all = new RefFiles();
    if (!all.readPacked(commonDir.resolve("packed-refs"))) {
      return Optional.empty();
    }
    // A loose ref overrides the packed one of the same name.
    all.symbolic.keySet().removeAll(loose.ids.keySet());
    all.ids.keySet().removeAll(loose.symbolic.keySet());
    all.ids.putAll(loose.ids);
    all.symbolic.putAll(loose.symbolic);
    return Optional.of(RefSnapshot.owning(all.ids, all.symbolic));
  }

  private boolean readPacked(Path packedRefs) throws IOException {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(packedRefs);
    } catch (NoSuchFileException e) {
      return true;
    }
    int i = 0;
    while (i < bytes.length) {
      int end = i;
      while (end < bytes.length && bytes[end] != '\n') {
        end++;
      }
      int lineEnd = end > i && bytes[end - 1] == '\r' ? end - 1 : end;
      if (lineEnd > i && bytes[i] != '#' && bytes[i] != '^') {
        if (lineEnd - i < HEX + 2 || bytes[i + HEX] != ' ') {
          return false; // not a format this reader knows: let JGit decide
        }
        ObjectId id = parseId(bytes, i);
        if (id == null) {
          return false;
        }
        String name = RawText.decode(bytes, i + HEX + 1, lineEnd - i - HEX - 1);
        if (inNamespaces(name)) {
          ids.put(name, id);
        }
      }
      i = end + 1;
    }
    return true;
  }

  private boolean readLoose(Path dir, String prefix) throws IOException {
    DirectoryStream<Path> entries;
    try {
      entries = Files.newDirectoryStream(dir);
    } catch (NoSuchFileException | NotDirectoryException e) {
      return true;
    }
    try (entries) {
      for (Path entry : entries) {
        String leaf = leaf(entry);
        if (leaf.endsWith(LOCK_SUFFIX)) {
          continue;
        }
        String name = prefix + leaf;
        int length = readSmall(entry);
        if (length == DIRECTORY) {
          if (!readLoose(entry, name + "/")) {
            return false;
          }
        } else if (length >= 0 && !loose(name, length)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The file name of {@code entry} exactly as its bytes spell it ({@link RawText}). Java decodes
   * a file name by the locale: in a UTF-8 locale a byte that is not UTF-8 becomes U+FFFD, and in
   * the C locale every byte past ASCII does, so {@code é-work} would be no branch the command
   * names. The path's URI keeps its bytes, percent-encoded; it costs a stat, so only a name that
   * is not plain ASCII takes it.
   */
  static String leaf(Path entry) {
    String decoded = entry.getFileName().toString();
    boolean ascii = true;
    for (int i = 0; i < decoded.length() && ascii; i++) {
      ascii = decoded.charAt(i) < 0x80;
    }
    if (ascii) {
      return decoded;
    }
    String uri = entry.toUri().getRawPath();
    int end = uri.endsWith("/") ? uri.length() - 1 : uri.length();
    int start = uri.lastIndexOf('/', end - 1) + 1;
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream(end - start);
    for (int i = start; i < end; i++) {
      char c = uri.charAt(i);
      if (c == '%' && i + 2 < end) {
        bytes.write(Integer.parseInt(uri, i + 1, i + 3, 16));
        i += 2;
      } else {
        bytes.write(c);
      }
    }
    return RawText.decode(bytes.toByteArray());
  }

  private static final int DIRECTORY = -2;
  private static final int GONE = -1;

  /** Reads a loose ref file into the buffer; its length, or {@link #DIRECTORY} or {@link #GONE}. */
  private int readSmall(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      buffer.clear();
      int total = 0;
      while (buffer.hasRemaining()) {
        int n = channel.read(buffer);
        if (n < 0) {
          break;
        }
        total += n;
      }
      return total;
    } catch (NoSuchFileException e) {
      return GONE; // deleted between the listing and the read, as a ref may be
    } catch (IOException e) {
      // Opening a directory succeeds on Linux and reading it fails; elsewhere opening fails.
      if (Files.isDirectory(file)) {
        return DIRECTORY;
      }
      throw e;
    }
  }

  /** Takes a loose ref from the buffer; false when its content is beyond this reader. */
  private boolean loose(String name, int length) {
    byte[] b = buffer.array();
    int end = length;
    while (end > 0 && (b[end - 1] == '\n' || b[end - 1] == '\r' || b[end - 1] == ' ')) {
      end--;
    }
    if (end >= 5 && b[0] == 'r' && b[1] == 'e' && b[2] == 'f' && b[3] == ':') {
      int start = 4;
      while (start < end && b[start] == ' ') {
        start++;
      }
      ids.remove(name);
      symbolic.put(name, RawText.decode(b, start, end - start));
      return true;
    }
    if (end == HEX) {
      ObjectId id = parseId(b, 0);
      if (id != null) {
        symbolic.remove(name);
        ids.put(name, id);
      }
      return true; // a broken ref is skipped, as git skips it
    }
    // 64 hex digits is a SHA-256 repository: not this reader's (nor JGit 7's) to judge.
    return !(end == 64 && parseId(b, 0) != null);
  }

  private static ObjectId parseId(byte[] bytes, int offset) {
    for (int k = offset; k < offset + HEX; k++) {
      byte c = bytes[k];
      if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
        return null;
      }
    }
    return ObjectId.fromString(bytes, offset);
  }

  private static boolean inNamespaces(String name) {
    for (String namespace : NAMESPACES) {
      if (name.startsWith(namespace)) {
        return true;
      }
    }
    return false;
  }

  /** JGit's reading of the same refs: the reference this reader is tested against. */
  static RefSnapshot readWithJGit(Repository repository) throws IOException {
    Map<String, ObjectId> refs = new TreeMap<>();
    Map<String, String> symbolicRefs = new TreeMap<>();
    for (org.eclipse.jgit.lib.Ref ref : repository.getRefDatabase().getRefsByPrefix(NAMESPACES)) {
      if (ref.isSymbolic()) {
        symbolicRefs.put(ref.getName(), ref.getTarget().getName());
      } else if (ref.getObjectId() != null) {
        refs.put(ref.getName(), ref.getObjectId());
      }
    }
    return RefSnapshot.of(refs, symbolicRefs);
  }
}
