package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ParserConstructsTest {

  private static List<String> values(SimpleCommand c) {
    return c.words().stream().map(Word::value).toList();
  }

  private static SimpleCommand only(String text) {
    Script s = Shell.parseFresh(text);
    assertThat(s.problems()).as("problems of %s", text).isEmpty();
    assertThat(s.commands()).hasSize(1);
    return s.commands().get(0);
  }

  @Test
  void quotingAndEscapesAreResolved() {
    SimpleCommand c = only("echo 'single $x' \"double \\\"q\\\" \\$x\" $'tab\\there\\x41' a\\ b it'\"s'");
    assertThat(values(c)).containsExactly("echo", "single $x", "double \"q\" $x", "tab\there" + "A",
        "a b", "it\"s");
    assertThat(c.words()).allMatch(Word::isStatic);
  }

  @Test
  void wordsKeepSourceAndOffsets() {
    String text = "git commit -m \"fix: it's done\" -F 'msg 1.txt'";
    SimpleCommand c = only(text);
    Word file = c.words().get(5);
    assertThat(file.value()).isEqualTo("msg 1.txt");
    assertThat(file.source()).isEqualTo("'msg 1.txt'");
    assertThat(text.substring(file.start(), file.end())).isEqualTo("'msg 1.txt'");
  }

  @Test
  void lineContinuationsJoinWords() {
    SimpleCommand c = only("git commit \\\n  -F msg.txt");
    assertThat(values(c)).containsExactly("git", "commit", "-F", "msg.txt");
  }

  @Test
  void expansionsMakeWordsNotStatic() {
    Script s = Shell.parseFresh("rm \"$F\" ${HOME}/x ~/y *.txt $(pwd)/z `date` $((1+2)) plain");
    assertThat(s.problems()).isEmpty();
    SimpleCommand c = s.commands().get(2);
    assertThat(c.words().subList(1, 8)).noneMatch(Word::isStatic);
    assertThat(c.words().get(8).isStatic()).isTrue();
    
    assertThat(c.words().get(1).value()).isEqualTo("$F");
  }

  @Test
  void assignmentsLeadTheCommand() {
    SimpleCommand c = only("GIT_DIR=/r/.git A+=1 arr=(a b) git status X=1");
    assertThat(c.assignments()).extracting(Assignment::name).containsExactly("GIT_DIR", "A", "arr");
    assertThat(c.assignments().get(1).append()).isTrue();
    assertThat(values(c)).containsExactly("git", "status", "X=1");
  }

  @Test
  void redirectionsOfEveryForm() {
    SimpleCommand c = only("cmd >out <in 2>err >>app &>both &>>both2 >|clob 3>&1 2>&- {fd}>v <>rw");
    assertThat(c.redirections()).extracting(Redirection::operator).containsExactly(
        RedirectOperator.OUT, RedirectOperator.IN, RedirectOperator.OUT, RedirectOperator.APPEND,
        RedirectOperator.OUT_ERR, RedirectOperator.APPEND_OUT_ERR, RedirectOperator.CLOBBER,
        RedirectOperator.DUP_OUT, RedirectOperator.DUP_OUT, RedirectOperator.OUT,
        RedirectOperator.IN_OUT);
    assertThat(c.redirections().get(2).descriptor()).hasValue(2);
    assertThat(c.redirections().get(9).descriptorVariable()).hasValue("fd");
    assertThat(values(c)).containsExactly("cmd");
  }

  @Test
  void heredocBodiesAreKept() {
    Script s = Shell.parseFresh("cat <<'EOF' > a.txt\nline $x\nEOF\ncat <<-END\n\tindented\n\tEND\necho done");
    assertThat(s.problems()).isEmpty();
    assertThat(s.commands()).hasSize(3);
    assertThat(s.commands().get(0).redirections().get(0).heredocBody()).hasValue("line $x\n");
    assertThat(s.commands().get(1).redirections().get(0).heredocBody()).hasValue("indented\n");
    assertThat(s.commands().get(2).operator()).isEqualTo(ListOperator.NEWLINE);
  }

  @Test
  void twoHeredocsOnOneLineReadInOrder() {
    Script s = Shell.parseFresh("diff <(cat) - <<A 3<<B\na\nA\nb\nB\n");
    assertThat(s.problems()).isEmpty();
    SimpleCommand diff = s.commands().stream().filter(c -> c.isNamed("diff")).findFirst().orElseThrow();
    assertThat(diff.redirections()).extracting(r -> r.heredocBody().orElse("?"))
        .containsExactly("a\n", "b\n");
  }

  @Test
  void substitutionsInAnUnquotedHeredocBodyRun() {
    Script s = Shell.parseFresh("cat > pr.md <<EOF\nBranch: $(git branch --show-current) `date`\nEOF\n"
        + "cat <<'EOF'\n$(rm -rf quoted)\nEOF\n");
    assertThat(s.problems()).isEmpty();
    assertThat(s.commands()).extracting(SimpleCommand::name)
        .containsExactly("cat", "git", "date", "cat");
    SimpleCommand git = s.commands().get(1);
    assertThat(git.isInside(Nesting.Kind.COMMAND_SUBSTITUTION)).isTrue();
    assertThat(s.text(git)).isEqualTo("git branch --show-current");
  }

  @Test
  void aHeredocBodyReadBeforeItsCommandEndsIsReadAfterTheCommand() {
    // the newline inside the substitution starts the body while the command's words are read;
    // what the body runs is listed after the command, as when the body follows the command line
    Script s = Shell.parseFresh("cat <<EOF $(true\n$(rm -rf build)\nEOF\n) > out.txt\n"
        + "bash <<EOF 2>$(echo log\ncd sub && rm -rf x\nEOF\n)\necho done");
    assertThat(s.problems()).isEmpty();
    assertThat(s.commands()).extracting(SimpleCommand::name)
        .containsExactly("true", "cat", "rm", "echo", "bash", "cd", "rm", "echo");
    assertThat(s.commands().get(2).isInside(Nesting.Kind.COMMAND_SUBSTITUTION)).isTrue();
    assertThat(s.text(s.commands().get(2))).isEqualTo("rm -rf build");
    assertThat(s.commands().get(1).redirections().get(0).heredocBody())
        .hasValue("$(rm -rf build)\n");
    SimpleCommand scripted = s.commands().get(6);
    assertThat(scripted.isInside(Nesting.Kind.SHELL_STRING)).isTrue();
    assertThat(scripted.directory().path()).hasValue("sub");
  }

  @Test
  void substitutionsInNestedParameterBodiesRunUnlessSingleQuotedThere() {
    assertThat(Shell.parseFresh("echo \"${A:-${B:-$(git branch -D x)}}\"").commands())
        .extracting(SimpleCommand::name).containsExactly("git", "echo");
    assertThat(Shell.parseFresh("echo ${A:-'$(not-run)'}").commands())
        .extracting(SimpleCommand::name).containsExactly("echo");
    // in an unquoted heredoc body single quotes are data: the substitution runs
    assertThat(Shell.parseFresh("cat <<EOF\n${A:-${B:-$(rm -rf y)}} '$(touch z)'\nEOF\n")
        .commands()).extracting(SimpleCommand::name).containsExactly("cat", "rm", "touch");
  }

  @Test
  void hereStringTarget() {
    SimpleCommand c = only("grep x <<< \"$text\"");
    assertThat(c.redirections().get(0).operator()).isEqualTo(RedirectOperator.HERE_STRING);
    assertThat(c.redirections().get(0).target().value()).isEqualTo("$text");
  }

  @Test
  void unterminatedHeredocIsPartial() {
    Script s = Shell.parseFresh("cat <<EOF > x\nbody");
    assertThat(s.complete()).isFalse();
    assertThat(s.problems().get(0).reason()).contains("EOF");
    assertThat(s.commands().get(0).redirections().get(0).heredocBody()).hasValue("body");
  }

  @Test
  void listOperatorsBeforeEachStep() {
    Script s = Shell.parseFresh("a && b || c; d & e | f |& g\nh");
    assertThat(s.commands()).extracting(SimpleCommand::operator).containsExactly(
        ListOperator.NONE, ListOperator.AND, ListOperator.OR, ListOperator.SEMICOLON,
        ListOperator.BACKGROUND, ListOperator.PIPE, ListOperator.PIPE_STDERR,
        ListOperator.NEWLINE);
  }

  @Test
  void compoundsNestTheirCommands() {
    Script s = Shell.parseFresh("( a ) && { b; } && if c; then d; elif e; then f; else g; fi; "
        + "while h; do i; done; until j; do k; done; for x in 1 2; do l; done; "
        + "case $y in a|b) m ;; *) n ;; esac; fn() { o; }; function p { q; }; ! r");
    assertThat(s.problems()).isEmpty();
    assertThat(s.commands()).extracting(SimpleCommand::name).containsExactly("a", "b", "c", "d",
        "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "q", "r");
    assertThat(s.commands().get(0).nesting()).extracting(Nesting::kind)
        .containsExactly(Nesting.Kind.SUBSHELL);
    assertThat(s.commands().get(1).nesting()).extracting(Nesting::kind)
        .containsExactly(Nesting.Kind.BRACE_GROUP);
    assertThat(s.commands().get(3).isInside(Nesting.Kind.IF)).isTrue();
    assertThat(s.commands().get(8).isInside(Nesting.Kind.LOOP)).isTrue();
    assertThat(s.commands().get(12).isInside(Nesting.Kind.CASE)).isTrue();
    assertThat(s.commands().get(14).nesting().get(0).detail()).isEqualTo("fn");
    assertThat(s.commands().get(16).isInside(Nesting.Kind.NEGATION)).isTrue();
    assertThat(s.commands().get(1).operator()).isEqualTo(ListOperator.AND);
    assertThat(s.commands().get(3).operator()).isEqualTo(ListOperator.SEMICOLON);
  }

  @Test
  void substitutionsAreParsedAndRunFirst() {
    Script s = Shell.parseFresh("echo $(git rev-parse HEAD) `date +%s` <(ls) \"$(rm x)\"");
    assertThat(s.problems()).isEmpty();
    assertThat(s.commands()).extracting(SimpleCommand::name)
        .containsExactly("git", "date", "ls", "rm", "echo");
    assertThat(s.commands().get(0).isInside(Nesting.Kind.COMMAND_SUBSTITUTION)).isTrue();
    assertThat(s.commands().get(1).isInside(Nesting.Kind.BACKTICK)).isTrue();
    assertThat(s.commands().get(2).isInside(Nesting.Kind.PROCESS_SUBSTITUTION)).isTrue();
  }

  @Test
  void arithmeticIsNotASubstitution() {
    Script s = Shell.parseFresh("echo $((a + (b * 2))) && ((i++)) && echo $( (cd x && ls) )");
    assertThat(s.problems()).isEmpty();
    assertThat(s.commands()).extracting(SimpleCommand::name)
        .containsExactly("echo", "cd", "ls", "echo");
  }

  @Test
  void caseInsideSubstitution() {
    Script s = Shell.parseFresh("x=$(case $a in y) echo 1 ;; esac) && echo ok");
    assertThat(s.problems()).isEmpty();
    assertThat(s.commands()).extracting(SimpleCommand::name).containsExactly("echo", "", "echo");
  }

  @Test
  void nestedShellStringsAreReparsed() {
    Script s = Shell.parseFresh("bash -lc 'cd /tmp && rm -f x' && sh -ec \"git push\" && eval \"ls; pwd\"");
    assertThat(s.problems()).isEmpty();
    assertThat(s.commands()).extracting(SimpleCommand::name)
        .containsExactly("bash", "cd", "rm", "sh", "git", "eval", "ls", "pwd");
    SimpleCommand rm = s.commands().get(2);
    assertThat(rm.isInside(Nesting.Kind.SHELL_STRING)).isTrue();
    assertThat(rm.directory().path()).hasValue("/tmp");
    assertThat(s.text(rm)).isEqualTo("rm -f x");
    assertThat(s.commands().get(7).operator()).isEqualTo(ListOperator.SEMICOLON);
  }

  @Test
  void wrappersExposeTheCommandTheyRun() {
    Script s = Shell.parseFresh("sudo -u bob env -i A=1 timeout -s KILL 10 nohup nice -n 5 git status");
    assertThat(s.commands()).extracting(SimpleCommand::name)
        .containsExactly("sudo", "env", "timeout", "nohup", "nice", "git");
    SimpleCommand git = s.commands().get(5);
    assertThat(git.nesting()).extracting(Nesting::detail)
        .containsExactly("sudo", "env", "timeout", "nohup", "nice");
    assertThat(s.commands().get(2).assignments()).extracting(Assignment::name).containsExactly("A");
    assertThat(s.gitCommands()).hasSize(1);
  }

  @Test
  void xargsMarksArgumentsFromInput() {
    Script s = Shell.parseFresh("git branch --merged | grep -v main | xargs -r git branch -d");
    SimpleCommand inner = s.commands().get(s.commands().size() - 1);
    assertThat(inner.isNamed("git")).isTrue();
    assertThat(inner.takesArgumentsFromInput()).isTrue();
  }

  @Test
  void commandWithoutRunningNothingIsNotUnwrapped() {
    Script s = Shell.parseFresh("command -v git && sudo -l");
    assertThat(s.commands()).extracting(SimpleCommand::name).containsExactly("command", "sudo");
  }

  @Test
  void doubleBracketAndComments() {
    Script s = Shell.parseFresh("[[ -f a && $b =~ ^x(y|z)$ ]] && echo yes # trailing comment\n# whole line\nls");
    assertThat(s.problems()).isEmpty();
    assertThat(s.commands()).extracting(SimpleCommand::name).containsExactly("[[", "echo", "ls");
  }

  @Test
  void partialReadingsReportReasonAndOffset() {
    assertThat(Shell.parseFresh("echo 'abc").problems().get(0).offset()).isEqualTo(5);
    assertThat(Shell.parseFresh("echo $(ls").problems().get(0).reason()).contains("')'");
    assertThat(Shell.parseFresh("if true; then ls").problems().get(0).reason()).contains("fi");
    assertThat(Shell.parseFresh("ls &&").problems().get(0).reason()).contains("missing");
    assertThat(Shell.parseFresh("ls )").problems().get(0).offset()).isEqualTo(3);
    assertThat(Shell.parseFresh("echo `x").complete()).isFalse();
    assertThat(Shell.parseFresh("").complete()).isTrue();
  }

  @Test
  void parseWithoutFactsRemembersNothingAndWithAMemoParsesOnce() {
    String text = "git status && git diff";
    assertThat(Shell.parse(text)).isNotSameAs(Shell.parse(text));
    dev.groundskeeper.api.Facts facts = new dev.groundskeeper.api.Facts() {
      private final dev.groundskeeper.api.Memo memo = dev.groundskeeper.api.Memo.fresh();

      @Override
      public <T> java.util.Optional<T> find(dev.groundskeeper.api.Fact<T> fact) {
        return java.util.Optional.empty();
      }

      @Override
      public dev.groundskeeper.api.Memo memo() {
        return memo;
      }
    };
    assertThat(Shell.parse(text, facts)).isSameAs(Shell.parse(new String(text.toCharArray()),
        facts));
    assertThat(Shell.parse(text, dev.groundskeeper.api.Facts.none()))
        .isNotSameAs(Shell.parse(text, dev.groundskeeper.api.Facts.none()));
  }

  @Test
  void deepNestingStopsWithAProblem() {
    for (String text : List.of("( ".repeat(5000) + "ls" + " )".repeat(5000),
        "echo " + "$(".repeat(3000) + "ls" + ")".repeat(3000),
        "eval ".repeat(200) + "ls")) {
      Script s = Shell.parseFresh(text);
      assertThat(s.complete()).isFalse();
      assertThat(s.problems().get(0).reason()).contains("nesting");
    }
  }

  /** The operator is read by its characters: every operator, bare and after a descriptor. */
  @Test
  void everyRedirectionOperatorReadsAsItself() {
    for (RedirectOperator op : RedirectOperator.values()) {
      String target = op == RedirectOperator.DUP_OUT || op == RedirectOperator.DUP_IN ? "1"
          : op.isHeredoc() ? "EOF" : "f.txt";
      String tail = op.isHeredoc() ? "\nbody\nEOF" : "";
      for (String prefix : op.symbol().startsWith("&") ? List.of("") : List.of("", "2", "10")) {
        for (String gap : List.of("", " ")) {
          String command = "cmd " + prefix + op.symbol() + gap + target + " x" + tail;
          Script script = Shell.parseFresh(command);
          assertThat(script.problems()).as(command).isEmpty();
          Redirection r = script.commands().get(0).redirections().get(0);
          assertThat(r.operator()).as(command).isEqualTo(op);
          assertThat(r.target().value()).as(command).isEqualTo(target);
          assertThat(r.descriptor().isPresent()).as(command).isEqualTo(!prefix.isEmpty());
          if (!prefix.isEmpty()) {
            assertThat(r.descriptor().getAsInt()).as(command).isEqualTo(Integer.parseInt(prefix));
          }
          assertThat(script.commands().get(0).words()).extracting(Word::value)
              .as(command).containsExactly("cmd", "x");
        }
      }
    }
  }
}
