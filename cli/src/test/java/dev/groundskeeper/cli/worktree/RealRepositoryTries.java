package dev.groundskeeper.cli.worktree;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * The tries of a property whose every try builds real repositories: the build's
 * {@code jqwik.tries.default} (200 by default, 20,000 under {@code -Pslow}) divided by
 * {@link #FACTOR}, and never fewer than {@link #MINIMUM}, so the default build stays short and the
 * slow profile still runs a thousand real lanes.
 */
public final class RealRepositoryTries implements AroundPropertyHook {

  /** How many times dearer a try on real repositories is than a pure property's try, roughly. */
  static final int FACTOR = 20;
  static final int MINIMUM = 3;

  static int tries() {
    return Math.max(MINIMUM, Integer.getInteger("jqwik.tries.default", 200) / FACTOR);
  }

  @Override
  public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context,
      PropertyExecutor property) {
    context.attributes().setTries(tries());
    return property.execute();
  }
}
