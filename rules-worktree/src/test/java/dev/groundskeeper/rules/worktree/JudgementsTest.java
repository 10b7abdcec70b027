package dev.groundskeeper.rules.worktree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.WorktreeBelonging;
import dev.groundskeeper.api.repo.WorktreeBelonging.CommonDirectory;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JudgementsTest {

  private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
  private static final String TIP = "a".repeat(40);

  @ParameterizedTest
  @ValueSource(strings = {"fix-login", "a", "v1.2_x", "A-b.c"})
  void plainNamesAreValid(String name) {
    assertThat(WorktreeNames.problem(name)).isEmpty();
  }

  @Test
  void badNamesSayWhy() {
    assertThat(WorktreeNames.problem("")).contains("a worktree name must not be empty");
    assertThat(WorktreeNames.problem("../x")).hasValueSatisfying(p -> assertThat(p)
        .contains("one plain segment"));
    assertThat(WorktreeNames.problem("-x")).contains("a worktree name must not start with '-'"
        + " or '.'");
    assertThat(WorktreeNames.problem("a..b")).contains("a worktree name must not contain '..'");
    assertThat(WorktreeNames.problem("x.lock")).hasValueSatisfying(p -> assertThat(p)
        .contains(".lock"));
  }

  @Test
  void suggestionsAreValidNames() {
    assertThat(WorktreeNames.suggest("../my repo")).contains("my-repo");
    assertThat(WorktreeNames.suggest("...")).isEmpty();
    assertThat(WorktreeNames.suggest("my repo (copy)")).contains("my-repo-copy");
    assertThat(WorktreeNames.suggest("é-ü")).contains("e-u");
    assertThat(WorktreeNames.suggest("Über")).contains("Uber");
  }

  @Test
  void laneKeysAreFullIdsAndAbbreviationsAreRecognised() {
    String root = "0123456789abcdef0123456789abcdef01234567";
    assertThat(LaneKeys.isLaneKey(root)).isTrue();
    assertThat(LaneKeys.isLaneKey(root.substring(0, 12))).isFalse();
    assertThat(LaneKeys.abbreviates(root.substring(0, 12), root)).isTrue();
    assertThat(LaneKeys.abbreviates(root, root)).isFalse();
    assertThat(LaneKeys.abbreviates("ffff", root)).isFalse();
  }

  @Test
  void theProofNamesTheFirstThingThatFails() {
    assertThat(ProofOfBelonging.failure(evidence(true, false, false, true, CommonDirectory.SAME)))
        .isEmpty();
    assertThat(ProofOfBelonging.failure(evidence(false, false, false, true, CommonDirectory.SAME)))
        .contains("not a worktree of this repository");
    assertThat(ProofOfBelonging.failure(evidence(false, true, false, false,
        CommonDirectory.UNREADABLE)))
        .contains("checkout not found; run git worktree repair from the checkout");
    assertThat(ProofOfBelonging.failure(evidence(true, false, true, true,
        CommonDirectory.UNREADABLE))).contains("directory gone; git still lists it");
    assertThat(ProofOfBelonging.failure(evidence(true, false, false, false, CommonDirectory.SAME)))
        .contains("not a direct child of this repository's lane");
    assertThat(ProofOfBelonging.failure(evidence(true, false, false, true,
        CommonDirectory.UNREADABLE)))
        .contains("checkout not found; run git worktree repair from the checkout");
    assertThat(ProofOfBelonging.failure(evidence(true, false, false, true, CommonDirectory.OTHER)))
        .hasValueSatisfying(f -> assertThat(f).contains("another repository's"));
  }

  private static WorktreeBelonging evidence(boolean listed, boolean deadPointer, boolean prunable,
      boolean directChild, CommonDirectory common) {
    return new WorktreeBelonging(listed, deadPointer, prunable, directChild, common);
  }

  @Test
  void theForgeCountsOnlyAtTheLocalTip() {
    MergePolicy.Forge atTip = new MergePolicy.Forge(true, false, Optional.of(TIP),
        Optional.of(7));
    MergePolicy.Forge elsewhere = new MergePolicy.Forge(true, false,
        Optional.of("b".repeat(40)), Optional.of(7));

    assertThat(MergePolicy.judge(TIP, atTip, MergePolicy.Local.NOT_MERGED, "x"))
        .isEqualTo(MergeStatus.merged(MergeStatus.How.FORGE,
            "pull request #7 merged at the local tip"));
    assertThat(MergePolicy.judge(TIP, elsewhere, MergePolicy.Local.NOT_MERGED, "x").detail())
        .contains("merged at another commit");
    assertThat(MergePolicy.judge(TIP, MergePolicy.Forge.UNREACHABLE,
        MergePolicy.Local.SQUASHED, "squash").label()).isEqualTo("merged (content)");
    assertThat(MergePolicy.judge(TIP, MergePolicy.Forge.UNREACHABLE,
        MergePolicy.Local.ANCESTRY, "a").label()).isEqualTo("merged (ancestry)");
    assertThat(MergePolicy.judge(TIP, MergePolicy.Forge.UNREACHABLE,
        MergePolicy.Local.NOT_PROVEN, "bound").merged()).isFalse();
    assertThat(MergePolicy.detached().merged()).isFalse();
  }

  private static PruneCandidate candidate(boolean merged, Optional<String> dirt,
      Duration quietFor, boolean named) {
    return new PruneCandidate("w", true, Optional.empty(), Optional.empty(), false, dirt, false,
        merged ? MergeStatus.merged(MergeStatus.How.ANCESTRY, "on main")
            : MergeStatus.unmerged("no commit of its own"),
        Optional.of(NOW.minus(quietFor)), false, named);
  }

  @Test
  void pruneReclaimsMergedCleanAndKeepsTheRestWithReasons() {
    PruneJudge judge = new PruneJudge(14);
    assertThat(judge.decide(candidate(true, Optional.empty(), Duration.ZERO, false), NOW))
        .isEqualTo(PruneDecision.reclaim("merged (ancestry): on main"));
    assertThat(judge.decide(candidate(true, Optional.of("1 changed and 0 untracked"),
        Duration.ZERO, false), NOW)).isEqualTo(PruneDecision.keep(
            "dirty: 1 changed and 0 untracked"));
    assertThat(judge.decide(candidate(false, Optional.empty(), Duration.ofDays(1), false), NOW))
        .isEqualTo(PruneDecision.keep("unmerged: no commit of its own"));
    assertThat(judge.decide(candidate(false, Optional.empty(), Duration.ofDays(20), false),
        NOW)).isEqualTo(PruneDecision.quiet(
            "unmerged and quiet for 20 days; removed only when named with --yes w"));
    assertThat(judge.decide(candidate(false, Optional.empty(), Duration.ofDays(20), true), NOW))
        .isEqualTo(PruneDecision.reclaim("quiet candidate named with --yes"));
    assertThat(judge.decide(candidate(false, Optional.empty(), Duration.ofDays(2), true), NOW)
        .reason()).isEqualTo("unmerged: no commit of its own; named with --yes but not a quiet"
            + " candidate (active 2 days ago, within the 14-day window)");
  }

  @Test
  void pruneKeepsWhatIsOutsideFailsTheProofIsLockedOrHoldsItsOwnCwd() {
    PruneJudge judge = new PruneJudge(14);
    MergeStatus merged = MergeStatus.merged(MergeStatus.How.ANCESTRY, "on main");
    assertThat(judge.decide(new PruneCandidate("w", false, Optional.empty(), Optional.empty(),
        false, Optional.empty(), false, merged, Optional.empty(), false, false), NOW).reason())
        .isEqualTo("outside the store; the store never touches it");
    assertThat(judge.decide(new PruneCandidate("w", true, Optional.of("not a worktree of this"
        + " repository"), Optional.empty(), false, Optional.empty(), false, merged,
        Optional.empty(), false, false), NOW).reason())
        .isEqualTo("fails the proof of belonging: not a worktree of this repository");
    assertThat(judge.decide(new PruneCandidate("w", true, Optional.empty(), Optional.of("bot"),
        false, Optional.empty(), false, merged, Optional.empty(), false, false), NOW).reason())
        .isEqualTo("locked: bot");
    assertThat(judge.decide(new PruneCandidate("w", true, Optional.empty(), Optional.empty(),
        true, Optional.empty(), false, merged, Optional.empty(), false, false), NOW).reason())
        .isEqualTo("prune's own working directory is inside it");
  }

  @Test
  void aDetachedOrPullRequestedWorktreeIsNeverQuiet() {
    PruneJudge judge = new PruneJudge(14);
    PruneCandidate detached = new PruneCandidate("w", true, Optional.empty(), Optional.empty(),
        false, Optional.empty(), true, MergePolicy.detached(),
        Optional.of(NOW.minus(Duration.ofDays(90))), false, false);
    PruneCandidate open = new PruneCandidate("w", true, Optional.empty(), Optional.empty(),
        false, Optional.empty(), false, MergeStatus.unmerged("x"),
        Optional.of(NOW.minus(Duration.ofDays(90))), true, false);
    assertThat(judge.isQuiet(detached, NOW)).isFalse();
    assertThat(judge.isQuiet(open, NOW)).isFalse();
  }

  @Test
  void theRecommendationPutsUncommittedWorkFirst() {
    assertThat(Recommendation.of("w", true, Optional.of(2), Optional.of(List.of()), List.of()))
        .isEqualTo("commit or discard the changes, then name it; no ignored files go with it");
    assertThat(Recommendation.of("w", false, Optional.of(0), Optional.empty(), List.of()))
        .isEqualTo("reclaim with groundskeeper worktree prune --yes w; its ignored files could"
            + " not be listed");
    assertThat(Recommendation.of("w", false, Optional.empty(), Optional.of(List.of("a", "b")),
        List.of()))
        .isEqualTo("check its branch for work first; a removal also deletes the ignored a, b");
  }

  @Test
  void theRecommendationNeverOffersANamedRemovalPruneWouldRefuse() {
    assertThat(Recommendation.of("w", false, Optional.of(1), Optional.of(List.of("target/",
        ".env")), List.of(".env")))
        .isEqualTo("move what you need of the ignored .env to a tracked home or the notes"
            + " folder and delete the rest (prune keeps a worktree holding them), then name it;"
            + " a removal also deletes the ignored target/, .env");
    assertThat(Recommendation.of("w", false, Optional.of(1), Optional.of(List.of("target/")),
        List.of())).startsWith("open a pull request if the work is wanted, else reclaim with"
            + " groundskeeper worktree prune --yes w;");
  }
}
