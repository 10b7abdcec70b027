package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositorySettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Issue 16 on a fresh clone of a team's repository with a few hundred branches ({@link TeamClone}). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TeamCloneInventoryTest {

  static final Clock NOW = Clock.fixed(Instant.ofEpochSecond(TeamClone.NOW), ZoneOffset.UTC);
  static final RepositorySettings GENEROUS = RepositorySettings.defaults()
      .withScanLimits(new RepositorySettings.ScanLimits(10_000_000, Duration.ofMinutes(10)));

  TeamClone team;
  BranchInventory inventory;
  Map<String, BranchRecord> byName;

  @BeforeAll
  void build(@TempDir Path temp) throws IOException {
    team = TeamClone.build(temp, TeamClone.configuredScale());
    GitRepositories.clear();
    inventory = GitFacts.forDirectory(team.clone.dir, GENEROUS, NOW).get(RepoFacts.BRANCHES);
    byName = inventory.branches().stream().collect(Collectors.toMap(BranchRecord::name, b -> b));
  }

  @Test
  void everyGeneratedBranchIsJudgedByWhatItIsNotByWhatThisCloneWitnessed() {
    assertThat(inventory.complete()).isTrue();
    assertThat(team.checkedOut).hasSizeGreaterThan(80);
    for (Map.Entry<String, String> b : team.kinds.entrySet()) {
      BranchRecord r = byName.get(b.getKey());
      assertThat(r).as(b.getKey()).isNotNull();
      BranchState expected = switch (b.getValue()) {
        case "merged" -> BranchState.MERGED_INTO_DEFAULT;
        case "squashed" -> BranchState.PATCH_EQUIVALENT;
        case "live", "unpushed" -> BranchState.LIVE;
        default -> BranchState.DORMANT;
      };
      assertThat(r.state()).as(b.getKey() + " " + r.judgements()).isEqualTo(expected);
    }
  }

  @Test
  void branchesMadeOtherwiseThanByCommittingHereAreStillMerged() {
    // a real `git checkout` of a remote branch, `git branch x <commit>`, `update-ref`, and this
    // clone's own fast-forward-merged work whose reflog expired
    for (String name : List.of("merged-1", "merged-3", "from-commit", "by-update-ref", "mine-ff", "squashed-0")) {
      assertThat(byName.get(name).state().merged()).as(name + " " + byName.get(name).judgements()).isTrue();
      assertThat(byName.get(name).localTip()).as(name).isPresent();
    }
  }

  @Test
  void aBranchCutHereAtTheDefaultsTipAndNeverCommittedToIsNotMerged() {
    BranchRecord fresh = byName.get("fresh-here");
    assertThat(fresh.state()).isEqualTo(BranchState.LIVE);
    assertThat(fresh.judgements()).extracting(MergeJudgement::detail)
        .anyMatch(reason -> reason.contains("no commit of its own"));
  }

  @Test
  void containmentOfManyTipsAgreesWithGitForEachRefContains() throws IOException {
    GitRepositories.clear();
    Facts facts = GitFacts.forDirectory(team.clone.dir, GENEROUS, NOW);
    List<String> tips = new ArrayList<>();
    for (String name : List.of("merged-0", "merged-1", "origin/merged-5", "origin/squashed-2", "origin/live-4", "old/pushed-3",
        "old/local-2", "fresh-here", "mine-ff")) {
      tips.add(team.clone.rev(name));
    }
    tips.add(team.clone.rev("main~30"));
    tips.add(team.clone.rev("origin/merged-9^"));
    Map<String, Containment> found = facts.get(RepoFacts.QUERIES).containment(tips, Set.of());
    for (String tip : tips) {
      List<String> git = team.clone.git("for-each-ref", "--contains", tip, "--format=%(refname)",
          "refs/heads", "refs/remotes", "refs/tags").lines().filter(r -> !r.endsWith("/HEAD")).sorted().toList();
      assertThat(found.get(tip).containingRefs().stream().sorted().toList()).as(tip).isEqualTo(git);
      assertThat(found.get(tip).complete()).isTrue();
    }
  }

  @Test
  void aBoundInWorkUnitsLeavesBranchesNotYetJudgedAndTheNextReadingContinues() throws IOException {
    RepositorySettings tight = RepositorySettings.defaults()
        .withScanLimits(new RepositorySettings.ScanLimits(650, Duration.ofMinutes(10)));
    List<Integer> unproven = new ArrayList<>();
    java.nio.file.Path cache = InventoryCache.fileFor(team.clone.dir.resolve(".git"));
    assertThat(cache).exists(); // the generous reading wrote it; start cold
    cache.toFile().delete();
    for (int call = 0; call < 30; call++) {
      GitRepositories.clear(); // a new process each time: only the cache on disk carries over
      BranchInventory partial = GitFacts.forDirectory(team.clone.dir, tight, NOW).get(RepoFacts.BRANCHES);
      for (BranchRecord r : partial.branches()) {
        String kind = team.kinds.get(r.name());
        if (kind != null && !kind.equals("merged") && !kind.equals("squashed")) {
          assertThat(r.state().merged()).as("never guessed merged: " + r.name()).isFalse();
        }
      }
      long notProven = partial.branches().stream().filter(r -> r.judgements().stream()
          .anyMatch(j -> j.result() == MergeJudgement.Result.NOT_PROVEN)).count();
      unproven.add((int) notProven);
      if (notProven == 0) {
        break;
      }
      assertThat(partial.complete()).as("a reading with branches not judged is incomplete").isFalse();
    }
    assertThat(unproven.get(0)).as("the first reading stopped at its bound").isPositive();
    assertThat(unproven.get(unproven.size() - 1)).as("later readings finished the work: " + unproven).isZero();
    for (int i = 1; i < unproven.size(); i++) {
      assertThat(unproven.get(i)).as("no reading loses what an earlier one judged: " + unproven)
          .isLessThanOrEqualTo(unproven.get(i - 1));
    }
    assertThat(unproven.size()).as("it gets there in a few calls: " + unproven).isLessThan(12);
  }
}
