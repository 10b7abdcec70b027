package dev.groundskeeper.api;

/** A rule id that is blank, holds whitespace or does not have the {@code namespace.name} form. */
@API(status = API.Status.STABLE)
public final class InvalidRuleIdException extends GroundskeeperException {

  /** The id as given. */
  private final String ruleId;
  /** What is wrong with it. */
  private final String why;

  /**
   * A malformed id.
   *
   * @param ruleId the id as given
   * @param why what is wrong with it
   */
  public InvalidRuleIdException(String ruleId, String why) {
    super("invalid rule id '" + ruleId + "': " + why);
    this.ruleId = ruleId;
    this.why = why;
  }

  /** {@return the id as given} */
  public String ruleId() {
    return ruleId;
  }

  /** {@return what is wrong with the id, without the id itself} */
  public String why() {
    return why;
  }
}
