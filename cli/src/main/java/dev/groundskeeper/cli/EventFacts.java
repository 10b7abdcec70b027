package dev.groundskeeper.cli;

import dev.groundskeeper.api.Facts;
import java.time.Clock;

/**
 * The one place that composes what rules may know for an event the command evaluates. Today that
 * is the clock; the repository and file facts of {@code groundskeeper-git} join here.
 */
final class EventFacts {

  private EventFacts() {}

  static Facts compose(Clock clock) {
    return Facts.builder().supplier(Facts.NOW, facts -> clock.instant()).build();
  }
}
