package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.SafeText;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ShellQuotingTest {

  @Test
  void plainWordsStayAsTheyAre() {
    assertThat(ShellQuoting.word("untracked/scratch/commit-1.txt"))
        .isEqualTo("untracked/scratch/commit-1.txt");
  }

  @Test
  void printableWordsAreSingleQuoted() {
    assertThat(ShellQuoting.word("")).isEqualTo("''");
    assertThat(ShellQuoting.word("my notes.md")).isEqualTo("'my notes.md'");
    assertThat(ShellQuoting.word("it's")).isEqualTo("'it'\\''s'");
  }

  @Test
  void controlCharactersAndOverridesUseBashEscapes() {
    assertThat(ShellQuoting.word("a\u001b[31mb")).isEqualTo("$'a\\x1b[31mb'");
    assertThat(ShellQuoting.word("it's\n")).isEqualTo("$'it\\'s\\x0a'");
    assertThat(ShellQuoting.word("x\u202ey")).isEqualTo("$'x\\xe2\\x80\\xaey'");
  }

  @Test
  void byteEscapesReadBackAsUtf8WhenTheyAreUtf8() {
    assertThat(Shell.parse("echo $'\\xc3\\xa9t\\303\\251'").commands().get(0).words().get(1)
        .value()).isEqualTo("\u00e9t\u00e9");
    // a byte that is not UTF-8 stays that byte (RawText), never the character of its number
    assertThat(Shell.parse("echo $'\\xff\\x41'").commands().get(0).words().get(1).value())
        .isEqualTo("\udcffA");
    // bytes of one character written in two pieces are that character
    assertThat(Shell.parse("echo $'\\xc3'$'\\xa9'x").commands().get(0).words().get(1).value())
        .isEqualTo("\u00e9x");
    assertThat(Shell.parse("echo $'raw/\\x9bx' $'c1/\\xc2\\x9b'").commands().get(0).words()
        .subList(1, 3)).extracting(Word::value).containsExactly("raw/\udc9bx", "c1/\u009b");
    assertThat(Shell.parse("echo $'a\\xb'").commands().get(0).words().get(1).value())
        .isEqualTo("a\u000b");
    assertThat(Shell.parse("echo $'\\x'").commands().get(0).words().get(1).value())
        .isEqualTo("\\x");
  }

  @Test
  void aByteThatIsNotUtf8IsQuotedAsThatByte() {
    assertThat(ShellQuoting.word("raw/\udc9bx")).isEqualTo("$'raw/\\x9bx'");
    assertThat(ShellQuoting.word("c1/\u009b")).isEqualTo("$'c1/\\xc2\\x9b'");
  }

  @Test
  void aHomePathKeepsItsTildeOutsideTheQuotes() {
    assertThat(ShellQuoting.path("~/notes dir/x")).isEqualTo("~/'notes dir/x'");
    assertThat(ShellQuoting.path("~/")).isEqualTo("~/");
    assertThat(ShellQuoting.path("/abs/x")).isEqualTo("/abs/x");
  }

  @Property
  void aQuotedWordReadsBackAsTheSameWordAndCarriesNoControlCharacter(@ForAll String word) {
    String quoted = ShellQuoting.word(word);
    assertThat(SafeText.escapeControls(quoted)).isEqualTo(quoted);
    Script script = Shell.parse("echo " + quoted);
    // Bash cannot carry NUL in a word; escaped bytes that spell UTF-8 read back as its text.
    if (word.indexOf('\u0000') < 0 && word.equals(dev.groundskeeper.api.RawText.normalize(word))) {
      assertThat(script.complete()).as(quoted).isTrue();
      assertThat(script.commands()).hasSize(1);
      assertThat(script.commands().get(0).words().get(1).value()).isEqualTo(word);
    }
  }
}
