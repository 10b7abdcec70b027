package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The parts of the model that are made on first read: a heredoc body stays offsets into the
 * source until its redirection is read, and the parser's lists are handed to the model without
 * copies. What is read must be exactly what an eager reading gives, and nothing handed out may
 * be changed.
 */
class LazyModelTest {

  private static final String DELIMITER = "EOF";

  /** Body lines for a quoted delimiter: any text, the delimiter line excepted. */
  @Provide
  Arbitrary<List<String>> bodyLines() {
    return lines(" \tabcEOF$`'\"\\#;&|<>(){}*?~-_./=:%@+,0123456789");
  }

  /** Body lines for an unquoted delimiter: no expansions, which would run. */
  @Provide
  Arbitrary<List<String>> plainBodyLines() {
    return lines(" \tabcEOF'\"#;&|<>(){}*?~-_./=:%@+,0123456789");
  }

  private static Arbitrary<List<String>> lines(String chars) {
    return Arbitraries.strings().withChars(chars).ofMaxLength(30)
        .filter(line -> !line.replaceFirst("^\t*", "").equals(DELIMITER))
        .list().ofMaxSize(12);
  }

  @Provide
  Arbitrary<String> quotedOperators() {
    return Arbitraries.of("<<'EOF'", "<<\"EOF\"", "<<\\EOF", "<<-'EOF'", "<<-\"EOF\"");
  }

  @Provide
  Arbitrary<String> plainOperators() {
    return Arbitraries.of("<<EOF", "<<-EOF");
  }

  /** The body bash would feed: the lines as written, leading tabs removed for {@code <<-}. */
  private static String expectedBody(List<String> lines, boolean stripTabs) {
    StringBuilder body = new StringBuilder();
    for (String line : lines) {
      String kept = line;
      while (stripTabs && kept.startsWith("\t")) {
        kept = kept.substring(1);
      }
      body.append(kept).append('\n');
    }
    return body.toString();
  }

  @Property
  void aQuotedBodyReadLaterIsTheTextBetweenTheLines(@ForAll("bodyLines") List<String> lines,
      @ForAll("quotedOperators") String operator) {
    assertBodyRead(lines, operator);
  }

  @Property
  void anUnquotedBodyReadLaterIsTheTextBetweenTheLines(
      @ForAll("plainBodyLines") List<String> lines, @ForAll("plainOperators") String operator) {
    assertBodyRead(lines, operator);
  }

  private static void assertBodyRead(List<String> lines, String operator) {
    boolean stripTabs = operator.startsWith("<<-");
    String delimiterLine = stripTabs ? "\t\t" + DELIMITER : DELIMITER;
    String text = "cat " + operator + " > untracked/scratch/pr-1.md\n"
        + String.join("\n", lines) + (lines.isEmpty() ? "" : "\n") + delimiterLine
        + "\ngh pr create --body-file untracked/scratch/pr-1.md";
    Script script = Shell.parseFresh(text);

    assertThat(script.problems()).isEmpty();
    List<Redirection> redirections = script.commands().get(0).redirections();
    Redirection heredoc = redirections.get(0);
    assertThat(heredoc.operator().isHeredoc()).isTrue();
    assertThat(heredoc.heredocBody()).hasValue(expectedBody(lines, stripTabs));
    // read twice: the same value, and the redirection is made once
    assertThat(redirections.get(0)).isSameAs(heredoc);
    assertThat(redirections.get(0).heredocBody()).isEqualTo(heredoc.heredocBody());
    // the commands after the body are read from after the delimiter line
    assertThat(script.commands()).extracting(SimpleCommand::name).containsExactly("cat", "gh");
  }

  @Test
  void everyCorpusBodyIsTheSourceTextUpToItsDelimiterLine() {
    int checked = 0;
    for (Corpus.Entry entry : Corpus.load()) {
      String source = entry.command();
      Script script = Shell.parseFresh(source);
      // every heredoc of the script once, by the line its command is written on
      Set<Redirection> heredocs = Collections.newSetFromMap(new IdentityHashMap<>());
      for (SimpleCommand command : script.commands()) {
        List<Redirection> all = new ArrayList<>(command.redirections());
        command.nesting().forEach(n -> all.addAll(n.redirections()));
        for (Redirection r : all) {
          if (r.operator().isHeredoc() && readAtItsOwnOffsets(command)
              && r.end() <= source.length()) {
            heredocs.add(r);
          }
        }
      }
      Map<Integer, Integer> perLine = new HashMap<>();
      heredocs.forEach(r -> perLine.merge(source.indexOf('\n', r.end()), 1, Integer::sum));
      for (Redirection r : heredocs) {
        int lineEnd = source.indexOf('\n', r.end());
        if (r.operator() == RedirectOperator.HEREDOC_STRIP_TABS || perLine.get(lineEnd) > 1) {
          continue;
        }
        assertThat(r.heredocBody()).as(entry.id()).isPresent();
        String body = r.heredocBody().get();
        if (lineEnd < 0) {
          assertThat(body).as(entry.id()).isEmpty();
          continue;
        }
        int bodyStart = lineEnd + 1;
        assertThat(source.startsWith(body, bodyStart)).as(entry.id()).isTrue();
        String after = source.substring(bodyStart + body.length());
        if (script.complete()) {
          assertThat(after.equals(r.target().value()) || after.startsWith(r.target().value()
              + "\n")).as(entry.id() + ": the delimiter line follows the body").isTrue();
        }
        checked++;
      }
    }
    assertThat(checked).as("corpus heredocs checked").isGreaterThan(5);
  }

  /** False for commands read out of a re-parsed string, whose offsets are the outer word's. */
  private static boolean readAtItsOwnOffsets(SimpleCommand command) {
    return !command.isInside(Nesting.Kind.SHELL_STRING) && !command.isInside(Nesting.Kind.EVAL)
        && !command.isInside(Nesting.Kind.BACKTICK);
  }

  @Test
  void aBodyThatIsNotClosedRunsToTheEnd() {
    Script script = Shell.parseFresh("cat <<EOF > x\nfirst\nsecond");
    assertThat(script.complete()).isFalse();
    assertThat(script.commands().get(0).redirections().get(0).heredocBody())
        .hasValue("first\nsecond");
  }

  @Test
  void modelListsCannotBeChanged() {
    Script script = Shell.parseFresh(
        "{ cat <<EOF; } > out.txt\nbody\nEOF\nFOO=1 git commit -F m.txt && rm m.txt");
    SimpleCommand cat = script.commands().get(0);
    SimpleCommand git = script.commands().get(1);
    assertThatThrownBy(() -> script.commands().add(git))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> script.commands().remove(0))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> git.words().set(0, Word.of("rm")))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> git.assignments().clear())
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> cat.redirections().add(cat.redirections().get(0)))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> cat.nesting().get(0).redirections().remove(0))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(cat.nesting().get(0).redirections()).extracting(r -> r.target().value())
        .containsExactly("out.txt");
  }

  @Property
  void modelListsEqualTheirCopies(@ForAll("corpusCommands") String command) {
    Script script = Shell.parseFresh(command);
    assertThat(List.copyOf(script.commands())).isEqualTo(script.commands());
    for (SimpleCommand c : script.commands()) {
      SimpleCommand copy = new SimpleCommand(c.index(), List.copyOf(c.words()),
          List.copyOf(c.assignments()), List.copyOf(c.redirections()), c.operator(),
          List.copyOf(c.nesting()), c.directory(), c.pipeline(), c.pipelinePosition(),
          c.start(), c.end());
      assertThat(copy).isEqualTo(c);
      assertThat(copy.hashCode()).isEqualTo(c.hashCode());
      assertThat(c.words().subList(0, c.words().size())).isEqualTo(copy.words());
    }
  }

  /**
   * A word keeps its text as a range of the command until it is read: what it reads as must be
   * what the same word built from its strings reads as, whichever is asked for first, and a
   * word whose offsets span its source is the command's text there.
   */
  @Property
  void aWordReadLaterEqualsTheWordBuiltFromItsStrings(
      @ForAll("corpusCommands") String command, @ForAll boolean valueFirst) {
    Script script = Shell.parseFresh(command);
    Script again = Shell.parseFresh(command);
    for (int c = 0; c < script.commands().size(); c++) {
      List<Word> words = script.commands().get(c).words();
      List<Word> fresh = again.commands().get(c).words();
      for (int i = 0; i < words.size(); i++) {
        Word w = words.get(i);
        Word unread = fresh.get(i);
        assertThat(unread.is(w.value())).isEqualTo(w.isStatic());
        assertThat(unread.is(w.value() + "x")).isFalse();
        String value = valueFirst ? w.value() : null;
        String source = w.source();
        value = value == null ? w.value() : value;
        Word built = new Word(value, source, w.start(), w.end(), w.isStatic());
        assertThat(w).isEqualTo(built).hasSameHashCodeAs(built).hasToString(source);
        assertThat(built.is(value)).isEqualTo(w.is(value));
        if (w.end() - w.start() == source.length() && !w.value().equals(
            Expansions.XARGS_INPUT)) {
          assertThat(command.substring(w.start(), w.end())).isEqualTo(source);
        }
      }
    }
  }

  @Test
  void aWordMadeStaticOrNotKeepsItsText() {
    Word w = Shell.parseFresh("echo 'a b' c").commands().get(0).words().get(1);
    Word dynamic = w.withStatic(false);
    assertThat(dynamic.isStatic()).isFalse();
    assertThat(dynamic.is("a b")).isFalse();
    assertThat(dynamic.value()).isEqualTo("a b");
    assertThat(dynamic.source()).isEqualTo("'a b'");
    assertThat(dynamic.withStatic(true)).isEqualTo(w);
    assertThat(w.withStatic(true)).isSameAs(w);
  }

  @Provide
  Arbitrary<String> corpusCommands() {
    return Arbitraries.of(Corpus.load().stream().map(Corpus.Entry::command).toList());
  }

  @Property
  void aWordReadAsOneSourceRangeEqualsItsQuotedReading(
      @ForAll("plainText") String value, @ForAll("styles") int style) {
    String word = Quoting.quote(value, style);
    Script script = Shell.parseFresh("echo " + word + " " + word + "x");
    assertThat(script.problems()).isEmpty();
    List<Word> words = script.commands().get(0).words();
    assertThat(words.get(1).value()).isEqualTo(value);
    assertThat(words.get(1).source()).isEqualTo(word);
    assertThat(words.get(2).value()).isEqualTo(value + "x");
  }

  @Provide
  Arbitrary<String> plainText() {
    return Arbitraries.strings().withChars(" abc-_./:=@%+,\t'\"\\$`").ofMaxLength(20);
  }

  @Provide
  Arbitrary<Integer> styles() {
    return Arbitraries.integers().between(0, 3);
  }

  /**
   * Plain text after an escape or a quote is copied as one run, not character by character:
   * a word joined from pieces in every quoting style, with unquoted runs between them, reads as
   * the pieces' values joined.
   */
  @Property
  void aWordJoinedFromQuotedAndPlainPiecesReadsAsTheirValuesJoined(
      @ForAll("pieces") List<String[]> pieces) {
    StringBuilder word = new StringBuilder();
    StringBuilder value = new StringBuilder();
    for (String[] piece : pieces) {
      word.append(piece[0]);
      value.append(piece[1]);
    }
    word.append("x");
    value.append("x");
    Script script = Shell.parseFresh("echo " + word + " | cat");
    assertThat(script.problems()).isEmpty();
    Word read = script.commands().get(0).words().get(1);
    assertThat(read.value()).isEqualTo(value.toString());
    assertThat(read.source()).isEqualTo(word.toString());
    assertThat(read.isStatic()).isTrue();
  }

  /** Pieces as {source, value}: a quoted piece in one of the four styles, or a plain run. */
  @Provide
  Arbitrary<List<String[]>> pieces() {
    Arbitrary<String[]> quoted = Arbitraries.strings()
        .withChars(" abc-_./:=@%+,\t'\"\\$`\u00e9").ofMaxLength(12)
        .flatMap(v -> Arbitraries.integers().between(0, 3)
            .map(style -> new String[] {Quoting.quote(v, style), v}));
    Arbitrary<String[]> plain = Arbitraries.strings().withChars("abcxyz019-_./:=@%+,\u00e9")
        .ofMinLength(1).ofMaxLength(12).map(v -> new String[] {v, v});
    return Arbitraries.oneOf(quoted, plain).list().ofMaxSize(6);
  }
}
