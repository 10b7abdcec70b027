package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every test of {@link ServeLauncherIT} again, with the launcher handing hook calls to the
 * compiled hook client (cli/src/main/c/hook-client.c) as it does once the build step has compiled
 * it: the same answers, the same reasons on standard error, the same fallbacks. Skipped where no
 * C compiler is installed, as the launcher then keeps bash's own path.
 */
class HookClientServeLauncherIT extends ServeLauncherIT {

  @TempDir
  static Path build;

  /** The compiled client, run through a script that notes each run, so a test can see it ran. */
  private static Path wrapper;
  private static Path runs;

  @BeforeAll
  static void compileTheClient() throws Exception {
    Optional<String> compiler = Stream.of("cc", "gcc", "clang").filter(HookClientServeLauncherIT::onPath)
        .findFirst();
    assumeTrue(compiler.isPresent(), "no C compiler on PATH: the launcher keeps bash's path");
    Path source = LAUNCHER.toAbsolutePath().getParent().getParent()
        .resolve("cli/src/main/c/hook-client.c");
    Path binary = build.resolve("groundskeeper-hook-client");
    Process cc = new ProcessBuilder(compiler.get(), "-O2", "-Wall", "-Werror", "-o",
        binary.toString(), source.toString()).redirectErrorStream(true).start();
    String output = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(cc.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(cc.exitValue()).as("the client compiles without a warning: %s", output).isZero();
    runs = build.resolve("runs");
    wrapper = build.resolve("client-wrapper");
    Files.writeString(wrapper, "#!/bin/sh\necho ran >>'" + runs + "'\nexec '" + binary
        + "' \"$@\"\n");
    Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwx------"));
  }

  private static boolean onPath(String program) {
    return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        .anyMatch(directory -> Files.isExecutable(Path.of(directory, program)));
  }

  @Override
  Map<String, String> client() {
    return Map.of("GROUNDSKEEPER_HOOK_CLIENT", wrapper.toString());
  }

  @Override
  boolean servesWithoutHeadAndTr() {
    return true;
  }

  @Test
  void theLauncherHandsHookCallsToTheClientAndItsServedAnswersEqualAFreshProcesss()
      throws Exception {
    Map<String, Run> fresh = hookCalls(OFF);
    startServer(Map.of());
    long before = Files.exists(runs) ? Files.readAllLines(runs).size() : 0;
    Map<String, Run> served = hookCalls(Map.of());
    assertThat(Files.readAllLines(runs)).as("the client ran once per call")
        .hasSize((int) before + served.size());
    assertThat(served).isEqualTo(fresh);
    assertThat(status()).contains("answered: " + served.size());
    // other verbs never go through it
    launch(Map.of(), "", "--version");
    assertThat(Files.readAllLines(runs)).hasSize((int) before + served.size());
  }

  /**
   * A runner reads a hook that died by a signal as "the hook failed, go ahead", so the client runs
   * its exchange in a child: when that child crashes mid-call or hangs past its bound, the call is
   * still handed back with its payload and judged in a fresh process, which says why on stderr.
   */
  @Test
  void anExchangeThatCrashesOrHangsMidCallIsStillJudged() throws Exception {
    Run fresh = launch(OFF, payload("git branch -D feat/x"), "hook");
    assertThat(fresh.out()).contains("\"permissionDecision\":\"deny\"");
    startServer(Map.of());

    Run crashed = launch(Map.of("GROUNDSKEEPER_HOOK_CLIENT_FAULT", "abort"),
        payload("git branch -D feat/x"), "hook");
    assertThat(crashed.exit()).isEqualTo(fresh.exit());
    assertThat(crashed.out()).isEqualTo(fresh.out());
    assertThat(crashed.err()).contains("did not answer: the hook client's exchange died by signal 6");

    Run hung = launch(Map.of("GROUNDSKEEPER_HOOK_CLIENT_FAULT", "hang",
        "GROUNDSKEEPER_SERVE_TIMEOUT", "1"), payload("git branch -D feat/x"), "hook");
    assertThat(hung.exit()).isEqualTo(fresh.exit());
    assertThat(hung.out()).isEqualTo(fresh.out());
    assertThat(hung.err()).contains("did not answer: the hook client did not finish within 3 s");
  }

  @Test
  void runByHandTheClientSaysHowItIsRun() throws Exception {
    Process process = new ProcessBuilder(List.of(build.resolve("groundskeeper-hook-client")
        .toString(), "hook")).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).isEqualTo(2);
    assertThat(output).contains("run by bin/groundskeeper only");
  }
}
