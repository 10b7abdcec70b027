package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.SnapshotEffect;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A snapshot-mode refusal is settled by what became of its snapshots: all kept, it is advice with
 * the exact restore command; one not kept, it stays a refusal saying why; not performed at all (a
 * check), it stays as judged.
 */
class SnapshotSettlementTest {

  private final SnapshotEffect effect = new SnapshotEffect(Path.of("/w"), "git reset --hard",
      "s1", List.of("a.txt"), List.of(""), SnapshotEffect.Limits.DEFAULTS);
  private final Verdict refusal = Verdict.deny("changes.discard", "This would discard a.txt",
      new Remedy("stash first", List.of("git stash push -- a.txt && git reset --hard")))
      .withEffects(List.of(effect));
  private final Decision decision = Decision.of(List.of(refusal), Optional.empty());

  @Test
  void aKeptSnapshotTurnsTheRefusalIntoAdviceWithTheRestoreCommand() {
    EffectReport done = EffectReport.done(effect, "kept snapshot 20261202T050000Z-beef (1 path,"
        + " 5 bytes) of /w", List.of("cd /w && groundskeeper snapshot restore"
            + " 20261202T050000Z-beef"));

    Decision settled = Host.settle(decision, List.of(done));

    assertThat(settled.outcome()).isEqualTo(Outcome.ADVISE);
    Verdict advice = settled.verdicts().get(0);
    assertThat(advice.reason()).startsWith("Kept a copy of what this command destroys, outside"
        + " the repository, so it may run:\n- kept snapshot 20261202T050000Z-beef")
        .contains("This would discard a.txt");
    assertThat(advice.remedy().orElseThrow().commands()).containsExactly(
        "cd /w && groundskeeper snapshot restore 20261202T050000Z-beef");
    assertThat(advice.remedy().orElseThrow().description()).contains("groundskeeper undo");
    assertThat(advice.effects()).isEmpty(); // performed once, never again
  }

  @Test
  void aSnapshotNotTakenKeepsTheRefusalAndSaysWhy() {
    EffectReport refused = EffectReport.refused(effect, "the store level ~/.groundskeeper/state"
        + " is a symbolic link");

    Decision settled = Host.settle(decision, List.of(refused));

    assertThat(settled.outcome()).isEqualTo(Outcome.DENY);
    assertThat(settled.verdicts().get(0).reason()).startsWith("This would discard a.txt")
        .endsWith("The snapshot that would have let it run was not taken: the store level"
            + " ~/.groundskeeper/state is a symbolic link");
    assertThat(settled.verdicts().get(0).remedy()).isEqualTo(refusal.remedy());
  }

  @Test
  void aFailedSnapshotKeepsTheRefusalToo() {
    Decision settled = Host.settle(decision, List.of(EffectReport.failed(effect, "disk full")));
    assertThat(settled.outcome()).isEqualTo(Outcome.DENY);
  }

  @Test
  void withoutReportsTheDecisionIsAsJudged() {
    assertThat(Host.settle(decision, List.of())).isSameAs(decision);
  }

  @Test
  void aVerdictWithoutSnapshotsIsUntouched() {
    Decision plain = Decision.of(List.of(Verdict.deny("changes.expire", "gone",
        new Remedy("keep", List.of()))), Optional.empty());
    assertThat(Host.settle(plain, List.of())).isSameAs(plain);
  }
}
