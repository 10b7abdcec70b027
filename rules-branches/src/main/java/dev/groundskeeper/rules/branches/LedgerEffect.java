package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import java.time.Instant;
import java.util.Objects;

/** A change to the {@link BranchLedger}, returned by the branch rules for the executor. */
@API(status = API.Status.EXPERIMENTAL)
public sealed interface LedgerEffect extends Effect {

  /**
   * One more blocked stop of {@code actor}.
   *
   * @param actor {@code <session>:<agent>}
   */
  record CountBlockedStop(String actor) implements LedgerEffect {
    /**
     * Checks that the actor is given.
     *
     * @param actor {@code <session>:<agent>}
     * @throws NullPointerException if {@code actor} is null
     */
    public CountBlockedStop {
      Objects.requireNonNull(actor, "actor");
    }

    @Override
    public String describe() {
      return "count a blocked stop of " + actor;
    }
  }

  /**
   * {@code actor} stopped with nothing to block: its count starts again.
   *
   * @param actor {@code <session>:<agent>}
   */
  record ResetBlockedStops(String actor) implements LedgerEffect {
    /**
     * Checks that the actor is given.
     *
     * @param actor {@code <session>:<agent>}
     * @throws NullPointerException if {@code actor} is null
     */
    public ResetBlockedStops {
      Objects.requireNonNull(actor, "actor");
    }

    @Override
    public String describe() {
      return "reset the blocked stops of " + actor;
    }
  }

  /**
   * The dormancy note was shown at a stop of {@code sessionId}.
   *
   * @param sessionId the runner's session id
   * @param at when it was shown
   */
  record NoteAtStop(String sessionId, Instant at) implements LedgerEffect {
    /**
     * Checks that no component is null.
     *
     * @param sessionId the runner's session id
     * @param at when it was shown
     * @throws NullPointerException if a component is null
     */
    public NoteAtStop {
      Objects.requireNonNull(sessionId, "sessionId");
      Objects.requireNonNull(at, "at");
    }

    @Override
    public String describe() {
      return "remember the dormancy note shown at a stop of " + sessionId;
    }
  }

  /**
   * A prompt was submitted: the main thread's turn advances and its evacuations expire.
   *
   * @param sessionId the runner's session id
   */
  record StartTurn(String sessionId) implements LedgerEffect {
    /**
     * Checks that the session is given.
     *
     * @param sessionId the runner's session id
     * @throws NullPointerException if {@code sessionId} is null
     */
    public StartTurn {
      Objects.requireNonNull(sessionId, "sessionId");
    }

    @Override
    public String describe() {
      return "start a new turn of " + sessionId;
    }
  }

  /**
   * Remember an evacuation for the rest of its turn.
   *
   * @param sessionId the runner's session id
   * @param turn the turn key, as {@link BranchLedger#evacuations} takes it
   * @param evacuated what was written where
   */
  record RecordEvacuation(String sessionId, String turn, BranchLedger.Evacuated evacuated)
      implements LedgerEffect {
    /**
     * Checks that no component is null.
     *
     * @param sessionId the runner's session id
     * @param turn the turn key
     * @param evacuated what was written where
     * @throws NullPointerException if a component is null
     */
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

  /**
   * Report a branch a stop gave way on at the next sweep.
   *
   * @param abandoned the branch, the actor and the check it still failed
   */
  record RecordAbandoned(BranchLedger.Abandoned abandoned) implements LedgerEffect {
    /**
     * Checks that the record is given.
     *
     * @param abandoned the branch, the actor and the check it still failed
     * @throws NullPointerException if {@code abandoned} is null
     */
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
