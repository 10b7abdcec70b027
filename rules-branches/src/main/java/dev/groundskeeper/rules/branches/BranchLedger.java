package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Fact;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the branch rules remember between events, read as a fact and changed only through
 * {@link LedgerEffect}s: blocked stops per actor, the last dormancy note at a stop, the
 * evacuations of the current turn, and branches abandoned at a stop for the next sweep. The
 * executor keeps it beside the repository's common directory, so every worktree sees one ledger.
 */
@API(status = API.Status.EXPERIMENTAL)
public interface BranchLedger {

  /** The ledger of the repository the event happened in. */
  Fact<BranchLedger> FACT = Fact.of("branches.ledger",
      "blocked stops, stop notes, evacuations per turn and abandoned branches");

  /**
   * How many stops of one actor were blocked in a row.
   *
   * @param actor {@code <session>:<agent>}
   * @return the count since the actor's last unblocked stop; 0 for an actor never blocked
   */
  int blockedStops(String actor);

  /**
   * When the dormancy note was last shown at a stop of a session.
   *
   * @param sessionId the runner's session id
   * @return the time; empty when it was never shown in that session
   */
  Optional<Instant> lastStopNote(String sessionId);

  /**
   * How many prompts a session has submitted: the main thread's turn number when the runner
   * gives no turn id.
   *
   * @param sessionId the runner's session id
   * @return the count; 0 for an unknown session
   */
  int prompts(String sessionId);

  /**
   * The evacuations recorded for a session in one turn.
   *
   * @param sessionId the runner's session id
   * @param turn the turn key: {@code agent:<id>} for a sub-agent's lifetime, else
   *     {@code turn:<id>} or {@code prompt:<count>}
   * @return the evacuations in the order recorded; empty when none, or once the turn is over
   */
  List<Evacuated> evacuations(String sessionId, String turn);

  /**
   * Branches left behind at a stop that gave way after repeated blocks, or at a turn that ended
   * on an error before its stop was judged.
   *
   * @return the branches for the next sweep to report; empty when none
   */
  List<Abandoned> abandoned();

  /**
   * A patch of a worktree or branch written outside git's history.
   *
   * @param worktree the path of the worktree the patch was taken from, when it is one
   * @param branches the branches whose work the patch holds
   * @param target the file the patch was written to
   * @param command the command that wrote it, as the agent ran it
   */
  @API(status = API.Status.EXPERIMENTAL)
  record Evacuated(Optional<String> worktree, List<String> branches, String target,
      String command) {
    /**
     * Checks the components and keeps an immutable copy of the branches.
     *
     * @param worktree the path of the worktree the patch was taken from, when it is one
     * @param branches the branches whose work the patch holds
     * @param target the file the patch was written to
     * @param command the command that wrote it
     * @throws NullPointerException if a component is null
     */
    public Evacuated {
      Objects.requireNonNull(worktree, "worktree");
      branches = List.copyOf(branches);
      Objects.requireNonNull(target, "target");
      Objects.requireNonNull(command, "command");
    }
  }

  /**
   * A branch a stop gave way on while a check still failed.
   *
   * @param branch the branch's short name
   * @param actor the stopping actor, {@code <session>:<agent>}
   * @param check the check it still failed, as a person reads it ({@code dirty worktree},
   *     {@code commits no remote holds}, {@code merged but not deleted})
   * @param at when the stop gave way
   */
  @API(status = API.Status.EXPERIMENTAL)
  record Abandoned(String branch, String actor, String check, Instant at) {
    /**
     * Checks that no component is null.
     *
     * @param branch the branch's short name
     * @param actor the stopping actor
     * @param check the check it still failed
     * @param at when the stop gave way
     * @throws NullPointerException if a component is null
     */
    public Abandoned {
      Objects.requireNonNull(branch, "branch");
      Objects.requireNonNull(actor, "actor");
      Objects.requireNonNull(check, "check");
      Objects.requireNonNull(at, "at");
    }
  }

  /**
   * An empty ledger, for facts without a store: nothing blocked, shown, recorded or abandoned.
   *
   * @return a ledger that answers zero and empty to every question
   */
  static BranchLedger empty() {
    return new BranchLedger() {
      @Override
      public int blockedStops(String actor) {
        return 0;
      }

      @Override
      public Optional<Instant> lastStopNote(String sessionId) {
        return Optional.empty();
      }

      @Override
      public int prompts(String sessionId) {
        return 0;
      }

      @Override
      public List<Evacuated> evacuations(String sessionId, String turn) {
        return List.of();
      }

      @Override
      public List<Abandoned> abandoned() {
        return List.of();
      }
    };
  }
}
