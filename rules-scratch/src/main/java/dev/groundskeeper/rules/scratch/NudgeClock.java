package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.files.NudgeState;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The arithmetic of the stale-notes nudge, shared by every event that may fire it, so that the
 * interval is global however many events ask. The clock is the newest write in the directory: a
 * change of it (by the agent or a person) restarts the count from the current context size. An
 * empty directory counts from zero, so the first nudge comes once the session itself is
 * {@code staleTokens} deep. A context that shrank (after a compaction) restarts the count from
 * its new size.
 */
final class NudgeClock {

  /**
   * What one observation concludes: whether to nudge, and the state to keep. {@code grown} is
   * the growth the interval counts (since the newest write or the previous nudge, whichever came
   * later); {@code sinceWrite} the growth since the newest write was first seen (since zero for
   * an empty directory); {@code sinceNudge} the growth since the previous nudge, present only
   * when that nudge came after the newest write.
   */
  record Step(Optional<Kind> nudge, long grown, long sinceWrite, OptionalLong sinceNudge,
      NudgeState next) {}

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
    OptionalLong sinceNudge = state.tokensAtNudge() > baseline
        ? OptionalLong.of(tokens - state.tokensAtNudge()) : OptionalLong.empty();
    if (grown < staleTokens) {
      return new Step(Optional.empty(), grown, tokens - baseline, sinceNudge, state);
    }
    Kind kind = newestWrite.isPresent() ? Kind.STALE : Kind.EMPTY;
    return new Step(Optional.of(kind), grown, tokens - baseline, sinceNudge,
        new NudgeState(state.newestWrite(), state.tokensAtWrite(), tokens));
  }
}
