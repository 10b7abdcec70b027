package dev.groundskeeper.api;

/**
 * One rule: pure, thread-safe, without I/O. It reads the event and the facts it needs and returns
 * a verdict; it never throws for an event it does not understand (it answers
 * {@link Outcome#NOT_APPLICABLE}). A {@link FactUnavailableException} thrown while reading facts
 * becomes {@link Outcome#COULD_NOT_JUDGE} for this rule.
 */
@API(status = API.Status.STABLE)
public interface Rule {

  /**
   * The rule's metadata, the same on every call.
   *
   * @return its id, texts, default mode and the events it reads
   */
  RuleInfo info();

  /**
   * Judges one event.
   *
   * @param event an event of a type {@link RuleInfo#events()} names
   * @param facts what the rule may read about the world
   * @return the rule's verdict, in its own name ({@link RuleInfo#id()})
   */
  Verdict evaluate(Event event, Facts facts);
}
