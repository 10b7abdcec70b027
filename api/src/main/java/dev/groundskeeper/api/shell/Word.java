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
 */
@API(status = API.Status.EXPERIMENTAL)
public record Word(String value, String source, int start, int end, boolean isStatic) {

  public Word {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(source, "source");
  }

  /** A static word whose source is its value, for building expectations and synthetic words. */
  public static Word of(String value) {
    return new Word(value, value, 0, value.length(), true);
  }

  /** True when the value is known and equals {@code text}. */
  public boolean is(String text) {
    return isStatic && value.equals(text);
  }

  @Override
  public String toString() {
    return source;
  }
}
