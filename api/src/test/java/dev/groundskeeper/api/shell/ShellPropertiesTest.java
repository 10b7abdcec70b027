package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Invariants of the parser over generated input. Tries come from {@code jqwik.tries.default}. */
class ShellPropertiesTest {

  private static final String SHELL_CHARS = " \t\n;&|()<>{}[]$`'\"\\#=*?~!-_./:%@+,0123456789abcxyzEOF";

  @Provide
  Arbitrary<String> shellNoise() {
    return Arbitraries.strings().withChars(SHELL_CHARS.toCharArray()).ofMaxLength(120);
  }

  @Property
  void neverThrowsOnShellNoise(@ForAll("shellNoise") String text) {
    assertWellFormed(text, Shell.parseFresh(text));
  }

  @Property
  void neverThrowsOnAnyString(@ForAll String text) {
    assertWellFormed(text, Shell.parseFresh(text));
  }

  @Provide
  Arbitrary<String> mutatedCorpus() {
    List<String> commands = Corpus.load().stream().map(Corpus.Entry::command).toList();
    Arbitrary<String> base = Arbitraries.of(commands);
    Arbitrary<List<int[]>> edits = Combinators.combine(
        Arbitraries.integers().between(0, 3), Arbitraries.integers().between(0, 10_000),
        Arbitraries.integers().between(0, SHELL_CHARS.length() - 1))
        .as((kind, at, ch) -> new int[] {kind, at, ch}).list().ofMinSize(1).ofMaxSize(6);
    return Combinators.combine(base, edits).as(ShellPropertiesTest::mutate);
  }

  private static String mutate(String text, List<int[]> edits) {
    StringBuilder s = new StringBuilder(text);
    for (int[] e : edits) {
      int at = s.length() == 0 ? 0 : e[1] % (s.length() + 1);
      char c = SHELL_CHARS.charAt(e[2]);
      switch (e[0]) {
        case 0 -> s.insert(at, c);
        case 1 -> {
          if (at < s.length()) {
            s.deleteCharAt(at);
          }
        }
        case 2 -> {
          if (at < s.length()) {
            s.setCharAt(at, c);
          }
        }
        default -> s.insert(at, s.substring(0, Math.min(at, 20)));
      }
    }
    return s.toString();
  }

  @Property
  void neverThrowsOnMutatedCorpus(@ForAll("mutatedCorpus") String text) {
    assertWellFormed(text, Shell.parseFresh(text));
  }

  private static void assertWellFormed(String text, Script s) {
    assertThat(s.source()).isEqualTo(text);
    for (int i = 0; i < s.commands().size(); i++) {
      SimpleCommand c = s.commands().get(i);
      assertThat(c.index()).isEqualTo(i);
      for (Word w : c.words()) {
        assertThat(w.start()).isBetween(0, text.length());
        assertThat(w.end()).isBetween(w.start(), text.length());
      }
    }
    for (ParseProblem p : s.problems()) {
      assertThat(p.offset()).isBetween(0, text.length());
    }
    // every query answers on every input
    s.writtenFiles();
    s.consumedFiles();
    s.createdBranches();
    s.deletedBranches();
    s.worktreeRemovals();
    s.evacuations();
    s.removals();
  }

  // ------------------------------------------------------------------ quoting round trips

  @Provide
  Arbitrary<String> values() {
    return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(30),
        Arbitraries.strings().withChars(SHELL_CHARS.toCharArray()).ofMinLength(1).ofMaxLength(30));
  }

  @Provide
  Arbitrary<Integer> quotingStyles() {
    return Arbitraries.integers().between(0, 3);
  }

  @Property
  void quotedWordsRoundTrip(@ForAll("values") String value, @ForAll("quotingStyles") int style) {
    String quoted = Quoting.quote(value, style);
    Script s = Shell.parseFresh("echo " + quoted + " end");
    assertThat(s.problems()).as(quoted).isEmpty();
    assertThat(s.commands()).hasSize(1);
    Word w = s.commands().get(0).words().get(1);
    assertThat(w.value()).isEqualTo(value);
    assertThat(w.isStatic()).isTrue();
    assertThat(w.source()).isEqualTo(quoted);
    assertThat(s.commands().get(0).words().get(2).value()).isEqualTo("end");
  }

  // ------------------------------------------------------------------ generated command trees

  /** A generated step: the operator before it, its words, and the group it sits in. */
  record Step(ListOperator op, List<String> words, int style, Nesting.Kind group) {}

  @Provide
  Arbitrary<List<Step>> scripts() {
    Arbitrary<ListOperator> ops = Arbitraries.of(ListOperator.AND, ListOperator.OR,
        ListOperator.SEMICOLON, ListOperator.NEWLINE, ListOperator.PIPE, ListOperator.PIPE_STDERR,
        ListOperator.BACKGROUND);
    Arbitrary<List<String>> words = Arbitraries.strings().ofMinLength(1).ofMaxLength(8)
        .list().ofMinSize(1).ofMaxSize(5);
    Arbitrary<Nesting.Kind> groups = Arbitraries.of(Nesting.Kind.SUBSHELL,
        Nesting.Kind.BRACE_GROUP, Nesting.Kind.COMMAND_SUBSTITUTION, Nesting.Kind.SHELL_STRING,
        Nesting.Kind.WRAPPER);
    Arbitrary<Nesting.Kind> maybeGroup = Arbitraries.oneOf(groups, Arbitraries.just(null));
    return Combinators.combine(ops, words, Arbitraries.integers().between(0, 3), maybeGroup)
        .as(Step::new).list().ofMinSize(1).ofMaxSize(8);
  }

  @Property
  void generatedScriptsParseBackToTheirSteps(@ForAll("scripts") List<Step> steps) {
    StringBuilder text = new StringBuilder();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      ListOperator op = i == 0 ? ListOperator.NONE : step.op();
      if (i > 0) {
        text.append(op == ListOperator.NEWLINE ? "\n" : " " + op.symbol() + " ");
      }
      List<String> words = new ArrayList<>();
      words.add("cmd" + i);
      words.addAll(step.words());
      StringBuilder simple = new StringBuilder();
      for (String w : words) {
        simple.append(simple.length() == 0 ? "" : " ").append(Quoting.quote(w, step.style()));
      }
      String rendered = simple.toString();
      Nesting.Kind group = step.group();
      if (group == null) {
        text.append(rendered);
        expected.add(op + " " + words + " []");
        continue;
      }
      switch (group) {
        case SUBSHELL -> text.append("( ").append(rendered).append(" )");
        case BRACE_GROUP -> text.append("{ ").append(rendered).append("; }");
        case COMMAND_SUBSTITUTION -> text.append("echo \"$(").append(rendered).append(")\"");
        case SHELL_STRING -> text.append("bash -c ").append(Quoting.quote(rendered, 0));
        default -> text.append("sudo ").append(rendered);
      }
      switch (group) {
        case COMMAND_SUBSTITUTION -> {
          expected.add(op + " " + words + " [" + group + "]");
          expected.add(op + " [echo, $(" + rendered + ")] []");
        }
        case SHELL_STRING -> {
          expected.add(op + " [bash, -c, " + rendered + "] []");
          expected.add(op + " " + words + " [" + group + "]");
        }
        case WRAPPER -> {
          List<String> wrapped = new ArrayList<>();
          wrapped.add("sudo");
          wrapped.addAll(words);
          expected.add(op + " " + wrapped + " []");
          expected.add(op + " " + words + " [" + group + "]");
        }
        default -> expected.add(op + " " + words + " [" + group + "]");
      }
    }
    Script s = Shell.parseFresh(text.toString());
    assertThat(s.problems()).as(text.toString()).isEmpty();
    List<String> actual = s.commands().stream().map(c -> c.operator() + " "
        + c.words().stream().map(Word::value).toList() + " "
        + c.nesting().stream().map(Nesting::kind).toList()).toList();
    assertThat(actual).as(text.toString()).isEqualTo(expected);
  }
}
