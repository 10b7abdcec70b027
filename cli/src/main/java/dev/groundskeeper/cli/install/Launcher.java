package dev.groundskeeper.cli.install;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * This installation's {@code bin/groundskeeper}, by its real absolute path (symbolic links
 * resolved, so that a settings file keeps working when the link it was installed through goes),
 * and how hook commands that run a Groundskeeper launcher are told from every other hook.
 */
record Launcher(Path path) {

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

  /**
   * The launcher beside the code of {@code anchor}: {@code bin/groundskeeper} in the checkout (or
   * unpacked distribution) whose jar or class directory holds it, looked for up to four levels up.
   */
  static Optional<Launcher> beside(Class<?> anchor) {
    Path code;
    try {
      code = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException | RuntimeException e) {
      return Optional.empty();
    }
    Path level = code;
    for (int i = 0; i < 5 && level != null; i++) {
      Path candidate = level.resolve("bin").resolve("groundskeeper");
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        try {
          return Optional.of(new Launcher(candidate.toRealPath()));
        } catch (IOException e) {
          return Optional.empty();
        }
      }
      level = level.getParent();
    }
    return Optional.empty();
  }

  /** The hook command for {@code runner}: the launcher quoted for a shell only when it must be. */
  String command(Runner runner) {
    return shellWord(path.toString()) + " hook --runner " + runner.id;
  }

  /** This installation's jar, where the checkout layout puts it. */
  Path jar() {
    return path.getParent().resolveSibling("cli").resolve("target").resolve("groundskeeper.jar");
  }

  /**
   * Whether {@code command} runs a Groundskeeper launcher's hook verb: its program is a file named
   * {@code groundskeeper} (any directory: an older checkout or a hand-written entry counts) and
   * its first argument is {@code hook}.
   */
  static boolean runsHook(String command) {
    Optional<String[]> words = firstWords(command);
    if (words.isEmpty()) {
      return false;
    }
    String program = words.get()[0];
    String name = program.substring(program.lastIndexOf('/') + 1);
    return name.equals("groundskeeper") && words.get()[1].equals("hook");
  }

  /** The program a hook command runs (its first word, unquoted). */
  static Optional<String> program(String command) {
    return firstWords(command).map(words -> words[0]);
  }

  /** The first two words of a command, with simple single or double quotes removed. */
  private static Optional<String[]> firstWords(String command) {
    String rest = command.strip();
    String[] words = new String[2];
    for (int w = 0; w < 2; w++) {
      if (rest.isEmpty()) {
        return Optional.empty();
      }
      char first = rest.charAt(0);
      int end;
      if (first == '\'' || first == '"') {
        end = rest.indexOf(first, 1);
        if (end < 0) {
          return Optional.empty();
        }
        words[w] = rest.substring(1, end);
        rest = rest.substring(end + 1);
      } else {
        end = 0;
        while (end < rest.length() && !Character.isWhitespace(rest.charAt(end))) {
          end++;
        }
        words[w] = rest.substring(0, end);
        rest = rest.substring(end);
      }
      rest = rest.stripLeading();
    }
    return Optional.of(words);
  }

  static String shellWord(String word) {
    if (PLAIN.matcher(word).matches()) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
