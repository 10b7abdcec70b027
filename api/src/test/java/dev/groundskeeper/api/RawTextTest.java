package dev.groundskeeper.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class RawTextTest {

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }

  @Test
  void utf8IsTextAndEveryOtherByteIsItsOwnEscape() {
    assertThat(RawText.decode("é-work".getBytes(StandardCharsets.UTF_8))).isEqualTo("é-work");
    assertThat(RawText.decode(bytes('r', 0x9b, 'x'))).isEqualTo("r\udc9bx");
    // a lead byte without its continuation, then ASCII: only the lead byte is raw
    assertThat(RawText.decode(bytes(0xc3, 'A'))).isEqualTo("\udcc3A");
    // UTF-8 of a surrogate is not UTF-8: three raw bytes, never a surrogate of its own
    assertThat(RawText.decode(bytes(0xed, 0xb2, 0x80))).isEqualTo("\udced\udcb2\udc80");
    assertThat(RawText.hasRawBytes("é-work")).isFalse();
    assertThat(RawText.hasRawBytes("r\udc9bx")).isTrue();
  }

  @Test
  void aRawByteNeverEqualsTheUtf8NameItLooksLike() {
    String raw = RawText.decode(bytes('c', 0x9b));
    String utf8 = RawText.decode(bytes('c', 0xc2, 0x9b));
    assertThat(raw).isNotEqualTo(utf8);
    assertThat(utf8).isEqualTo("c\u009b");
    assertThat(raw).doesNotContain("\ufffd");
  }

  @Test
  void escapedBytesThatSpellUtf8NormalizeToTheirText() {
    assertThat(RawText.normalize("\udcc3\udca9t")).isEqualTo("\u00e9t");
    assertThat(RawText.normalize("\udc9b")).isEqualTo("\udc9b");
    assertThat(RawText.normalize("plain")).isSameAs("plain");
  }

  @Test
  void printedRawBytesAreEscapes() {
    assertThat(SafeText.escape("raw/\udc9bx")).isEqualTo("raw/\\x9bx");
    assertThat(RawText.rawByte("\udc9b", 0)).isEqualTo(0x9b);
    assertThat(RawText.rawByte("\u009b", 0)).isEqualTo(-1);
  }

  @Test
  void aCharacterWhosePairEndsInTheEscapesRangeIsACharacter() {
    // U+10080 is the pair D800 DC80: its second half is no byte
    String linearB = new String(Character.toChars(0x10080));
    byte[] utf8 = linearB.getBytes(StandardCharsets.UTF_8);
    assertThat(RawText.decode(utf8)).isEqualTo(linearB);
    assertThat(RawText.hasRawBytes(linearB)).isFalse();
    assertThat(RawText.encode(linearB)).isEqualTo(utf8);
    assertThat(RawText.rawByte(linearB, 1)).isEqualTo(-1);
    assertThat(SafeText.escape("x" + linearB)).isEqualTo("x" + linearB);
    assertThat(dev.groundskeeper.api.shell.ShellQuoting.word("x" + linearB))
        .isEqualTo("'x" + linearB + "'");
  }

  @Property
  void everyByteStringSurvivesTheRoundTrip(@ForAll byte[] bytes) {
    String text = RawText.decode(bytes);
    assertThat(RawText.encode(text)).isEqualTo(bytes);
    assertThat(RawText.normalize(text)).isEqualTo(text);
  }

  @Property
  void distinctByteStringsAreDistinctTexts(@ForAll byte[] a, @ForAll byte[] b) {
    if (!java.util.Arrays.equals(a, b)) {
      assertThat(RawText.decode(a)).isNotEqualTo(RawText.decode(b));
    }
  }

  @Property
  void validUtf8IsDecodedAsJavaDecodesIt(@ForAll String text) {
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    String java = new String(utf8, StandardCharsets.UTF_8);
    if (java.indexOf('\ufffd') < 0) {
      assertThat(RawText.decode(utf8)).isEqualTo(java);
      assertThat(RawText.hasRawBytes(RawText.decode(utf8))).isFalse();
    }
  }
}
