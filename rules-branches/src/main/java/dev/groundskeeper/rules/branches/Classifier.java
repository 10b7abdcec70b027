package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Memo;
import dev.groundskeeper.api.files.PathGlob;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which configured globs a branch name matches, remembered per name: the exempt and
 * integration-line globs are matched once per name and configuration, not on every event, which
 * matters when every tool call judges ten thousand branches. One classifier per configuration is
 * a pure memo entry ({@link #of(BranchesConfig, Facts)}), so a warm policy keeps it between
 * evaluations; it is never held in a static field.
 */
final class Classifier {

  static final String KEY = "branches.classifier";

  /** Matches exempt. */
  static final int EXEMPT = 1;
  /** Matches an integration line. */
  static final int LINE = 2;

  private static final int MAX_NAMES = 200_000;

  private final BranchesConfig config;
  private final ConcurrentHashMap<String, Integer> matches = new ConcurrentHashMap<>();

  Classifier(BranchesConfig config) {
    this.config = config;
  }

  /** The classifier of {@code config} in this evaluation's memo. */
  static Classifier of(BranchesConfig config, Facts facts) {
    return facts.memo().get(Memo.Key.pure(KEY, config), () -> new Classifier(config));
  }

  /** The {@link #EXEMPT} and {@link #LINE} bits of {@code name}. */
  int matches(String name) {
    Integer known = matches.get(name);
    if (known != null) {
      return known;
    }
    if (matches.size() >= MAX_NAMES) {
      matches.clear();
    }
    int bits = (PathGlob.anyMatchesWhole(config.exempt(), name) ? EXEMPT : 0)
        | (PathGlob.anyMatchesWhole(config.integrationLines(), name) ? LINE : 0);
    matches.put(name, bits);
    return bits;
  }
}
