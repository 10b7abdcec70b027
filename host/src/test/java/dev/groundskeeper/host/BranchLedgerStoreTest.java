package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.rules.branches.BranchLedger;
import dev.groundskeeper.rules.branches.LedgerEffect;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BranchLedgerStoreTest {

  @TempDir
  Path temp;

  private Path file() {
    return BranchLedgerStore.fileFor(temp.resolve(".git"));
  }

  @Test
  void aMissingOrDamagedLedgerReadsAsEmpty() throws IOException {
    assertThat(BranchLedgerStore.read(file()).blockedStops("s:")).isZero();
    Files.createDirectories(file().getParent());
    Files.writeString(file(), "{not json");
    BranchLedgerStore damaged = BranchLedgerStore.read(file());
    assertThat(damaged.abandoned()).isEmpty();
    assertThat(damaged.lastStopNote("s")).isEmpty();
  }

  @Test
  void aWriteOverADamagedLedgerKeepsTheDamagedFileBesideIt() throws IOException {
    // a writer that took an unreadable file for an empty ledger replaced it: every record lost
    Files.createDirectories(file().getParent());
    Files.writeString(file(), "{\"stop_notes\": {\"s\": \"2026-03-01T12:00:00Z\"}, broken");
    Instant at = Instant.parse("2026-03-02T12:00:00Z");
    assertThat(BranchLedgerStore.apply(file(), List.of(new LedgerEffect.NoteAtStop("t", at))))
        .isEqualTo(1);
    assertThat(BranchLedgerStore.read(file()).lastStopNote("t")).contains(at);
    try (var aside = Files.list(file().getParent())) {
      List<Path> kept = aside.filter(p -> p.getFileName().toString()
          .startsWith("branch-ledger.json.damaged-")).toList();
      assertThat(kept).singleElement().satisfies(p -> assertThat(Files.readString(p))
          .contains("2026-03-01T12:00:00Z", "broken"));
    }
  }

  @Test
  void blockedStopsAreCountedAndReset() throws IOException {
    BranchLedgerStore.apply(file(), List.of(new LedgerEffect.CountBlockedStop("s:"),
        new LedgerEffect.CountBlockedStop("s:"), new LedgerEffect.CountBlockedStop("s:a")));
    assertThat(BranchLedgerStore.read(file()).blockedStops("s:")).isEqualTo(2);
    assertThat(BranchLedgerStore.read(file()).blockedStops("s:a")).isEqualTo(1);
    BranchLedgerStore.apply(file(), List.of(new LedgerEffect.ResetBlockedStops("s:")));
    assertThat(BranchLedgerStore.read(file()).blockedStops("s:")).isZero();
  }

  @Test
  void evacuationsExpireWithTheMainThreadsTurnButNotWithASubAgents() throws IOException {
    BranchLedger.Evacuated patch = new BranchLedger.Evacuated(Optional.of("/w/x"),
        List.of("x"), "/tmp/x.patch", "git diff > /tmp/x.patch");
    BranchLedgerStore.apply(file(), List.of(
        new LedgerEffect.RecordEvacuation("s", "prompt:0", patch),
        new LedgerEffect.RecordEvacuation("s", "agent:a", patch)));
    assertThat(BranchLedgerStore.read(file()).evacuations("s", "prompt:0")).containsExactly(patch);
    BranchLedgerStore.apply(file(), List.of(new LedgerEffect.StartTurn("s")));
    BranchLedgerStore after = BranchLedgerStore.read(file());
    assertThat(after.prompts("s")).isEqualTo(1);
    assertThat(after.evacuations("s", "prompt:0")).isEmpty();
    assertThat(after.evacuations("s", "agent:a")).containsExactly(patch);
  }

  @Test
  void stopNotesAndAbandonedBranchesAreKept() throws IOException {
    Instant at = Instant.parse("2026-03-01T12:00:00Z");
    List<Effect> effects = List.of(new LedgerEffect.NoteAtStop("s", at),
        new LedgerEffect.RecordAbandoned(new BranchLedger.Abandoned("x", "s:", "dirty worktree",
            at)));
    assertThat(BranchLedgerStore.apply(file(), effects)).isEqualTo(2);
    BranchLedgerStore ledger = BranchLedgerStore.read(file());
    assertThat(ledger.lastStopNote("s")).contains(at);
    assertThat(ledger.abandoned()).containsExactly(
        new BranchLedger.Abandoned("x", "s:", "dirty worktree", at));
  }

  @Test
  void onlyTheLatestAbandonedRecordsAreKept() throws IOException {
    Instant at = Instant.parse("2026-03-01T12:00:00Z");
    for (int i = 0; i < BranchLedgerStore.MAX_ABANDONED + 5; i++) {
      BranchLedgerStore.apply(file(), List.of(new LedgerEffect.RecordAbandoned(
          new BranchLedger.Abandoned("b" + i, "s:", "unpushed", at))));
    }
    List<BranchLedger.Abandoned> kept = BranchLedgerStore.read(file()).abandoned();
    assertThat(kept).hasSize(BranchLedgerStore.MAX_ABANDONED);
    assertThat(kept.get(0).branch()).isEqualTo("b5");
  }

  @Test
  void otherEffectsAreLeftAlone() throws IOException {
    Effect other = () -> "something else";
    assertThat(BranchLedgerStore.apply(file(), List.of(other))).isZero();
    assertThat(file()).doesNotExist();
  }
}
