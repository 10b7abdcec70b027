package dev.groundskeeper.api;

/**
 * Something a rule wants done, returned as data. Rules never act; the {@code groundskeeper-git}
 * executor performs effects after re-checking, at the moment it acts, the proof each one carries.
 * Every effect type the executor understands lives in this API so that rules and executor agree.
 */
@API(status = API.Status.EXPERIMENTAL)
public interface Effect {

  /** {@return one line saying what the effect does, for explanations and dry runs} */
  String describe();
}
