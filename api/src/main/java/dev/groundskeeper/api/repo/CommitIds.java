package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;

/** Commit ids in these facts are full lowercase hexadecimal object names (40 or 64 digits). */
@API(status = API.Status.EXPERIMENTAL)
public final class CommitIds {

  private CommitIds() {}

  /**
   * Whether {@code id} is a full commit id: 40 (SHA-1) or 64 (SHA-256) lower-case hex digits.
   *
   * @param id the text, possibly null
   * @return true for a full id
   */
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

  /**
   * Returns {@code id}, or throws when it is not a full lowercase object name.
   *
   * @param id the text
   * @return {@code id}
   * @throws IllegalArgumentException when it is not a full id
   */
  public static String requireValid(String id) {
    if (!isValid(id)) {
      throw new IllegalArgumentException("not a full commit id: '" + id + "'");
    }
    return id;
  }
}
