package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.API;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What makes two branch names "the same work": the stem (the name without the prefixes tools add
 * and the suffixes people add when they start over) and the number tokens (issue and plan
 * numbers).
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Stems {

  /** A retry, copy or version suffix, or the eight-hex suffix of a runner-made worktree name. */
  private static final Pattern SUFFIX = Pattern.compile(
      "[-_](\\d{1,2}|r\\d+|v\\d+|orig|old|new|retry\\d*|again|redo|copy|bak|backup|[0-9a-f]{8})$");

  private static final Pattern TOKEN_SEPARATOR = Pattern.compile("[^a-z0-9]+");
  private static final Pattern DIGITS = Pattern.compile("\\d+");
  private static final Pattern NUMBER = Pattern.compile("\\d{2,5}");

  private Stems() {}

  /**
   * The stem of {@code name}: lower-cased; leading {@code worktree-}, {@code agent-} and
   * {@code <remote>/} removed; then retry, copy and version suffixes removed from the end while
   * one matches. Applying it to its own result changes nothing.
   *
   * @param name a branch name, local or remote-tracking
   * @param remote the remote whose prefix is removed, such as {@code origin}
   * @return the stem; may be empty when the name is all prefix and suffix
   */
  public static String stem(String name, String remote) {
    String stem = name.toLowerCase(Locale.ROOT);
    String remotePrefix = remote.toLowerCase(Locale.ROOT) + "/";
    boolean stripped = true;
    while (stripped) {
      stripped = false;
      for (String prefix : List.of("worktree-", "agent-", remotePrefix)) {
        if (stem.startsWith(prefix)) {
          stem = stem.substring(prefix.length());
          stripped = true;
        }
      }
    }
    Matcher suffix = SUFFIX.matcher(stem);
    while (suffix.find()) {
      stem = stem.substring(0, suffix.start());
      suffix = SUFFIX.matcher(stem);
    }
    return stem;
  }

  /**
   * The number tokens of {@code name}, in order, without leading zeros: every token of two to
   * five digits (tokens are separated by anything but letters and digits), and the number after
   * {@code issue-} or {@code gh-} whatever its length.
   *
   * @param name a branch name, local or remote-tracking
   * @param remote the remote whose prefix is removed, such as {@code origin}
   * @return the distinct numbers in order of appearance, in a new list; empty when there are none
   */
  public static List<String> numberTokens(String name, String remote) {
    String lower = name.toLowerCase(Locale.ROOT);
    String remotePrefix = remote.toLowerCase(Locale.ROOT) + "/";
    if (lower.startsWith(remotePrefix)) {
      lower = lower.substring(remotePrefix.length());
    }
    String[] tokens = TOKEN_SEPARATOR.split(lower);
    Set<String> numbers = new LinkedHashSet<>();
    for (int i = 0; i < tokens.length; i++) {
      String token = tokens[i];
      boolean afterIssue = i > 0 && (tokens[i - 1].equals("issue") || tokens[i - 1].equals("gh"));
      if (NUMBER.matcher(token).matches() || afterIssue && DIGITS.matcher(token).matches()) {
        numbers.add(withoutLeadingZeros(token));
      }
    }
    return new ArrayList<>(numbers);
  }

  private static String withoutLeadingZeros(String digits) {
    int i = 0;
    while (i < digits.length() - 1 && digits.charAt(i) == '0') {
      i++;
    }
    return digits.substring(i);
  }
}
