package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.List;
import java.util.function.Predicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A mutation fuzzer over the shell model (issue 17): commands of the corpus with characters
 * replaced (control bytes, NUL, lone surrogates), cut short, with quote, substitution and
 * heredoc openers put in, ranges dropped, and repeated up to {@link #MAX_CHARS}.
 * {@link Shell} promises to read any text without throwing; a reading that stopped must say so in
 * {@link Script#problems()}, and a command that loses work must stay visible as that loss
 * whatever harmless context it is written in, or the script must report a problem (a rule then
 * fails closed). Tries come from {@code jqwik.tries.default} ({@code -Pslow} runs many more).
 * ShellPropertiesTest holds the smaller generated-noise properties.
 */
class ShellFuzzTest {

  /** Text that bash reads as the start of a construct it must see closed. */
  private static final List<String> OPENERS = List.of("'", "\"", "$(", "`", "${", "$'", "(",
      "{ ", "if true; then ", "for x in a; do ", "while true; do ", "case x in ", "x=(",
      "cat <<EOF\n", "cat <<'EOF'\n", "$((");

  /** Inserted by the mutator: openers, NUL and control bytes, operators, escapes. */
  private static final List<String> INSERTS = List.of("$(", "'", "\"", "<<EOF", "<<EOF\n",
      "<<-'X'\n", "`", "${", "\0", "\u0001", "\u001b", "\r", "\u007f", "\\", "\\\n", "((", "))",
      "{", "}", ")", "|", "&&", ";;", "\n", "#", "\uD800", "\uDC00", "\u00e9", "$'\\x00'", "=(",
      "<(", ">(", "2>&1", "&");

  /**
   * The most characters a repetition grows a command to: 64 KiB in the build, so that the short
   * run stays short; {@code -Dgroundskeeper.fuzz.shell.bytes=1048576} for 1 MiB commands.
   */
  static final int MAX_CHARS = Integer.getInteger("groundskeeper.fuzz.shell.bytes", 64 * 1024);

  private static final List<String> COMMANDS = Corpus.load().stream()
      .map(Corpus.Entry::command).toList();

  private static final List<String> COMPLETE = COMMANDS.stream()
      .filter(c -> Shell.parseFresh(c).complete()).toList();

  // ------------------------------------------------------------------ mutated corpus

  /** One edit: its kind, where (reduced modulo the length), and what (an index or a count). */
  record Edit(int kind, int at, int what, int span) {}

  @Provide
  Arbitrary<String> mutants() {
    Arbitrary<Edit> edit = Combinators.combine(Arbitraries.integers().between(0, 9),
        Arbitraries.integers().between(0, Integer.MAX_VALUE),
        Arbitraries.integers().between(0, 0xFFFF), Arbitraries.integers().between(1, 64))
        .as(Edit::new);
    return Combinators.combine(Arbitraries.of(COMMANDS), edit.list().ofMinSize(1).ofMaxSize(5))
        .as(ShellFuzzTest::mutate);
  }

  static String mutate(String command, List<Edit> edits) {
    StringBuilder s = new StringBuilder(command);
    for (Edit e : edits) {
      int at = e.at() % (s.length() + 1);
      switch (e.kind()) {
        case 0, 1 -> {
          // a replaced character: any UTF-16 unit, control bytes and lone surrogates included
          if (at < s.length()) {
            s.setCharAt(at, e.kind() == 0 ? (char) e.what() : (char) (e.what() % 32));
          }
        }
        case 2 -> s.setLength(at);
        case 3, 4, 5 -> s.insert(at, INSERTS.get(e.what() % INSERTS.size()));
        case 6 -> s.delete(at, Math.min(s.length(), at + e.span()));
        case 7 -> s.insert(at, OPENERS.get(e.what() % OPENERS.size()));
        case 8 -> {
          // repetition, the joint chosen so that some copies run in sequence and some nest
          String[] joints = {"", ";", "\n", " && ", " | ", "$(", " '"};
          String joint = joints[e.what() % joints.length];
          String unit = s + joint;
          int copies = Math.max(1, Math.min(e.span() * e.span() * 16,
              MAX_CHARS / Math.max(1, unit.length())));
          s = new StringBuilder(unit.repeat(copies));
        }
        default -> {
          if (at < s.length()) {
            int end = Math.min(s.length(), at + e.span());
            s.insert(end, s.substring(at, end));
          }
        }
      }
    }
    return s.toString();
  }

  @Property
  void aMutatedCommandIsReadWithoutThrowingAndEveryQueryAnswers(
      @ForAll("mutants") String text) {
    Script script = read(text);
    assertThat(script.source()).isEqualTo(text);
    for (ParseProblem p : script.problems()) {
      assertThat(p.offset()).as(p.toString()).isBetween(0, text.length());
      // the parser catches its own failures and reports them: fail closed, but still a bug
      assertThat(p.reason()).as(brief(text)).doesNotStartWith("internal parser error");
    }
  }

  /**
   * Parses and asks every query, turning anything thrown into a failure that shows the input
   * (shortened): the documented behaviour is that nothing is thrown for any non-null text.
   */
  private static Script read(String text) {
    try {
      Script script = Shell.parseFresh(text);
      script.gitCommands();
      script.ghCommands();
      script.writtenFiles();
      script.createdBranches();
      script.deletedBranches();
      script.droppedRefs();
      script.worktreeRemovals();
      script.evacuations();
      script.removals();
      for (ConsumedFile file : script.consumedFiles()) {
        script.chainedRemoval(file);
      }
      for (SimpleCommand command : script.commands()) {
        script.standardOutputTargets(command);
        assertThat(script.text(command)).isNotNull();
      }
      return script;
    } catch (RuntimeException | StackOverflowError e) {
      throw new AssertionError("threw " + e + " on " + brief(text), e);
    }
  }

  private static String brief(String text) {
    String shown = text.length() <= 300 ? text
        : text.substring(0, 200) + "…(" + text.length() + " chars)…"
            + text.substring(text.length() - 80);
    return "\"" + shown.replace("\0", "\\0").replace("\n", "\\n") + "\"";
  }

  // ------------------------------------------------------------------ a stopped reading

  @Provide
  Arbitrary<String> unclosed() {
    Arbitrary<String> tail = Arbitraries.of("git", "branch", "-D", "feat", "ls", "x", "rm",
        "-rf", ".git", "echo", "hi").list().ofMaxSize(5).map(words -> String.join(" ", words));
    return Combinators.combine(Arbitraries.of(COMPLETE), Arbitraries.of(OPENERS), tail)
        .as((command, opener, words) -> command + "\n" + opener + words);
  }

  @Property
  void aConstructLeftOpenAtTheEndIsAProblem(@ForAll("unclosed") String text) {
    Script script = read(text);
    // bash would wait for more input (or refuse): the reading stopped short of a whole script
    assertThat(script.problems()).as(brief(text)).isNotEmpty();
    assertThat(script.complete()).isFalse();
  }

  // ------------------------------------------------------------------ loss still seen

  /** A command that loses work, and how the script shows that loss. */
  record Loss(String command, Predicate<Script> seen) {
    @Override
    public String toString() {
      return command;
    }
  }

  private static Predicate<Script> deletes(String branch) {
    return s -> s.deletedBranches().stream().anyMatch(d -> d.name().value().equals(branch));
  }

  private static Predicate<Script> git(String subcommand, String... options) {
    return s -> s.gitCommands().stream().anyMatch(g -> g.is(subcommand)
        && (options.length == 0 || g.arguments().has(options)));
  }

  private static Predicate<Script> gitWords(String subcommand, String word) {
    return s -> s.gitCommands().stream().anyMatch(g -> g.is(subcommand)
        && g.command().words().stream().anyMatch(w -> w.value().equals(word)));
  }

  private static Predicate<Script> removes(String path) {
    return s -> s.removals().stream().anyMatch(r -> r.recursive()
        && r.paths().stream().anyMatch(p -> p.value().equals(path)));
  }

  static final List<Loss> LOSSES = List.of(
      new Loss("git branch -D feat", deletes("feat")),
      new Loss("git branch --delete --force feat", deletes("feat")),
      new Loss("git branch -d -f feat", deletes("feat")),
      new Loss("git update-ref -d refs/heads/feat", deletes("feat")),
      new Loss("git push origin --delete feat", deletes("feat")),
      new Loss("git push origin :feat", deletes("feat")),
      new Loss("git reset --hard", git("reset", "--hard")),
      new Loss("git reset --hard HEAD~3", git("reset", "--hard")),
      new Loss("git -C sub reset --hard origin/main", git("reset", "--hard")),
      new Loss("git checkout -- .", gitWords("checkout", ".")),
      new Loss("git checkout HEAD -- src", gitWords("checkout", "src")),
      new Loss("git restore .", gitWords("restore", ".")),
      new Loss("git clean -fdx", git("clean")),
      new Loss("git stash clear", s -> s.gitCommands().stream().anyMatch(
          g -> g.is("stash", "clear"))),
      new Loss("git stash drop", s -> s.gitCommands().stream().anyMatch(
          g -> g.is("stash", "drop"))),
      new Loss("rm -rf .git", removes(".git")),
      new Loss("rm -fr -- work", removes("work")),
      new Loss("rm -r -f notes", removes("notes")),
      new Loss("git push -f", git("push", "-f", "--force")),
      new Loss("git push --force origin main", git("push", "-f", "--force")),
      new Loss("git worktree remove --force ../wt",
          s -> s.worktreeRemovals().stream().anyMatch(r -> r.path().value().equals("../wt"))));

  /**
   * A harmless context around a command; {@code %s} is where the command goes. Spaces keep
   * nested parentheses from reading as arithmetic: bash runs nothing of {@code ((git …))} or
   * {@code $((git …))}.
   */
  record Context(String template, int quoting) {
    String wrap(String inner) {
      String quoted = switch (quoting) {
        case 1 -> "'" + inner.replace("'", "'\\''") + "'";
        case 2 -> "\"" + inner.replaceAll("([\"\\\\$`])", "\\\\$1") + "\"";
        // inside backticks a backslash keeps its meaning only before $, ` and \
        case 3 -> inner.replaceAll("([\\\\$`])", "\\\\$1");
        default -> inner;
      };
      return template.replace("%s", quoted);
    }

    @Override
    public String toString() {
      return template;
    }
  }

  static final List<Context> CONTEXTS = List.of(
      new Context("cd x && %s ; ls", 0),
      new Context("cd x && %s; ls -la", 0),
      new Context("echo start; %s || true", 0),
      new Context("ls\n%s\necho done", 0),
      new Context("sudo %s", 0),
      new Context("sudo -u root %s", 0),
      new Context("env A=1 B=2 %s", 0),
      new Context("nohup %s &", 0),
      new Context("timeout 5 %s", 0),
      new Context("command %s", 0),
      // not "A=1 %s": inside nohup, timeout or command the word A=1 is the program they run
      new Context("true && A=1 %s", 0),
      new Context("( %s )", 0),
      new Context("( cd sub && %s )", 0),
      new Context("{ %s; }", 0),
      new Context("if true; then %s; fi", 0),
      new Context("for i in 1 2; do %s; done", 0),
      new Context("while false; do :; done; %s", 0),
      new Context("echo $( %s )", 0),
      new Context("x=$( %s )", 0),
      new Context("echo `%s`", 3),
      new Context("true && (sudo %s) ; ls", 0),
      new Context("bash -c %s", 1),
      new Context("sh -c %s", 2),
      new Context("sudo bash -c %s", 1),
      new Context("bash -lc %s", 1),
      new Context("echo hi | %s", 0),
      new Context("%s 2>/dev/null", 0),
      new Context("%s > out.log 2>&1", 0));

  @Provide
  Arbitrary<List<Context>> contexts() {
    return Arbitraries.of(CONTEXTS).list().ofMinSize(1).ofMaxSize(3);
  }

  @Property
  void aLossInAHarmlessContextIsStillSeenOrTheReadingFailsClosed(
      @ForAll("losses") Loss loss, @ForAll("contexts") List<Context> contexts) {
    String text = loss.command();
    for (Context context : contexts) {
      text = context.wrap(text);
    }
    Script script = read(text);
    if (script.problems().isEmpty()) {
      assertThat(loss.seen().test(script)).as("%s read as %s", brief(text), script.commands())
          .isTrue();
    }
  }

  @Provide
  Arbitrary<Loss> losses() {
    return Arbitraries.of(LOSSES);
  }

  @Property
  void eachLossIsSeenWrittenSimply(@ForAll("losses") Loss loss) {
    Script script = read(loss.command());
    assertThat(script.problems()).isEmpty();
    if (!loss.seen().test(script)) {
      fail("the oracle does not see " + loss.command() + " as a loss: " + script.commands());
    }
  }
}
