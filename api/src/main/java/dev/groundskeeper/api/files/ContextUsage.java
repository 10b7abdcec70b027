package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;

/**
 * How many tokens the session's context held at its latest recorded model call.
 *
 * @param contextTokens the tokens in context at the latest recorded model call
 */
@API(status = API.Status.EXPERIMENTAL)
public record ContextUsage(long contextTokens) {

  /**
   * Checks the components.
   *
   * @param contextTokens the tokens in context at the latest recorded model call
   * @throws IllegalArgumentException when they do not fit together
   */
  public ContextUsage {
    if (contextTokens < 0) {
      throw new IllegalArgumentException("contextTokens must not be negative: " + contextTokens);
    }
  }
}
