package dev.groundskeeper.cli.install;

import java.util.List;

/**
 * One hook a runner must call Groundskeeper for: the runner's event name and the tools its matcher
 * must cover (empty: the event has no matcher, or every tool is wanted).
 */
record Registration(String event, List<String> tools) {
  Registration {
    tools = List.copyOf(tools);
  }

  static Registration of(String event, String... tools) {
    return new Registration(event, List.of(tools));
  }
}
