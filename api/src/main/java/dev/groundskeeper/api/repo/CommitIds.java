package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.regex.Pattern;

/** Commit ids in these facts are full lowercase hexadecimal object names (40 or 64 digits). */
@API(status = API.Status.EXPERIMENTAL)
public final class CommitIds {

  private static final Pattern FULL_ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

  private CommitIds() {}

  public static boolean isValid(String id) {
    return id != null && FULL_ID.matcher(id).matches();
  }

  /** Returns {@code id}, or throws when it is not a full lowercase object name. */
  public static String requireValid(String id) {
    if (!isValid(id)) {
      throw new IllegalArgumentException("not a full commit id: '" + id + "'");
    }
    return id;
  }
}
