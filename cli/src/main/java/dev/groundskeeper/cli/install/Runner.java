package dev.groundskeeper.cli.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.host.runner.RunnerAdapter;
import dev.groundskeeper.host.runner.Runners;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The runners Groundskeeper installs into: where each keeps its hook settings, how one hook entry
 * is written there, and how to tell that the runner is on this machine.
 *
 * <p>Codex CLI is registered through {@code hooks.json} rather than {@code [hooks]} tables in
 * {@code config.toml}: Codex reads a {@code hooks.json} beside each config layer (its
 * {@code hooks/src/engine/discovery.rs}), the file holds nothing but hooks (its top level admits
 * only {@code "hooks"}), so an edit cannot disturb the models, MCP servers or the hook-trust
 * state Codex itself writes into {@code config.toml}; and JSON can be changed by splicing with
 * every other byte kept, where TOML would need a TOML editor this project does not have.
 */
enum Runner {
  CLAUDE("claude", "Claude Code", true, false),
  CODEX("codex", "Codex CLI", true, false),
  GEMINI("gemini", "Gemini CLI", true, true),
  CURSOR("cursor", "Cursor", false, false);

  /** The name on the command line ({@code --runner}, {@code hook --runner}). */
  final String id;
  final String title;
  /** Matcher groups holding a {@code hooks} array (Claude Code's shape), or flat entries. */
  final boolean grouped;
  /** Whether the runner's reader strips comments from the file (Gemini CLI does). */
  final boolean comments;

  Runner(String id, String title, boolean grouped, boolean comments) {
    this.id = id;
    this.title = title;
    this.grouped = grouped;
    this.comments = comments;
  }

  static Optional<Runner> named(String name) {
    for (Runner runner : values()) {
      if (runner.id.equals(name.toLowerCase(Locale.ROOT))) {
        return Optional.of(runner);
      }
    }
    return Optional.empty();
  }

  /** The scopes this runner has settings for. */
  List<Scope> scopes() {
    return this == CLAUDE ? List.of(Scope.USER, Scope.PROJECT, Scope.LOCAL)
        : List.of(Scope.USER, Scope.PROJECT);
  }

  /** The runner's own directory in the user's home (honouring the runner's variable). */
  Optional<Path> userDirectory(Map<String, String> env) {
    Optional<Path> home = variable(env, "HOME").map(Path::of);
    return switch (this) {
      case CLAUDE -> variable(env, "CLAUDE_CONFIG_DIR").map(Path::of)
          .or(() -> home.map(h -> h.resolve(".claude")));
      case CODEX -> variable(env, "CODEX_HOME").map(Path::of)
          .or(() -> home.map(h -> h.resolve(".codex")));
      case GEMINI -> variable(env, "GEMINI_CLI_HOME").map(Path::of).or(() -> home)
          .map(h -> h.resolve(".gemini"));
      case CURSOR -> home.map(h -> h.resolve(".cursor"));
    };
  }

  /** The settings file of {@code scope}; {@code project} is the repository's root. */
  Path file(Scope scope, Map<String, String> env, Optional<Path> project) {
    if (!scopes().contains(scope)) {
      throw new InstallException(title + " has no " + scope.id + " settings; use --scope user"
          + " or --scope project");
    }
    String name = switch (this) {
      case CLAUDE -> scope == Scope.LOCAL ? "settings.local.json" : "settings.json";
      case CODEX, CURSOR -> "hooks.json";
      case GEMINI -> "settings.json";
    };
    if (scope == Scope.USER) {
      return userDirectory(env).orElseThrow(() -> new InstallException(
          "HOME is not set, so the user settings of " + title + " cannot be found"))
          .resolve(name);
    }
    Path root = project.orElseThrow(() -> new InstallException("--scope " + scope.id
        + " needs a repository: run it inside one, or use --scope user"));
    String directory = switch (this) {
      case CLAUDE -> ".claude";
      case CODEX -> ".codex";
      case GEMINI -> ".gemini";
      case CURSOR -> ".cursor";
    };
    return root.resolve(directory).resolve(name);
  }

  /** The programs whose presence on {@code PATH} says the runner is installed. */
  List<String> programs() {
    return switch (this) {
      case CLAUDE -> List.of("claude");
      case CODEX -> List.of("codex");
      case GEMINI -> List.of("gemini");
      case CURSOR -> List.of("cursor-agent", "cursor");
    };
  }

  /**
   * Whether the runner is on this machine: its directory in the home exists (each creates it on
   * first use) or one of its programs is on {@code PATH}.
   */
  boolean found(Map<String, String> env) {
    if (userDirectory(env).filter(Files::isDirectory).isPresent()) {
      return true;
    }
    for (String directory : variable(env, "PATH").orElse("").split(File.pathSeparator)) {
      for (String program : programs()) {
        if (!directory.isEmpty() && Files.isExecutable(Path.of(directory).resolve(program))) {
          return true;
        }
      }
    }
    return false;
  }

  /** How {@link #found} looked, for a message. */
  String lookedFor(Map<String, String> env) {
    return "no " + userDirectory(env).map(Path::toString).orElse("~/." + id) + ", no "
        + String.join(" or ", programs()) + " on PATH";
  }

  /** A document holding no hooks, as a new settings file starts. */
  String emptyDocument() {
    return this == CURSOR ? "{\n  \"version\": 1\n}\n" : "{}\n";
  }

  /**
   * The matcher written for {@code registration}, if it has one. Codex gets none: which name its
   * shell tool reports ({@code Bash}, {@code exec_command}, {@code shell}, ...) differs between
   * builds, a matcher naming the wrong one would silently judge nothing, and the adapter ignores
   * the tools it does not read.
   */
  Optional<String> matcher(Registration registration) {
    if (registration.tools().isEmpty() || this == CODEX) {
      return Optional.empty();
    }
    String alternatives = String.join("|", registration.tools());
    // Gemini tests the matcher as an unanchored regular expression.
    return Optional.of(this == GEMINI ? "^(" + alternatives + ")$" : alternatives);
  }

  /** The entry one event's array holds for Groundskeeper: a matcher group, or a flat entry. */
  ObjectNode entry(Registration registration, String command) {
    JsonNodeFactory json = JsonNodeFactory.instance;
    ObjectNode hook = json.objectNode();
    switch (this) {
      case CLAUDE, CODEX -> {
        hook.put("type", "command");
        hook.put("command", command);
        hook.put("timeout", 30); // seconds
      }
      case GEMINI -> {
        hook.put("name", "groundskeeper");
        hook.put("type", "command");
        hook.put("command", command);
        hook.put("timeout", 30_000); // milliseconds
      }
      case CURSOR -> {
        hook.put("command", command);
        matcher(registration).ifPresent(m -> hook.put("matcher", m));
        return hook;
      }
    }
    ObjectNode group = json.objectNode();
    matcher(registration).ifPresent(m -> group.put("matcher", m));
    group.putArray("hooks").add(hook);
    return group;
  }

  /**
   * A pre-command payload of this runner's shape (a read-only {@code git status}), for doctor's
   * sample call.
   */
  ObjectNode samplePayload(String session, Path cwd, String timestamp) {
    ObjectNode payload = JsonNodeFactory.instance.objectNode();
    String directory = cwd.toString();
    switch (this) {
      case CLAUDE -> {
        payload.put("session_id", session).put("transcript_path", "").put("cwd", directory)
            .put("permission_mode", "default").put("hook_event_name", "PreToolUse")
            .put("tool_name", "Bash").put("tool_use_id", "toolu_groundskeeper_doctor");
        payload.putObject("tool_input").put("command", "git status");
      }
      case CODEX -> {
        payload.put("session_id", session).put("turn_id", "groundskeeper-doctor")
            .putNull("transcript_path");
        payload.put("cwd", directory).put("hook_event_name", "PreToolUse")
            .put("model", "groundskeeper-doctor").put("permission_mode", "default")
            .put("tool_name", "Bash").put("tool_use_id", "call_groundskeeper_doctor");
        payload.putObject("tool_input").put("command", "git status");
      }
      case GEMINI -> {
        payload.put("session_id", session).put("transcript_path", "").put("cwd", directory)
            .put("hook_event_name", "BeforeTool").put("timestamp", timestamp)
            .put("tool_name", "run_shell_command");
        payload.putObject("tool_input").put("command", "git status");
      }
      case CURSOR -> {
        payload.put("conversation_id", session).put("generation_id", "groundskeeper-doctor")
            .put("hook_event_name", "beforeShellExecution").put("command", "git status")
            .put("cwd", directory);
        payload.putArray("workspace_roots").add(directory);
      }
    }
    return payload;
  }

  /** The command of a hook entry (Cursor's flat entry, or one hook of a group). */
  static Optional<String> command(JsonNode hook) {
    JsonNode command = hook.path("command");
    return command.isTextual() ? Optional.of(command.asText()) : Optional.empty();
  }

  /** The host adapter that answers this runner's hook calls. */
  RunnerAdapter adapter() {
    return switch (this) {
      case CLAUDE -> Runners.CLAUDE_CODE;
      case CODEX -> Runners.CODEX;
      case GEMINI -> Runners.GEMINI;
      case CURSOR -> Runners.CURSOR;
    };
  }

  /**
   * What install writes for rules reading {@code events}: the adapter's own registrations for
   * them (opt-in hooks left out), so the hooks a rule needs and the hooks install registers
   * cannot drift apart. Events in the order a session meets them, tools as each runner's
   * documentation lists them, so a new file reads naturally.
   */
  List<Registration> registrations(Collection<Class<? extends Event>> events) {
    List<String> eventOrder = switch (this) {
      case CLAUDE -> List.of("PreToolUse", "PostToolUse", "PostToolUseFailure", "SessionStart",
          "UserPromptSubmit", "SubagentStart", "SubagentStop", "PreCompact", "Stop",
          "StopFailure");
      case CODEX -> List.of("PreToolUse", "PostToolUse", "SessionStart", "UserPromptSubmit",
          "SubagentStart", "SubagentStop", "PreCompact", "Stop");
      case GEMINI -> List.of("BeforeTool", "AfterTool", "SessionStart", "BeforeAgent",
          "AfterAgent", "PreCompress");
      case CURSOR -> List.of("beforeShellExecution", "afterShellExecution", "preToolUse",
          "afterFileEdit", "beforeSubmitPrompt", "sessionStart", "subagentStop", "stop");
    };
    List<String> toolOrder = List.of("Bash", "run_shell_command", "write_file", "replace",
        "Write", "StrReplace", "Edit", "MultiEdit", "NotebookEdit", "Task", "Agent");
    Comparator<String> byEvent = Comparator.comparingInt((String e) -> rank(eventOrder, e))
        .thenComparing(Comparator.naturalOrder());
    Comparator<String> byTool = Comparator.comparingInt((String t) -> rank(toolOrder, t))
        .thenComparing(Comparator.naturalOrder());
    List<Registration> registrations = new ArrayList<>();
    adapter().registrations(events, false).stream()
        .sorted(Comparator.comparing(RunnerAdapter.Registration::hook, byEvent))
        .forEach(registration -> registrations.add(new Registration(registration.hook(),
            registration.tools().stream().sorted(byTool).toList())));
    return List.copyOf(registrations);
  }

  private static int rank(List<String> order, String value) {
    int at = order.indexOf(value);
    return at < 0 ? order.size() : at;
  }

  private static Optional<String> variable(Map<String, String> env, String name) {
    return Optional.ofNullable(env.get(name)).filter(v -> !v.isEmpty());
  }
}
