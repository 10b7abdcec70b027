package dev.groundskeeper.cli.install;

import java.util.Locale;
import java.util.Optional;

/** Whose settings: the person's (every project), the repository's, or this clone's alone. */
enum Scope {
  USER("user"),
  PROJECT("project"),
  LOCAL("local");

  final String id;

  Scope(String id) {
    this.id = id;
  }

  static Optional<Scope> named(String name) {
    for (Scope scope : values()) {
      if (scope.id.equals(name.toLowerCase(Locale.ROOT))) {
        return Optional.of(scope);
      }
    }
    return Optional.empty();
  }
}
