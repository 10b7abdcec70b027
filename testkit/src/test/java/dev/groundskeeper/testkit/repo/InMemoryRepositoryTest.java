package dev.groundskeeper.testkit.repo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.BranchTip;
import dev.groundskeeper.api.repo.Dormancy;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeStatus;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class InMemoryRepositoryTest {

  private static final Instant NOW = Instant.parse("2026-03-01T00:00:00Z");

  @Test
  void derivesStatesInTheSeedOrder() {
    InMemoryRepository repo = InMemoryRepository.builder()
        .now(NOW)
        .settings(RepositorySettings.defaults().withExempt(List.of("users/**"))
            .withIntegrationLines(List.of("release/*")))
        .branch("users/ann/x", b -> b.idleDays(90))
        .branch("release/2", b -> b.idleDays(90))
        .branch("done", b -> b.merged(MergeJudgement.Method.ANCESTRY))
        .branch("squashed", b -> b.merged(MergeJudgement.Method.SQUASH))
        .branch("waiting", b -> b.parked("review", "bob").idleDays(90))
        .branch("old", b -> b.idleDays(31))
        .branch("fresh", b -> b.idleDays(1))
        .build();
    BranchInventory inventory = repo.inventory();
    assertThat(state(inventory, "main")).isEqualTo(BranchState.DEFAULT);
    assertThat(state(inventory, "users/ann/x")).isEqualTo(BranchState.EXEMPT);
    assertThat(state(inventory, "release/2")).isEqualTo(BranchState.INTEGRATION_LINE);
    assertThat(state(inventory, "done")).isEqualTo(BranchState.MERGED_INTO_DEFAULT);
    assertThat(state(inventory, "squashed")).isEqualTo(BranchState.PATCH_EQUIVALENT);
    assertThat(state(inventory, "waiting")).isEqualTo(BranchState.PARKED);
    assertThat(state(inventory, "old")).isEqualTo(BranchState.DORMANT);
    assertThat(inventory.find("old").orElseThrow().dormancy().orElseThrow().stage()).isEqualTo(Dormancy.Stage.BLOCK);
    assertThat(inventory.find("old").orElseThrow().dormancy().orElseThrow().where()).isEqualTo(Dormancy.Where.NOWHERE);
    assertThat(state(inventory, "fresh")).isEqualTo(BranchState.LIVE);
  }

  @Test
  void answersEveryRepositoryFactThroughFacts() {
    Path lane = Path.of("/work/lanes/fix-42");
    Facts facts = InMemoryRepository.builder()
        .now(NOW)
        .branch("fix-42", b -> b.pushed().idleDays(2).touchedBy("s1:", "s1:agent").planTokens("42"))
        .branch("copy", b -> b.tip(InMemoryRepository.commitId("local:fix-42")))
        .remoteOnlyBranch("theirs", b -> b.idleDays(3))
        .worktree(lane, "fix-42", w -> w.locked("agent at work"))
        .status(lane, new WorktreeStatus(List.of(), List.of("a.txt"), List.of("notes.md"), List.of()))
        .currentWorktree(lane)
        .build()
        .facts();
    assertThat(facts.get(Facts.NOW)).isEqualTo(NOW);
    assertThat(facts.get(RepoFacts.LAYOUT).linkedWorktree()).isTrue();
    assertThat(facts.get(RepoFacts.LAYOUT).head().branch()).contains("fix-42");
    assertThat(facts.get(RepoFacts.DEFAULT_BRANCH).name()).isEqualTo("main");
    assertThat(facts.get(RepoFacts.BRANCH_TIPS)).extracting(BranchTip::name)
        .containsExactly("copy", "fix-42", "main", "theirs");
    BranchRecord fix = facts.get(RepoFacts.BRANCHES).find("fix-42").orElseThrow();
    assertThat(fix.worktree()).contains(lane);
    assertThat(fix.sameTipAs()).containsExactly("copy");
    assertThat(fix.provenance().touchedBy("s1:agent")).isTrue();
    assertThat(fix.unpushed()).isFalse();
    assertThat(facts.get(RepoFacts.BRANCHES).find("theirs").orElseThrow().remoteOnly()).isTrue();
    List<Worktree> worktrees = facts.get(RepoFacts.WORKTREES);
    assertThat(worktrees).hasSize(2);
    assertThat(worktrees.get(1).locked()).contains("agent at work");
    assertThat(facts.get(RepoFacts.STATUS).isClean()).isFalse();
    assertThat(facts.get(RepoFacts.QUERIES).containment(fix.tip(), Set.of("refs/heads/fix-42")).containingRefs())
        .containsExactly("refs/heads/copy", "refs/remotes/origin/fix-42");
    assertThat(facts.get(RepoFacts.QUERIES).judgeMerged("fix-42", Optional.empty()).merged()).isFalse();
    assertThat(facts.get(RepoFacts.QUERIES).commonDirectory(lane)).contains(Path.of("/work/repo/.git"));
  }

  @Property
  void dormancyStartsExactlyAtTheAdvisoryDays(@ForAll @LongRange(min = 0, max = 400) long idle) {
    BranchRecord b = InMemoryRepository.builder().now(NOW).branch("b", s -> s.idleDays(idle)).build()
        .inventory().find("b").orElseThrow();
    assertThat(b.state() == BranchState.DORMANT).isEqualTo(idle >= 7);
    assertThat(b.dormancy().isPresent()).isEqualTo(b.state() == BranchState.DORMANT);
  }

  private static BranchState state(BranchInventory inventory, String name) {
    return inventory.find(name).orElseThrow().state();
  }
}
