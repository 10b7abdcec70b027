package dev.groundskeeper.api;

import java.time.Instant;
import java.util.Optional;

/**
 * What rules may know about the world, read lazily by typed key. Implementations compute each
 * fact at most once; the engine additionally records which facts each rule read.
 */
@API(status = API.Status.STABLE)
public interface Facts {

  /** The current instant, so that rules never read a clock themselves. */
  Fact<Instant> NOW = Fact.of("clock.now", "the current instant");

  /**
   * The fact's value, or empty when no source offers this fact (for example repository facts
   * outside a repository).
   *
   * @throws FactUnavailableException when a source offers the fact but could not compute it
   */
  <T> Optional<T> find(Fact<T> fact);

  /**
   * The fact's value.
   *
   * @throws FactUnavailableException when no source offers it or it could not be computed
   */
  default <T> T get(Fact<T> fact) {
    return find(fact).orElseThrow(() -> new FactUnavailableException(fact, "no source offers it"));
  }

  /** Facts that offer nothing. */
  static Facts none() {
    return FactsBuilder.EMPTY;
  }

  static FactsBuilder builder() {
    return new FactsBuilder();
  }
}
