package dev.groundskeeper.rules.worktree;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Prune never reclaims a worktree that fails the proof of belonging, sits outside the store, is
 * locked, holds prune's working directory or uncommitted work, or is unmerged without being a
 * quiet candidate the person named.
 */
class PrunePropertiesTest {

  private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");

  @Provide
  Arbitrary<PruneCandidate> candidates() {
    Arbitrary<Optional<String>> proof = Arbitraries.of(Optional.empty(),
        Optional.of(ProofOfBelonging.NOT_A_WORKTREE), Optional.of(ProofOfBelonging
            .CHECKOUT_NOT_FOUND), Optional.of(ProofOfBelonging.DIRECTORY_GONE));
    Arbitrary<Optional<String>> lock = Arbitraries.of(Optional.empty(), Optional.of(""),
        Optional.of("agent"));
    Arbitrary<Optional<String>> dirt = Arbitraries.of(Optional.empty(),
        Optional.of("1 changed and 0 untracked"), Optional.of("its status could not be read"));
    Arbitrary<MergeStatus> merged = Arbitraries.of(MergeStatus.unmerged("no"),
        MergeStatus.merged(MergeStatus.How.ANCESTRY, "a"),
        MergeStatus.merged(MergeStatus.How.CONTENT, "c"),
        MergeStatus.merged(MergeStatus.How.FORGE, "f"));
    Arbitrary<Optional<Instant>> activity = Arbitraries.integers().between(-1, 60)
        .map(days -> days < 0 ? Optional.empty() : Optional.of(NOW.minus(Duration.ofDays(days))));
    Arbitrary<Boolean> flag = Arbitraries.of(true, false);
    return Combinators.combine(Combinators.combine(flag, proof, lock, flag, dirt, flag)
            .as(Partial::new), merged, activity, flag, flag)
        .as((p, m, a, open, named) -> new PruneCandidate("w", p.inStore, p.proof, p.lock,
            p.ownCwd, p.dirt, p.detached, p.detached ? MergePolicy.detached() : m, a, open,
            named));
  }

  private record Partial(boolean inStore, Optional<String> proof, Optional<String> lock,
      boolean ownCwd, Optional<String> dirt, boolean detached) {}

  @Property
  void neverReclaimsWhatItCannotProveSafe(@ForAll("candidates") PruneCandidate candidate,
      @ForAll("quietDays") int quietDays) {
    PruneJudge judge = new PruneJudge(quietDays);
    PruneDecision decision = judge.decide(candidate, NOW);
    if (decision.reclaims()) {
      assertThat(candidate.inStore()).isTrue();
      assertThat(candidate.proofFailure()).isEmpty();
      assertThat(candidate.lockReason()).isEmpty();
      assertThat(candidate.ownWorkingDirectory()).isFalse();
      assertThat(candidate.dirt()).isEmpty();
      assertThat(candidate.merged().merged()
          || (candidate.named() && judge.isQuiet(candidate, NOW))).isTrue();
    }
  }

  @Property
  void everyDecisionSaysWhy(@ForAll("candidates") PruneCandidate candidate) {
    assertThat(new PruneJudge(14).decide(candidate, NOW).reason()).isNotBlank();
  }

  @Property
  void aQuietCandidateIsNeverMergedNorDetached(@ForAll("candidates") PruneCandidate candidate) {
    PruneDecision decision = new PruneJudge(14).decide(candidate, NOW);
    if (decision.action() == PruneDecision.Action.QUIET) {
      assertThat(candidate.merged().merged()).isFalse();
      assertThat(candidate.detached()).isFalse();
      assertThat(candidate.named()).isFalse();
    }
  }

  @Provide
  Arbitrary<Integer> quietDays() {
    return Arbitraries.integers().between(1, 45);
  }
}
