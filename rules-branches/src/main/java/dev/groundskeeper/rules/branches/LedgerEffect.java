package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import java.time.Instant;
import java.util.Objects;

/** A change to the {@link BranchLedger}, returned by the branch rules for the executor. */
@API(status = API.Status.EXPERIMENTAL)
public sealed interface LedgerEffect extends Effect {

  /** One more blocked stop of {@code actor}. */
  record CountBlockedStop(String actor) implements LedgerEffect {
    public CountBlockedStop {
      Objects.requireNonNull(actor, "actor");
    }

    @Override
    public String describe() {
      return "count a blocked stop of " + actor;
    }
  }

  /** {@code actor} stopped with nothing to block: its count starts again. */
  record ResetBlockedStops(String actor) implements LedgerEffect {
    public ResetBlockedStops {
      Objects.requireNonNull(actor, "actor");
    }

    @Override
    public String describe() {
      return "reset the blocked stops of " + actor;
    }
  }

  /** The dormancy note was shown at a stop of {@code sessionId}. */
  record NoteAtStop(String sessionId, Instant at) implements LedgerEffect {
    public NoteAtStop {
      Objects.requireNonNull(sessionId, "sessionId");
      Objects.requireNonNull(at, "at");
    }

    @Override
    public String describe() {
      return "remember the dormancy note shown at a stop of " + sessionId;
    }
  }

  /** A prompt was submitted: the main thread's turn advances and its evacuations expire. */
  record StartTurn(String sessionId) implements LedgerEffect {
    public StartTurn {
      Objects.requireNonNull(sessionId, "sessionId");
    }

    @Override
    public String describe() {
      return "start a new turn of " + sessionId;
    }
  }

  /** Remember an evacuation for the rest of its turn. */
  record RecordEvacuation(String sessionId, String turn, BranchLedger.Evacuated evacuated)
      implements LedgerEffect {
    public RecordEvacuation {
      Objects.requireNonNull(sessionId, "sessionId");
      Objects.requireNonNull(turn, "turn");
      Objects.requireNonNull(evacuated, "evacuated");
    }

    @Override
    public String describe() {
      return "remember that `" + evacuated.command() + "` wrote a patch to "
          + evacuated.target() + " in this turn";
    }
  }

  /** Report a branch a stop gave way on at the next sweep. */
  record RecordAbandoned(BranchLedger.Abandoned abandoned) implements LedgerEffect {
    public RecordAbandoned {
      Objects.requireNonNull(abandoned, "abandoned");
    }

    @Override
    public String describe() {
      return "report " + abandoned.branch() + " as abandoned at a stop (" + abandoned.check()
          + ")";
    }
  }
}
