package dev.groundskeeper.git.store;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.GroundskeeperException;
import java.util.Objects;

/**
 * The store refused to act, saying why and what to do; nothing was written or removed. Its
 * message never names the home directory other than as {@code ~}.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class StoreRefusal extends GroundskeeperException {

  private static final long serialVersionUID = 1L;

  private final String reason;
  private final String remedy;

  public StoreRefusal(String reason, String remedy) {
    super(reason + (remedy.isBlank() ? "" : "; " + remedy));
    this.reason = Objects.requireNonNull(reason, "reason");
    this.remedy = Objects.requireNonNull(remedy, "remedy");
  }

  public String reason() {
    return reason;
  }

  /** What to do instead; may be blank when the reason says it all. */
  public String remedy() {
    return remedy;
  }
}
