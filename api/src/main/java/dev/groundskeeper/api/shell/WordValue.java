package dev.groundskeeper.api.shell;

/**
 * A word's value while the parser reads it. As long as every piece is the source text that
 * follows the previous piece, the value is only a range of the source: most quoted and expanded
 * words ({@code "a b"}, {@code 'x'}, {@code $HOME/x}) end as one substring, with no builder and
 * no copying character by character. The first piece that is not the source text at that point
 * (an escape, a removed quote between two pieces) moves the value into a builder.
 */
final class WordValue {

  private final String source;
  private int from;
  private int to;
  private StringBuilder text;
  private boolean rawBytes;

  WordValue(String source, int at) {
    this.source = source;
    this.from = at;
    this.to = at;
  }

  /** Appends {@code source[start, end)} as it is written. */
  void copy(int start, int end) {
    if (text == null) {
      if (start == to) {
        to = end;
        return;
      }
      if (from == to) {
        from = start;
        to = end;
        return;
      }
      builder();
    }
    text.append(source, start, end);
  }

  /** Appends a character that is not the source text at this point (an escape's meaning). */
  void append(char c) {
    builder().append(c);
  }

  /**
   * Appends a byte as {@link dev.groundskeeper.api.RawText} writes it; the value joins bytes
   * that form UTF-8 together.
   */
  void appendRawByte(byte b) {
    // one byte alone: ASCII as itself, any other as RawText's escape for it
    builder().append(dev.groundskeeper.api.RawText.decode(new byte[] {b}));
    rawBytes |= b < 0;
  }

  void appendCodePoint(int codePoint) {
    builder().appendCodePoint(codePoint);
  }

  private StringBuilder builder() {
    if (text == null) {
      text = new StringBuilder(Math.max(16, to - from + 16)).append(source, from, to);
    }
    return text;
  }

  /** True when the value is exactly {@code source[start, end)}. */
  boolean isSource(int start, int end) {
    return text == null && from == start && to == end;
  }

  String value() {
    if (text == null) {
      return source.substring(from, to);
    }
    return rawBytes ? dev.groundskeeper.api.RawText.normalize(text.toString()) : text.toString();
  }
}
