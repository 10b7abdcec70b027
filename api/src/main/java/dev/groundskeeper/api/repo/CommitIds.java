package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;

/** Commit ids in these facts are full lowercase hexadecimal object names (40 or 64 digits). */
@API(status = API.Status.EXPERIMENTAL)
public final class CommitIds {

  private CommitIds() {}

  public static boolean isValid(String id) {
    if (id == null || id.length() != 40 && id.length() != 64) {
      return false;
    }
    // A loop, not a regex: ids are checked on every branch of every inventory (hot path).
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
        return false;
      }
    }
    return true;
  }

  /** Returns {@code id}, or throws when it is not a full lowercase object name. */
  public static String requireValid(String id) {
    if (!isValid(id)) {
      throw new IllegalArgumentException("not a full commit id: '" + id + "'");
    }
    return id;
  }
}
