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
 * whose directory is unknown cannot be placed.
 */
record CommandPaths(Path root, Path cwd) {

  static CommandPaths of(Event event, Facts facts) {
    Path cwd = event.context().cwd();
    return new CommandPaths(facts.find(FileFacts.WORKTREE_ROOT).orElse(cwd), cwd);
  }

  /** The absolute path, when it can be known from the text. */
  Optional<Path> absolute(Word path, Directory directory) {
    if (!path.isStatic() || path.value().isEmpty()) {
      return Optional.empty();
    }
    return directory.resolveFile(path.value(), cwd, Optional.empty());
  }

  /** The repository-relative path, when it can be known and lies inside the checkout. */
  Optional<String> relative(Word path, Directory directory) {
    return absolute(path, directory).flatMap(p -> ScratchPaths.relativize(root, cwd, p));
  }
}
