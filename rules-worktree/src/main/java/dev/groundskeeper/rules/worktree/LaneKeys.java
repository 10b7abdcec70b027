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

  /** True when {@code name} is a full commit id (SHA-1 or SHA-256), lower-case. */
  public static boolean isLaneKey(String name) {
    return FULL.matcher(name).matches();
  }

  /** True when {@code name} is a shorter prefix of {@code rootCommit} (an abbreviated key). */
  public static boolean abbreviates(String name, String rootCommit) {
    return !isLaneKey(name) && HEX.matcher(name).matches() && rootCommit.startsWith(name);
  }
}
