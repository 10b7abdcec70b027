package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Explanation;
import dev.groundskeeper.api.Outcome;
import java.util.Objects;

/**
 * The {@code log:} block: which hook decisions are appended to the local decision log, and how
 * large it may grow. The log lives in the state directory, never in a repository; its place is
 * not configurable here (see docs/configuration.md).
 *
 * @param decisions which decisions are recorded
 * @param maxBytes the size at which the log is rotated
 * @param keep how many rotated files are kept
 */
@API(status = API.Status.EXPERIMENTAL)
@Doc("The local decision log (in the state directory, never in a repository): which hook"
    + " decisions it records and how large it grows.")
public record LogConfig(
    @Doc("Which decisions are recorded: off (none), advise (those in which a rule running in"
        + " advise or warn mode judged the event, so a rollout has data), or all.")
    Decisions decisions,
    @Range(min = 4096, max = 1073741824)
    @Doc("The size in bytes at which the log file is rotated.")
    long maxBytes,
    @Range(min = 1, max = 20)
    @Doc("How many rotated files are kept besides the current one.")
    int keep) {

  /** The block's key. */
  public static final String NAMESPACE = "log";

  /** The embedded defaults. */
  public static final LogConfig DEFAULTS = new LogConfig(Decisions.ADVISE, 1024L * 1024, 3);

  /**
   * Checks the components.
   *
   * @param decisions which decisions are recorded
   * @param maxBytes the size at which the log is rotated
   * @param keep how many rotated files are kept
   * @throws IllegalArgumentException when they do not fit together
   */
  public LogConfig {
    Objects.requireNonNull(decisions, "decisions");
    if (maxBytes < 4096) {
      throw new IllegalArgumentException("max_bytes must be at least 4096, got " + maxBytes);
    }
    if (keep < 1) {
      throw new IllegalArgumentException("keep must be at least 1, got " + keep);
    }
  }

  /** {@return the block's namespace, record type and defaults} */
  public static ConfigSpec<LogConfig> spec() {
    return new ConfigSpec<>(NAMESPACE, LogConfig.class, DEFAULTS);
  }

  /**
   * Whether {@code decision} is recorded. Under {@code advise} it is when some rule whose mode
   * softens denials (advise, warn) reported anything but not-applicable: its would-be denials
   * and the calls it judged are what a rollout needs. That needs the decision's explanation;
   * without one only {@code all} records.
   *
   * @param decision a decision, with or without its explanation
   * @return true when the log keeps it
   */
  public boolean records(Decision decision) {
    return switch (decisions) {
      case OFF -> false;
      case ALL -> true;
      case ADVISE -> decision.explanation().map(LogConfig::softJudged).orElse(false);
    };
  }

  private static boolean softJudged(Explanation explanation) {
    return explanation.steps().stream().anyMatch(step -> step.mode().softensDenials()
        && step.reported() != Outcome.NOT_APPLICABLE);
  }

  /** Which decisions the log records. */
  public enum Decisions {
    /** None. */
    OFF,
    /** Those in which a rule in a softening mode (advise, warn) judged the event. */
    ADVISE,
    /** Every decision. */
    ALL
  }
}
