package dev.groundskeeper.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class SafeTextTest {

  @Test
  void controlCharactersOverridesAndBackslashesBecomeVisibleEscapes() {
    assertThat(SafeText.escape("plain/path-ok é")).isEqualTo("plain/path-ok é");
    assertThat(SafeText.escape("a\u001b[2Jb\nc\u0085d")).isEqualTo("a\\x1b[2Jb\\x0ac\\u{0085}d");
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

  /**
   * Each kind of character both escaping methods replace, at the edges of its range, and the
   * neighbours they leave: the two give the same output on text without a backslash or a line
   * break (where only escapeControls keeps them).
   */
  @Test
  void bothMethodsEscapeControlBytesC1OverridesAndRawBytesAlike() {
    String[][] cases = {
        {"\u0000", "\\x00"}, {"\u0007", "\\x07"}, {"\t", "\\x09"}, {"\r", "\\x0d"},
        {"\u001b", "\\x1b"}, {"\u001f", "\\x1f"}, {" ", " "}, {"~", "~"},
        {"\u007f", "\\x7f"}, {"\u0080", "\\u{0080}"}, {"\u009b", "\\u{009b}"},
        {"\u009f", "\\u{009f}"},
        {"\u00a0", "\u00a0"}, {"\u061b", "\u061b"}, {"\u061c", "\\u{061c}"},
        {"\u200d", "\u200d"}, {"\u200e", "\\u{200e}"}, {"\u200f", "\\u{200f}"},
        {"\u202a", "\\u{202a}"}, {"\u202e", "\\u{202e}"},
        {"\u202f", "\u202f"}, {"\u2065", "\u2065"}, {"\u2066", "\\u{2066}"},
        {"\u2069", "\\u{2069}"}, {"\u206a", "\u206a"},
        // a surrogate pair and lone surrogates pass; RawText's stand-ins for bytes that are not
        // UTF-8 (U+DC80 to U+DCFF) are the bytes, as bash's $'…' writes them
        {"\ud83d\ude00", "\ud83d\ude00"}, {"\ud800", "\ud800"}, {"\udbff", "\udbff"},
        {"\udc7f", "\udc7f"}, {"\udc80", "\\x80"}, {"\udcc3", "\\xc3"}, {"\udcff", "\\xff"},
        {"\udd00", "\udd00"}, {"\udfff", "\udfff"},
        {"a\u001b[31mb\u202ec\udcffd", "a\\x1b[31mb\\u{202e}c\\xffd"}};
    for (String[] c : cases) {
      String in = c[0];
      assertThat(SafeText.escape(in)).as("escape %s", codes(in)).isEqualTo(c[1]);
      assertThat(SafeText.escapeControls(in)).as("escapeControls %s", codes(in))
          .isEqualTo(c[1]);
      assertThat(SafeText.escapeLines(in)).as("escapeLines %s", codes(in)).isEqualTo(c[1]);
    }
  }

  @Test
  void aBackslashAndALineBreakAreWhereTheMethodsDiffer() {
    assertThat(SafeText.escape("a\\b\nc")).isEqualTo("a\\\\b\\x0ac");
    assertThat(SafeText.escapeLines("a\\b\nc")).isEqualTo("a\\\\b\nc");
    assertThat(SafeText.escapeControls("a\\b\nc")).isEqualTo("a\\b\nc");
  }

  private static String codes(String text) {
    return text.chars().mapToObj(c -> String.format("U+%04X", c)).toList().toString();
  }

  @Provide
  Arbitrary<String> unsafe() {
    // the ranges SafeText replaces and their neighbours, among plain letters
    return Arbitraries.strings().withCharRange('\u0000', '\u00a0').withCharRange('a', 'f')
        .withChars('\\', '\n', '\u061c', '\u200e', '\u200f', '\u2029', '\u202e',
            '\u2066', '\u2069', '\ud83d', '\ude00', '\ud800', '\udc7f', '\udc80', '\udcff')
        .ofMaxLength(40);
  }

  /**
   * escapeControls is escape applied between the backslashes and line breaks it keeps, and
   * escapeLines is escape between the line breaks: one escaping serves the three.
   */
  @Property
  void theThreeMethodsAreOneEscapingBetweenWhatEachKeeps(@ForAll("unsafe") String text) {
    assertThat(SafeText.escapeControls(text)).isEqualTo(between(text, "[\\\\\n]"));
    assertThat(SafeText.escapeLines(text)).isEqualTo(between(text, "\n"));
  }

  @Property
  void escapeControlsIsEscapeBetweenWhatItKeepsOnAnyText(@ForAll String text) {
    assertThat(SafeText.escapeControls(text)).isEqualTo(between(text, "[\\\\\n]"));
  }

  /** {@code text} with every run between matches of {@code kept} escaped, the matches kept. */
  private static String between(String text, String kept) {
    Matcher m = Pattern.compile(kept).matcher(text);
    StringBuilder out = new StringBuilder();
    int at = 0;
    while (m.find()) {
      out.append(SafeText.escape(text.substring(at, m.start()))).append(m.group());
      at = m.end();
    }
    return out.append(SafeText.escape(text.substring(at))).toString();
  }

  @Test
  void eachFailureKindHasItsWords() {
    Map<Throwable, String> words = new LinkedHashMap<>();
    words.put(new NoSuchFileException("/f"), "/f: no such file or directory");
    words.put(new AccessDeniedException("/f"), "/f: permission denied");
    words.put(new FileAlreadyExistsException("/f"), "/f: it already exists");
    words.put(new DirectoryNotEmptyException("/f"), "/f: the directory is not empty");
    words.put(new NotDirectoryException("/f"), "/f: not a directory");
    words.put(new NotLinkException("/f"), "/f: not a symbolic link");
    words.put(new FileSystemException("/f"), "/f: a file system error");
    words.put(new FileSystemException(null), "a file system error");
    words.put(new AccessDeniedException("/f", "/g", "locked"), "/f: locked (/g)");
    words.put(new ClassCastException("class java.lang.String cannot be cast"),
        "a value was of an unexpected type");
    words.put(new StackOverflowError(), "the call stack overflowed");
    words.put(new OutOfMemoryError("Java heap space"), "out of memory: Java heap space");
    words.put(new UnsatisfiedLinkError("no gk in java.library.path"),
        "a class could not be loaded or linked: no gk in java.library.path");
    // a wrapper is its cause's kind
    words.put(new IllegalStateException(new OutOfMemoryError()), "out of memory");
    words.forEach((failure, expected) ->
        assertThat(SafeText.failure(failure)).as(failure.toString()).isEqualTo(expected));
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
