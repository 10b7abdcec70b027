package dev.groundskeeper.cli.install;

import com.fasterxml.jackson.databind.JsonNode;
import dev.groundskeeper.cli.install.DoctorCommand.Finding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The runners' own switches that keep a registered hook from running, which doctor reports with
 * the edit that turns them back on: Claude Code's {@code disableAllHooks}, Gemini CLI's
 * {@code hooksConfig}, and Codex's {@code [features]} flag and per-hook trust in
 * {@code config.toml}.
 */
final class RunnerSwitches {

  private RunnerSwitches() {}

  /** Claude Code's own switch that keeps every hook from running. */
  static Optional<Finding> claude(Registrar registrar, String text, Path file,
      String about) {
    JsonNode off = registrar.root(text).node().path("disableAllHooks");
    if (off.isBoolean() && off.asBoolean()) {
      return Optional.of(new Finding(about, file + " sets disableAllHooks to true, so Claude"
          + " Code runs no hook, Groundskeeper's included", "delete \"disableAllHooks\": true"
          + " from " + file + " (or set it to false)"));
    }
    return Optional.empty();
  }

  /**
   * Codex's own switches in {@code config.toml}: the {@code [features]} flag that turns hooks off,
   * and the per-hook state under {@code [hooks.state]} (a hook switched off, or one not yet
   * trusted: Codex runs a hook of a user or project file only after the person trusts it).
   * Only the user's config.toml holds hook state; a project's may still switch hooks off.
   */
  static void codex(Map<String, String> environment, Map<Scope, String> registered,
      List<Registration> wanted, Optional<Path> project, Launcher launcher,
      List<Finding> findings, List<String> lines) {
    Optional<Path> user = Runner.CODEX.userDirectory(environment)
        .map(dir -> dir.resolve("config.toml"));
    if (user.isEmpty()) {
      return;
    }
    List<Path> configs = new ArrayList<>(List.of(user.get()));
    project.ifPresent(root -> configs.add(root.resolve(".codex").resolve("config.toml")));
    CodexConfig userConfig = null;
    for (Path file : configs) {
      CodexConfig config;
      try {
        Optional<String> text = SettingsFile.read(file);
        config = text.isEmpty() ? CodexConfig.parse("") : CodexConfig.parse(text.get());
      } catch (InstallException | CodexConfig.Unreadable e) {
        lines.add("codex: " + file + ": " + e.getMessage() + "; whether Codex runs the hooks"
            + " was not checked");
        continue;
      }
      if (file.equals(user.get())) {
        userConfig = config;
      }
      if (config.hooksOff()) {
        findings.add(new Finding("codex", file + " turns hooks off under [features], so Codex"
            + " runs no hook, Groundskeeper's included", "set hooks = true under [features] in "
            + file + " (or delete the line)"));
      }
    }
    if (userConfig == null) {
      return;
    }
    for (Map.Entry<Scope, String> scope : registered.entrySet()) {
      Path file = Runner.CODEX.file(scope.getKey(), environment, project);
      Registrar registrar = new Registrar(Runner.CODEX, file);
      Set<String> off = new LinkedHashSet<>();
      Set<String> untrusted = new LinkedHashSet<>();
      String firstOff = "";
      for (Registration registration : wanted) {
        for (Registrar.Found found : registrar.ours(scope.getValue(), registration.event())) {
          String key = CodexConfig.key(file.toString(), registration.event(), found.element(),
              Math.max(0, found.hook()));
          CodexConfig.HookState state = userConfig.hooks().get(key);
          if (state != null && state.enabled().filter(on -> !on).isPresent()) {
            firstOff = firstOff.isEmpty() ? key : firstOff;
            off.add(registration.event());
          } else if (state == null || state.trustedHash().isEmpty()) {
            untrusted.add(registration.event());
          }
        }
      }
      String about = "codex " + scope.getKey().id;
      if (!off.isEmpty()) {
        findings.add(new Finding(about, user.get() + " turns off Groundskeeper's "
            + String.join(", ", off) + " hook" + (off.size() == 1 ? "" : "s") + " in " + file,
            "delete enabled = false under [hooks.state.\"" + firstOff + "\"] (and the like) in "
                + user.get() + ", or turn them on in Codex's /hooks"));
      }
      if (!untrusted.isEmpty()) {
        findings.add(new Finding(about, "Codex has not trusted Groundskeeper's "
            + String.join(", ", untrusted) + " hook" + (untrusted.size() == 1 ? "" : "s")
            + " in " + file + " yet, and runs no hook it has not trusted",
            "start codex and trust the hooks it asks you to review (or in /hooks); "
                + launcher.path() + " doctor then checks again"));
      }
    }
  }

  /** Gemini CLI's own switches that keep hooks from running. */
  static Optional<Finding> gemini(Registrar registrar, String text, Path file,
      String about) {
    JsonNode config = registrar.root(text).node().path("hooksConfig");
    if (config.path("enabled").isBoolean() && !config.path("enabled").asBoolean()) {
      return Optional.of(new Finding(about, file + " sets hooksConfig.enabled to false, so"
          + " Gemini CLI runs no hook", "set \"hooksConfig\": {\"enabled\": true} in " + file));
    }
    for (JsonNode name : config.path("disabled")) {
      if (name.asText().equals("groundskeeper") || Launcher.runsHook(name.asText())) {
        return Optional.of(new Finding(about, file + " lists " + name + " in"
            + " hooksConfig.disabled", "remove " + name + " from hooksConfig.disabled in "
            + file));
      }
    }
    return Optional.empty();
  }
}
