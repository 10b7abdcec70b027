package dev.groundskeeper.api.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
  private final Set<String> lostValues = new HashSet<>();

  /** A value at {@code keyPath} was unusable, so a default may stand in for it. */
  void add(Location where, String keyPath, String message) {
    add(where, keyPath, message, Optional.empty());
  }

  void add(Location where, String keyPath, String message, Optional<String> suggestion) {
    lostValues.add(keyPath);
    addHarmless(where, keyPath, message, suggestion);
  }

  /** A problem that lost no value (an unknown key): the values around it are still judged. */
  void addHarmless(Location where, String keyPath, String message, Optional<String> suggestion) {
    problems.add(new ConfigProblem(where.source(), where.line(), where.column(), keyPath, message,
        suggestion));
  }

  int count() {
    return problems.size();
  }

  /**
   * True when a value at {@code keyPath} or below it was lost to a problem: then a record's
   * cross-field rule or a missing-key check would only echo that problem with a default in its
   * place, so they are not judged.
   */
  boolean lostWithin(String keyPath) {
    return lostValues.stream().anyMatch(p -> p.equals(keyPath)
        || p.startsWith(keyPath + ".") || p.startsWith(keyPath + "["));
  }

  void throwIfAny() {
    if (!problems.isEmpty()) {
      throw new ConfigException(problems);
    }
  }
}
