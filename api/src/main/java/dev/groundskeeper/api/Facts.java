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
   * @param <T> the fact's type
   * @param fact the key
   * @return the value, or empty
   * @throws FactUnavailableException when a source offers the fact but could not compute it
   */
  <T> Optional<T> find(Fact<T> fact);

  /**
   * The fact's value.
   *
   * @param <T> the fact's type
   * @param fact the key
   * @return the value
   * @throws FactUnavailableException when no source offers it or it could not be computed
   */
  default <T> T get(Fact<T> fact) {
    return find(fact).orElseThrow(() -> new FactUnavailableException(fact, "no source offers it"));
  }

  /**
   * The derived facts of the evaluation these facts serve (see {@link Memo}). The facts the
   * {@link Policy} hands a rule share one memo per evaluation; facts from anywhere else remember
   * nothing ({@link Memo#none()}), which is always correct, only slower.
   *
   * @return the evaluation's memo
   */
  @API(status = API.Status.EXPERIMENTAL)
  default Memo memo() {
    return Memo.none();
  }

  /**
   * Facts that offer nothing.
   *
   * @return empty facts
   */
  static Facts none() {
    return FactsBuilder.EMPTY;
  }

  /**
   * Starts facts of fixed values and lazy suppliers.
   *
   * @return a new builder
   */
  static FactsBuilder builder() {
    return new FactsBuilder();
  }
}
