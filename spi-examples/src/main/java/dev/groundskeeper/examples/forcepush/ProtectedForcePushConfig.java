package dev.groundskeeper.examples.forcepush;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.config.Doc;
import java.util.List;
import java.util.Objects;

/**
 * The {@code example:} block of {@code .groundskeeper.yaml}:
 *
 * <pre>{@code
 * example:
 *   protected_force_push:
 *     mode: block            # block, advise or off
 *     branches: [main, master, "release/*"]
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL)
@Doc("The worked example rules of groundskeeper-spi-examples.")
public record ProtectedForcePushConfig(
    @Doc("example.protected-force-push: force pushes to protected branches.")
    ProtectedForcePush protectedForcePush) {

  /** What a repository without any configuration gets. */
  public static final ProtectedForcePushConfig DEFAULTS = new ProtectedForcePushConfig(
      new ProtectedForcePush(Mode.BLOCK, List.of("main", "master")));

  public ProtectedForcePushConfig {
    Objects.requireNonNull(protectedForcePush, "protectedForcePush");
  }

  /** The rule's settings: its mode and the branch names whose history must not be rewritten. */
  @API(status = API.Status.EXPERIMENTAL)
  public record ProtectedForcePush(
      @Doc("block denies a force push to a protected branch, advise only notes it, off "
          + "disables the rule.") Mode mode,
      @Doc("Names or globs (release/*) of branches whose history must not be rewritten.")
      List<String> branches) {

    public ProtectedForcePush {
      Objects.requireNonNull(mode, "mode");
      branches = List.copyOf(branches);
      for (String branch : branches) {
        if (branch.isBlank() || branch.chars().anyMatch(Character::isWhitespace)) {
          throw new IllegalArgumentException("a protected branch is a branch name without "
              + "whitespace, got '" + branch + "'");
        }
      }
    }
  }
}
