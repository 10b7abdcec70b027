package dev.groundskeeper.api;

/** A rule id that is blank, holds whitespace or does not have the {@code namespace.name} form. */
@API(status = API.Status.STABLE)
public final class InvalidRuleIdException extends GroundskeeperException {

  private final String ruleId;
  private final String why;

  public InvalidRuleIdException(String ruleId, String why) {
    super("invalid rule id '" + ruleId + "': " + why);
    this.ruleId = ruleId;
    this.why = why;
  }

  public String ruleId() {
    return ruleId;
  }

  /** What is wrong with the id, without the id itself. */
  public String why() {
    return why;
  }
}
