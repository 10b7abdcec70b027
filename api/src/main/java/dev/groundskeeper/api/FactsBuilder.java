package dev.groundskeeper.api;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds a {@link Facts} from fixed values and lazy suppliers, optionally over a fallback. The
 * result computes each supplied fact at most once (failures included) and is thread-safe.
 */
@API(status = API.Status.STABLE)
public final class FactsBuilder {

  static final Facts EMPTY = new Facts() {
    @Override
    public <T> Optional<T> find(Fact<T> fact) {
      Objects.requireNonNull(fact, "fact");
      return Optional.empty();
    }

    @Override
    public String toString() {
      return "Facts.none()";
    }
  };

  private final Map<Fact<?>, FactSupplier<?>> suppliers = new LinkedHashMap<>();
  private Facts fallback = EMPTY;

  FactsBuilder() {}

  /**
   * Offers a fixed value.
   *
   * @param <T> the fact's type
   * @param fact the key
   * @param value its value, never null
   * @return this builder
   */
  public <T> FactsBuilder value(Fact<T> fact, T value) {
    Objects.requireNonNull(value, "value");
    suppliers.put(Objects.requireNonNull(fact, "fact"), facts -> value);
    return this;
  }

  /**
   * Offers a value computed on the first ask, at most once.
   *
   * @param <T> the fact's type
   * @param fact the key
   * @param supplier computes the value; it may read other facts
   * @return this builder
   */
  public <T> FactsBuilder supplier(Fact<T> fact, FactSupplier<T> supplier) {
    suppliers.put(Objects.requireNonNull(fact, "fact"), Objects.requireNonNull(supplier, "supplier"));
    return this;
  }

  /**
   * Facts asked for but not offered here are looked up in {@code fallback}.
   *
   * @param fallback the facts behind these
   * @return this builder
   */
  public FactsBuilder fallback(Facts fallback) {
    this.fallback = Objects.requireNonNull(fallback, "fallback");
    return this;
  }

  /**
   * The facts offered so far; later calls to this builder do not change them.
   *
   * @return thread-safe facts
   */
  public Facts build() {
    return new MemoizingFacts(Map.copyOf(suppliers), fallback);
  }
}
