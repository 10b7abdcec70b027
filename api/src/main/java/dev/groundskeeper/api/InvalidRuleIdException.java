package dev.groundskeeper.api;

/** A rule id that is blank, holds whitespace or does not have the {@code namespace.name} form. */
@API(status = API.Status.STABLE)
public final class InvalidRuleIdException extends GroundskeeperException {

  private final String ruleId;

  public InvalidRuleIdException(String ruleId, String why) {
    super("invalid rule id '" + ruleId + "': " + why);
    this.ruleId = ruleId;
  }

  public String ruleId() {
    return ruleId;
  }
}
