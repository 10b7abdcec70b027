package dev.groundskeeper.host;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.shell.ShellQuoting;
import dev.groundskeeper.host.runner.RunnerAnswer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The word that runs Groundskeeper in the shell an agent or a person pastes a remedy into. Rules
 * write their commands as {@code groundskeeper VERB ...}; nothing guarantees that a command of
 * that name is on {@code PATH} (a checkout's {@code bin/groundskeeper}, an archive unpacked
 * anywhere). The launcher says where it is in {@value #LAUNCHER_VARIABLE}; when the
 * {@code groundskeeper} that {@code PATH} finds is that same launcher, or no launcher said
 * anything (an embedder, a plain {@code java -jar}), commands keep the bare name; otherwise each
 * is rendered with the launcher's absolute path, quoted for the shell. Rules stay pure and print
 * the name; this is the one place that chooses what runs.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ProgramWord {

  /** The variable the launcher exports: the absolute path it was run as. */
  public static final String LAUNCHER_VARIABLE = "GROUNDSKEEPER_LAUNCHER";

  /** The program's name on {@code PATH}, as rules print it. */
  public static final String NAME = "groundskeeper";

  /**
   * The verbs of the command line. Only {@code groundskeeper} followed by one of these is a
   * command; the name elsewhere ("groundskeeper could not judge ...") is prose and stays. The
   * CLI's tests hold this list to its verbs.
   */
  public static final List<String> VERBS = List.of("hook", "check", "rules", "sweep", "trust", "config",
      "worktree", "scratch", "branch", "install", "uninstall", "doctor", "log", "replay", "serve",
      "snapshot", "undo", "help", "completion");

  // The name as the program word: not part of a path or a longer name, followed by a verb that
  // ends there. A diagnostic's prefix ("groundskeeper serve: stopped", "groundskeeper branch
  // park: ...") names the program that speaks, not a command to run, and is left alone.
  private static final Pattern COMMAND = Pattern.compile("(?<![\\w/.@~-])" + NAME
      + "(?= (?:" + String.join("|", VERBS) + ")(?![\\w-]))"
      + "(?! [a-z]+(?: [a-z]+)?:(?:\\s|$))");

  private static final ProgramWord BARE = new ProgramWord(NAME, Optional.empty(), true);

  private final String word;
  private final Optional<Path> launcher;
  private final boolean onPath;

  private ProgramWord(String word, Optional<Path> launcher, boolean onPath) {
    this.word = word;
    this.launcher = launcher;
    this.onPath = onPath;
  }

  /**
   * The bare name, whatever the environment: for texts no launcher produced.
   *
   * @return the word {@code groundskeeper}
   */
  public static ProgramWord bare() {
    return BARE;
  }

  /**
   * The word for an environment: reads {@value #LAUNCHER_VARIABLE} and looks for
   * {@code groundskeeper} on its {@code PATH} as {@code command -v} would (the first executable
   * file of that name), comparing real paths.
   *
   * @param environment the variables of the call (the runner's, for a hook)
   * @return the bare name when it runs this launcher or no launcher is named, else the
   *     launcher's quoted path
   */
  public static ProgramWord of(Map<String, String> environment) {
    Optional<Path> launcher = launcher(environment);
    if (launcher.isEmpty()) {
      return BARE;
    }
    Optional<Path> found = onPath(environment.getOrDefault("PATH", ""));
    boolean same = found.isPresent() && sameFile(found.get(), launcher.get());
    if (same) {
      return new ProgramWord(NAME, launcher, true);
    }
    return new ProgramWord(ShellQuoting.word(launcher.get().toString()), launcher, false);
  }

  private static Optional<Path> launcher(Map<String, String> environment) {
    String value = environment.getOrDefault(LAUNCHER_VARIABLE, "");
    if (value.isEmpty()) {
      return Optional.empty();
    }
    try {
      Path path = Path.of(value);
      if (!path.isAbsolute() || !Files.isRegularFile(path) || !Files.isExecutable(path)) {
        return Optional.empty();
      }
      return Optional.of(path.normalize());
    } catch (InvalidPathException e) {
      return Optional.empty();
    }
  }

  /** The first executable {@code groundskeeper} of a {@code PATH} value, as a shell finds it. */
  static Optional<Path> onPath(String path) {
    for (String directory : path.split(":", -1)) {
      // An empty entry means the working directory, which changes under every command: a
      // remedy must not depend on where it is pasted, so it does not count.
      if (directory.isEmpty() || !directory.startsWith("/")) {
        continue;
      }
      try {
        Path candidate = Path.of(directory, NAME);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      } catch (InvalidPathException e) {
        // not a directory a shell could search either
      }
    }
    return Optional.empty();
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      return a.toRealPath().equals(b.toRealPath());
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The word a command starts with.
   *
   * @return {@code groundskeeper}, or the launcher's path quoted for bash
   */
  public String word() {
    return word;
  }

  /**
   * Whether {@code groundskeeper} on {@code PATH} runs this launcher (true too when no launcher
   * is named: nothing better is known).
   *
   * @return true when commands print the bare name
   */
  public boolean onPath() {
    return onPath;
  }

  /**
   * The launcher the environment named, when it names one that exists.
   *
   * @return its absolute path, as it was run
   */
  public Optional<Path> launcher() {
    return launcher;
  }

  /**
   * A text with each {@code groundskeeper VERB} command written with {@link #word()}.
   *
   * @param text a rule's reason, a remedy's command, a verb's advice
   * @return the text, unchanged when the word is the bare name
   */
  public String render(String text) {
    if (onPath || text.indexOf(NAME) < 0) {
      return text;
    }
    return COMMAND.matcher(text).replaceAll(Matcher.quoteReplacement(word));
  }

  /**
   * A verdict whose reason and remedy are rendered; its findings (names of things) stay.
   *
   * @param verdict any verdict
   * @return the verdict with runnable commands
   */
  public Verdict render(Verdict verdict) {
    if (onPath) {
      return verdict;
    }
    Optional<Remedy> remedy = verdict.remedy().map(r -> new Remedy(render(r.description()),
        r.commands().stream().map(this::render).toList()));
    return new Verdict(verdict.ruleId(), verdict.outcome(), render(verdict.reason()), remedy,
        verdict.findings(), verdict.effects());
  }

  /**
   * A decision whose verdicts are rendered, so that its message and every remedy run as printed.
   *
   * @param decision any decision
   * @return the decision with runnable commands
   */
  public Decision render(Decision decision) {
    if (onPath) {
      return decision;
    }
    return new Decision(decision.outcome(),
        decision.verdicts().stream().map(this::render).toList(), decision.explanation());
  }

  /**
   * A runner's answer with every command rendered. The verdicts of a rendered decision already
   * are; what is left is the closing note the api adds to a message cut to its budget. Inside a
   * JSON answer the word is written JSON-escaped.
   *
   * @param answer an adapter's answer to a rendered decision
   * @return the answer with runnable commands
   */
  public RunnerAnswer render(RunnerAnswer answer) {
    if (onPath) {
      return answer;
    }
    String json = new String(JsonStringEncoder.getInstance().quoteAsString(word));
    String stdout = answer.stdout().startsWith("{")
        ? COMMAND.matcher(answer.stdout()).replaceAll(Matcher.quoteReplacement(json))
        : render(answer.stdout());
    return new RunnerAnswer(stdout, render(answer.stderr()), answer.exitCode());
  }

  @Override
  public String toString() {
    return word;
  }
}
