package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import java.util.regex.Pattern;

/**
 * A lane is keyed by the full id of its repository's root commit; a directory under the store
 * whose name is anything else is not a lane, and one named by an abbreviation of a root commit is
 * a hand-made lane the store never manages.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class LaneKeys {

  private static final Pattern FULL = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
  private static final Pattern HEX = Pattern.compile("[0-9a-f]{4,63}");

  private LaneKeys() {}

  /**
   * Whether a directory name is a lane key: a full commit id (SHA-1 or SHA-256), lower-case.
   *
   * @param name a directory name under the store
   * @return true for 40 or 64 lower-case hexadecimal digits, false for anything else
   */
  public static boolean isLaneKey(String name) {
    return FULL.matcher(name).matches();
  }

  /**
   * Whether a directory name is an abbreviation of a repository's lane key: a hand-made lane
   * the store lists but never manages.
   *
   * @param name a directory name under the store
   * @param rootCommit the full id of the repository's root commit
   * @return true when {@code name} is a prefix of at least 4 hexadecimal digits of
   *     {@code rootCommit} and not itself a full key
   */
  public static boolean abbreviates(String name, String rootCommit) {
    return !isLaneKey(name) && HEX.matcher(name).matches() && rootCommit.startsWith(name);
  }
}
