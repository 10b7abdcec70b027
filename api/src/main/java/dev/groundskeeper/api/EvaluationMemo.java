package dev.groundskeeper.api;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The memo one evaluation owns (see {@link Memo}): each entry computed at most once, failures
 * remembered, pure entries looked up in and handed to the policy's {@link CarriedValues}. Each rule
 * gets a {@link #view} that records its uses. One evaluation runs on one thread, so no locking.
 */
final class EvaluationMemo {

  /** Remembers nothing: each ask computes. */
  static final Memo NONE = new Memo() {
    @Override
    public <T> T get(Key<T> key, Supplier<? extends T> compute) {
      Objects.requireNonNull(key, "key");
      return Objects.requireNonNull(compute.get(), () -> "memo entry " + key + " computed null");
    }

    @Override
    public String toString() {
      return "Memo.none()";
    }
  };

  private final CarriedValues carried;
  private final Map<Memo.Key<?>, Object> values = new HashMap<>();
  private final Set<Memo.Key<?>> computing = new HashSet<>();

  EvaluationMemo(CarriedValues carried) {
    this.carried = carried;
  }

  /** The memo as one rule sees it: every ask is reported to {@code uses}. */
  Memo view(Consumer<Memo.Use> uses) {
    return new Memo() {
      @Override
      public <T> T get(Key<T> key, Supplier<? extends T> compute) {
        return EvaluationMemo.this.get(key, compute, uses);
      }

      @Override
      public String toString() {
        return "the memo of one evaluation (" + values.size() + " entries)";
      }
    };
  }

  @SuppressWarnings("unchecked")
  private <T> T get(Memo.Key<T> key, Supplier<? extends T> compute, Consumer<Memo.Use> uses) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(compute, "compute");
    Object known = values.get(key);
    if (known instanceof Failed failed) {
      uses.accept(new Memo.Use(key.label(), Memo.Use.Source.REUSED));
      throw failed.failure();
    }
    if (known != null) {
      uses.accept(new Memo.Use(key.label(), Memo.Use.Source.REUSED));
      return (T) known;
    }
    if (key.isPure()) {
      Object kept = carried.get(key);
      if (kept != null) {
        values.put(key, kept);
        uses.accept(new Memo.Use(key.label(), Memo.Use.Source.CARRIED));
        return (T) kept;
      }
    }
    if (!computing.add(key)) {
      throw new IllegalStateException("memo entry " + key + " depends on itself");
    }
    try {
      T value = Objects.requireNonNull(compute.get(), () -> "memo entry " + key + " computed null");
      values.put(key, value);
      if (key.isPure()) {
        carried.put(key, value);
      }
      uses.accept(new Memo.Use(key.label(), Memo.Use.Source.COMPUTED));
      return value;
    } catch (RuntimeException e) {
      values.put(key, new Failed(e));
      uses.accept(new Memo.Use(key.label(), Memo.Use.Source.COMPUTED));
      throw e;
    } finally {
      computing.remove(key);
    }
  }

  private record Failed(RuntimeException failure) {}
}
