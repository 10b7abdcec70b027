package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.eclipse.jgit.util.FS;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where JGit's settings file cannot be saved, JGit takes its fallback timestamp resolution instead
 * of measuring (about 3 s) in every process: checked in a fresh JVM, since JGit keeps what it
 * learns of a file system for the life of a process.
 */
class UnsavableJGitConfigTest {

  @TempDir
  Path temp;

  @Test
  void aHomeWhereNothingCanBeSavedGetsTheFallbackInsteadOfAMeasurement() throws Exception {
    Path notADirectory = Files.writeString(temp.resolve("config-home"), "a file, not a directory");
    Path repository = Files.createDirectories(temp.resolve("repo"));
    ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin",
        "java").toString(), "-cp", System.getProperty("java.class.path"), Probe.class.getName(),
        repository.toString())
        .redirectErrorStream(true);
    // JGit's file would be $XDG_CONFIG_HOME/jgit/config, under a file: it cannot be made
    builder.environment().put("XDG_CONFIG_HOME", notADirectory.toString());
    builder.environment().put("HOME", Files.createDirectories(temp.resolve("home")).toString());
    Process process = builder.start();
    process.getOutputStream().close();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(out).as(out).contains("resolution=" + Duration.ofSeconds(2));
    assertThat(Files.readString(notADirectory)).isEqualTo("a file, not a directory");
  }

  @Test
  void savableMeansAWritableDirectoryAboveAndAWritableFileIfAny() throws IOException {
    assertThat(UnsavableJGitConfig.savable(temp.resolve("jgit/config"))).isTrue();
    Path file = Files.writeString(temp.resolve("config"), "");
    assertThat(UnsavableJGitConfig.savable(file)).isTrue();
    assertThat(UnsavableJGitConfig.savable(file.resolve("jgit/config"))).isFalse();
    Files.createDirectories(temp.resolve("dir"));
    assertThat(UnsavableJGitConfig.savable(temp.resolve("dir"))).isFalse();
  }

  /** Run in the fresh JVM: what JGit takes for a directory's file system. */
  static final class Probe {
    public static void main(String[] args) {
      JGitSetup.ensureInstalled();
      Duration resolution = FS.FileStoreAttributes.get(Path.of(args[0])).getFsTimestampResolution();
      System.out.println("resolution=" + resolution);
    }
  }
}
