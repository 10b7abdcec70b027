package dev.groundskeeper.api;

/**
 * A fact that could not be computed (no source offers it, it failed, or it ran out of its time
 * budget). Thrown from {@link Facts#get}; the engine turns it into
 * {@link Outcome#COULD_NOT_JUDGE} for the rule that asked, unless the rule catches it to fail
 * closed.
 */
@API(status = API.Status.STABLE)
public final class FactUnavailableException extends GroundskeeperException {

  /** The id of the fact that could not be computed. */
  private final String factId;

  /**
   * A fact that could not be computed.
   *
   * @param fact the fact
   * @param why what went wrong, for the could-not-judge note
   */
  public FactUnavailableException(Fact<?> fact, String why) {
    this(fact, why, null);
  }

  /**
   * A fact that could not be computed because of {@code cause}.
   *
   * @param fact the fact
   * @param why what went wrong, for the could-not-judge note
   * @param cause the failure underneath, or null
   */
  public FactUnavailableException(Fact<?> fact, String why, Throwable cause) {
    super("fact '" + fact.id() + "' is unavailable: " + why, cause);
    this.factId = fact.id();
  }

  /**
   * Which fact.
   *
   * @return its id
   */
  public String factId() {
    return factId;
  }
}
