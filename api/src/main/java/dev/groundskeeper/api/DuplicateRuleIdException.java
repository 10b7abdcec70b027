package dev.groundskeeper.api;

/** Two rules in one policy share an id; both sources are named. */
@API(status = API.Status.STABLE)
public final class DuplicateRuleIdException extends GroundskeeperException {

  /** The id two rules share. */
  private final String ruleId;

  /**
   * Two rules with one id.
   *
   * @param ruleId the id
   * @param firstSource the provider (or caller) that gave it first
   * @param secondSource the one that gave it again
   */
  public DuplicateRuleIdException(String ruleId, String firstSource, String secondSource) {
    super("duplicate rule id '" + ruleId + "': provided by " + firstSource + " and by "
        + secondSource);
    this.ruleId = ruleId;
  }

  /** {@return the id} */
  public String ruleId() {
    return ruleId;
  }
}
