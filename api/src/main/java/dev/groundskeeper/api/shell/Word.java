package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * One shell word: its value after quote removal, the text it was written as, and where.
 *
 * <p>{@code value} is what bash would pass when the word is {@linkplain #isStatic() static}.
 * Expansions ({@code $X}, {@code ${X}}, {@code $(…)}, backticks, {@code $((…))}, a leading
 * {@code ~}, unquoted {@code *} or {@code ?}) are kept in the value as they were written, and make
 * the word not static: its real value is only known when the command runs.
 *
 * <p>{@code start} and {@code end} are offsets into the parsed source ({@code end} exclusive). A
 * word read out of a re-parsed string ({@code sh -c '…'}, {@code eval}, backticks) carries the
 * offsets of the outer word when its own text cannot be mapped back exactly.
 *
 * <p>A value: two words are equal when their value, source, offsets and staticness are. The
 * parser keeps a word's text as a range of the command it read until {@link #source()} or
 * {@link #value()} is first asked for (most words of most commands never are), so a word is not
 * a record; it is immutable and safe to share between threads all the same.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Word {

  /** The source itself when {@link #ownText}, else the text the parser read it from. */
  private final String text;
  /** The value when it differs from the source; null when the value is the source. */
  private final String value;
  private final int start;
  private final int end;
  /** Where the source starts in {@code text}, as {@code start - shift} (not when ownText). */
  private final int shift;
  private final boolean isStatic;
  private final boolean ownText;
  /** The source once cut out of {@code text}: a benign race, every thread makes an equal string. */
  private String source;

  /**
   * A word with its own text.
   *
   * @param value the value after quote removal
   * @param source the text it was written as
   * @param start where the source starts in the parsed command
   * @param end where it ends, exclusive
   * @param isStatic whether the value is known before the command runs
   */
  public Word(String value, String source, int start, int end, boolean isStatic) {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(source, "source");
    this.text = source;
    this.value = value.equals(source) ? null : value;
    this.start = start;
    this.end = end;
    this.shift = 0;
    this.isStatic = isStatic;
    this.ownText = true;
  }

  private Word(String text, String value, int start, int end, int shift, boolean isStatic,
      boolean ownText) {
    this.text = text;
    this.value = value;
    this.start = start;
    this.end = end;
    this.shift = shift;
    this.isStatic = isStatic;
    this.ownText = ownText;
  }

  /**
   * The parser's word written as {@code text[start - shift, end - shift)}, whose value is
   * {@code value}, or that same text when {@code value} is null; the text is cut out only when
   * it is first read.
   */
  static Word ofRange(String text, int shift, String value, int start, int end,
      boolean isStatic) {
    return new Word(text, value, start, end, shift, isStatic, false);
  }

  /**
   * A static word whose source is its value, for building expectations and synthetic words.
   *
   * @param value the word
   * @return a static word at offsets 0 to its length
   */
  public static Word of(String value) {
    return new Word(value, value, 0, value.length(), true);
  }

  /** This word with the same text and place, and {@code isStatic} as given. */
  Word withStatic(boolean isStatic) {
    return isStatic == this.isStatic ? this
        : new Word(text, value, start, end, shift, isStatic, ownText);
  }

  /**
   * The value after quote removal (see the class comment).
   *
   * @return the value
   */
  public String value() {
    return value != null ? value : source();
  }

  /**
   * The text the word was written as.
   *
   * @return the source, quotes included
   */
  public String source() {
    if (ownText) {
      return text;
    }
    String s = source;
    if (s == null) {
      s = text.substring(start - shift, end - shift);
      source = s;
    }
    return s;
  }

  /** {@return the value's length, known without copying the word (for the parser's first tests)} */
  int valueLength() {
    return value == null && !ownText ? end - start : value().length();
  }

  /** The value's character at {@code i}, read without copying the word. */
  char valueCharAt(int i) {
    return value == null && !ownText ? text.charAt(start - shift + i) : value().charAt(i);
  }

  /**
   * Where the word starts in the parsed source.
   *
   * @return an offset
   */
  public int start() {
    return start;
  }

  /**
   * Where the word ends in the parsed source.
   *
   * @return an offset, exclusive
   */
  public int end() {
    return end;
  }

  /**
   * Whether the value is known before the command runs (no expansion in it).
   *
   * @return true for a static word
   */
  public boolean isStatic() {
    return isStatic;
  }

  /**
   * Whether the value is known and equals {@code text}, read without copying the word.
   *
   * @param text the expected value
   * @return false for a word that is not static
   */
  public boolean is(String text) {
    if (!isStatic) {
      return false;
    }
    if (value != null || ownText) {
      return value().equals(text);
    }
    return end - start == text.length() && this.text.startsWith(text, start - shift);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Word w && start == w.start && end == w.end && isStatic == w.isStatic
        && value().equals(w.value()) && source().equals(w.source());
  }

  @Override
  public int hashCode() {
    return Objects.hash(value(), source(), start, end, isStatic);
  }

  @Override
  public String toString() {
    return source();
  }
}
