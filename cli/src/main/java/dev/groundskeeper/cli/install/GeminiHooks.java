package dev.groundskeeper.cli.install;

import java.util.List;

/**
 * What Gemini CLI must register for Groundskeeper (docs/runners/protocol-notes.md, Gemini
 * 0.61.0): the shell and file tools before and after they run, the session's start and end, each
 * prompt, the end of each agent turn (its stop) and compression. One table, to be replaced by the
 * Gemini adapter's own {@code registrations()} when it exists.
 */
final class GeminiHooks {

  /** The tools whose calls the rules judge. */
  static final List<String> TOOLS = List.of("run_shell_command", "write_file", "replace");

  private GeminiHooks() {}

  static List<Registration> registrations() {
    return List.of(
        new Registration("BeforeTool", TOOLS),
        new Registration("AfterTool", TOOLS),
        Registration.of("SessionStart"),
        Registration.of("SessionEnd"),
        Registration.of("BeforeAgent"),
        Registration.of("AfterAgent"),
        Registration.of("PreCompress"));
  }
}
