package dev.groundskeeper.api;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Computes each supplied fact once; a failure is remembered and rethrown to later readers. */
final class MemoizingFacts implements Facts {

  private final Map<Fact<?>, FactSupplier<?>> suppliers;
  private final Facts fallback;
  private final Map<Fact<?>, Cell> cells = new ConcurrentHashMap<>();

  MemoizingFacts(Map<Fact<?>, FactSupplier<?>> suppliers, Facts fallback) {
    this.suppliers = suppliers;
    this.fallback = fallback;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> Optional<T> find(Fact<T> fact) {
    Objects.requireNonNull(fact, "fact");
    FactSupplier<?> supplier = suppliers.get(fact);
    if (supplier == null) {
      return fallback.find(fact);
    }
    // A cell per fact (not computeIfAbsent around the computation) so that a supplier may read
    // other facts of this same instance without a recursive map update.
    Cell cell = cells.computeIfAbsent(fact, f -> new Cell());
    return (Optional<T>) cell.get(fact, supplier, this);
  }

  private static final class Cell {
    private Optional<?> value;
    private FactUnavailableException failure;
    private boolean computing;

    synchronized Optional<?> get(Fact<?> fact, FactSupplier<?> supplier, Facts owner) {
      if (failure != null) {
        throw failure;
      }
      if (value != null) {
        return value;
      }
      if (computing) {
        throw new FactUnavailableException(fact, "it depends on itself");
      }
      computing = true;
      try {
        value = Optional.ofNullable(supplier.compute(owner));
        return value;
      } catch (FactUnavailableException e) {
        failure = e;
        throw e;
      } catch (RuntimeException e) {
        failure = new FactUnavailableException(fact, String.valueOf(e.getMessage()), e);
        throw failure;
      } finally {
        computing = false;
      }
    }
  }
}
