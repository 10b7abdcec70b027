package dev.groundskeeper.api;

/** What one rule concluded about one event. */
@API(status = API.Status.STABLE)
public enum Outcome {
  /** The rule judged the event and found nothing to say. */
  ALLOW,
  /** The rule lets the event through with a note for the agent. */
  ADVISE,
  /** The rule refuses the event; the verdict carries the reason and the way out. */
  DENY,
  /** The rule does not read this event, or the event is outside its scope. */
  NOT_APPLICABLE,
  /** The rule should have judged but could not (unreadable command, missing fact, failure). */
  COULD_NOT_JUDGE
}
