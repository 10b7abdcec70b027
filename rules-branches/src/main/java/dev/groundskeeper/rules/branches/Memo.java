package dev.groundskeeper.rules.branches;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Remembers the last value derived from one reading of the facts. Fact values are immutable and a
 * reading hands out the same instances to every rule and, while the repository does not change,
 * to every event; so keys are compared by identity (strings by value), and a derivation over ten
 * thousand branches is paid once per reading instead of once per rule and event.
 */
final class Memo<V> {

  private record Entry<V>(Object[] keys, V value) {}

  private final AtomicReference<Entry<V>> last = new AtomicReference<>();

  V get(Supplier<V> compute, Object... keys) {
    Entry<V> entry = last.get();
    if (entry != null && same(entry.keys(), keys)) {
      return entry.value();
    }
    V value = compute.get();
    last.set(new Entry<>(keys.clone(), value));
    return value;
  }

  private static boolean same(Object[] a, Object[] b) {
    if (a.length != b.length) {
      return false;
    }
    for (int i = 0; i < a.length; i++) {
      boolean equal = a[i] == b[i] || a[i] instanceof String text && text.equals(b[i]);
      if (!equal) {
        return false;
      }
    }
    return true;
  }
}
