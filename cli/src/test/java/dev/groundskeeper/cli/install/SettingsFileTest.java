package dev.groundskeeper.cli.install;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17: an install killed between its temporary file and the rename leaves
 * {@code .settings.json.<digits>.groundskeeper-tmp} beside the settings (a SIGKILL runs no
 * finally block, see {@code KilledInstallIT}). The next install removes it once it is long dead
 * (ten minutes, the lockless writers' age in the git module's {@code LeftTemporaries}), leaves a
 * concurrent install's live one and every name it does not make, and keeps the file's mode.
 */
class SettingsFileTest {

  /** Older than the age a lockless writer's temporary counts as dead at (ten minutes). */
  private static final Duration DEAD = Duration.ofMinutes(15);

  @TempDir
  Path temp;

  Machine machine;
  Path file;

  @BeforeEach
  void setUp() {
    machine = new Machine(temp);
    file = machine.file(Runner.CLAUDE, Scope.USER);
  }

  @Test
  void aKilledInstallsTemporaryIsRemovedByTheNextInstallAndALiveOneIsNot() throws IOException {
    Machine.write(file, InstallCommandTest.EXISTING);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    Path dead = planted(".settings.json.4711.groundskeeper-tmp", DEAD);
    Path live = planted(".settings.json.4712.groundskeeper-tmp", Duration.ofSeconds(2));
    Path notOurs = planted(".settings.json.mine.groundskeeper-tmp", Duration.ofDays(30));
    Path otherFile = planted(".settings.local.json.4713.groundskeeper-tmp", DEAD);

    Machine.Run run = machine.install("--runner", "claude");

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(dead).as("a killed install's").doesNotExist();
    assertThat(live).as("a concurrent install's, still live").exists();
    assertThat(notOurs).as("not a name an install makes").exists();
    assertThat(otherFile).as("another settings file's, dead too: its own install removes it")
        .exists();
    new ObjectMapper().readTree(file.toFile());
    assertThat(Files.readString(file)).contains("hook --runner claude", "/opt/audit/log-command");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .as("the file keeps its mode").isEqualTo("rw-------");
    try (Stream<Path> left = Files.list(file.getParent())) {
      assertThat(left.map(p -> p.getFileName().toString()).filter(n -> n.endsWith("-tmp")))
          .containsExactlyInAnyOrder(live.getFileName().toString(),
              notOurs.getFileName().toString(), otherFile.getFileName().toString());
    }
  }

  @Test
  void aNewSettingsFileIsReadableByAllAndNoTemporaryStays() throws IOException {
    Machine.Run run = machine.install("--runner", "claude");

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-r--r--");
    try (Stream<Path> left = Files.list(file.getParent())) {
      assertThat(left).containsExactly(file);
    }
  }

  @Test
  void anInstallWithNothingToChangeStillRemovesADeadTemporary() throws IOException {
    // killed, then installed again at once (its temporary still live then), then installed
    // once more later: the last run writes nothing, and removes it all the same
    machine.install("--runner", "claude");
    String installed = Files.readString(file);
    Path dead = planted(".settings.json.99.groundskeeper-tmp", DEAD);
    Path live = planted(".settings.json.98.groundskeeper-tmp", Duration.ZERO);

    Machine.Run run = machine.install("--runner", "claude");

    assertThat(run.out()).contains("nothing changed");
    assertThat(dead).doesNotExist();
    assertThat(live).exists();
    assertThat(Files.readString(file)).isEqualTo(installed);
    assertThat(Machine.backups(file)).isEmpty();
  }

  @Test
  void anUninstallRemovesADeadTemporaryToo() throws IOException {
    machine.install("--runner", "claude");
    Path dead = planted(".settings.json.99.groundskeeper-tmp", DEAD);

    Machine.Run run = machine.uninstall("--runner", "claude");

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(dead).doesNotExist();
  }

  /** A half-written settings file last changed {@code ago} before the file system's now. */
  private Path planted(String name, Duration ago) throws IOException {
    Path planted = file.resolveSibling(name);
    Files.createDirectories(planted.getParent());
    Files.writeString(planted, "{\"hooks\": {\"Pre");
    long now = Files.getLastModifiedTime(planted).toMillis();
    Files.setLastModifiedTime(planted, FileTime.fromMillis(now - ago.toMillis()));
    return planted;
  }
}
