package dev.groundskeeper.git.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 17: a whole-file replace keeps the mode, leaves no temporary, and sweeps dead ones. */
class ReplacedFileTest {

  @TempDir
  Path dir;

  private static final String PREFIX = ".data.json.";
  private static final String SUFFIX = ".tool-tmp";

  @Test
  void aNewFileGetsTheGivenModeAndAnExistingOneKeepsItsOwn() throws IOException {
    Path file = dir.resolve("sub/data.json");
    ReplacedFile.replace(file, bytes("{}"), PREFIX, SUFFIX,
        PosixFilePermissions.fromString("rw-r-----"));
    assertThat(mode(file)).isEqualTo("rw-r-----");

    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    ReplacedFile.replace(file, bytes("{\"a\": 1}"), PREFIX, SUFFIX,
        PosixFilePermissions.fromString("rw-r--r--"));

    assertThat(file).hasContent("{\"a\": 1}");
    assertThat(mode(file)).isEqualTo("rw-------");
    try (Stream<Path> left = Files.list(file.getParent())) {
      assertThat(left).containsExactly(file);
    }
  }

  @Test
  void aFailedRenameLeavesWhatWasThereAndNoTemporary() throws IOException {
    Path other = Files.writeString(dir.resolve("other.json"), "kept");
    Path inTheWay = Files.createDirectory(dir.resolve("data.json"));

    // a directory where the file goes: the rename cannot replace it
    assertThatThrownBy(() -> ReplacedFile.replace(inTheWay, bytes("new"), PREFIX, SUFFIX,
        PosixFilePermissions.fromString("rw-r--r--")))
        .isInstanceOf(IOException.class);

    assertThat(inTheWay).isDirectory();
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).containsExactlyInAnyOrder(other, inTheWay);
    }
  }

  @Test
  void eachWriteAndEachSweepRemoveOnlyLongDeadTemporariesOfExactlyItsShape() throws IOException {
    Path file = dir.resolve("data.json");
    Files.writeString(file, "old");
    Path dead = LeftTemporariesTest.planted(dir, PREFIX + "123" + SUFFIX,
        LeftTemporaries.LOCKLESS.plusMinutes(1));
    Path live = LeftTemporariesTest.planted(dir, PREFIX + "456" + SUFFIX, Duration.ofSeconds(3));
    Path users = LeftTemporariesTest.planted(dir, PREFIX + "mine" + SUFFIX, Duration.ofDays(9));

    ReplacedFile.replace(file, bytes("new"), PREFIX, SUFFIX,
        PosixFilePermissions.fromString("rw-r--r--"));

    assertThat(dead).doesNotExist();
    assertThat(live).exists();
    assertThat(users).exists();
    assertThat(file).hasContent("new");

    Path deadAgain = LeftTemporariesTest.planted(dir, PREFIX + "789" + SUFFIX,
        LeftTemporaries.LOCKLESS.plusMinutes(1));
    assertThat(ReplacedFile.removeLeftovers(file, PREFIX, SUFFIX)).isEqualTo(1);
    assertThat(deadAgain).doesNotExist();
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).containsExactlyInAnyOrder(file, live, users);
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String mode(Path file) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
  }
}
