package dev.groundskeeper.cli.serve;

import dev.groundskeeper.api.SafeText;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;

/**
 * The code a server runs: the jar (or class directory) it was started from, and that file's
 * identity at start. A client names the jar its launcher would start; a server running other code
 * (another checkout, or a jar rebuilt since it started) declines, so an answer never comes from
 * code older than the caller's.
 *
 * @param location the real path of the jar or class directory
 * @param stamp the jar's file key, size and modification time at start ("" for a directory)
 */
record CodeIdentity(Path location, String stamp) {

  static CodeIdentity of(Class<?> type) {
    try {
      Path location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toRealPath();
      return new CodeIdentity(location, stampOf(location));
    } catch (URISyntaxException | IOException | RuntimeException e) {
      throw new ServeException("cannot tell which jar this server runs from: " + SafeText.failure(e));
    }
  }

  /** Why a client that would start {@code jar} must not be answered by this code, if it must not. */
  Optional<String> mismatch(String jar) {
    Path wanted;
    try {
      wanted = Path.of(jar).toRealPath();
    } catch (IOException | RuntimeException e) {
      return Optional.of("the client's jar " + jar + " cannot be read");
    }
    if (!wanted.equals(location)) {
      return Optional.of("the client runs " + wanted + ", this server " + location);
    }
    return changed() ? Optional.of(location + " was rebuilt after this server started")
        : Optional.empty();
  }

  /** Whether the jar is no longer the one this server loaded. */
  boolean changed() {
    return !stamp.equals(stampOf(location));
  }

  private static String stampOf(Path location) {
    try {
      BasicFileAttributes attributes = Files.readAttributes(location, BasicFileAttributes.class);
      return attributes.isDirectory() ? ""
          : attributes.fileKey() + ":" + attributes.size() + ":" + attributes.lastModifiedTime();
    } catch (IOException e) {
      return "unreadable";
    }
  }
}
