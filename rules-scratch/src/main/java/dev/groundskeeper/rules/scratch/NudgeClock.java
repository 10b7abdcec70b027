package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.files.NudgeState;
import java.time.Instant;
import java.util.Optional;

/**
 * The arithmetic of the stale-notes nudge, shared by every event that may fire it, so that the
 * interval is global however many events ask. The clock is the newest write in the directory: a
 * change of it (by the agent or a person) restarts the count from the current context size. An
 * empty directory counts from zero, so the first nudge comes once the session itself is
 * {@code staleTokens} deep. A context that shrank (after a compaction) restarts the count from
 * its new size.
 */
final class NudgeClock {

  /** What one observation concludes: whether to nudge, and the state to keep. */
  record Step(Optional<Kind> nudge, long grown, NudgeState next) {}

  enum Kind { STALE, EMPTY }

  private NudgeClock() {}

  static Step observe(Optional<NudgeState> previous, Optional<Instant> newestWrite, long tokens,
      long staleTokens) {
    NudgeState state = previous.orElse(new NudgeState(Optional.empty(), 0, 0));
    if (previous.isEmpty() || !state.newestWrite().equals(newestWrite)) {
      state = new NudgeState(newestWrite, tokens, state.tokensAtNudge());
    }
    if (tokens < state.tokensAtWrite() || tokens < state.tokensAtNudge()) {
      state = new NudgeState(state.newestWrite(), Math.min(tokens, state.tokensAtWrite()),
          Math.min(tokens, state.tokensAtNudge()));
    }
    long baseline = newestWrite.isPresent() ? state.tokensAtWrite() : 0;
    long since = Math.max(baseline, state.tokensAtNudge());
    long grown = tokens - since;
    if (grown < staleTokens) {
      return new Step(Optional.empty(), grown, state);
    }
    Kind kind = newestWrite.isPresent() ? Kind.STALE : Kind.EMPTY;
    return new Step(Optional.of(kind), grown,
        new NudgeState(state.newestWrite(), state.tokensAtWrite(), tokens));
  }
}
