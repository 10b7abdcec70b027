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

  /**
   * The paths of a command event, or empty outside a checkout: the roots are
   * repository-relative, so without a checkout no path lies under one.
   */
  static Optional<CommandPaths> of(Event event, Facts facts) {
    return facts.find(FileFacts.WORKTREE_ROOT).map(found -> {
      Path cwd = event.context().cwd().normalize();
      Path root = found.normalize();
      Optional<String> prefix = cwd.equals(root) ? Optional.of("")
          : ScratchPaths.relativize(root, root, cwd);
      return new CommandPaths(root, prefix);
    });
  }

  /** The repository-relative path, when it can be known and lies inside the checkout. */
  Optional<String> relative(Word path, Directory directory) {
    if (!path.isStatic() || path.value().isEmpty()) {
      return Optional.empty();
    }
    return directory.join(path.value()).flatMap(this::placed).flatMap(ScratchPaths::normalize);
  }

  /**
   * The repository-relative form of a directory a command certainly runs in ({@code ""} for the
   * top level); empty when it is uncertain, unknown, or outside the checkout.
   */
  Optional<String> relative(Directory directory) {
    if (!directory.isCertain()) {
      return Optional.empty();
    }
    return directory.join(".").flatMap(this::placed).flatMap(text -> text.isEmpty()
        ? Optional.of("") : ScratchPaths.normalize(text));
  }

  /**
   * How a command running in {@code directory} must spell the repository-relative
   * {@code file}: relative to that directory when it is known, else absolute, which is right
   * wherever the command runs.
   */
  String spell(String file, Directory directory) {
    Optional<String> from = relative(directory);
    if (from.isEmpty()) {
      return root.resolve(file).toString();
    }
    String[] base = from.get().isEmpty() ? new String[0] : from.get().split("/");
    String[] target = file.split("/");
    int common = 0;
    while (common < base.length && common < target.length - 1
        && base[common].equals(target[common])) {
      common++;
    }
    StringBuilder text = new StringBuilder();
    for (int i = common; i < base.length; i++) {
      text.append("../");
    }
    for (int i = common; i < target.length; i++) {
      text.append(target[i]).append(i < target.length - 1 ? "/" : "");
    }
    return text.toString();
  }

  /** A joined path made repository-relative: {@code ""} is the top level. */
  private Optional<String> placed(String text) {
    if (text.startsWith("~")) {
      return Optional.empty();
    }
    if (text.startsWith("/")) {
      String top = root.toString();
      return text.equals(top) ? Optional.of("")
          : text.startsWith(top + "/") ? Optional.of(text.substring(top.length() + 1))
          : Optional.empty();
    }
    return cwdPrefix.map(prefix -> prefix.isEmpty() ? text
        : text.isEmpty() ? prefix : prefix + "/" + text);
  }
}
