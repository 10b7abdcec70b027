package dev.groundskeeper.api;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Names made of bytes (git ref names, file names, a shell word built from {@code $'\x9b'}) as
 * Java text, losslessly: valid UTF-8 is decoded as usual, and each byte that is not part of a
 * valid UTF-8 sequence becomes the lone surrogate {@code U+DC00 + byte} (U+DC80 to U+DCFF, the
 * convention Python calls "surrogateescape"). Two byte strings are equal exactly when their texts
 * are, so a branch whose name is not UTF-8 and the command that names it compare as git compares
 * them, and never equal a UTF-8 name that a replacement character or a one-byte-per-character
 * reading would make them look like.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class RawText {

  private static final char FIRST = '\udc80';
  private static final char LAST = '\udcff';

  private RawText() {}

  /**
   * The text of {@code length} bytes of {@code bytes} from {@code offset}.
   *
   * @param bytes the bytes
   * @param offset where the name starts
   * @param length how many bytes it has
   * @return the text, with each byte outside valid UTF-8 as a lone surrogate
   */
  public static String decode(byte[] bytes, int offset, int length) {
    boolean ascii = true;
    for (int i = offset; i < offset + length && ascii; i++) {
      ascii = bytes[i] >= 0;
    }
    if (ascii) {
      return new String(bytes, offset, length, StandardCharsets.US_ASCII);
    }
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes, offset, length);
    CharBuffer out = CharBuffer.allocate(length);
    while (true) {
      CoderResult result = decoder.decode(in, out, true);
      if (result.isUnderflow()) {
        break;
      }
      // malformed or unmappable: each of its bytes stands for itself (UTF-8 never needs more
      // characters than bytes, so the buffer cannot overflow)
      for (int k = 0; k < result.length(); k++) {
        int b = in.get() & 0xff;
        out.put(b < 0x80 ? (char) b : (char) (0xdc00 + b));
      }
    }
    decoder.flush(out);
    out.flip();
    return out.toString();
  }

  /**
   * The text of all of {@code bytes}.
   *
   * @param bytes the bytes
   * @return the text, with each byte outside valid UTF-8 as a lone surrogate
   */
  public static String decode(byte[] bytes) {
    return decode(bytes, 0, bytes.length);
  }

  /**
   * The bytes {@code text} stands for: the inverse of {@link #decode}. A surrogate that is not
   * one of the escapes is written as UTF-8's replacement character, as a Java encoder would.
   *
   * @param text any text
   * @return its bytes
   */
  public static byte[] encode(String text) {
    if (!hasRawBytes(text)) {
      return text.getBytes(StandardCharsets.UTF_8);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() + 8);
    int from = 0;
    for (int i = 0; i < text.length(); i++) {
      int b = rawByte(text, i);
      if (b >= 0) {
        out.writeBytes(text.substring(from, i).getBytes(StandardCharsets.UTF_8));
        out.write(b);
        from = i + 1;
      }
    }
    out.writeBytes(text.substring(from).getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  /**
   * True when {@code text} holds a byte that is not UTF-8: such a name cannot be passed to a
   * program as an argument from Java, only through a byte stream.
   *
   * @param text any text
   * @return whether it holds one of the escapes
   */
  public static boolean hasRawBytes(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (rawByte(text, i) >= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code text} with escaped bytes that together form valid UTF-8 decoded: bash's
   * {@code $'\xc3'$'\xa9'} is the two bytes of "é", whichever pieces wrote them.
   *
   * @param text any text
   * @return the one text of the same bytes
   */
  public static String normalize(String text) {
    return hasRawBytes(text) ? decode(encode(text)) : text;
  }

  /**
   * The byte the character at {@code index} stands for, when it is one of the escapes: a low
   * surrogate from U+DC80 to U+DCFF that is not the second half of a pair (U+10080 to U+100FF are
   * characters, written as a pair whose second half lies in that range).
   *
   * @param text any text
   * @param index a position in it
   * @return the byte (0x80 to 0xff), or -1 when the character there is no escape
   */
  public static int rawByte(CharSequence text, int index) {
    char c = text.charAt(index);
    if (c < FIRST || c > LAST || index > 0 && Character.isHighSurrogate(text.charAt(index - 1))) {
      return -1;
    }
    return 0x80 | (c - FIRST);
  }
}
