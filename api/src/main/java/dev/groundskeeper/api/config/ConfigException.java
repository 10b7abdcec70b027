package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.GroundskeeperException;
import java.util.List;
import java.util.stream.Collectors;

/** The configuration is invalid; every problem found is listed, not just the first. */
@API(status = API.Status.STABLE)
public final class ConfigException extends GroundskeeperException {

  /** Every problem found. */
  private final List<ConfigProblem> problems;

  /**
   * A configuration with these problems.
   *
   * @param problems every problem found, at least one
   * @throws IllegalArgumentException for an empty list
   */
  public ConfigException(List<ConfigProblem> problems) {
    super(render(problems));
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("a configuration exception needs at least one problem");
    }
    this.problems = List.copyOf(problems);
  }

  /** {@return every problem found, in file order} */
  public List<ConfigProblem> problems() {
    return problems;
  }

  private static String render(List<ConfigProblem> problems) {
    String header = problems.size() == 1
        ? "invalid configuration:"
        : "invalid configuration (" + problems.size() + " problems):";
    return problems.stream().map(p -> "  " + p.render())
        .collect(Collectors.joining("\n", header + "\n", ""));
  }
}
