package dev.groundskeeper.api;

/**
 * One rule: pure, thread-safe, without I/O. It reads the event and the facts it needs and returns
 * a verdict; it never throws for an event it does not understand (it answers
 * {@link Outcome#NOT_APPLICABLE}). A {@link FactUnavailableException} thrown while reading facts
 * becomes {@link Outcome#COULD_NOT_JUDGE} for this rule.
 */
@API(status = API.Status.STABLE)
public interface Rule {

  RuleInfo info();

  Verdict evaluate(Event event, Facts facts);
}
