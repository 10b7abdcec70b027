package dev.groundskeeper.git.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.SafeText;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Copies a worktree's notes folder into {@code notes/<root>/<UTC time>-<name>/} before the
 * worktree is removed. It works in two steps so a dry run judges exactly what a real run would:
 * {@link #prepare} walks the folder without following links and redacts every file in memory
 * (failing on a file that is not text, is over the cap, or still matches a secret pattern after
 * redaction); {@link #write} makes the entry exclusively and writes the files at 0600 with a
 * manifest. A failure never deletes anything and keeps the worktree.
 */
final class NotesArchive {

  static final int SCHEMA_VERSION = 1;
  static final String REDACTED = Redactor.REDACTED;
  private static final DateTimeFormatter ENTRY_TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  private final StoreLocation location;
  private final String notesDir;
  private final Redactor redactor;
  private final long maxBytes;

  NotesArchive(StoreLocation location, String notesDir, List<Pattern> secrets, long maxBytes) {
    this.location = location;
    this.notesDir = notesDir;
    this.redactor = Redactor.of(secrets);
    this.maxBytes = maxBytes;
  }

  /** The notes of one worktree, read and redacted, ready to write; or why they cannot be. */
  sealed interface Prepared {}

  record NoNotes() implements Prepared {}

  /** Why the notes cannot be archived, naming the file from the worktree, and the way out. */
  record Failed(String reason, String remedy) implements Prepared {}

  record Ready(List<NoteFile> files, List<NoteLink> links) implements Prepared {}

  record NoteFile(String path, byte[] content) {}

  record NoteLink(String path, String target) {}

  Prepared prepare(Path worktree) {
    Path root = worktree.resolve(notesDir);
    if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
      return Files.isSymbolicLink(root)
          ? new Failed("the notes folder " + notesDir + " is a link; it is not followed",
              "replace the link with a real folder, or remove it, then prune again")
          : new NoNotes();
    }
    List<NoteFile> files = new ArrayList<>();
    List<NoteLink> links = new ArrayList<>();
    List<Failed> failures = new ArrayList<>();
    try {
      Files.walkFileTree(root, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
          // The notes folder's bin/ holds build products, not notes; it goes with the worktree.
          return dir.equals(root.resolve("bin")) ? FileVisitResult.SKIP_SUBTREE
              : FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
          String relative = root.relativize(file).toString().replace('\\', '/');
          String shown = SafeText.escape(notesFolder() + relative);
          if (attrs.isSymbolicLink()) {
            links.add(new NoteLink(relative, redact(Files.readSymbolicLink(file).toString())));
          } else if (attrs.isRegularFile()) {
            read(file, relative, shown, attrs.size(), files).ifPresent(failures::add);
          } else {
            failures.add(new Failed(shown + " is not a regular file", "remove it, then prune"
                + " again"));
          }
          return failures.isEmpty() ? FileVisitResult.CONTINUE : FileVisitResult.TERMINATE;
        }
      });
    } catch (IOException e) {
      return new Failed("the notes folder could not be read: " + e.getMessage(),
          "make it readable, then prune again");
    }
    if (!failures.isEmpty()) {
      return failures.get(0);
    }
    if (files.isEmpty() && links.isEmpty()) {
      return new NoNotes();
    }
    files.sort(java.util.Comparator.comparing(NoteFile::path));
    links.sort(java.util.Comparator.comparing(NoteLink::path));
    return new Ready(files, links);
  }

  private Optional<Failed> read(Path file, String relative, String shown, long size,
      List<NoteFile> into) throws IOException {
    String moveOut = "move it out of the worktree or delete it, then prune again";
    if (size > maxBytes) {
      return Optional.of(new Failed(shown + " is over the " + maxBytes + "-byte cap of a note",
          moveOut + " (or raise worktrees.max_note_bytes)"));
    }
    byte[] bytes = Files.readAllBytes(file);
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      return Optional.of(new Failed(shown + " is not text (not UTF-8)", moveOut));
    }
    if (text.indexOf('\0') >= 0) {
      return Optional.of(new Failed(shown + " is not text (it holds NUL bytes)", moveOut));
    }
    String redacted = redact(text);
    if (holdsSecret(redacted)) {
      return Optional.of(new Failed(shown + " still holds a secret after redaction",
          "remove the secret from it, then prune again"));
    }
    into.add(new NoteFile(relative, redacted.getBytes(StandardCharsets.UTF_8)));
    return Optional.empty();
  }

  private String notesFolder() {
    return notesDir.endsWith("/") ? notesDir : notesDir + "/";
  }

  /** The shared redaction pass ({@link Redactor}), then the home directory shown as ~. */
  String redact(String text) {
    return location.display(redactor.redact(text));
  }

  private boolean holdsSecret(String text) {
    return redactor.holdsSecret(text);
  }

  /**
   * Writes a prepared archive; returns the entry written.
   *
   * @throws StoreRefusal when the store's levels refuse, or the entry cannot be written
   */
  Path write(Ready ready, String rootCommit, String name, Optional<String> branch, Path source,
      Instant now) {
    StoreLevels levels = new StoreLevels(location);
    // Written under a staging name and renamed into place once the manifest is in it: an entry
    // under its final name is always complete, and a prune killed half-way leaves only a
    // ".partial-" entry, which never passes for an archive.
    String finalName = ENTRY_TIME.format(now) + "-" + name;
    Path entry = levels.createExclusive(List.of("notes", rootCommit),
        PARTIAL_PREFIX + finalName + "-" + ProcessHandle.current().pid());
    Path done = entry.resolveSibling(finalName);
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode manifest = json.createObjectNode();
    manifest.put("schema_version", SCHEMA_VERSION);
    manifest.put("worktree", redact(name));
    if (branch.isPresent()) {
      manifest.put("branch", redact(branch.get()));
    } else {
      manifest.putNull("branch");
    }
    manifest.put("source", redact(source.toString()));
    manifest.put("archived_at", DateTimeFormatter.ISO_INSTANT.format(now));
    manifest.put("root_sha", rootCommit);
    ArrayNode files = manifest.putArray("files");
    ArrayNode links = manifest.putArray("links");
    try {
      for (NoteFile file : ready.files()) {
        Path target = entry.resolve(file.path()).normalize();
        if (!target.startsWith(entry)) {
          throw new IOException(file.path() + " leaves the archive entry");
        }
        makeParents(entry, target.getParent());
        writeNew(target, file.content());
        files.addObject().put("path", file.path()).put("size", file.content().length)
            .put("sha256", sha256(file.content()));
      }
      for (NoteLink link : ready.links()) {
        links.addObject().put("path", link.path()).put("target", link.target());
      }
      writeNew(entry.resolve("manifest.json"), json.writeValueAsBytes(manifest));
      Files.move(entry, done, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      // what was written here are copies this call made (a full disk leaves them truncated):
      // removing them loses nothing, since the worktree and its notes are kept
      String cleaned = deleteCopies(entry) ? "" : "; the partial copy "
          + location.display(entry) + " is left and may be deleted";
      throw new StoreRefusal("the notes archive " + location.display(done)
          + " could not be written: " + e.getMessage() + cleaned, "the worktree was kept");
    }
    return done;
  }

  /** The prefix of an entry still being written (or left by a prune that was killed). */
  static final String PARTIAL_PREFIX = ".partial-";

  /** Deletes this call's own staging entry, never following a link; true when it is gone. */
  static boolean deleteCopies(Path entry) {
    try {
      Files.walkFileTree(entry, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
          Files.delete(file);
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
          Files.delete(dir);
          return FileVisitResult.CONTINUE;
        }
      });
      return true;
    } catch (IOException e) {
      return !Files.exists(entry, LinkOption.NOFOLLOW_LINKS);
    }
  }

  private static void makeParents(Path entry, Path dir) throws IOException {
    if (dir.equals(entry) || Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    makeParents(entry, dir.getParent());
    Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(StoreLevels.OWNER_ONLY));
  }

  private static void writeNew(Path file, byte[] content) throws IOException {
    try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
      out.write(content);
    }
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
  }

  private static String sha256(byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java platform", e);
    }
  }
}
