package dev.groundskeeper.api;

/** Two rules in one policy share an id; both sources are named. */
@API(status = API.Status.STABLE)
public final class DuplicateRuleIdException extends GroundskeeperException {

  private final String ruleId;

  public DuplicateRuleIdException(String ruleId, String firstSource, String secondSource) {
    super("duplicate rule id '" + ruleId + "': provided by " + firstSource + " and by "
        + secondSource);
    this.ruleId = ruleId;
  }

  public String ruleId() {
    return ruleId;
  }
}
