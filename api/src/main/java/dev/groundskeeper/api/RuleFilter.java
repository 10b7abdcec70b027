package dev.groundskeeper.api;

import java.util.List;
import java.util.regex.Pattern;

/** Include/exclude globs over rule ids: {@code *} matches any run of characters, {@code ?} one. */
final class RuleFilter {

  private final List<Pattern> include;
  private final List<Pattern> exclude;

  RuleFilter(List<String> include, List<String> exclude) {
    this.include = include.stream().map(RuleFilter::compile).toList();
    this.exclude = exclude.stream().map(RuleFilter::compile).toList();
  }

  boolean accepts(String ruleId) {
    boolean included = include.isEmpty()
        || include.stream().anyMatch(p -> p.matcher(ruleId).matches());
    return included && exclude.stream().noneMatch(p -> p.matcher(ruleId).matches());
  }

  static Pattern compile(String glob) {
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
