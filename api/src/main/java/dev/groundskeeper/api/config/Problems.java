package dev.groundskeeper.api.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.Node;

/** Collects every problem of a load so they are reported together. */
final class Problems {

  /** Where something was written: a file and a 1-based line and column (0 when unknown). */
  record Location(String source, int line, int column) {
    static Location of(String source, Node node) {
      return of(source, node.getStartMark());
    }

    static Location of(String source, Mark mark) {
      return mark == null ? new Location(source, 0, 0)
          : new Location(source, mark.getLine() + 1, mark.getColumn() + 1);
    }
  }

  private final List<ConfigProblem> problems = new ArrayList<>();

  void add(Location where, String keyPath, String message) {
    add(where, keyPath, message, Optional.empty());
  }

  void add(Location where, String keyPath, String message, Optional<String> suggestion) {
    problems.add(new ConfigProblem(where.source(), where.line(), where.column(), keyPath, message,
        suggestion));
  }

  int count() {
    return problems.size();
  }

  /** True when a problem was recorded at {@code keyPath} or below it. */
  boolean within(String keyPath) {
    return problems.stream().anyMatch(p -> p.keyPath().equals(keyPath)
        || p.keyPath().startsWith(keyPath + ".") || p.keyPath().startsWith(keyPath + "["));
  }

  void throwIfAny() {
    if (!problems.isEmpty()) {
      throw new ConfigException(problems);
    }
  }
}
