package dev.groundskeeper.host;

import dev.groundskeeper.api.config.ConfigLayer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a policy is built from, as a cache key: each configuration layer's name, file, file
 * identity (the file system's key, an inode) and the SHA-256 of its text; each plugin entry and
 * the file key, size and modification time of every jar it stands for (a jar is not hashed on
 * every call: a rebuilt jar gets a new time or size). Two equal fingerprints
 * build the same policy.
 */
record ConfigFingerprint(List<String> layers, List<String> plugins) {

  ConfigFingerprint {
    layers = List.copyOf(layers);
    plugins = List.copyOf(plugins);
  }

  static ConfigFingerprint of(List<ConfigLayer> layers, List<Path> plugins) {
    List<String> layerKeys = new ArrayList<>();
    for (ConfigLayer layer : layers) {
      layerKeys.add(layer.name() + "|" + layer.file().map(f -> f + "|" + fileKey(f)).orElse("-")
          + "|" + sha256(layer.yaml()));
    }
    List<String> pluginKeys = new ArrayList<>();
    for (Path entry : plugins) {
      pluginKeys.add(entry + "|" + identity(entry));
      if (Files.isDirectory(entry)) {
        try (Stream<Path> listing = Files.list(entry)) {
          listing.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted()
              .forEach(jar -> pluginKeys.add(jar + "|" + identity(jar)));
        } catch (IOException e) {
          pluginKeys.add(entry + "|unlisted");
        }
      }
    }
    return new ConfigFingerprint(layerKeys, pluginKeys);
  }

  /** The file system's identity of a file (its inode), whatever its times say. */
  private static String fileKey(Path file) {
    try {
      return String.valueOf(Files.readAttributes(file, BasicFileAttributes.class).fileKey());
    } catch (IOException e) {
      return "absent";
    }
  }

  /** A jar's identity: its file key, size and modification time (jars are not hashed). */
  private static String identity(Path file) {
    try {
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      return attributes.fileKey() + "|" + attributes.size() + "|"
          + attributes.lastModifiedTime().toMillis();
    } catch (IOException e) {
      return "absent";
    }
  }

  static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
