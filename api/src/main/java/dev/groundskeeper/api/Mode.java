package dev.groundskeeper.api;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How strongly a rule's findings are enforced. The engine applies {@link #BLOCK}, {@link #ADVISE}
 * and {@link #OFF}; other words ({@code warn}, {@code act}, {@code on}) are rule-specific and are
 * handed to the rule at construction. For enforcement the engine treats {@code warn} like
 * {@code advise} and every other word like {@code block}.
 *
 * @param word the mode as configuration spells it: a lower-case word
 */
@API(status = API.Status.STABLE)
public record Mode(String word) {

  private static final Pattern WORD = Pattern.compile("[a-z][a-z_-]*");

  /** Denials are delivered as denials. */
  public static final Mode BLOCK = new Mode("block");
  /** Denials are delivered as advice: the step goes ahead with the rule's note. */
  public static final Mode ADVISE = new Mode("advise");
  /** The rule does not run. */
  public static final Mode OFF = new Mode("off");
  /** Like {@link #ADVISE} for enforcement; some rules read it as "report, do not act". */
  public static final Mode WARN = new Mode("warn");
  /** A rule-specific word: the rule acts (removes, parks) where it would otherwise report. */
  public static final Mode ACT = new Mode("act");
  /** A rule-specific word for a rule that is either running or off. */
  public static final Mode ON = new Mode("on");

  /**
   * Checks the word.
   *
   * @param word the mode as configuration spells it: a lower-case word
   * @throws IllegalArgumentException when it is not a lower-case word
   */
  public Mode {
    Objects.requireNonNull(word, "word");
    if (!WORD.matcher(word).matches()) {
      throw new IllegalArgumentException("a mode is a lower-case word, got '" + word + "'");
    }
  }

  /**
   * The mode a configuration word names.
   *
   * @param word a lower-case word
   * @return the mode
   * @throws IllegalArgumentException when it is not a lower-case word
   */
  public static Mode of(String word) {
    return new Mode(word);
  }

  /**
   * Whether the rule is turned off.
   *
   * @return true for {@link #OFF}
   */
  public boolean isOff() {
    return equals(OFF);
  }

  /** {@return true when a {@link Outcome#DENY} under this mode is delivered as advice} */
  public boolean softensDenials() {
    return equals(ADVISE) || equals(WARN);
  }

  @Override
  public String toString() {
    return word;
  }
}
