package dev.groundskeeper.cli.install;

import java.util.ArrayList;
import java.util.List;

/** The runners a verb works on: the one named, or with {@code all} every runner found. */
final class Targets {

  static final String RUNNER_HELP = "claude, codex, gemini, cursor, or all: every runner found"
      + " on this machine (its directory in the home, such as ~/.claude, exists, or its program"
      + " is on PATH) (default: ${DEFAULT-VALUE}).";

  private Targets() {}

  static Runner runner(String name) {
    return Runner.named(name).orElseThrow(() -> new InstallException("unknown runner `" + name
        + "`: give claude, codex, gemini, cursor or all"));
  }

  static Scope scope(String name) {
    return Scope.named(name).orElseThrow(() -> new InstallException("unknown scope `" + name
        + "`: give user, project or local"));
  }

  /** The runners {@code name} means; for {@code all}, those found (an error when none is). */
  static List<Runner> runners(String name, InstallContext context) {
    if (!name.equalsIgnoreCase("all")) {
      return List.of(runner(name));
    }
    List<Runner> found = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    for (Runner runner : Runner.values()) {
      if (runner.found(context.environment())) {
        found.add(runner);
      } else {
        missing.add(runner.id + " (" + runner.lookedFor(context.environment()) + ")");
      }
    }
    if (found.isEmpty()) {
      throw new InstallException("no runner found: " + String.join("; ", missing)
          + "; name one with --runner");
    }
    return found;
  }

  static List<String> notFound(InstallContext context) {
    List<String> missing = new ArrayList<>();
    for (Runner runner : Runner.values()) {
      if (!runner.found(context.environment())) {
        missing.add(runner.id + " (" + runner.lookedFor(context.environment()) + ")");
      }
    }
    return missing;
  }
}
