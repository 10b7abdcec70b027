package dev.groundskeeper.cli.install;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code install --link [DIR]}: a symbolic link {@code DIR/groundskeeper} to this launcher, so
 * that {@code groundskeeper} on {@code PATH} is this installation and remedies print the bare
 * name. Only a missing file, or a link that already points at a file named
 * {@code groundskeeper} (this launcher, an older checkout's, a dangling one), is written;
 * anything else there is refused. The link is made beside the old one under a temporary name and
 * moved over it in one step.
 */
final class PathLink {

  static final String NAME = "groundskeeper";
  static final String DEFAULT_DIRECTORY = "~/.local/bin";

  private final InstallContext context;

  PathLink(InstallContext context) {
    this.context = context;
  }

  /** The directory {@code --link} was given ({@code ""}: the default), made absolute. */
  Path directory(String given) {
    String home = context.environment().getOrDefault("HOME", "");
    String value = given.isEmpty() ? DEFAULT_DIRECTORY : given;
    if (value.equals("~") || value.startsWith("~/")) {
      if (home.isEmpty()) {
        throw new InstallException("HOME is not set, so " + value + " names no directory;"
            + " give one: install --link DIR");
      }
      value = home + value.substring(1);
    }
    try {
      return context.workingDirectory().resolve(value).normalize();
    } catch (InvalidPathException e) {
      throw new InstallException("not a directory name: " + given);
    }
  }

  /** Links {@code directory/groundskeeper} to {@code launcher}; returns the exit code. */
  int link(Path directory, Launcher launcher, boolean dryRun) {
    Path link = directory.resolve(NAME);
    Path target = launcher.path();
    List<String> lines = new ArrayList<>();
    boolean replace = false;
    if (Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
      if (!Files.isSymbolicLink(link)) {
        throw new InstallException(link + " exists and is not a symbolic link; it is left as it"
            + " is. Remove it if it is an old copy, or link elsewhere: install --link DIR");
      }
      Path points = readLink(link);
      if (sameFile(link, target)) {
        lines.add(link + " already links to " + target + "; nothing changed");
        return finish(directory, target, lines, true);
      }
      if (points.getFileName() == null || !points.getFileName().toString().equals(NAME)) {
        throw new InstallException(link + " is a link to " + points + ", not to a groundskeeper"
            + " launcher; it is left as it is. Remove it, or link elsewhere: install --link DIR");
      }
      replace = true;
    }
    boolean makeDirectory = !Files.isDirectory(directory);
    if (dryRun) {
      if (makeDirectory) {
        lines.add("would create " + directory);
      }
      lines.add("would " + (replace ? "replace the link " + link + " (now to "
          + readLink(link) + ") with one" : "link " + link) + " to " + target);
      return finish(directory, target, lines, false);
    }
    try {
      if (makeDirectory) {
        Files.createDirectories(directory);
        lines.add("created " + directory);
      }
      if (replace) {
        Path fresh = directory.resolve("." + NAME + ".link-" + ProcessHandle.current().pid());
        Files.deleteIfExists(fresh);
        Files.createSymbolicLink(fresh, target);
        try {
          Files.move(fresh, link, StandardCopyOption.ATOMIC_MOVE,
              StandardCopyOption.REPLACE_EXISTING);
        } finally {
          // the new link stays only under the name it was made for
          Files.deleteIfExists(fresh);
        }
        lines.add("replaced the link " + link + " with one to " + target);
      } else {
        Files.createSymbolicLink(link, target);
        lines.add("linked " + link + " to " + target);
      }
    } catch (FileAlreadyExistsException e) {
      throw new InstallException(link + " appeared while linking; nothing was replaced. Run"
          + " install --link again");
    } catch (IOException | UnsupportedOperationException e) {
      // the reason in words (the file system's message), never the exception's class name
      String reason = e instanceof java.nio.file.AccessDeniedException ? "permission denied"
          : e instanceof UnsupportedOperationException ? "this file system has no symbolic links"
          : Objects.requireNonNullElse(e.getMessage(), "the file system refused");
      throw new InstallException("cannot link " + link + " to " + target + ": " + reason);
    }
    return finish(directory, target, lines, true);
  }

  /** Prints what was done, then whether {@code groundskeeper} on PATH now runs the launcher. */
  private int finish(Path directory, Path target, List<String> lines, boolean linked) {
    lines.forEach(context.out()::println);
    String path = context.environment().getOrDefault("PATH", "");
    boolean listed = false;
    Optional<Path> first = Optional.empty();
    for (String entry : path.split(":", -1)) {
      if (entry.isEmpty() || !entry.startsWith("/")) {
        continue; // the working directory: it changes under every command, so it does not count
      }
      Path dir;
      try {
        dir = Path.of(entry).normalize();
      } catch (InvalidPathException e) {
        continue;
      }
      if (sameDirectory(dir, directory)) {
        listed = true;
      }
      Path candidate = dir.resolve(NAME);
      if (first.isEmpty() && Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        first = Optional.of(candidate);
      }
      if (listed && first.isPresent()) {
        break;
      }
    }
    if (!listed) {
      context.out().println(directory + " is not on PATH, so groundskeeper does not run this"
          + " launcher yet. Add it in your shell's startup file (~/.profile, ~/.bashrc or"
          + " ~/.zshrc), then open a new shell:");
      context.out().println("  export PATH=\"" + shown(directory) + ":$PATH\"");
    } else if (first.isPresent() && !sameFile(first.get(), target)
        && !sameDirectory(first.get().getParent(), directory)) {
      context.out().println(directory + " is on PATH, but " + first.get() + " comes first and"
          + " is another program: remove it, or put " + directory + " before its directory in"
          + " PATH.");
    } else if (linked) {
      context.out().println(directory + " is on PATH: groundskeeper runs this launcher, and"
          + " remedies print the bare name.");
    } else {
      context.out().println(directory + " is on PATH: after the link, groundskeeper runs this"
          + " launcher.");
    }
    return 0;
  }

  /** {@code $HOME/...} for a directory under the home, so the line is right in any shell file. */
  private String shown(Path directory) {
    String home = context.environment().getOrDefault("HOME", "");
    if (!home.isEmpty()) {
      Path h = Path.of(home).normalize();
      if (directory.startsWith(h) && !directory.equals(h)) {
        return "$HOME/" + h.relativize(directory);
      }
    }
    return directory.toString().replace("\\", "\\\\").replace("\"", "\\\"")
        .replace("$", "\\$").replace("`", "\\`");
  }

  private static Path readLink(Path link) {
    try {
      return Files.readSymbolicLink(link);
    } catch (IOException e) {
      throw new InstallException("cannot read the link " + link + ": " + e.getMessage());
    }
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      return a.toRealPath().equals(b.toRealPath());
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean sameDirectory(Path a, Path b) {
    if (a.equals(b)) {
      return true;
    }
    try {
      return Files.isDirectory(a) && Files.isDirectory(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }
}
