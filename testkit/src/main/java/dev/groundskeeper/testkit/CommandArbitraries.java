package dev.groundskeeper.testkit;

import dev.groundskeeper.api.API;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries for shell-ish command lines: words with and without quotes, git and other
 * common programs, lists joined by {@code &&}, {@code ||}, {@code ;}, {@code |} and newlines,
 * subshells and substitutions, and plain noise no parser can fully read.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class CommandArbitraries {

  private static final List<String> PROGRAMS = List.of("ls", "cat", "rm", "mv", "cp", "echo",
      "mkdir", "cd", "grep", "sed", "find", "npm", "python3", "make", "gh", "true");

  private CommandArbitraries() {}

  /** {@return a plain word such as {@code main}, {@code -rf}, {@code notes/plan.md}} */
  public static Arbitrary<String> words() {
    return Arbitraries.oneOf(
        Arbitraries.strings().withChars("abcdefghijklmnopqrstuvwxyz0123456789._/-")
            .ofMinLength(1).ofMaxLength(12),
        Arbitraries.of("-f", "-rf", "--force", "-m", "--", "-C", "HEAD", "origin", "main", "."),
        PathArbitraries.relative());
  }

  /**
   * {@return a word as it would be typed: bare, single-quoted, double-quoted, or with a variable}
   */
  public static Arbitrary<String> typedWords() {
    Arbitrary<String> spaced = Arbitraries.strings()
        .withChars("abcdefghijklmnopqrstuvwxyz0123456789 .-").ofMinLength(1).ofMaxLength(16);
    return Arbitraries.oneOf(
        words(), words(),
        spaced.map(w -> "'" + w + "'"),
        spaced.map(w -> "\"" + w + "\""),
        words().map(w -> "$" + w.replaceAll("[^a-z]", "").toUpperCase() + "X"));
  }

  /**
   * Branch names as git allows them, such as {@code feat/login-2}.
   *
   * @return branch names as git allows them, such as {@code feat/login-2}
   */
  public static Arbitrary<String> branchNames() {
    Arbitrary<String> segment = Arbitraries.strings().withChars("abcdefghijklmnopqrstuvwxyz0123456789-")
        .ofMinLength(1).ofMaxLength(10).filter(s -> !s.startsWith("-"));
    return Arbitraries.oneOf(
        Arbitraries.of("main", "master", "develop", "release/1.0"),
        segment.list().ofMinSize(1).ofMaxSize(3).map(parts -> String.join("/", parts)));
  }

  /** {@return one git invocation: global options, a subcommand, its options and arguments} */
  public static Arbitrary<String> gitCommands() {
    Arbitrary<String> global = Arbitraries.of("", "", "-C sub ", "-c core.pager=cat ",
        "--no-pager ");
    Arbitrary<String> invocation = Arbitraries.oneOf(
        Arbitraries.of("status", "status --short", "log --oneline -5", "diff", "fetch origin",
            "stash", "stash pop", "worktree list", "branch", "branch -a"),
        branchNames().map(b -> "checkout -b " + b),
        branchNames().map(b -> "switch -c " + b),
        branchNames().map(b -> "branch -D " + b),
        branchNames().map(b -> "branch -d " + b),
        branchNames().map(b -> "merge " + b),
        branchNames().map(b -> "rebase " + b),
        branchNames().map(b -> "worktree add ../" + b.replace('/', '-') + " " + b),
        Combinators.combine(Arbitraries.of("", "--force ", "-f ", "--force-with-lease ", "-u ",
            "--delete "), Arbitraries.of("origin", "upstream"), branchNames(),
            Arbitraries.of("", "+"))
            .as((flag, remote, branch, plus) -> "push " + flag + remote + " " + plus + branch),
        typedWords().map(message -> "commit -m " + message),
        Arbitraries.of("commit -F m.txt", "commit --amend --no-edit", "reset --hard HEAD~1",
            "add -A", "clean -fd"));
    return Combinators.combine(global, invocation).as((g, i) -> "git " + g + i);
  }

  /** {@return one simple command: a program and its words, or a git invocation} */
  public static Arbitrary<String> simpleCommands() {
    Arbitrary<String> program = Combinators.combine(Arbitraries.of(PROGRAMS),
        typedWords().list().ofMaxSize(4))
        .as((name, args) -> args.isEmpty() ? name : name + " " + String.join(" ", args));
    Arbitrary<String> assigned = Combinators.combine(Arbitraries.of("", "", "", "FOO=1 ",
        "GIT_DIR=.git "), Arbitraries.oneOf(program, gitCommands())).as(String::concat);
    return assigned;
  }

  /**
   * Whole command lines: simple commands joined by list operators and pipes, sometimes in a
   * subshell or a {@code $( )} substitution.
   *
   * @return whole command lines
   */
  public static Arbitrary<String> commands() {
    Arbitrary<String> operator = Arbitraries.of(" && ", " || ", "; ", " | ", "\n");
    Arbitrary<String> unit = Arbitraries.oneOf(simpleCommands(), simpleCommands(),
        simpleCommands().map(c -> "(" + c + ")"),
        simpleCommands().map(c -> "echo \"$(" + c + ")\""));
    return Combinators.combine(unit, Combinators.combine(operator, unit).as(String::concat)
        .list().ofMaxSize(3))
        .as((first, rest) -> first + String.join("", rest));
  }

  /**
   * Arbitrary text over shell-significant characters: quotes, operators, unbalanced pairs.
   *
   * @return text that is seldom a readable command
   */
  public static Arbitrary<String> noise() {
    return Arbitraries.strings().withChars("ab -'\"\\$(){}`;&|<>\n\t#*?~=")
        .ofMaxLength(30);
  }

  /**
   * Mostly readable command lines, with some noise mixed in.
   *
   * @return command lines, about six in ten readable ones, three in ten git invocations and one in
   * ten noise
   */
  public static Arbitrary<String> anyCommands() {
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(6, commands()),
        net.jqwik.api.Tuple.of(3, gitCommands()),
        net.jqwik.api.Tuple.of(1, noise()));
  }
}
