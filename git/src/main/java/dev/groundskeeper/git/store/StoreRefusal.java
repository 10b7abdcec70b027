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

  /** Why the store refused. */
  private final String reason;
  /** What to do instead; may be blank. */
  private final String remedy;

  /**
   * A refusal, its message the reason and the way out.
   *
   * @param reason why the store refused
   * @param remedy what to do instead; may be blank
   */
  public StoreRefusal(String reason, String remedy) {
    super(reason + (remedy.isBlank() ? "" : "; " + remedy));
    this.reason = Objects.requireNonNull(reason, "reason");
    this.remedy = Objects.requireNonNull(remedy, "remedy");
  }

  /** {@return why the store refused} */
  public String reason() {
    return reason;
  }

  /** {@return what to do instead; may be blank when the reason says it all} */
  public String remedy() {
    return remedy;
  }
}
