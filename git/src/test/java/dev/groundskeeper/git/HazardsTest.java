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
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryLayout;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.Worktree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The repository shapes the issue lists as hazards, each read and compared with git. */
class HazardsTest {

  @TempDir Path temp;

  @BeforeEach
  void cold() {
    GitRepositories.clear();
  }

  private static Facts facts(Path dir) {
    return GitFacts.forDirectory(dir, RepositorySettings.defaults());
  }

  @Test
  void outsideARepositoryNothingButTheClockIsOffered() {
    Facts facts = facts(temp);
    assertThat(facts.find(RepoFacts.LAYOUT)).isEmpty();
    assertThat(facts.find(RepoFacts.BRANCHES)).isEmpty();
    assertThat(facts.find(Facts.NOW)).isPresent();
  }

  @Test
  void aRepositoryWithNoCommits() throws IOException {
    TestRepo repo = TestRepo.init(temp, "empty");
    Facts facts = facts(repo.dir);
    RepositoryLayout layout = facts.get(RepoFacts.LAYOUT);
    assertThat(layout.head().unborn()).isTrue();
    assertThat(layout.head().branch()).contains("main");
    assertThat(facts.get(RepoFacts.BRANCH_TIPS)).isEmpty();
    // the first commit will make the branch HEAD names: it is the default branch to come
    DefaultBranch unborn = facts.get(RepoFacts.DEFAULT_BRANCH);
    assertThat(unborn.name()).isEqualTo("main");
    assertThat(unborn.source()).isEqualTo(DefaultBranch.Source.UNBORN_HEAD);
    assertThat(unborn.localTip()).isEmpty();
    assertThat(unborn.remoteTip()).isEmpty();
    assertThat(facts.get(RepoFacts.BRANCHES).branches()).isEmpty();
    assertThat(facts.get(RepoFacts.REMOTES)).isEmpty();
    repo.git("remote", "add", "upstream", temp.resolve("elsewhere").toString());
    repo.git("remote", "add", "origin", temp.resolve("there").toString());
    assertThat(facts(repo.dir).get(RepoFacts.REMOTES)).containsExactly("origin", "upstream");
    List<Worktree> worktrees = facts.get(RepoFacts.WORKTREES);
    assertThat(worktrees).hasSize(1);
    assertThat(worktrees.get(0).head()).isEmpty();
    assertThat(facts.get(RepoFacts.STATUS).isClean()).isTrue();
  }

  @Test
  void anUnbornHeadIsNotTheDefaultOnceAnotherBranchExists() throws IOException {
    TestRepo repo = TestRepo.init(temp, "orphan");
    repo.commit("a.txt", "a\n", "one");
    repo.git("branch", "-m", "main", "trunk");
    repo.git("switch", "-q", "--orphan", "fresh");
    assertThatThrownBy(() -> facts(repo.dir).get(RepoFacts.DEFAULT_BRANCH))
        .isInstanceOf(FactUnavailableException.class).hasMessageContaining("no default branch");
  }

  @Test
  void aDetachedHead() throws IOException {
    TestRepo repo = TestRepo.init(temp, "detached");
    String first = repo.commit("a.txt", "a\n", "one");
    repo.commit("a.txt", "b\n", "two");
    repo.git("switch", "-q", "--detach", first);
    Facts facts = facts(repo.dir);
    assertThat(facts.get(RepoFacts.LAYOUT).head().detached()).isTrue();
    assertThat(facts.get(RepoFacts.LAYOUT).head().commit()).contains(first);
    assertThat(facts.get(RepoFacts.WORKTREES).get(0).detached()).isTrue();
    assertThat(facts.get(RepoFacts.BRANCHES).find("main").orElseThrow().worktree()).isEmpty();
  }

  @Test
  void nonAsciiAndShellSpecialBranchNamesAndAControlByteInARefFile() throws IOException {
    TestRepo repo = TestRepo.init(temp, "names");
    repo.commit("a.txt", "a\n", "root");
    repo.git("branch", "f\u00e9ature/\u00fcn\u00efcode");
    repo.git("branch", "semi;colon$(x)");
    // git refuses control bytes in names; a ref file written behind its back must not break reading
    Files.writeString(repo.dir.resolve(".git/refs/heads/bad\u0001name"), repo.rev("main") + "\n",
        StandardCharsets.UTF_8);
    String gitNames = repo.git("for-each-ref", "--format=%(refname:short)", "refs/heads");
    List<String> ours = facts(repo.dir).get(RepoFacts.BRANCH_TIPS).stream().map(BranchTip::name).toList();
    assertThat(ours).contains("f\u00e9ature/\u00fcn\u00efcode", "semi;colon$(x)", "main");
    assertThat(ours.stream().filter(n -> !n.contains("\u0001")).sorted().toList())
        .containsExactlyElementsOf(gitNames.lines().filter(n -> !n.contains("\u0001")).sorted().toList());
    BranchInventory inventory = facts(repo.dir).get(RepoFacts.BRANCHES);
    // Created at main and never committed to: judged, and not merged (no commit of its own).
    BranchRecord unicode = inventory.find("f\u00e9ature/\u00fcn\u00efcode").orElseThrow();
    assertThat(unicode.state().merged()).isFalse();
    assertThat(unicode.judgements()).singleElement()
        .satisfies(j -> assertThat(j.detail()).contains("no commit of its own"));
  }

  @Test
  void aBranchBesideATagOfTheSameName() throws IOException {
    TestRepo repo = TestRepo.init(temp, "tagged");
    String root = repo.commit("a.txt", "a\n", "root");
    repo.git("tag", "-a", "-m", "a tag", "x", root);
    repo.git("switch", "-q", "-c", "x");
    String branchTip = repo.commit("b.txt", "b\n", "branch work");
    repo.git("switch", "-q", "main");
    BranchRecord x = facts(repo.dir).get(RepoFacts.BRANCHES).find("x").orElseThrow();
    assertThat(x.localTip()).contains(branchTip);
    assertThat(x.localTip()).contains(repo.rev("refs/heads/x"));
    assertThat(x.state().work()).isTrue();
    assertThat(facts(repo.dir).get(RepoFacts.QUERIES).containment(root, java.util.Set.of()).containingRefs())
        .contains("refs/tags/x", "refs/heads/x", "refs/heads/main");
  }

  @Test
  void packedAndLooseRefsMixed() throws IOException {
    TestRepo repo = TestRepo.init(temp, "packed");
    repo.commit("a.txt", "a\n", "root");
    for (int i = 0; i < 5; i++) {
      repo.git("branch", "b" + i);
    }
    repo.git("pack-refs", "--all");
    repo.git("switch", "-q", "b2");
    repo.commit("c.txt", "c\n", "loose update of a packed branch");
    repo.git("switch", "-q", "main");
    repo.git("branch", "loose-only");
    String expected = repo.git("for-each-ref", "--format=%(refname:short) %(objectname)", "refs/heads");
    List<String> ours = facts(repo.dir).get(RepoFacts.BRANCH_TIPS).stream()
        .map(t -> t.name() + " " + t.tip()).toList();
    assertThat(ours).containsExactlyElementsOf(expected.lines().toList());
  }

  @Test
  void aShallowCloneNeverReadsAsMergedWithoutProof() throws IOException {
    TestRepo origin = TestRepo.init(temp, "origin");
    origin.commit("a.txt", "1\n", "one");
    origin.git("switch", "-q", "-c", "old");
    origin.commit("o.txt", "old\n", "old work");
    origin.git("switch", "-q", "main");
    for (int i = 2; i < 6; i++) {
      origin.commit("a.txt", i + "\n", "commit " + i);
    }
    origin.git("merge", "-q", "--no-ff", "-m", "merge old", "old");
    origin.git("switch", "-q", "-c", "side", "main~3");
    origin.commit("s.txt", "side\n", "side work");
    origin.git("switch", "-q", "main");
    Path clone = temp.resolve("shallow");
    origin.git("clone", "-q", "--depth", "1", "--no-single-branch", "file://" + origin.dir, clone.toString());
    TestRepo shallow = origin.at(clone);
    Facts facts = facts(clone);
    assertThat(facts.get(RepoFacts.LAYOUT).shallow()).isTrue();
    BranchInventory inventory = facts.get(RepoFacts.BRANCHES);
    assertThat(inventory.defaultBranch().name()).isEqualTo("main");
    for (BranchRecord b : inventory.branches()) {
      for (MergeJudgement j : b.judgements()) {
        if (j.merged()) {
          assertThat(j.method()).contains(MergeJudgement.Method.ANCESTRY);
          assertThat(shallow.exit("merge-base", "--is-ancestor", b.tip(), "origin/main")).isZero();
        }
      }
    }
    assertThat(inventory.find("side").orElseThrow().state()).isNotEqualTo(BranchState.PATCH_EQUIVALENT);
  }

  @Test
  void perWorktreeConfigIsReadThroughGit() throws IOException {
    TestRepo repo = TestRepo.init(temp, "wtconfig");
    repo.commit("a.txt", "a\n", "root");
    repo.git("config", "extensions.worktreeConfig", "true");
    Path linked = temp.resolve("linked-wt");
    repo.git("worktree", "add", "-q", "-b", "side", linked.toString());
    TestRepo wt = repo.at(linked);
    wt.git("config", "--worktree", "status.showUntrackedFiles", "no");
    wt.write("new-file.txt", "untracked\n");
    Facts facts = facts(linked);
    assertThat(facts.get(RepoFacts.LAYOUT).linkedWorktree()).isTrue();
    // The per-worktree setting hides untracked files from a plain git status; a loss check must
    // not be blinded by it, so status always asks git for untracked files.
    assertThat(wt.git("status", "--porcelain")).isEmpty();
    assertThat(facts.get(RepoFacts.STATUS).untracked()).containsExactly("new-file.txt");
    assertThat(facts.get(RepoFacts.BRANCHES).find("side").orElseThrow().worktree())
        .contains(linked.toRealPath());
  }
}
