package dev.groundskeeper.cli;

import dev.groundskeeper.cli.serve.HookRunner;
import java.time.Clock;
import java.time.ZoneOffset;

/** The command as the serve tests run it: built-in rules only, a fixed clock. */
public final class ServedRunners {

  private ServedRunners() {}

  /** What both a served call and a direct call run, so that their answers can be compared. */
  public static HookRunner builtInRulesOnly() {
    return new Main(Clock.fixed(CliRunner.NOW, ZoneOffset.UTC),
        builder -> builder.exclude("clitest.*", "clitestplugin.*"))::run;
  }
}
