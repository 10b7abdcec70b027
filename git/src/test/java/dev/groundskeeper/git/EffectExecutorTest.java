package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositorySettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EffectExecutorTest {

  @TempDir Path temp;
  TestRepo repo;
  String main;

  @BeforeEach
  void repository() throws IOException {
    repo = TestRepo.init(temp, "exec");
    main = repo.commit("a.txt", "a\n", "root");
    repo.git("switch", "-q", "-c", "topic");
    repo.commit("t.txt", "t\n", "topic work");
    repo.git("switch", "-q", "main");
    GitRepositories.clear();
  }

  private EffectExecutor executor() {
    return EffectExecutor.forDirectory(repo.dir);
  }

  @Test
  void gitsReasonIsItsFatalLineWithoutProgressOrAdviceToForce() {
    assertThat(EffectExecutor.reasonLine("Preparing worktree (checking out 'main')\n"
        + "fatal: 'main' is already checked out at '/tmp/r'\n"))
        .isEqualTo("fatal: 'main' is already checked out at '/tmp/r'");
    assertThat(EffectExecutor.reasonLine("fatal: '/tmp/w' contains modified or untracked files,"
        + " use --force to delete it\n"))
        .isEqualTo("fatal: '/tmp/w' contains modified or untracked files");
    assertThat(EffectExecutor.reasonLine("hint: try this\nsomething odd\n"))
        .isEqualTo("something odd");
    assertThat(EffectExecutor.reasonLine("")).isEqualTo("(git said nothing)");
  }

  @Test
  void deletesABranchAtTheExpectedTipAndPrintsTheRestoreLine() throws IOException {
    String tip = repo.rev("topic");
    repo.git("config", "branch.topic.groundskeeperCreator", "s:");
    EffectResult result = executor().perform(new RepoEffect.DeleteBranch("topic", tip));
    assertThat(result.done()).isTrue();
    assertThat(result.restoreCommands()).containsExactly("git branch topic " + tip);
    assertThat(repo.exit("rev-parse", "--verify", "-q", "refs/heads/topic")).isNotZero();
    assertThat(repo.exit("config", "branch.topic.groundskeeperCreator")).isNotZero();
    repo.git("branch", "topic", tip); // the restore line brings it back
    assertThat(repo.rev("topic")).isEqualTo(tip);
  }

  @Test
  void refusesToDeleteABranchThatMovedSinceItWasJudged() throws IOException {
    String judged = repo.rev("topic");
    repo.git("switch", "-q", "topic");
    repo.commit("t.txt", "t2\n", "more");
    repo.git("switch", "-q", "main");
    EffectResult result = executor().perform(new RepoEffect.DeleteBranch("topic", judged));
    assertThat(result.status()).isEqualTo(EffectResult.Status.REFUSED);
    assertThat(result.message()).contains("moved from " + judged);
    assertThat(repo.rev("topic")).isNotEqualTo(judged);
  }

  @Test
  void neverDeletesABranchAWorktreeHolds() throws IOException {
    Path wt = temp.resolve("held");
    repo.git("worktree", "add", "-q", wt.toString(), "topic");
    EffectResult result = executor().perform(new RepoEffect.DeleteBranch("topic", repo.rev("topic")));
    assertThat(result.status()).isEqualTo(EffectResult.Status.REFUSED);
    assertThat(result.message()).contains("checked out in");
    assertThat(repo.exit("rev-parse", "--verify", "-q", "refs/heads/topic")).isZero();
  }

  @Test
  void parksAndUnparksWithEmptyCommitsWithoutACheckout() throws IOException {
    String tip = repo.rev("topic");
    EffectResult parked = executor().perform(new RepoEffect.ParkBranch("topic", tip, "waiting on review", "bob"));
    assertThat(parked.done()).isTrue();
    String parkCommit = repo.rev("topic");
    assertThat(repo.rev("topic^")).isEqualTo(tip);
    assertThat(repo.rev("topic^{tree}")).isEqualTo(repo.rev(tip + "^{tree}"));
    assertThat(repo.git("log", "-1", "--format=%(trailers:key=Parked-Reason,valueonly)", "topic"))
        .isEqualTo("waiting on review");
    assertThat(repo.git("symbolic-ref", "HEAD")).isEqualTo("refs/heads/main");
    BranchInventory inventory = GitFacts.forDirectory(repo.dir, RepositorySettings.defaults())
        .get(RepoFacts.BRANCHES);
    assertThat(inventory.find("topic").orElseThrow().state()).isEqualTo(BranchState.PARKED);
    assertThat(inventory.find("topic").orElseThrow().ahead().getAsInt()).isEqualTo(1);

    EffectResult stale = executor().perform(new RepoEffect.UnparkBranch("topic", tip, "bob"));
    assertThat(stale.status()).isEqualTo(EffectResult.Status.REFUSED);
    EffectResult unparked = executor().perform(new RepoEffect.UnparkBranch("topic", parkCommit, "bob"));
    assertThat(unparked.done()).isTrue();
    inventory = GitFacts.forDirectory(repo.dir, RepositorySettings.defaults()).get(RepoFacts.BRANCHES);
    assertThat(inventory.find("topic").orElseThrow().state()).isEqualTo(BranchState.LIVE);
    assertThat(inventory.find("topic").orElseThrow().park()).isEmpty();
    assertThat(inventory.find("topic").orElseThrow().ahead().getAsInt()).isEqualTo(1);
  }

  @Test
  void recordsCreatorAndTouchesOnceEach() throws IOException {
    EffectExecutor executor = executor();
    assertThat(executor.perform(new RepoEffect.RecordCreator("topic", "s1:", Instant.ofEpochSecond(1_700_000_000L),
        "switch-c")).done()).isTrue();
    assertThat(executor.perform(new RepoEffect.RecordTouch("topic", "s1:a")).done()).isTrue();
    assertThat(executor.perform(new RepoEffect.RecordTouch("topic", "s1:a")).message()).contains("already");
    assertThat(executor.perform(new RepoEffect.RecordTouch("topic", "s2:")).done()).isTrue();
    assertThat(repo.git("config", "branch.topic.groundskeeperCreator")).isEqualTo("s1:");
    assertThat(repo.git("config", "branch.topic.groundskeeperCreated")).isEqualTo("1700000000");
    assertThat(repo.git("config", "--get-all", "branch.topic.groundskeeperTouchedBy").lines())
        .containsExactly("s1:a", "s2:");
    assertThat(executor.perform(new RepoEffect.RecordTouch("no-such-branch", "s1:")).status())
        .isEqualTo(EffectResult.Status.REFUSED);
  }

  @Test
  void addsAndRemovesWorktreesThroughGitNeverForcing() throws IOException {
    Path wt = temp.resolve("lane");
    EffectResult added = executor().perform(new RepoEffect.AddWorktree(wt, "lane", Optional.of("main")));
    assertThat(added.done()).as(added.message()).isTrue();
    assertThat(repo.git("worktree", "list", "--porcelain")).contains("branch refs/heads/lane");

    Files.writeString(wt.resolve("dirty.txt"), "unsaved");
    EffectResult dirty = executor().perform(new RepoEffect.RemoveWorktree(wt, Optional.of(main)));
    assertThat(dirty.status()).isEqualTo(EffectResult.Status.REFUSED);
    assertThat(wt.resolve("dirty.txt")).exists();

    Files.delete(wt.resolve("dirty.txt"));
    EffectResult moved = executor().perform(new RepoEffect.RemoveWorktree(wt, Optional.of(repo.rev("topic"))));
    assertThat(moved.status()).isEqualTo(EffectResult.Status.REFUSED);
    assertThat(moved.message()).contains("moved");

    EffectResult removed = executor().perform(new RepoEffect.RemoveWorktree(wt, Optional.of(main)));
    assertThat(removed.done()).as(removed.message()).isTrue();
    assertThat(wt).doesNotExist();
    assertThat(removed.restoreCommands()).hasSize(1);
    assertThat(repo.rev("lane")).isEqualTo(main);

    EffectResult mainWorktree = executor().perform(new RepoEffect.RemoveWorktree(repo.dir, Optional.empty()));
    assertThat(mainWorktree.status()).isEqualTo(EffectResult.Status.REFUSED);
  }

  @Test
  void noEffectEverCollectsGarbageEvenWhenAutoGcWouldRun() throws IOException {
    Path wt = temp.resolve("detached");
    repo.git("worktree", "add", "-q", "--detach", wt.toString());
    TestRepo linked = repo.at(wt);
    // A commit only the linked worktree's HEAD reaches: JGit's gc would delete it.
    String orphan = linked.commit("only-here.txt", "precious\n", "only in the linked worktree");
    // From here any automatic gc would run (in the foreground, so it cannot outlive the test).
    repo.git("config", "gc.auto", "1");
    repo.git("config", "gc.autoPackLimit", "1");
    repo.git("config", "gc.autoDetach", "false");
    long looseBefore = countLoose();
    EffectExecutor executor = executor();
    String topic = repo.rev("topic");
    assertThat(executor.perform(new RepoEffect.ParkBranch("topic", topic, "r", "b")).done()).isTrue();
    assertThat(executor.perform(new RepoEffect.RecordTouch("topic", "s:")).done()).isTrue();
    assertThat(executor.perform(new RepoEffect.DeleteBranch("topic", repo.rev("topic"))).done()).isTrue();
    assertThat(repo.exit("cat-file", "-e", orphan + "^{commit}")).isZero();
    assertThat(countLoose()).isGreaterThanOrEqualTo(looseBefore);
    try (Stream<Path> packs = Files.list(repo.dir.resolve(".git/objects/pack"))) {
      assertThat(packs.filter(p -> p.toString().endsWith(".pack")).toList()).isEmpty();
    }
  }

  private long countLoose() throws IOException {
    try (Stream<Path> files = Files.walk(repo.dir.resolve(".git/objects"))) {
      return files.filter(Files::isRegularFile)
          .filter(p -> p.getParent().getFileName().toString().matches("[0-9a-f]{2}")).count();
    }
  }

  @Test
  void quotesRestoreLinesForTheShell() {
    assertThat(EffectExecutor.quote("feature/x-1")).isEqualTo("feature/x-1");
    assertThat(EffectExecutor.quote("it's;$(rm)")).isEqualTo("'it'\\''s;$(rm)'");
    assertThat(List.of(EffectExecutor.quote("caf\u00e9"))).containsExactly("'caf\u00e9'");
  }

  @Test
  void parkingAParkedBranchStacksNoSecondParkCommit() throws IOException {
    String tip = repo.rev("topic");
    assertThat(executor().perform(new RepoEffect.ParkBranch("topic", tip, "first", "bob")).done())
        .isTrue();
    String parked = repo.rev("topic");
    EffectResult again = executor().perform(new RepoEffect.ParkBranch("topic", parked, "second",
        "bob"));
    assertThat(again.status()).isEqualTo(EffectResult.Status.REFUSED);
    assertThat(again.message()).contains("already parked", "(first)", "no second park commit");
    assertThat(repo.rev("topic")).isEqualTo(parked);
    // once unparked, it may be parked again
    assertThat(executor().perform(new RepoEffect.UnparkBranch("topic", parked, "bob")).done())
        .isTrue();
    assertThat(executor().perform(new RepoEffect.ParkBranch("topic", repo.rev("topic"), "later",
        "bob")).done()).isTrue();
  }
}
