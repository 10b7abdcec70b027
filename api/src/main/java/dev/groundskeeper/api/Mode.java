package dev.groundskeeper.api;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How strongly a rule's findings are enforced. The engine applies {@link #BLOCK}, {@link #ADVISE}
 * and {@link #OFF}; other words ({@code warn}, {@code act}, {@code on}) are rule-specific and are
 * handed to the rule at construction. For enforcement the engine treats {@code warn} like
 * {@code advise} and every other word like {@code block}.
 */
@API(status = API.Status.STABLE)
public record Mode(String word) {

  private static final Pattern WORD = Pattern.compile("[a-z][a-z_-]*");

  public static final Mode BLOCK = new Mode("block");
  public static final Mode ADVISE = new Mode("advise");
  public static final Mode OFF = new Mode("off");
  public static final Mode WARN = new Mode("warn");
  public static final Mode ACT = new Mode("act");
  public static final Mode ON = new Mode("on");

  public Mode {
    Objects.requireNonNull(word, "word");
    if (!WORD.matcher(word).matches()) {
      throw new IllegalArgumentException("a mode is a lower-case word, got '" + word + "'");
    }
  }

  public static Mode of(String word) {
    return new Mode(word);
  }

  public boolean isOff() {
    return equals(OFF);
  }

  /** True when a {@link Outcome#DENY} under this mode is delivered as advice. */
  public boolean softensDenials() {
    return equals(ADVISE) || equals(WARN);
  }

  @Override
  public String toString() {
    return word;
  }
}
