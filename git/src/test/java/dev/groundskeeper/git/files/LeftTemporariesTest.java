package dev.groundskeeper.git.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17: what a writer killed between its temporary file and the rename leaves is removed by
 * the next write; a live writer's temporary, and anything that is not one, is not.
 */
class LeftTemporariesTest {

  @TempDir
  Path dir;

  /** A file last changed {@code ago} before now (the file system's time of a fresh file). */
  static Path planted(Path dir, String name, Duration ago) throws IOException {
    Path file = Files.writeString(dir.resolve(name), "{\"half");
    FileTime now = Files.getLastModifiedTime(file);
    Files.setLastModifiedTime(file, FileTime.fromMillis(now.toMillis() - ago.toMillis()));
    return file;
  }

  @Test
  void underTheLockEveryMatchingTemporaryButTheCallersOwnGoes() throws IOException {
    Path fresh = planted(dir, ".x123.tmp", Duration.ZERO);
    Path old = planted(dir, ".x456.tmp", Duration.ofDays(2));
    Path own = planted(dir, ".x789.tmp", Duration.ZERO);
    Path other = planted(dir, "data.json", Duration.ofDays(2));

    assertThat(LeftTemporaries.remove(dir, ".x*.tmp", own, LeftTemporaries.UNDER_LOCK))
        .isEqualTo(2);

    assertThat(fresh).doesNotExist();
    assertThat(old).doesNotExist();
    assertThat(own).exists();
    assertThat(other).exists();
  }

  @Test
  void withoutALockOnlyTemporariesLongDeadGo() throws IOException {
    Path dead = planted(dir, ".x1.tmp", LeftTemporaries.LOCKLESS.plusMinutes(1));
    Path live = planted(dir, ".x2.tmp", Duration.ofSeconds(5));
    Path own = planted(dir, ".x3.tmp", Duration.ZERO);

    assertThat(LeftTemporaries.remove(dir, ".x*.tmp", own, LeftTemporaries.LOCKLESS))
        .isEqualTo(1);

    assertThat(dead).doesNotExist();
    assertThat(live).as("a concurrent writer's").exists();
    assertThat(own).exists();
  }

  @Test
  void directoriesAndSymbolicLinksOfThatNameAreLeftAlone() throws IOException {
    Path target = planted(dir, "precious.txt", Duration.ofDays(2));
    Path link = Files.createSymbolicLink(dir.resolve(".x1.tmp"), target);
    Path directory = Files.createDirectory(dir.resolve(".x2.tmp"));
    Path own = planted(dir, ".x3.tmp", Duration.ZERO);

    assertThat(LeftTemporaries.remove(dir, ".x*.tmp", own, LeftTemporaries.UNDER_LOCK))
        .isZero();

    assertThat(link).exists();
    assertThat(directory).isDirectory();
    assertThat(target).hasContent("{\"half");
  }

  @Test
  void aDirectoryThatCannotBeReadIsNoFailure() {
    assertThat(LeftTemporaries.remove(dir.resolve("gone"), "*.tmp", dir.resolve("gone/own.tmp"),
        LeftTemporaries.LOCKLESS)).isZero();
  }

  @Test
  void createdTemporariesAreExactlyPrefixDigitsSuffix() {
    var shape = LeftTemporaries.createdTemporaries(".s.json.", ".gk-tmp");
    assertThat(shape.test(".s.json.1234567890123456789.gk-tmp")).isTrue();
    assertThat(shape.test(".s.json.mine.gk-tmp")).isFalse();
    assertThat(shape.test(".s.json..gk-tmp")).isFalse();
    assertThat(shape.test(".s.json.12.gk-tmp.bak")).isFalse();
    assertThat(shape.test("x.s.json.12.gk-tmp")).isFalse();
    assertThat(LeftTemporaries.createdTemporaries("[a]*", ".t").test("[a]*5.t"))
        .as("the prefix is no pattern").isTrue();
  }

  @Test
  void deadFindsLinksOnlyWhenAskedAndNeverFollowsThem() throws IOException {
    Path target = planted(dir, "precious.txt", Duration.ofDays(2));
    Path link = Files.createSymbolicLink(dir.resolve(".x1.tmp"), target);
    Path file = planted(dir, ".x2.tmp", Duration.ofDays(2));

    assertThat(LeftTemporaries.dead(dir, n -> n.startsWith(".x"), null, false))
        .containsExactly(file);
    assertThat(LeftTemporaries.dead(dir, n -> n.startsWith(".x"), null, true))
        .containsExactlyInAnyOrder(file, link);
    assertThat(LeftTemporaries.delete(List.of(link))).containsExactly(link);
    assertThat(target).hasContent("{\"half");
  }
}
