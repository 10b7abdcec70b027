package dev.groundskeeper.rules.branches;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A ledger a test fills by hand. */
final class TestLedger implements BranchLedger {

  private final Map<String, Integer> blocked = new HashMap<>();
  private Optional<Instant> lastStopNote = Optional.empty();
  private final Map<String, List<Evacuated>> evacuations = new HashMap<>();
  private final List<Abandoned> abandoned = new ArrayList<>();
  private int prompts;

  TestLedger lastStopNote(Optional<Instant> at) {
    this.lastStopNote = at;
    return this;
  }

  TestLedger blocked(String actor, int times) {
    blocked.put(actor, times);
    return this;
  }

  TestLedger evacuated(String session, String turn, Evacuated evacuated) {
    evacuations.computeIfAbsent(session + "\0" + turn, k -> new ArrayList<>()).add(evacuated);
    return this;
  }

  TestLedger abandoned(Abandoned record) {
    abandoned.add(record);
    return this;
  }

  TestLedger prompts(int prompts) {
    this.prompts = prompts;
    return this;
  }

  @Override
  public int blockedStops(String actor) {
    return blocked.getOrDefault(actor, 0);
  }

  @Override
  public Optional<Instant> lastStopNote(String sessionId) {
    return lastStopNote;
  }

  @Override
  public int prompts(String sessionId) {
    return prompts;
  }

  @Override
  public List<Evacuated> evacuations(String sessionId, String turn) {
    return evacuations.getOrDefault(sessionId + "\0" + turn, List.of());
  }

  @Override
  public List<Abandoned> abandoned() {
    return abandoned;
  }
}
