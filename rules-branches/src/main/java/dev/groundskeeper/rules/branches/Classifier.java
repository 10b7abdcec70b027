package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.repo.BranchGlob;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which configured globs a branch name matches, remembered per name: the exempt and
 * integration-line globs are matched once per name and configuration, not on every event, which
 * matters when every tool call judges ten thousand branches.
 */
final class Classifier {

  /** Matches exempt. */
  static final int EXEMPT = 1;
  /** Matches an integration line. */
  static final int LINE = 2;

  private static final int MAX_CONFIGS = 16;
  private static final int MAX_NAMES = 200_000;
  private static final ConcurrentHashMap<BranchesConfig, Classifier> BY_CONFIG =
      new ConcurrentHashMap<>();

  private final BranchesConfig config;
  private final ConcurrentHashMap<String, Integer> matches = new ConcurrentHashMap<>();

  private Classifier(BranchesConfig config) {
    this.config = config;
  }

  static Classifier of(BranchesConfig config) {
    Classifier found = BY_CONFIG.get(config);
    if (found != null) {
      return found;
    }
    if (BY_CONFIG.size() >= MAX_CONFIGS) {
      BY_CONFIG.clear();
    }
    return BY_CONFIG.computeIfAbsent(config, Classifier::new);
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
    int bits = (BranchGlob.matchesAny(config.exempt(), name) ? EXEMPT : 0)
        | (BranchGlob.matchesAny(config.integrationLines(), name) ? LINE : 0);
    matches.put(name, bits);
    return bits;
  }
}
