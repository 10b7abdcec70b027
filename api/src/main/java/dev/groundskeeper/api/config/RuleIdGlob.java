package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.util.regex.Pattern;

/**
 * The glob dialect of rule-id filters ({@code engine.include}, {@code engine.exclude} and the
 * policy builder's own): {@code *} matches any run of characters, dots included, and {@code ?}
 * one character; everything else stands for itself. One definition serves the filter that selects
 * rules and the check that every configured glob selects some rule.
 */
@API(status = API.Status.INTERNAL)
public final class RuleIdGlob {

  private RuleIdGlob() {}

  /**
   * The glob as a pattern over whole rule ids.
   *
   * @param glob a rule-id glob ({@code *} any run, {@code ?} one character)
   * @return the pattern
   */
  public static Pattern compile(String glob) {
    StringBuilder regex = new StringBuilder();
    for (char c : glob.toCharArray()) {
      switch (c) {
        case '*' -> regex.append(".*");
        case '?' -> regex.append('.');
        default -> regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(regex.toString());
  }
}
