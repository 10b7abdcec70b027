package dev.groundskeeper.testkit;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Fact;
import dev.groundskeeper.api.FactSupplier;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.FactsBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * In-memory {@link Facts} for rule tests: a fixed clock, any typed fact by value or computed, a
 * fact that fails, all over an optional fallback (for example the repository facts of
 * {@code dev.groundskeeper.testkit.repo}). Built on {@link Facts#builder()}, so facts are
 * computed lazily and at most once, exactly as in production.
 *
 * <pre>{@code
 * Facts facts = TestFacts.builder()
 *     .now("2026-03-01T12:00:00Z")
 *     .with(MY_FACT, "value")
 *     .unavailable(OTHER_FACT, "git timed out")
 *     .over(repositoryFacts)
 *     .build();
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL)
public final class TestFacts {

  /** The instant {@link #atDefaultTime()} fixes the clock at: 2026-01-01T00:00:00Z. */
  public static final Instant DEFAULT_NOW = Instant.parse("2026-01-01T00:00:00Z");

  private TestFacts() {}

  /**
   * An empty builder: no clock until {@link Builder#now} sets one.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Facts offering only the clock, fixed at {@code now}.
   *
   * @param now the instant {@link Facts#NOW} holds
   * @return the facts
   */
  public static Facts at(Instant now) {
    return builder().now(now).build();
  }

  /**
   * Facts offering only the clock, fixed at {@link #DEFAULT_NOW}.
   *
   * @return the facts every {@link RuleTester} starts with
   */
  public static Facts atDefaultTime() {
    return at(DEFAULT_NOW);
  }

  /** Collects facts; each call replaces an earlier value of the same fact. */
  @API(status = API.Status.EXPERIMENTAL)
  public static final class Builder {

    private final FactsBuilder facts = Facts.builder();
    private Instant now;

    private Builder() {}

    /**
     * Fixes the clock ({@link Facts#NOW}).
     *
     * @param now the instant
     * @return this builder
     */
    public Builder now(Instant now) {
      this.now = Objects.requireNonNull(now, "now");
      facts.value(Facts.NOW, now);
      return this;
    }

    /**
     * Fixes the clock at an ISO-8601 instant such as {@code 2026-03-01T12:00:00Z}.
     *
     * @param isoInstant the instant, in UTC with its {@code Z}
     * @return this builder
     */
    public Builder now(String isoInstant) {
      return now(Instant.parse(isoInstant));
    }

    /**
     * Moves the clock fixed so far (or {@link #DEFAULT_NOW}) forward by {@code elapsed}.
     *
     * @param elapsed how far
     * @return this builder
     */
    public Builder later(Duration elapsed) {
      return now((now == null ? DEFAULT_NOW : now).plus(elapsed));
    }

    /**
     * A fact with this value.
     *
     * @param <T> the fact's type
     * @param fact the fact's key
     * @param value its value
     * @return this builder
     */
    public <T> Builder with(Fact<T> fact, T value) {
      facts.value(fact, value);
      return this;
    }

    /**
     * A fact computed on first read, at most once; the supplier may read other facts.
     *
     * @param <T> the fact's type
     * @param fact the fact's key
     * @param supplier how to compute it from the other facts
     * @return this builder
     */
    public <T> Builder computed(Fact<T> fact, FactSupplier<T> supplier) {
      facts.supplier(fact, supplier);
      return this;
    }

    /**
     * A fact whose source exists but fails, as a timed-out git call would: reading it throws
     * {@link FactUnavailableException}.
     *
     * @param <T> the fact's type
     * @param fact the fact's key
     * @param why the failure, as the exception says it
     * @return this builder
     */
    public <T> Builder unavailable(Fact<T> fact, String why) {
      Objects.requireNonNull(why, "why");
      facts.supplier(fact, f -> {
        throw new FactUnavailableException(fact, why);
      });
      return this;
    }

    /**
     * Facts not offered here are looked up in {@code fallback}.
     *
     * @param fallback the facts underneath, such as an in-memory repository's
     * @return this builder
     */
    public Builder over(Facts fallback) {
      facts.fallback(fallback);
      return this;
    }

    /**
     * The facts: lazy, each computed at most once, as in production.
     *
     * @return the facts collected so far
     */
    public Facts build() {
      return facts.build();
    }
  }
}
