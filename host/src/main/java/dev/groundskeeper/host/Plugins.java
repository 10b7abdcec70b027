package dev.groundskeeper.host;

import dev.groundskeeper.api.SafeText;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Custom rule jars ({@code engine.plugins} and {@code --plugin-path}): each entry is a jar or a
 * directory whose {@code *.jar} files are taken in name order. They get a class loader of their
 * own over the built-in rules, and their providers are discovered through it like built-in ones.
 */
final class Plugins {

  private Plugins() {}

  static ClassLoader classLoader(List<Path> entries, ClassLoader parent) {
    if (entries.isEmpty()) {
      return parent;
    }
    List<URL> urls = new ArrayList<>();
    for (Path entry : entries) {
      for (Path jar : jarsOf(entry)) {
        urls.add(toUrl(checkedJar(jar)));
      }
    }
    return new URLClassLoader("groundskeeper-plugins", urls.toArray(URL[]::new), parent);
  }

  private static List<Path> jarsOf(Path entry) {
    if (Files.isDirectory(entry)) {
      try (Stream<Path> listing = Files.list(entry)) {
        List<Path> jars = listing
            .filter(p -> p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p))
            .sorted().toList();
        if (jars.isEmpty()) {
          throw new HostException("plugin directory " + entry + " holds no .jar files");
        }
        return jars;
      } catch (IOException e) {
        throw new HostException("cannot list plugin directory " + entry + ": " + SafeText.failure(e));
      }
    }
    if (!Files.exists(entry)) {
      throw new HostException("plugin path " + entry + " does not exist");
    }
    return List.of(entry);
  }

  private static Path checkedJar(Path jar) {
    try (JarFile ignored = new JarFile(jar.toFile())) {
      return jar;
    } catch (IOException e) {
      throw new HostException("plugin " + jar + " is not a readable jar: " + SafeText.failure(e));
    }
  }

  private static URL toUrl(Path jar) {
    try {
      return jar.toUri().toURL();
    } catch (MalformedURLException e) {
      throw new HostException("plugin path " + jar + " cannot be used: " + SafeText.failure(e));
    }
  }
}
