package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.BranchTip;
import dev.groundskeeper.api.repo.DefaultBranch;
import dev.groundskeeper.api.repo.Dormancy;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositorySettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InventoryTest {

  static final long BASE = 1_700_000_000L;
  static final long DAY = 86_400L;

  TestRepo repo;
  BranchInventory inventory;
  Map<String, BranchRecord> byName;

  @BeforeAll
  void buildRepository(@TempDir Path temp) throws IOException {
    repo = populate(TestRepo.init(temp, "inv"));
    RepositorySettings settings = settings();
    Clock now = Clock.fixed(Instant.ofEpochSecond(BASE + 40 * DAY), ZoneOffset.UTC);
    GitRepositories.clear();
    Facts facts = GitFacts.forDirectory(repo.dir, settings, now);
    inventory = facts.get(RepoFacts.BRANCHES);
    byName = inventory.branches().stream().collect(Collectors.toMap(BranchRecord::name, b -> b));
  }

  /**
   * Every state of the inventory in one repository: dormant, merged by ancestry, cherry-picked,
   * squashed, merged into a line, live with a remote copy and records, parked, same tip, exempt,
   * remote-only. "Now" is {@code BASE + 40} days.
   */
  static TestRepo populate(TestRepo repo) throws IOException {
    repo.clockAt(BASE);
    repo.commit("a.txt", "one\ntwo\nthree\n", "root");
    repo.commit("a.txt", "one\ntwo\nthree\nfour\n", "four");

    // dormant: unmerged, last commit 40 days before "now", pushed nowhere
    repo.git("switch", "-q", "-c", "dormant");
    repo.commit("d.txt", "dormant work\n", "dormant work");
    repo.git("switch", "-q", "main");

    repo.clockAt(BASE + 30 * DAY);
    // merged by ancestry through a merge commit
    repo.git("switch", "-q", "-c", "merged-ff");
    repo.commit("m.txt", "merged\n", "merged work");
    repo.git("switch", "-q", "main");
    repo.tick();
    repo.git("merge", "-q", "--no-ff", "-m", "merge merged-ff", "merged-ff");

    // cherry-picked onto main: patch-equivalent
    repo.git("switch", "-q", "-c", "picked");
    repo.commit("p.txt", "picked 1\n", "picked 1");
    repo.commit("p2.txt", "picked 2\n", "picked 2");
    repo.git("switch", "-q", "main");
    repo.commit("a.txt", "one\ntwo\nthree\nfour\nfive\n", "five");
    repo.tick();
    repo.git("cherry-pick", "picked~1", "picked");

    // squash-merged onto main
    repo.git("switch", "-q", "-c", "squashed", "main~1");
    repo.commit("s.txt", "s1\n", "s1");
    repo.commit("s.txt", "s1\ns2\n", "s2");
    repo.commit("t.txt", "t\n", "t");
    repo.git("switch", "-q", "main");
    repo.git("merge", "-q", "--squash", "squashed");
    repo.commitAll("squash of squashed");

    // an integration line with a branch merged into it only
    repo.git("switch", "-q", "-c", "release/1");
    repo.commit("r.txt", "release\n", "release prep");
    repo.git("switch", "-q", "-c", "on-line");
    repo.commit("o.txt", "on line\n", "on line work");
    repo.git("switch", "-q", "release/1");
    repo.tick();
    repo.git("merge", "-q", "--no-ff", "-m", "merge on-line", "on-line");
    repo.git("switch", "-q", "main");

    repo.clockAt(BASE + 39 * DAY);
    // live work, pushed to the remote copy, one commit ahead of it locally
    repo.git("switch", "-q", "-c", "live-42");
    repo.commit("l.txt", "live\n", "live work, Addresses #77");
    repo.git("update-ref", "refs/remotes/origin/live-42", "HEAD");
    repo.commit("l.txt", "live\nmore\n", "more live work");
    repo.git("config", "branch.live-42.remote", "origin");
    repo.git("config", "branch.live-42.merge", "refs/heads/live-42");
    repo.git("config", "branch.live-42.groundskeeperCreator", "s1:");
    repo.git("config", "branch.live-42.groundskeeperCreated", "1700000000");
    repo.git("config", "branch.live-42.groundskeeperRoute", "switch-c");
    repo.git("config", "--add", "branch.live-42.groundskeeperTouchedBy", "s1:");
    repo.git("config", "--add", "branch.live-42.groundskeeperTouchedBy", "s1:agent-7");
    repo.git("switch", "-q", "main");

    // parked: real work, then an empty commit carrying the trailers
    repo.git("switch", "-q", "-c", "parked");
    repo.commit("w.txt", "waiting\n", "waiting work");
    repo.git("switch", "-q", "main");
    String tree = repo.git("rev-parse", "parked^{tree}");
    repo.tick();
    String park = repo.git("commit-tree", tree, "-p", "parked", "-m",
        "Park parked\n\nParked-Reason: waiting for review\nParked-By: bob");
    repo.git("update-ref", "refs/heads/parked", park);

    // same tip as live-42's local branch, and an exempt branch
    repo.git("branch", "copy-of-live", "live-42");
    repo.git("branch", "users/bob/scratch", "dormant");

    // the remote: its HEAD names main, a remote-only branch
    repo.git("update-ref", "refs/remotes/origin/main", "main");
    repo.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main");
    repo.git("update-ref", "refs/remotes/origin/remote-only", "picked");
    return repo;
  }

  /** A generous time budget: these tests judge correctness on a shared, loaded machine. */
  static RepositorySettings settings() {
    return RepositorySettings.defaults()
        .withIntegrationLines(List.of("release/*"))
        .withExempt(List.of("users/**"))
        .withScanLimits(new RepositorySettings.ScanLimits(1_000_000, java.time.Duration.ofMinutes(2)));
  }

  @Test
  void aScanBoundNeverReadsAsMergedWithoutProof() throws IOException {
    RepositorySettings tight = settings().withScanLimits(
        new RepositorySettings.ScanLimits(3, java.time.Duration.ofMinutes(2)));
    Clock now = Clock.fixed(Instant.ofEpochSecond(BASE + 40 * DAY), ZoneOffset.UTC);
    GitRepositories.clear(); // judgements proven earlier are cached for good; start cold
    java.nio.file.Files.delete(InventoryCache.fileFor(repo.dir.resolve(".git"))); // on disk too
    BranchInventory bounded = GitFacts.forDirectory(repo.dir, tight, now).get(RepoFacts.BRANCHES);
    assertThat(bounded.complete()).isFalse();
    for (BranchRecord b : bounded.branches()) {
      assertThat(b.state()).as(b.name()).isNotIn(BranchState.PATCH_EQUIVALENT, BranchState.MERGED_INTO_LINE);
      if (b.state() == BranchState.MERGED_INTO_DEFAULT) {
        assertThat(repo.exit("merge-base", "--is-ancestor", b.tip(), "main")).as(b.name()).isZero();
      }
      if (b.state().work()) {
        assertThat(b.judgements()).extracting(MergeJudgement::result).contains(MergeJudgement.Result.NOT_PROVEN);
      }
    }
  }

  @Test
  void listsEveryLocalAndRemoteBranchOnceWithGitsTips() throws IOException {
    String refs = repo.git("for-each-ref", "--format=%(refname)", "refs/heads", "refs/remotes/origin");
    List<String> names = refs.lines().filter(r -> !r.equals("refs/remotes/origin/HEAD"))
        .map(r -> r.startsWith("refs/heads/") ? r.substring(11) : r.substring("refs/remotes/origin/".length()))
        .distinct().sorted().toList();
    assertThat(inventory.branches()).extracting(BranchRecord::name).containsExactlyElementsOf(names);
    for (BranchRecord b : inventory.branches()) {
      if (b.localTip().isPresent()) {
        assertThat(b.localTip().get()).isEqualTo(repo.rev("refs/heads/" + b.name()));
      }
      if (b.remoteTip().isPresent()) {
        assertThat(b.remoteTip().get()).isEqualTo(repo.rev("refs/remotes/origin/" + b.name()));
      }
      long date = Long.parseLong(repo.git("log", "-1", "--format=%ct", b.tip()));
      assertThat(b.lastCommit().getEpochSecond()).isEqualTo(date);
    }
  }

  @Test
  void defaultBranchComesFromTheRemoteHead() {
    assertThat(inventory.defaultBranch().name()).isEqualTo("main");
    assertThat(inventory.defaultBranch().source()).isEqualTo(DefaultBranch.Source.REMOTE_HEAD);
  }

  @Test
  void statesFollowTheSeedOrder() {
    assertThat(byName.get("main").state()).isEqualTo(BranchState.DEFAULT);
    assertThat(byName.get("users/bob/scratch").state()).isEqualTo(BranchState.EXEMPT);
    assertThat(byName.get("release/1").state()).isEqualTo(BranchState.INTEGRATION_LINE);
    assertThat(byName.get("merged-ff").state()).isEqualTo(BranchState.MERGED_INTO_DEFAULT);
    assertThat(byName.get("on-line").state()).isEqualTo(BranchState.MERGED_INTO_LINE);
    assertThat(byName.get("picked").state()).isEqualTo(BranchState.PATCH_EQUIVALENT);
    assertThat(byName.get("picked").mergedBy().orElseThrow().method())
        .contains(MergeJudgement.Method.PATCH_EQUIVALENCE);
    assertThat(byName.get("remote-only").state()).isEqualTo(BranchState.PATCH_EQUIVALENT);
    assertThat(byName.get("squashed").state()).isEqualTo(BranchState.PATCH_EQUIVALENT);
    assertThat(byName.get("squashed").mergedBy().orElseThrow().method()).contains(MergeJudgement.Method.SQUASH);
    assertThat(byName.get("parked").state()).isEqualTo(BranchState.PARKED);
    assertThat(byName.get("dormant").state()).isEqualTo(BranchState.DORMANT);
    assertThat(byName.get("live-42").state()).isEqualTo(BranchState.LIVE);
    assertThat(inventory.complete()).isTrue();
  }

  @Test
  void aBranchWhoseReflogShowsNoCommitOfItsOwnIsNotMergedByAncestry(@TempDir Path temp)
      throws IOException {
    TestRepo own = TestRepo.init(temp, "own");
    own.commit("a.txt", "a\n", "root");
    own.git("branch", "fresh");
    own.git("switch", "-q", "-c", "done");
    own.commit("d.txt", "d\n", "work");
    own.git("switch", "-q", "main");
    own.git("merge", "-q", "--no-ff", "-m", "merge done", "done");
    GitRepositories.clear();

    BranchInventory read = GitFacts.forDirectory(own.dir, RepositorySettings.defaults())
        .get(RepoFacts.BRANCHES);

    BranchRecord fresh = read.find("fresh").orElseThrow();
    assertThat(fresh.state().merged()).isFalse();
    assertThat(fresh.judgements()).singleElement().satisfies(j -> {
      assertThat(j.merged()).isFalse();
      assertThat(j.detail()).contains("no commit of its own");
    });
    assertThat(read.find("done").orElseThrow().state()).isEqualTo(BranchState.MERGED_INTO_DEFAULT);
  }

  @Test
  void ancestryMatchesMergeBaseIsAncestor() throws IOException {
    for (BranchRecord b : inventory.branches()) {
      boolean ancestor = repo.exit("merge-base", "--is-ancestor", b.tip(), "main") == 0
          || repo.exit("merge-base", "--is-ancestor", b.tip(), "origin/main") == 0;
      boolean judged = b.judgements().stream().anyMatch(j -> j.merged()
          && j.method().orElseThrow() == MergeJudgement.Method.ANCESTRY && j.target().endsWith("/main"));
      if (b.state() != BranchState.DEFAULT && b.state() != BranchState.EXEMPT
          && b.state() != BranchState.INTEGRATION_LINE) {
        assertThat(judged).as(b.name()).isEqualTo(ancestor);
      }
    }
  }

  @Test
  void aheadAndBehindMatchRevListCounts() throws IOException {
    for (BranchRecord b : inventory.branches()) {
      if (b.ahead().isEmpty()) {
        assertThat(b.state()).isIn(BranchState.DEFAULT, BranchState.EXEMPT, BranchState.INTEGRATION_LINE);
        continue;
      }
      String[] counts = repo.git("rev-list", "--left-right", "--count", b.tip() + "...main").split("\\s+");
      int parkCommits = b.name().equals("parked") ? 1 : 0;
      assertThat(b.ahead().getAsInt()).as(b.name()).isEqualTo(Integer.parseInt(counts[0]) - parkCommits);
      assertThat(b.behind().getAsInt()).as(b.name()).isEqualTo(Integer.parseInt(counts[1]));
    }
  }

  @Test
  void patchEquivalenceAgreesWithGitCherry() throws IOException {
    for (String name : List.of("picked", "live-42", "dormant", "squashed", "on-line")) {
      boolean cherryClean = repo.git("cherry", "main", name).lines().noneMatch(l -> l.startsWith("+"));
      boolean judged = byName.get(name).judgements().stream().anyMatch(j -> j.merged()
          && j.method().orElseThrow() == MergeJudgement.Method.PATCH_EQUIVALENCE && j.target().endsWith("main"));
      assertThat(judged).as(name).isEqualTo(cherryClean);
    }
  }

  @Test
  void parkMarkerDormancyAndContainment() {
    BranchRecord parked = byName.get("parked");
    assertThat(parked.park().orElseThrow().reason()).isEqualTo("waiting for review");
    assertThat(parked.park().orElseThrow().parkedBy()).isEqualTo("bob");
    Dormancy dormancy = byName.get("dormant").dormancy().orElseThrow();
    assertThat(dormancy.stage()).isEqualTo(Dormancy.Stage.BLOCK);
    assertThat(dormancy.idleDays()).isEqualTo(39);
    assertThat(dormancy.where()).isEqualTo(Dormancy.Where.NOWHERE);
  }

  @Test
  void upstreamProvenanceWorktreePlanTokensAndSameTips() {
    BranchRecord live = byName.get("live-42");
    assertThat(live.upstream()).contains("refs/remotes/origin/live-42");
    assertThat(live.provenance().creator()).contains("s1:");
    assertThat(live.provenance().created()).contains(Instant.ofEpochSecond(1_700_000_000L));
    assertThat(live.provenance().route()).contains("switch-c");
    assertThat(live.provenance().touchedBy()).containsExactly("s1:", "s1:agent-7");
    assertThat(live.planTokens()).containsExactly("42");
    assertThat(live.sameTipAs()).containsExactly("copy-of-live");
    assertThat(live.unpushed()).isTrue();
    assertThat(byName.get("main").worktree()).contains(repo.dir);
    assertThat(byName.get("dormant").sameTipAs()).isEmpty();
  }

  @Test
  void branchTipsAreTheCheapReadOfTheSameRefs() {
    Facts facts = GitFacts.forDirectory(repo.dir, RepositorySettings.defaults());
    List<BranchTip> tips = facts.get(RepoFacts.BRANCH_TIPS);
    assertThat(tips).extracting(BranchTip::name)
        .containsExactlyElementsOf(inventory.branches().stream().map(BranchRecord::name).toList());
    assertThat(tips).extracting(BranchTip::tip)
        .containsExactlyElementsOf(inventory.branches().stream().map(BranchRecord::tip).toList());
  }

  @Test
  void aConfiguredDefaultThatDoesNotExistIsAClearError() {
    Facts facts = GitFacts.forDirectory(repo.dir, RepositorySettings.defaults().withDefaultBranch("trunk"));
    assertThatThrownBy(() -> facts.get(RepoFacts.DEFAULT_BRANCH))
        .isInstanceOf(FactUnavailableException.class)
        .hasMessageContaining("'trunk' exists neither as refs/heads/trunk nor as refs/remotes/origin/trunk");
  }

  @Test
  void aSecondReadingReusesTheJudgementsAndAgrees() {
    RepositorySettings settings = settings();
    Clock now = Clock.fixed(Instant.ofEpochSecond(BASE + 40 * DAY), ZoneOffset.UTC);
    BranchInventory again = GitFacts.forDirectory(repo.dir, settings, now).get(RepoFacts.BRANCHES);
    assertThat(again).isEqualTo(inventory);
  }
}
