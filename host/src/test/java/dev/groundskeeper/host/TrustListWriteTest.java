package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.git.files.LeftTemporaries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17: {@code groundskeeper trust} killed between its temporary file and the rename leaves
 * the temporary (a SIGKILL runs no finally block); the next write removes it once it is long
 * dead, leaves a concurrent writer's live one, and the list it writes is whole.
 */
class TrustListWriteTest {

  @TempDir
  Path temp;

  @Test
  void aTemporaryLeftByAKilledWriterIsRemovedByTheNextWriteAndALiveOneIsNot() throws IOException {
    Map<String, String> env = Map.of("HOME", temp.resolve("home").toString());
    Path first = Files.createDirectories(temp.resolve("one"));
    Path second = Files.createDirectories(temp.resolve("two"));
    TrustList.read(env).with(new TrustList.Entry(TrustList.location(first), TrustList.NO_COMMIT))
        .write();
    Path file = TrustList.file(env).orElseThrow();
    Path dead = planted(file.resolveSibling(".trusted-4711.json"),
        LeftTemporaries.LOCKLESS.plusMinutes(5));
    Path live = planted(file.resolveSibling(".trusted-4712.json"), Duration.ofSeconds(1));
    Path users = planted(file.resolveSibling(".trusted-mine.json"), Duration.ofDays(30));

    TrustList.read(env).with(new TrustList.Entry(TrustList.location(second), TrustList.NO_COMMIT))
        .write();

    assertThat(dead).doesNotExist();
    assertThat(live).as("a concurrent writer's, still live").exists();
    assertThat(users).as("not a name the writer makes").exists();
    new ObjectMapper().readTree(file.toFile());
    assertThat(TrustList.read(env).entries()).extracting(TrustList.Entry::location)
        .containsExactlyInAnyOrder(TrustList.location(first), TrustList.location(second));
    try (Stream<Path> left = Files.list(file.getParent())) {
      assertThat(left).containsExactlyInAnyOrder(file, live, users);
    }
  }

  /** A half-written list last changed {@code ago} before the file system's now. */
  private static Path planted(Path file, Duration ago) throws IOException {
    Files.writeString(file, "{\"version\": 1, \"trus");
    long now = Files.getLastModifiedTime(file).toMillis();
    Files.setLastModifiedTime(file, FileTime.fromMillis(now - ago.toMillis()));
    return file;
  }
}
