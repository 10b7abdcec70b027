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

  /** How many stops of {@code actor} ({@code <session>:<agent>}) were blocked in a row. */
  int blockedStops(String actor);

  /** When the dormancy note was last shown at a stop of {@code sessionId}. */
  Optional<Instant> lastStopNote(String sessionId);

  /** How many prompts {@code sessionId} has submitted: the main thread's turn number. */
  int prompts(String sessionId);

  /** The evacuations recorded for {@code sessionId} in {@code turn}. */
  List<Evacuated> evacuations(String sessionId, String turn);

  /** Branches left behind at a stop that gave way after repeated blocks. */
  List<Abandoned> abandoned();

  /** A patch of a worktree or branch written outside git's history. */
  @API(status = API.Status.EXPERIMENTAL)
  record Evacuated(Optional<String> worktree, List<String> branches, String target,
      String command) {
    public Evacuated {
      Objects.requireNonNull(worktree, "worktree");
      branches = List.copyOf(branches);
      Objects.requireNonNull(target, "target");
      Objects.requireNonNull(command, "command");
    }
  }

  /** A branch a stop gave way on while a check still failed. */
  @API(status = API.Status.EXPERIMENTAL)
  record Abandoned(String branch, String actor, String check, Instant at) {
    public Abandoned {
      Objects.requireNonNull(branch, "branch");
      Objects.requireNonNull(actor, "actor");
      Objects.requireNonNull(check, "check");
      Objects.requireNonNull(at, "at");
    }
  }

  /** An empty ledger. */
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
