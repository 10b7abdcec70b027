package dev.groundskeeper.testkit;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Fact;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Memo;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.opentest4j.AssertionFailedError;

/**
 * One direct run of a rule on one event. Unlike the engine, which turns a throwing rule into
 * could-not-judge, a test wants the exception itself, with its stack trace: so the rule is called
 * here directly, and only an unavailable fact becomes could-not-judge, as the rule contract says.
 */
final class RuleRun {

  private final Rule rule;
  private final Event event;
  private final Verdict verdict;
  private final List<String> factsRead;

  private RuleRun(Rule rule, Event event, Verdict verdict, List<String> factsRead) {
    this.rule = rule;
    this.event = event;
    this.verdict = verdict;
    this.factsRead = List.copyOf(factsRead);
  }

  static RuleRun of(Rule rule, Event event, Facts facts) {
    Recording recording = new Recording(facts);
    Verdict verdict;
    try {
      verdict = rule.evaluate(event, recording);
    } catch (FactUnavailableException e) {
      verdict = Verdict.couldNotJudge(rule.info().id(), e.getMessage());
    } catch (RuntimeException | StackOverflowError | LinkageError e) {
      throw new AssertionFailedError(rule.info().id() + " threw " + e + "\n  on "
          + Events.describe(event), e);
    }
    return new RuleRun(rule, event, verdict, recording.read());
  }

  /** The verdict as returned, which may break the contract by being null. */
  Optional<Verdict> returned() {
    return Optional.ofNullable(verdict);
  }

  /** The verdict, after checking it is there and answers in the rule's name. */
  Verdict verdict() {
    String id = rule.info().id();
    if (verdict == null) {
      throw new AssertionFailedError(id + " answered null instead of a verdict\n  on "
          + Events.describe(event));
    }
    if (!verdict.ruleId().equals(id)) {
      throw new AssertionFailedError(id + " answered in the name of another rule\n  on "
          + Events.describe(event), id, verdict.ruleId());
    }
    return verdict;
  }

  /** Fact ids in the order the rule first read them. */
  List<String> factsRead() {
    return factsRead;
  }

  Event event() {
    return event;
  }

  /**
   * Passes reads through and remembers which facts were asked for; the run has a memo of its own,
   * as an evaluation by the engine would.
   */
  private static final class Recording implements Facts {
    private final Facts delegate;
    private final Set<String> read = new LinkedHashSet<>();
    private final Memo memo = Memo.fresh();

    @Override
    public Memo memo() {
      return memo;
    }

    Recording(Facts delegate) {
      this.delegate = delegate;
    }

    @Override
    public <T> Optional<T> find(Fact<T> fact) {
      Objects.requireNonNull(fact, "fact");
      synchronized (read) {
        read.add(fact.id());
      }
      return delegate.find(fact);
    }

    List<String> read() {
      synchronized (read) {
        return new ArrayList<>(read);
      }
    }
  }
}
