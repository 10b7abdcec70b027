package dev.groundskeeper.api;

import dev.groundskeeper.api.config.RuleIdGlob;
import java.util.List;
import java.util.regex.Pattern;

/** Include/exclude globs over rule ids: {@code *} matches any run of characters, {@code ?} one. */
final class RuleFilter {

  private final List<Pattern> include;
  private final List<Pattern> exclude;

  RuleFilter(List<String> include, List<String> exclude) {
    this.include = include.stream().map(RuleIdGlob::compile).toList();
    this.exclude = exclude.stream().map(RuleIdGlob::compile).toList();
  }

  boolean accepts(String ruleId) {
    boolean included = include.isEmpty()
        || include.stream().anyMatch(p -> p.matcher(ruleId).matches());
    return included && exclude.stream().noneMatch(p -> p.matcher(ruleId).matches());
  }
}
