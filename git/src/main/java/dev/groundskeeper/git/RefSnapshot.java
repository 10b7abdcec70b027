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

  private RefSnapshot(TreeMap<String, ObjectId> refs, Map<String, String> symbolicTargets) {
    this.refs = Collections.unmodifiableNavigableMap(refs);
    this.symbolicTargets = Collections.unmodifiableMap(symbolicTargets);
  }

  static RefSnapshot of(Map<String, ObjectId> refs, Map<String, String> symbolicTargets) {
    return new RefSnapshot(new TreeMap<>(refs), new TreeMap<>(symbolicTargets));
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

  /** Short name to tip for every ref under {@code prefix} that is not a symbolic ref. */
  Map<String, ObjectId> under(String prefix) {
    Map<String, ObjectId> found = new TreeMap<>();
    refs.subMap(prefix, prefix + Character.MAX_VALUE).forEach((name, id) ->
        found.put(name.substring(prefix.length()), id));
    return found;
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
      refs.forEach((name, id) -> {
        sha.update(name.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(id.name().getBytes(StandardCharsets.US_ASCII));
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
