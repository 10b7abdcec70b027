package dev.groundskeeper.rules.branches;

import java.util.Objects;

/**
 * What a branch name is to the branch rules, for one configuration and one default branch: the
 * default, an integration line, exempt, or work. The order is the inventory's: exempt first.
 */
final class Scope {

  enum Role { EXEMPT, DEFAULT, LINE, WORK }

  private final BranchesConfig config;
  private final String defaultBranch;
  private final Classifier classifier;

  Scope(BranchesConfig config, String defaultBranch) {
    this(config, defaultBranch, new Classifier(config));
  }

  Scope(BranchesConfig config, String defaultBranch, Classifier classifier) {
    this.config = Objects.requireNonNull(config, "config");
    this.defaultBranch = Objects.requireNonNull(defaultBranch, "defaultBranch");
    this.classifier = Objects.requireNonNull(classifier, "classifier");
  }

  String defaultBranch() {
    return defaultBranch;
  }

  String remote() {
    return config.remote();
  }

  Role role(String name) {
    int bits = classifier.matches(name);
    if ((bits & Classifier.EXEMPT) != 0) {
      return Role.EXEMPT;
    }
    if (name.equals(defaultBranch)) {
      return Role.DEFAULT;
    }
    return (bits & Classifier.LINE) != 0 ? Role.LINE : Role.WORK;
  }

  /** True for names that count toward the cap and that the rules judge. */
  boolean isWork(String name) {
    return role(name) == Role.WORK;
  }

  /**
   * True for names no agent may delete: the configured protected names, the default branch,
   * integration lines and exempt branches.
   */
  boolean isProtected(String name) {
    return config.protectedNames().contains(name) || role(name) != Role.WORK;
  }

  /** Why {@code name} is protected, for refusals. */
  String protectionReason(String name) {
    return switch (role(name)) {
      case EXEMPT -> name + " matches branches.exempt";
      case DEFAULT -> name + " is the default branch";
      case LINE -> name + " is an integration line (branches.integration_lines)";
      case WORK -> name + " is in branches.protected_names";
    };
  }
}
