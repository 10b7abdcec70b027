package dev.groundskeeper.cli.install;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.host.ProgramWord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code install --link [DIR]}, with HOME and PATH in a temporary directory. */
class InstallLinkTest {

  @TempDir
  Path temp;

  Machine machine;
  Path localBin;

  @BeforeEach
  void setUp() {
    machine = new Machine(temp).has(Runner.CLAUDE);
    localBin = machine.home.resolve(".local/bin");
  }

  @Test
  void linksIntoTheDefaultDirectoryMakingItAndSaysHowToPutItOnPath() throws IOException {
    assertThat(localBin).doesNotExist();

    Machine.Run run = machine.install("--link");

    assertThat(run.code()).as(run.out() + run.err()).isZero();
    Path link = localBin.resolve("groundskeeper");
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(link.toRealPath()).isEqualTo(machine.launcher.toRealPath());
    assertThat(run.out()).contains("created " + localBin, "linked " + link + " to ",
        localBin + " is not on PATH", "export PATH=\"$HOME/.local/bin:$PATH\"");
    assertThat(machine.file(Runner.CLAUDE, Scope.USER)).as("no hook registered").doesNotExist();

    // on PATH now: remedies print the bare name, and a second run changes nothing
    machine.env.put("PATH", localBin + ":" + machine.env.get("PATH"));
    Map<String, String> env = new HashMap<>(machine.env);
    env.put(ProgramWord.LAUNCHER_VARIABLE, machine.launcher.toString());
    assertThat(ProgramWord.of(env).word()).isEqualTo("groundskeeper");
    Machine.Run again = machine.install("--link");
    assertThat(again.code()).isZero();
    assertThat(again.out()).contains("already links to", "nothing changed",
        localBin + " is on PATH: groundskeeper runs this launcher");
    assertThat(machine.doctor().out()).contains("PATH: groundskeeper runs this launcher");
  }

  @Test
  void aGivenDirectoryAndADryRunThatWritesNothing() {
    Path dir = temp.resolve("tools-bin");

    Machine.Run dry = machine.install("--link", dir.toString(), "--dry-run");

    assertThat(dry.code()).as(dry.err()).isZero();
    assertThat(dry.out()).contains("would create " + dir,
        "would link " + dir.resolve("groundskeeper") + " to " + machine.launcher);
    assertThat(dir).doesNotExist();

    Machine.Run real = machine.install("--link", dir.toString());
    assertThat(real.code()).isZero();
    assertThat(Files.isSymbolicLink(dir.resolve("groundskeeper"))).isTrue();
    assertThat(real.out()).contains("export PATH=\"" + dir + ":$PATH\"");
  }

  @Test
  void refusesToOverwriteAFileOrALinkToSomethingElseAndReplacesAnOlderLaunchersLink()
      throws IOException {
    Files.createDirectories(localBin);
    Path link = localBin.resolve("groundskeeper");
    Files.writeString(link, "#!/bin/sh\necho mine\n");

    Machine.Run file = machine.install("--link");
    assertThat(file.code()).isEqualTo(2);
    assertThat(file.err()).contains(link + " exists and is not a symbolic link");
    assertThat(Files.readString(link)).isEqualTo("#!/bin/sh\necho mine\n");

    Files.delete(link);
    Path other = Files.writeString(temp.resolve("other-tool"), "x");
    Files.createSymbolicLink(link, other);
    Machine.Run elsewhere = machine.install("--link");
    assertThat(elsewhere.code()).isEqualTo(2);
    assertThat(elsewhere.err()).contains("not to a groundskeeper launcher");
    assertThat(Files.readSymbolicLink(link)).isEqualTo(other);

    // an older checkout's launcher, gone since: the link is replaced in one step
    Files.delete(link);
    Path old = temp.resolve("old-checkout/bin/groundskeeper");
    Files.createSymbolicLink(link, old);
    Machine.Run replaced = machine.install("--link");
    assertThat(replaced.code()).as(replaced.err()).isZero();
    assertThat(replaced.out()).contains("replaced the link " + link);
    assertThat(link.toRealPath()).isEqualTo(machine.launcher.toRealPath());
  }

  @Test
  void anotherGroundskeeperEarlierOnPathIsNamed() throws IOException {
    Path early = Files.createDirectories(temp.resolve("early"));
    Files.writeString(early.resolve("groundskeeper"), "#!/bin/sh\n");
    early.resolve("groundskeeper").toFile().setExecutable(true);
    machine.env.put("PATH", early + ":" + localBin + ":" + machine.env.get("PATH"));

    Machine.Run run = machine.install("--link");

    assertThat(run.code()).isZero();
    assertThat(run.out()).contains(localBin + " is on PATH, but " + early.resolve("groundskeeper")
        + " comes first");
  }
}
