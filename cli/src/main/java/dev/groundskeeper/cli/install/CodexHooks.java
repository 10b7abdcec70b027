package dev.groundskeeper.cli.install;

import java.util.List;

/**
 * What Codex CLI must register for Groundskeeper (docs/runners/protocol-notes.md, Codex 0.171.0).
 * One table, to be replaced by the Codex adapter's own {@code registrations()} when it exists.
 *
 * <p>The tool events carry no matcher: which name the shell tool reports ({@code Bash},
 * {@code exec_command}, {@code shell}) is not pinned for 0.171, and a matcher naming the wrong one
 * would silently judge nothing; the adapter ignores the tools it does not read.
 */
final class CodexHooks {

  private CodexHooks() {}

  static List<Registration> registrations() {
    return List.of(
        Registration.of("PreToolUse"),
        Registration.of("PostToolUse"),
        Registration.of("SessionStart"),
        Registration.of("UserPromptSubmit"),
        Registration.of("SubagentStart"),
        Registration.of("SubagentStop"),
        Registration.of("PreCompact"),
        Registration.of("Stop"));
  }
}
