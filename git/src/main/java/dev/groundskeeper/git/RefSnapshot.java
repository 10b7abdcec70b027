package dev.groundskeeper.git;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HexFormat;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/**
 * The refs of one reading: local branches, every remote-tracking ref, tags, and the remotes' HEAD
 * symrefs. Its fingerprint keys what is cached across events.
 */
final class RefSnapshot {

  private final java.util.NavigableMap<String, ObjectId> refs;
  private final Map<String, String> symbolicTargets;
  private String fingerprint;
  private final java.util.concurrent.ConcurrentHashMap<String, Map<String, ObjectId>> under =
      new java.util.concurrent.ConcurrentHashMap<>();

  private RefSnapshot(TreeMap<String, ObjectId> refs, Map<String, String> symbolicTargets) {
    this.refs = Collections.unmodifiableNavigableMap(refs);
    this.symbolicTargets = Collections.unmodifiableMap(symbolicTargets);
  }

  static RefSnapshot of(Map<String, ObjectId> refs, Map<String, String> symbolicTargets) {
    return new RefSnapshot(new TreeMap<>(refs), new TreeMap<>(symbolicTargets));
  }

  /** Over maps the caller made for it and never changes again (no copy of a thousand refs). */
  static RefSnapshot owning(TreeMap<String, ObjectId> refs, TreeMap<String, String> symbolicTargets) {
    return new RefSnapshot(refs, symbolicTargets);
  }

  /**
   * The refs of {@code repository}: read from its files directly when they are plain files, else
   * through JGit's ref database (a reftable).
   */
  static RefSnapshot read(Path commonDir, java.util.function.Supplier<Repository> jgit) throws IOException {
    Optional<RefSnapshot> files = RefFiles.read(commonDir);
    return files.isPresent() ? files.get() : RefFiles.readWithJGit(jgit.get());
  }

  /** A digest of every ref name and id; computed on first use (the cheap tips read never needs it). */
  synchronized String fingerprint() {
    if (fingerprint == null) {
      fingerprint = digest(refs, symbolicTargets);
    }
    return fingerprint;
  }

  Optional<ObjectId> get(String fullName) {
    return Optional.ofNullable(refs.get(fullName));
  }

  /** A digest of the refs under {@code prefix}: what a containment judgement depends on. */
  String fingerprint(String prefix) {
    return digest(refs.subMap(prefix, prefix + Character.MAX_VALUE), Map.of());
  }

  /**
   * Short name to tip for every ref under {@code prefix} that is not a symbolic ref, in name
   * order; unmodifiable, and made once per prefix (an event asks for the branches several times).
   */
  Map<String, ObjectId> under(String prefix) {
    return under.computeIfAbsent(prefix, key -> {
      Map<String, ObjectId> found = new java.util.LinkedHashMap<>();
      refs.subMap(key, key + Character.MAX_VALUE).forEach((name, id) ->
          found.put(name.substring(key.length()), id));
      return Collections.unmodifiableMap(found);
    });
  }

  /** True when some ref that is not a symbolic ref lies under {@code prefix}. */
  boolean anyUnder(String prefix) {
    return !refs.subMap(prefix, prefix + Character.MAX_VALUE).isEmpty();
  }

  Map<String, ObjectId> all() {
    return refs;
  }

  Optional<String> symbolicTarget(String fullName) {
    return Optional.ofNullable(symbolicTargets.get(fullName));
  }

  private static String digest(Map<String, ObjectId> refs, Map<String, String> symbolic) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] raw = new byte[Constants.OBJECT_ID_LENGTH];
      refs.forEach((name, id) -> {
        sha.update(name.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        // the id's 20 bytes, not its 40 hex digits: formatting them was most of the digest's time
        id.copyRawTo(raw, 0);
        sha.update(raw);
        sha.update((byte) '\n');
      });
      symbolic.forEach((name, target) -> {
        sha.update(name.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 1);
        sha.update(target.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) '\n');
      });
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
