package dev.groundskeeper.api;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;

/** A rule whose answer a test chooses; counts how often the engine ran it. */
final class StubRule implements Rule {

  private final RuleInfo info;
  private final BiFunction<Event, Facts, Verdict> body;
  private final AtomicInteger runs = new AtomicInteger();

  StubRule(String id, Set<Class<? extends Event>> events, BiFunction<Event, Facts, Verdict> body) {
    this.info = new RuleInfo(id, "Stub " + id, "A rule a test controls.", Mode.BLOCK, events,
        "rules/" + id + ".md");
    this.body = body;
  }

  /** A rule reading command events that always answers {@code outcome}. */
  static StubRule answering(String id, Outcome outcome) {
    return reading(id, (event, facts) -> verdict(id, outcome));
  }

  /** A rule reading command events with the given body. */
  static StubRule reading(String id, BiFunction<Event, Facts, Verdict> body) {
    return new StubRule(id, Set.of(Event.CommandEvent.class), body);
  }

  static Verdict verdict(String id, Outcome outcome) {
    return switch (outcome) {
      case ALLOW -> Verdict.allow(id);
      case NOT_APPLICABLE -> Verdict.notApplicable(id);
      case ADVISE -> Verdict.advise(id, id + " has a note");
      case COULD_NOT_JUDGE -> Verdict.couldNotJudge(id, id + " could not tell");
      case DENY -> Verdict.deny(id, id + " refuses", Remedy.run("Run this instead:", "true"));
    };
  }

  int runs() {
    return runs.get();
  }

  @Override
  public RuleInfo info() {
    return info;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    runs.incrementAndGet();
    return body.apply(event, facts);
  }
}
