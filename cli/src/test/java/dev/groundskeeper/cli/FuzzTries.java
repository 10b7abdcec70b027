package dev.groundskeeper.cli;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * The tries of a fuzz property whose every try is a whole hook call on a real repository:
 * {@code groundskeeper.fuzz.inputs} (60 in the build, 20,000 under {@code -Pfuzz}), at least
 * {@link #MINIMUM} so the share a property checks means something; {@code
 * groundskeeper.fuzz.seed} repeats a run. Also the bound on one call: the timeout install
 * registers for the runners (30 s, after which the runner goes ahead as if the hook had failed).
 */
public final class FuzzTries implements AroundPropertyHook {

  static final int MINIMUM = 20;
  /** The timeout install writes for Claude Code, Codex CLI and Gemini CLI. */
  static final Duration RUNNER_TIMEOUT = Duration.ofSeconds(30);

  private static final ExecutorService CALLS = Executors.newCachedThreadPool(task -> {
    Thread thread = new Thread(task, "fuzz-call");
    thread.setDaemon(true);
    return thread;
  });

  static int tries() {
    return Math.max(MINIMUM, Integer.getInteger("groundskeeper.fuzz.inputs", 60));
  }

  /** Declared on a class, it sizes every property of the class. */
  @Override
  public PropagationMode propagateTo() {
    return PropagationMode.ALL_DESCENDANTS;
  }

  @Override
  public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context,
      PropertyExecutor property) {
    context.attributes().setTries(tries());
    String seed = System.getProperty("groundskeeper.fuzz.seed", "");
    if (!seed.isEmpty()) {
      context.attributes().setSeed(seed);
    }
    return property.execute();
  }

  /** A call and how long it took. */
  record Timed<T>(T value, Duration took) {

    /** The bucket a figure falls in, for the statistics. */
    String bucket() {
      long ms = took.toMillis();
      return ms < 100 ? "< 0.1 s" : ms < 500 ? "< 0.5 s" : ms < 2000 ? "< 2 s"
          : "2 s or more (Claude Code logs a slow hook)";
    }
  }

  /**
   * Runs {@code call}; fails as a hang when it has not answered within {@link #RUNNER_TIMEOUT}
   * (a runner would have gone ahead without it).
   */
  static <T> Timed<T> within(String what, Supplier<T> call) {
    long start = System.nanoTime();
    Future<T> future = CALLS.submit(call::get);
    try {
      T value = future.get(RUNNER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      return new Timed<>(value, Duration.ofNanos(System.nanoTime() - start));
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new AssertionError(what + ": no answer within " + RUNNER_TIMEOUT.toSeconds()
          + " s, the runner's timeout (a hang)");
    } catch (ExecutionException e) {
      throw new AssertionError(what + ": the call threw", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(what + ": interrupted", e);
    }
  }
}
