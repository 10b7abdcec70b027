package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The glob dialect of branch-name lists ({@code exempt}, {@code integration_lines}): {@code *}
 * matches within one path segment, {@code **} across segments, {@code ?} one character other than
 * {@code /}; everything else is literal.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class BranchGlob {

  private BranchGlob() {}

  public static boolean matches(String glob, String branch) {
    return toPattern(glob).matcher(branch).matches();
  }

  public static boolean matchesAny(List<String> globs, String branch) {
    for (String glob : globs) {
      if (matches(glob, branch)) {
        return true;
      }
    }
    return false;
  }

  static Pattern toPattern(String glob) {
    StringBuilder regex = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (int i = 0; i < glob.length(); i++) {
      char c = glob.charAt(i);
      if (c == '*' || c == '?') {
        if (literal.length() > 0) {
          regex.append(Pattern.quote(literal.toString()));
          literal.setLength(0);
        }
        if (c == '?') {
          regex.append("[^/]");
        } else if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
          regex.append(".*");
          i++;
        } else {
          regex.append("[^/]*");
        }
      } else {
        literal.append(c);
      }
    }
    if (literal.length() > 0) {
      regex.append(Pattern.quote(literal.toString()));
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL);
  }
}
