package dev.groundskeeper.api;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The facts of one evaluation: each fact is read from the caller's facts at most once (a failure
 * is remembered too), the evaluation's {@link Memo} is shared by every rule, and each rule's
 * reader records which facts and memo entries that rule asked for.
 * One evaluation runs on one thread, so no locking is needed.
 */
final class EvaluationFacts {

  private final Facts source;
  private final Map<Fact<?>, Optional<?>> values = new HashMap<>();
  private final Map<Fact<?>, FactUnavailableException> failures = new HashMap<>();

  private final EvaluationMemo memo;

  EvaluationFacts(Facts source, CarriedValues carried) {
    this.source = source;
    this.memo = new EvaluationMemo(carried);
  }

  Reader readerFor() {
    return new Reader();
  }

  @SuppressWarnings("unchecked")
  private <T> Optional<T> read(Fact<T> fact) {
    FactUnavailableException failure = failures.get(fact);
    if (failure != null) {
      throw failure;
    }
    Optional<?> known = values.get(fact);
    if (known != null) {
      return (Optional<T>) known;
    }
    try {
      Optional<T> value = Objects.requireNonNull(source.find(fact),
          () -> "facts returned null for " + fact.id());
      values.put(fact, value);
      return value;
    } catch (FactUnavailableException e) {
      failures.put(fact, e);
      throw e;
    } catch (RuntimeException e) {
      FactUnavailableException wrapped =
          new FactUnavailableException(fact, String.valueOf(e.getMessage()), e);
      failures.put(fact, wrapped);
      throw wrapped;
    }
  }

  final class Reader implements Facts {
    private final Set<String> read = new LinkedHashSet<>();
    private final List<Memo.Use> uses = new ArrayList<>();
    private final Memo view = memo.view(uses::add);

    @Override
    public <T> Optional<T> find(Fact<T> fact) {
      Objects.requireNonNull(fact, "fact");
      read.add(fact.id());
      return read(fact);
    }

    @Override
    public Memo memo() {
      return view;
    }

    List<String> factsRead() {
      return new ArrayList<>(read);
    }

    List<Memo.Use> memoUses() {
      return List.copyOf(uses);
    }
  }
}
