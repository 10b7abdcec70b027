package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code serve} verb through the main command, without a server running. */
class ServeCommandTest {

  @TempDir
  Path temp;

  @Test
  void theVerbIsRegisteredWithItsHelp() {
    CliRunner.Result help = new CliRunner(temp).run(temp, "serve", "--help");
    assertThat(help.exit()).isZero();
    assertThat(help.out()).startsWith("Usage: groundskeeper serve")
        .contains("--socket=PATH", "--idle-timeout=DURATION", "--max-concurrent=N", "--stop",
            "--status");
    assertThat(new CliRunner(temp).run(temp, "--help").out()).contains("  serve  ");
  }

  @Test
  void withoutAServerStopAndStatusSaySoAndCreateNothing() {
    CliRunner cli = new CliRunner(temp);
    Path socket = cli.home().resolve(".groundskeeper/run/serve.sock");
    CliRunner.Result status = cli.run(temp, "serve", "--status");
    assertThat(status.exit()).isEqualTo(1);
    assertThat(status.output()).isEqualTo("no server answers on " + socket);
    CliRunner.Result json = cli.run(temp, "serve", "--status", "--json");
    assertThat(json.exit()).isEqualTo(1);
    assertThat(json.output()).isEqualTo("{\"running\":false,\"socket\":\"" + socket + "\"}");
    CliRunner.Result stop = cli.run(temp, "serve", "--stop");
    assertThat(stop.exit()).isZero();
    assertThat(stop.output()).isEqualTo("no server runs on " + socket);
    assertThat(cli.home().resolve(".groundskeeper")).doesNotExist();
  }

  @Test
  void wrongOptionsAreRefusedWithExitTwo() {
    CliRunner cli = new CliRunner(temp);
    CliRunner.Result duration = cli.run(temp, "serve", "--idle-timeout", "soon");
    assertThat(duration.exit()).isEqualTo(2);
    assertThat(duration.error()).contains("not a duration: `soon`");
    CliRunner.Result both = cli.run(temp, "serve", "--stop", "--status");
    assertThat(both.exit()).isEqualTo(2);
    assertThat(both.error()).isEqualTo("groundskeeper serve: give --stop or --status, not both");
    CliRunner.Result json = cli.run(temp, "serve", "--json");
    assertThat(json.exit()).isEqualTo(2);
    assertThat(json.error()).isEqualTo("groundskeeper serve: --json goes with --status");
    for (String[] args : new String[][] {{"serve", "--plugin-path", "x.jar"},
        {"--plugin-path", "x.jar", "serve"}}) {
      CliRunner.Result plugins = cli.run(temp, args);
      assertThat(plugins.exit()).isEqualTo(2);
      assertThat(plugins.error()).startsWith("groundskeeper serve: --plugin-path belongs to the"
          + " hook command");
    }
    CliRunner.Result workers = cli.run(temp, "serve", "--max-concurrent", "0");
    assertThat(workers.exit()).isEqualTo(2);
    assertThat(workers.error()).contains("--max-concurrent must be between 1 and 64");
    CliRunner.Result pretty = cli.run(temp, "serve", "--status", "--pretty");
    assertThat(pretty.exit()).isEqualTo(2);
    assertThat(pretty.error()).isEqualTo("groundskeeper serve: --pretty goes with --status --json");
  }

  /**
   * A refusal that names a command names it so that it runs as printed: with the launcher's path
   * when {@code groundskeeper} on PATH is not that launcher; the speaker's prefix stays.
   */
  @Test
  void theCommandsARefusalNamesRunAsPrinted() throws Exception {
    Path launcher = java.nio.file.Files.createDirectories(temp.resolve("checkout/bin"))
        .resolve("groundskeeper");
    java.nio.file.Files.writeString(launcher, "#!/bin/sh\n");
    java.nio.file.Files.setPosixFilePermissions(launcher,
        java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    CliRunner cli = new CliRunner(temp).env("GROUNDSKEEPER_LAUNCHER", launcher.toString())
        .env("PATH", temp.resolve("empty").toString());
    CliRunner.Result plugins = cli.run(temp, "serve", "--plugin-path", "x.jar");
    assertThat(plugins.exit()).isEqualTo(2);
    assertThat(plugins.error()).isEqualTo("groundskeeper serve: --plugin-path belongs to the"
        + " hook command (" + launcher + " hook --plugin-path ...) or to engine.plugins; each"
        + " call brings its own");
  }

  @Test
  void statusJsonIsCompactAndIndentedWithPretty() {
    CliRunner cli = new CliRunner(temp);
    assertThat(cli.run(temp, "serve", "--status", "--json").out()).doesNotContain("\n  ");
    assertThat(cli.run(temp, "serve", "--status", "--json", "--pretty").out())
        .startsWith("{\n  \"running\" : false,");
  }
}
