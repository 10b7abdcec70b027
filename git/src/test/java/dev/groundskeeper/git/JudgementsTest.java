package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryQueries;
import dev.groundskeeper.api.repo.RepositorySettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Seed 004's merged judgement and the containment query, against what git says. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JudgementsTest {

  TestRepo repo;
  RepositoryQueries queries;
  String start;

  @BeforeAll
  void build(@TempDir Path temp) throws IOException {
    repo = TestRepo.init(temp, "judge");
    repo.commit("a.txt", "1\n", "one");
    start = repo.commit("a.txt", "1\n2\n", "two");
    repo.git("branch", "fresh");
    repo.git("switch", "-q", "-c", "worked");
    repo.commit("w.txt", "w\n", "work");
    repo.git("switch", "-q", "main");
    repo.tick();
    repo.git("merge", "-q", "--no-ff", "-m", "merge worked", "worked");
    repo.git("branch", "ff-only", start);
    repo.git("branch", "-f", "ff-only", "main");
    repo.git("update-ref", "refs/heads/no-reflog", "main~1");
    repo.git("switch", "-q", "-c", "rebased", "main");
    repo.commit("r1.txt", "r1\n", "r1");
    repo.commit("r2.txt", "r2\n", "r2");
    repo.git("switch", "-q", "-c", "squashed", "main");
    repo.commit("s.txt", "s1\n", "s1");
    repo.commit("s.txt", "s1\ns2\n", "s2");
    repo.git("switch", "-q", "-c", "unmerged", "main");
    repo.commit("u.txt", "u\n", "unmerged work");
    repo.git("switch", "-q", "main");
    repo.tick();
    repo.git("cherry-pick", "rebased~1", "rebased");
    repo.git("merge", "-q", "--squash", "squashed");
    repo.commitAll("squash");
    repo.git("tag", "v1", "unmerged~1");
    repo.git("update-ref", "refs/remotes/origin/unmerged", "unmerged");
    repo.git("update-ref", "refs/remotes/origin/main", "main");
    GitRepositories.clear();
    Facts facts = GitFacts.forDirectory(repo.dir, RepositorySettings.defaults());
    queries = facts.get(RepoFacts.QUERIES);
  }

  @Test
  void aBranchWithNoCommitOfItsOwnIsNeverMerged() {
    MergeJudgement fresh = queries.judgeMerged("fresh", Optional.empty());
    assertThat(fresh.result()).isEqualTo(MergeJudgement.Result.NOT_MERGED);
    assertThat(fresh.detail()).contains("no commit of its own");
    assertThat(queries.judgeMerged("ff-only", Optional.empty()).merged()).isFalse();
    // No reflog creation entry and no recorded start: ancestry alone proves nothing.
    assertThat(queries.judgeMerged("no-reflog", Optional.empty()).merged()).isFalse();
  }

  @Test
  void aBranchWithItsOwnCommitMergedByAncestry() throws IOException {
    MergeJudgement worked = queries.judgeMerged("worked", Optional.empty());
    assertThat(worked.merged()).isTrue();
    assertThat(worked.method()).contains(MergeJudgement.Method.ANCESTRY);
    // With a recorded start the reflog is not needed; a branch still at its start has nothing.
    assertThat(queries.judgeMerged("worked", Optional.of(start)).merged()).isTrue();
    assertThat(queries.judgeMerged("fresh", Optional.of(repo.rev("fresh"))).merged()).isFalse();
  }

  @Test
  void rebaseAndSquashMergesAreJudgedByContent() {
    MergeJudgement rebased = queries.judgeMerged("rebased", Optional.empty());
    assertThat(rebased.method()).contains(MergeJudgement.Method.PATCH_EQUIVALENCE);
    MergeJudgement squashed = queries.judgeMerged("squashed", Optional.empty());
    assertThat(squashed.method()).contains(MergeJudgement.Method.SQUASH);
    assertThat(queries.judgeMerged("unmerged", Optional.empty()).result())
        .isEqualTo(MergeJudgement.Result.NOT_MERGED);
  }

  @Test
  void containmentMatchesForEachRefContains() throws IOException {
    List<String> tips = List.of(repo.rev("unmerged"), repo.rev("unmerged~1"), repo.rev("worked"),
        repo.rev("main~3"), repo.rev("rebased"), start);
    Map<String, Containment> batch = queries.containment(tips, Set.of());
    for (String tip : tips) {
      List<String> git = repo.git("for-each-ref", "--contains", tip, "--format=%(refname)",
          "refs/heads", "refs/remotes", "refs/tags").lines().sorted().toList();
      assertThat(batch.get(tip).containingRefs().stream().sorted().toList()).as(tip).isEqualTo(git);
      assertThat(batch.get(tip).complete()).isTrue();
    }
    Containment excluded = queries.containment(repo.rev("unmerged"),
        Set.of("refs/heads/unmerged", "refs/remotes/origin/unmerged"));
    assertThat(excluded.containedElsewhere()).isFalse();
    Containment ownCopy = queries.containment(repo.rev("unmerged"), Set.of("refs/heads/unmerged"));
    assertThat(ownCopy.containingRefs()).containsExactly("refs/remotes/origin/unmerged");
    assertThat(ownCopy.inRemote("origin")).isTrue();
  }
}
