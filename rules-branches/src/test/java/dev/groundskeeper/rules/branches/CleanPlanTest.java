package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.testkit.repo.InMemoryRepository;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class CleanPlanTest {

  private static InMemoryRepository repo() {
    return InMemoryRepository.builder()
        .branch("shipped", b -> b.state(BranchState.MERGED_INTO_DEFAULT).pushed())
        .branch("squashed", b -> b.state(BranchState.PATCH_EQUIVALENT))
        .branch("held", b -> b.state(BranchState.MERGED_INTO_DEFAULT))
        .worktree(Path.of("/work/w/held"), "held")
        .branch("live", b -> b.state(BranchState.LIVE).pushed())
        .build();
  }

  @Test
  void finishedBranchesAreDeletedHeldOnesKeptLiveOnesLeftAlone() {
    CleanPlan plan = CleanPlan.of(repo().inventory(), BranchesConfig.DEFAULTS, false);
    assertThat(plan.finished()).extracting(BranchRecord::name)
        .containsExactlyInAnyOrder("shipped", "squashed");
    assertThat(plan.held()).extracting(BranchRecord::name).containsExactly("held");
    assertThat(plan.onRemote()).isEmpty();
    assertThat(plan.isEmpty()).isFalse();
  }

  @Test
  void withRemoteTheFinishedBranchesCopiesAreInThePlan() {
    CleanPlan plan = CleanPlan.of(repo().inventory(), BranchesConfig.DEFAULTS, true);
    assertThat(plan.onRemote()).extracting(BranchRecord::name).containsExactly("shipped");
  }

  @Test
  void aProtectedBranchIsNeverInThePlan() {
    BranchesConfig d = BranchesConfig.DEFAULTS;
    BranchesConfig exempting = new BranchesConfig(d.defaultBranch(), d.remote(),
        d.integrationLines(), java.util.List.of("ship*"), d.protectedNames(), d.wip(),
        d.duplicates(), d.dormancy(), d.stopGuard(), d.forceRemoval(), d.evacuation(),
        d.cleanupAfterMerge(), d.sweep());
    CleanPlan plan = CleanPlan.of(repo().inventory(), exempting, true);
    assertThat(plan.finished()).extracting(BranchRecord::name).containsExactly("squashed");
    assertThat(plan.onRemote()).isEmpty();
  }

  @Test
  void underScopeOwnOnlyThisClonesRemoteCopiesAreDeletedAndOthersAreListedApart() {
    Repo repo = Repo.create();
    repo.branch("mine-done").state(BranchState.MERGED_INTO_DEFAULT);
    repo.branch("theirs-done").state(BranchState.MERGED_INTO_DEFAULT).remoteOnly();
    repo.branch("theirs-local").state(BranchState.MERGED_INTO_DEFAULT);
    repo.others("theirs-done", "theirs-local");

    CleanPlan own = CleanPlan.of(repo.inventory(), BranchesConfig.DEFAULTS, true, repo.facts());

    assertThat(own.onRemote()).extracting(BranchRecord::name).containsExactly("mine-done");
    assertThat(own.othersOnRemote()).extracting(BranchRecord::name)
        .containsExactlyInAnyOrder("theirs-done", "theirs-local");
    // A local copy of a colleague's merged branch is this clone's to tidy: the remote keeps it.
    assertThat(own.finished()).extracting(BranchRecord::name)
        .containsExactlyInAnyOrder("mine-done", "theirs-local");

    CleanPlan all = CleanPlan.of(repo.inventory(),
        BranchesConfig.DEFAULTS.withScope(BranchesConfig.Ownership.ALL), true, repo.facts());
    assertThat(all.onRemote()).extracting(BranchRecord::name)
        .containsExactlyInAnyOrder("mine-done", "theirs-done", "theirs-local");
    assertThat(all.othersOnRemote()).isEmpty();

    CleanPlan local = CleanPlan.of(repo.inventory(), BranchesConfig.DEFAULTS, false,
        repo.facts());
    assertThat(local.onRemote()).isEmpty();
    assertThat(local.othersOnRemote()).isEmpty();
  }
}
