package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.shell.Directory;
import dev.groundskeeper.api.shell.Word;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Places a path written in a shell command: through the directory chain the parser worked out
 * for that command, relative to the event's working directory, then relative to the checkout's
 * top level. A path that is not static ({@code $X/notes.md}), that goes through {@code ~}, or
 * whose directory is unknown cannot be placed. The work is done on text, because it runs for
 * every path of every command.
 *
 * @param root the checkout's top level
 * @param cwdPrefix the working directory relative to {@code root} ({@code ""} at the top level),
 *     empty when the working directory lies outside the checkout
 */
record CommandPaths(Path root, Optional<String> cwdPrefix) {

  static CommandPaths of(Event event, Facts facts) {
    Path cwd = event.context().cwd().normalize();
    Path root = facts.find(FileFacts.WORKTREE_ROOT).orElse(cwd).normalize();
    Optional<String> prefix = cwd.equals(root) ? Optional.of("")
        : ScratchPaths.relativize(root, root, cwd);
    return new CommandPaths(root, prefix);
  }

  /** The repository-relative path, when it can be known and lies inside the checkout. */
  Optional<String> relative(Word path, Directory directory) {
    if (!path.isStatic() || path.value().isEmpty()) {
      return Optional.empty();
    }
    Optional<String> joined = directory.join(path.value());
    if (joined.isEmpty() || joined.get().startsWith("~")) {
      return Optional.empty();
    }
    String text = joined.get();
    if (text.startsWith("/")) {
      String top = root.toString();
      return text.startsWith(top + "/") ? ScratchPaths.normalize(text.substring(top.length() + 1))
          : Optional.empty();
    }
    return cwdPrefix.flatMap(prefix -> ScratchPaths.normalize(
        prefix.isEmpty() ? text : prefix + "/" + text));
  }
}
