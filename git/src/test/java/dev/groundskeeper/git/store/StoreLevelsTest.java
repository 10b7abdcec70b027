package dev.groundskeeper.git.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreLevelsTest {

  @TempDir
  Path temp;

  private StoreLevels levels(Path home) {
    return new StoreLevels(StoreLocation.resolve(Map.of("HOME", temp.toString(),
        "GROUNDSKEEPER_HOME", home.toString()), Optional::empty));
  }

  @Test
  void makesEachLevelOwnerOnly() throws IOException {
    Path home = temp.resolve("gk");
    Path lane = levels(home).ensure(List.of("worktrees", "abc"));

    assertThat(lane).isEqualTo(home.resolve("worktrees").resolve("abc"));
    for (Path level : List.of(home, home.resolve("worktrees"), lane)) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(level)))
          .isEqualTo("rwx------");
    }
  }

  @Test
  void anExistingLevelKeepsItsMode() throws IOException {
    Path home = Files.createDirectory(temp.resolve("gk"),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxr-xr-x"));

    levels(home).ensure(List.of("worktrees"));

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home)))
        .isEqualTo("rwxr-xr-x");
  }

  @Test
  void refusesASymlinkedLevelAndMakesNothingBeneathIt() throws IOException {
    Path home = Files.createDirectory(temp.resolve("gk"));
    Files.setPosixFilePermissions(home, StoreLevels.OWNER_ONLY);
    Path elsewhere = Files.createDirectory(temp.resolve("elsewhere"));
    Files.createSymbolicLink(home.resolve("worktrees"), elsewhere);

    assertThatThrownBy(() -> levels(home).ensure(List.of("worktrees", "abc")))
        .isInstanceOf(StoreRefusal.class)
        .hasMessageContaining("is a symbolic link")
        .hasMessageContaining("never follows links");
    assertThat(elsewhere).isEmptyDirectory();
  }

  @Test
  void refusesAGroupWritableLevel() throws IOException {
    Path home = Files.createDirectory(temp.resolve("gk"));
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwx---"));

    assertThatThrownBy(() -> levels(home).ensure(List.of("worktrees")))
        .isInstanceOf(StoreRefusal.class)
        .hasMessageContaining("can be written by group or others (rwxrwx---)")
        .hasMessageContaining("chmod go-w");
    assertThat(home).isEmptyDirectory();
  }

  @Test
  void refusesAnOthersWritableLevelInTheMiddle() throws IOException {
    Path home = Files.createDirectory(temp.resolve("gk"));
    Files.setPosixFilePermissions(home, StoreLevels.OWNER_ONLY);
    Path worktrees = Files.createDirectory(home.resolve("worktrees"));
    Files.setPosixFilePermissions(worktrees, PosixFilePermissions.fromString("rwx---rwx"));

    assertThatThrownBy(() -> levels(home).ensure(List.of("worktrees", "abc")))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("group or others");
    assertThat(worktrees).isEmptyDirectory();
  }

  @Test
  void refusesALevelOwnedByAnotherAccount() throws IOException {
    Path home = Files.createDirectory(temp.resolve("gk"));
    Files.setPosixFilePermissions(home, StoreLevels.OWNER_ONLY);
    long me = ((Number) Files.getAttribute(home, "unix:uid")).longValue();
    if (me == 0) {
      Files.setAttribute(home, "unix:uid", 54321, LinkOption.NOFOLLOW_LINKS);
      assertThatThrownBy(() -> levels(home).ensure(List.of("worktrees")))
          .isInstanceOf(StoreRefusal.class)
          .hasMessageContaining("belongs to another account (uid 54321)");
      assertThat(home).isEmptyDirectory();
    } else {
      // Without root the test cannot give a directory away; the root directory is another's.
      assertThatThrownBy(() -> levels(Path.of("/")).ensure(List.of("worktrees")))
          .isInstanceOf(StoreRefusal.class).hasMessageContaining("another account");
    }
  }

  @Test
  void refusesAFileWhereALevelShouldBe() throws IOException {
    Path home = Files.createDirectory(temp.resolve("gk"));
    Files.setPosixFilePermissions(home, StoreLevels.OWNER_ONLY);
    Files.writeString(home.resolve("worktrees"), "not a directory");

    assertThatThrownBy(() -> levels(home).ensure(List.of("worktrees", "abc")))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("is not a directory");
  }

  @Test
  void anExclusiveEntryIsNeverShared() {
    Path home = temp.resolve("gk");
    StoreLevels levels = levels(home);
    levels.createExclusive(List.of("notes", "abc"), "20260101T000000Z-x");

    assertThatThrownBy(() -> levels.createExclusive(List.of("notes", "abc"), "20260101T000000Z-x"))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("already exists");
  }

  @Test
  void showsTheHomeDirectoryAsTilde() {
    Path home = temp.resolve("gk");
    assertThatThrownBy(() -> {
      Files.createDirectory(home);
      Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxrwx"));
      levels(home).ensure(List.of());
    }).hasMessageContaining("~/gk").hasMessageNotContaining(temp.toString());
  }
}
