package dev.groundskeeper.api;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The values of pure memo entries ({@link Memo.Key#pure}) a policy carries from one evaluation to
 * the next: the most recently used {@link #CAPACITY} entries, so that concurrent evaluations over
 * a few different readings of the facts each keep theirs. Owned by one {@link Policy}; never
 * static. Thread-safe.
 */
final class CarriedValues {

  /** Enough for the derived entries of a few readings (about a dozen entries each). */
  static final int CAPACITY = 64;

  /** Carries nothing. */
  static final CarriedValues NONE = new CarriedValues(0);

  private final int capacity;
  private final Map<Memo.Key<?>, Object> values;

  CarriedValues(int capacity) {
    this.capacity = capacity;
    this.values = capacity == 0 ? Map.of() : new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Memo.Key<?>, Object> eldest) {
        return size() > CarriedValues.this.capacity;
      }
    };
  }

  Object get(Memo.Key<?> key) {
    if (capacity == 0) {
      return null;
    }
    synchronized (values) {
      return values.get(key);
    }
  }

  void put(Memo.Key<?> key, Object value) {
    if (capacity == 0) {
      return;
    }
    synchronized (values) {
      values.put(key, value);
    }
  }

  int size() {
    synchronized (values) {
      return values.size();
    }
  }
}
