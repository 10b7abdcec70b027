package dev.groundskeeper.cli.install;

import java.util.List;

/**
 * What Cursor must register for Groundskeeper (docs/runners/protocol-notes.md; Cursor's own
 * documentation only, no build verified): shell commands before and after they run, file writes
 * before ({@code preToolUse} on the writing tools, newer builds) and after ({@code afterFileEdit}),
 * the session's start, and its stop. One table, to be replaced by the Cursor adapter's own
 * {@code registrations()} when it exists.
 */
final class CursorHooks {

  private CursorHooks() {}

  static List<Registration> registrations() {
    return List.of(
        Registration.of("beforeShellExecution"),
        Registration.of("afterShellExecution"),
        Registration.of("preToolUse", "Write", "StrReplace", "Edit"),
        Registration.of("afterFileEdit"),
        Registration.of("sessionStart"),
        Registration.of("stop"));
  }
}
