package dev.groundskeeper.api;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class SafeTextTest {

  @Test
  void controlCharactersOverridesAndBackslashesBecomeVisibleEscapes() {
    assertThat(SafeText.escape("plain/path-ok é")).isEqualTo("plain/path-ok é");
    assertThat(SafeText.escape("a\u001b[2Jb\nc\u0085d")).isEqualTo("a\\x1b[2Jb\\x0ac\\x85d");
    assertThat(SafeText.escape("x\u202ey")).isEqualTo("x\\u{202e}y");
    assertThat(SafeText.escape("back\\slash")).isEqualTo("back\\\\slash");
  }

  @Test
  void escapeLinesKeepsTheLineBreaksOnly() {
    assertThat(SafeText.escapeLines("one\u0007\ntwo\tthree\n"))
        .isEqualTo("one\\x07\ntwo\\x09three\n");
  }

  @Property
  void escapedTextHoldsNoControlCharacter(@ForAll String text) {
    assertThat(SafeText.escape(text).chars())
        .noneMatch(c -> c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f));
    assertThat(SafeText.escapeLines(text).chars())
        .noneMatch(c -> (c < 0x20 && c != '\n') || c == 0x7f || (c >= 0x80 && c <= 0x9f));
  }

  @Test
  void escapeControlsKeepsBackslashesAndLineBreaksSoAQuotedCommandStillPastes() {
    assertThat(SafeText.escapeControls("rm -- $'a\\x1bb'\nx\u001b[2J\u202ey"))
        .isEqualTo("rm -- $'a\\x1bb'\nx\\x1b[2J\\u{202e}y");
  }

  @Property
  void escapeControlsLeavesNoControlCharacterButTheLineBreak(@ForAll String text) {
    assertThat(SafeText.escapeControls(text).chars())
        .noneMatch(c -> (c < 0x20 && c != '\n') || c == 0x7f || (c >= 0x80 && c <= 0x9f));
  }

  @Test
  void aFailureIsWordsWithoutAnyExceptionsClassName() {
    assertThat(SafeText.failure(new IllegalStateException("boom"))).isEqualTo("boom");
    assertThat(SafeText.failure(new RuntimeException(new IllegalArgumentException("bad x"))))
        .as("a wrapper is its cause").isEqualTo("bad x");
    assertThat(SafeText.failure(new IllegalStateException("java.io.IOException: disk\ngone")))
        .isEqualTo("disk; gone");
    assertThat(SafeText.failure(new IllegalStateException())).isEqualTo("no reason given");
    assertThat(SafeText.failure(new NullPointerException("Cannot invoke \"java.lang.String"
        + ".length()\""))).isEqualTo("a value was missing (null)");
    assertThat(SafeText.failure(new NoClassDefFoundError("com/example/Gone")))
        .isEqualTo("a class could not be loaded or linked: com/example/Gone");
    assertThat(SafeText.failure(new java.nio.file.NoSuchFileException("/x/y")))
        .isEqualTo("/x/y: no such file or directory");
    assertThat(SafeText.failure(new java.nio.file.FileSystemException("/x", null, "Read-only"
        + " file system"))).isEqualTo("/x: Read-only file system");
    assertThat(SafeText.failure(new IllegalStateException("x".repeat(500))))
        .hasSize(SafeText.FAILURE_LENGTH).endsWith("\u2026");
  }

  @Property
  void noFailureTextNamesAnExceptionClass(@ForAll String message) {
    String words = SafeText.failure(new IllegalStateException("java.lang.IllegalStateException: "
        + message));
    assertThat(words).isNotBlank().doesNotContain("java.lang.IllegalStateException")
        .doesNotContain("\n");
  }
}
