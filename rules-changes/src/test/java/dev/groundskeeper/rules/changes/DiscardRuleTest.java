package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * changes.discard on real repositories: each command family on a clean tree (allowed), on a tree
 * whose touched paths hold work (refused, and a run in a copy shows the loss), and on one whose
 * changes are held elsewhere (allowed, and a run shows nothing lost).
 */
class DiscardRuleTest {

  @TempDir
  Path temp;

  private Repo repo;
  private final DiscardRule rule = new DiscardRule();

  @BeforeEach
  void setUp() {
    repo = Repo.create(temp.resolve("r"));
  }

  private int copies;

  private void assertLossWhenRun(String command) {
    Repo copy = repo.copyTo(temp.resolve("copy-" + copies++));
    Set<String> before = copy.uncommittedContents();
    copy.sh(command);
    assertThat(copy.lostSince(before)).as("what `" + command + "` lost").isNotEmpty();
  }

  private void assertNothingLostWhenRun(String command) {
    Repo copy = repo.copyTo(temp.resolve("copy-" + copies++));
    Set<String> before = copy.uncommittedContents();
    copy.sh(command);
    assertThat(copy.lostSince(before)).as("what `" + command + "` lost").isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"git reset --hard", "git checkout -- .", "git checkout .",
      "git restore .", "git restore --staged --worktree .", "git checkout -f main",
      "git switch -f main", "git switch --discard-changes main", "git checkout main -- a.txt",
      "git rm -f a.txt", "git stash drop", "git stash clear", "git reset --merge HEAD~0"})
  void aCleanTreeLosesNothing(String command) {
    Verdict verdict = repo.judge(rule, command);
    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aCommandWithNoDiscardIsNotApplicableAndReadsNoRepository() {
    Verdict verdict = rule.evaluate(new dev.groundskeeper.api.Event.CommandEvent(
        dev.groundskeeper.api.EventContext.of("s1", repo.work), "git status && ls -la"),
        dev.groundskeeper.api.Facts.none());
    assertThat(verdict.outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
  }

  @ParameterizedTest
  @ValueSource(strings = {"git reset --hard", "git checkout -- .", "git checkout .",
      "git restore .", "git restore a.txt", "git checkout -f main", "git switch -f main",
      "git checkout main -- a.txt", "git checkout HEAD a.txt", "git rm -f a.txt",
      "git restore --source=HEAD --staged --worktree a.txt", "git checkout -- '*.txt'",
      "git -c core.pager=cat reset --hard HEAD"})
  void anUnstagedChangeIsRefusedWithItsPathAndLineCounts(String command) {
    repo.write("a.txt", "a1\nchanged\na3\nadded\n");

    Verdict verdict = repo.judge(rule, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).startsWith("This would discard uncommitted work that exists"
        + " nowhere else:\n- `" + command + "` in " + repo.work + " would overwrite 1 changed"
        + " file that nothing else holds: a.txt (+2 -1)");
    assertThat(verdict.reason()).endsWith(Texts.PRINCIPLE);
    assertThat(verdict.findings()).containsExactly(new Finding(Finding.Kind.PATH,
        repo.work.resolve("a.txt").toString(), "+2 -1"));
    assertLossWhenRun(command);
  }

  @ParameterizedTest
  @ValueSource(strings = {"git reset --merge", "git reset --merge HEAD", "git reset --merge HEAD~0"})
  void resetMergeDiscardsAStagedChangeWhateverItsTarget(String command) {
    repo.write("b.txt", "staged work\n");
    repo.git("add", "b.txt");

    Verdict verdict = repo.judge(rule, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("b.txt");
    assertLossWhenRun(command);
  }

  @Test
  void theWayOutRunsAsPrintedAndKeepsTheWork() {
    repo.write("a.txt", "mine\n");
    repo.write("b.txt", "also mine\n");
    repo.git("add", "b.txt");
    Set<String> before = repo.uncommittedContents();

    Verdict verdict = repo.judge(rule, "git reset --hard");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("2 changed files", "a.txt (+1 -3)", "b.txt (+1 -1)");
    String way = verdict.remedy().orElseThrow().commands().get(0);
    assertThat(way).isEqualTo("git -C " + repo.work + " stash push -m 'kept before: git reset"
        + " --hard' -- a.txt b.txt && git reset --hard");
    assertThat(repo.sh(way)).isZero();
    assertThat(repo.lostSince(before)).isEmpty();
    assertThat(repo.git("stash", "list")).contains("kept before: git reset --hard");
    // after the way out the tree is clean, and the same command is allowed
    assertThat(repo.judge(rule, "git reset --hard").outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aResetHardRefusalNamesTheTrackedPathsWithTheirCountsAndNoUntrackedFile() {
    // the status for a reset lists tracked changes only: untracked and ignored files beside them
    // are neither read nor named, and the line counts still come with the refusal
    repo.write(".gitignore", "*.log\n");
    repo.write("a.txt", "mine\nand more\n");
    repo.write("loose.txt", "untracked work\n");
    repo.write("build.log", "ignored\n");

    Verdict verdict = repo.judge(rule, "git reset --hard");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("1 changed file", "a.txt (+2 -3)")
        .doesNotContain("loose.txt", "build.log", ".gitignore");
  }

  @Test
  void onlyThePathsACommandTouchesCount() {
    repo.write("b.txt", "changed\n");
    assertThat(repo.judge(rule, "git checkout -- a.txt").outcome()).isEqualTo(Outcome.ALLOW);
    assertThat(repo.judge(rule, "git restore sub").outcome()).isEqualTo(Outcome.ALLOW);
    assertThat(repo.judge(rule, "cd sub && git checkout -- .").outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(repo.judge(rule, "git checkout -- b.txt").outcome()).isEqualTo(Outcome.DENY);
    assertThat(repo.judge(rule, "git restore .").outcome()).isEqualTo(Outcome.DENY);
    assertNothingLostWhenRun("git checkout -- a.txt");
  }

  @Test
  void theDirectoryChainAndDashCNameTheWorktree() throws Exception {
    repo.write("sub/c.txt", "changed\n");
    Path outside = Files.createDirectories(temp.resolve("elsewhere"));

    Verdict viaC = repo.judge(rule, "git -C " + repo.work + " reset --hard", outside);
    Verdict viaCd = repo.judge(rule, "cd " + repo.work + "/sub && git checkout -- c.txt",
        outside);

    assertThat(viaC.outcome()).as(viaC.message()).isEqualTo(Outcome.DENY);
    assertThat(viaC.reason()).contains("sub/c.txt (+1 -1)");
    assertThat(viaCd.outcome()).as(viaCd.message()).isEqualTo(Outcome.DENY);
    assertThat(repo.judge(rule, "git -C sub checkout -- c.txt").outcome())
        .isEqualTo(Outcome.DENY);
    assertThat(repo.judge(rule, "git -C sub checkout -- ../a.txt").outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aDirectoryOnlyKnownWhenItRunsCannotBeJudged() {
    repo.write("a.txt", "changed\n");
    Verdict verdict = repo.judge(rule, "cd \"$WORK\" && git reset --hard");
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("cannot be judged: the directory it runs in is only"
        + " known when it runs");
  }

  @Test
  void stagedContentCountsOnlyWhereTheCommandOverwritesTheIndex() {
    repo.write("a.txt", "staged\n");
    repo.git("add", "a.txt");
    // restoring the working file from the index, or the index from HEAD while the file keeps
    // the same content, loses nothing
    for (String command : new String[] {"git checkout -- a.txt", "git restore a.txt",
        "git restore --staged a.txt", "git rm -f --cached a.txt"}) {
      assertThat(repo.judge(rule, command).outcome()).as(command).isEqualTo(Outcome.ALLOW);
      assertNothingLostWhenRun(command);
    }
    for (String command : new String[] {"git checkout HEAD -- a.txt",
        "git restore --staged --worktree a.txt", "git reset --hard", "git rm -f a.txt"}) {
      assertThat(repo.judge(rule, command).outcome()).as(command).isEqualTo(Outcome.DENY);
      assertLossWhenRun(command);
    }
    // once the file changes again, the staged version is held only by the index
    repo.write("a.txt", "staged, then edited\n");
    assertThat(repo.judge(rule, "git restore --staged a.txt").outcome())
        .isEqualTo(Outcome.DENY);
    assertLossWhenRun("git restore --staged a.txt");
  }

  @Test
  void aSwitchWithoutForceIsGitsToRefuse() {
    repo.git("branch", "other");
    repo.write("a.txt", "changed\n");
    for (String command : new String[] {"git checkout other", "git switch other",
        "git reset --keep HEAD", "git reset --soft HEAD", "git checkout -b fresh"}) {
      assertThat(repo.judge(rule, command).outcome()).as(command).isEqualTo(Outcome.ALLOW);
      assertNothingLostWhenRun(command);
    }
    assertThat(repo.judge(rule, "git checkout -f other").outcome()).isEqualTo(Outcome.DENY);
    assertThat(repo.judge(rule, "git checkout other -- a.txt").outcome())
        .isEqualTo(Outcome.DENY);
    assertLossWhenRun("git checkout -f other");
  }

  @ParameterizedTest
  @ValueSource(strings = {"git checkout -f v1", "git checkout -f refs/tags/v1",
      "git checkout -f origin/other", "git checkout -f remotes/origin/other",
      "git checkout -f refs/remotes/origin/other", "git checkout -f tracked",
      "git checkout --force v1", "git checkout -f -", "git checkout -f SHORT",
      "git switch -f tracked", "git switch --discard-changes tracked"})
  void aForcedSwitchToATagOrARemoteTrackingRefIsASwitchNotAPathRestore(String command) {
    // read as a path restore, a tag's name touched no path and passed; a branch only origin has
    // ("tracked": checkout and switch start it from origin/other) was no revision to read
    repo.git("tag", "v1");
    repo.git("update-ref", "refs/remotes/origin/other", "HEAD");
    repo.git("branch", "second");
    repo.git("checkout", "-q", "second");
    repo.git("checkout", "-q", "-");
    repo.write("a.txt", "changed\n");
    String written = command.replace("tracked", "other")
        .replace("SHORT", repo.git("rev-parse", "--short=7", "HEAD").strip());
    Verdict verdict = repo.judge(rule, written);
    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("a.txt");
    assertLossWhenRun(written);
  }

  @ParameterizedTest
  @ValueSource(strings = {"git checkout tagged", "git checkout theirs", "git switch theirs",
      "git checkout origin/theirs"})
  void aPlainSwitchToATagOrAGuessedBranchIsJudgedForTheIgnoredFilesItOverwrites(String command) {
    TreeSwitchTest.otherBranch(repo);
    repo.git("update-ref", "refs/remotes/origin/theirs", "other");
    repo.write("notes.txt", "untracked, other does not track it\n");
    Verdict clean = repo.judge(rule, command);
    assertThat(clean.outcome()).as(clean.message()).isEqualTo(Outcome.ALLOW);
    assertNothingLostWhenRun(command);
    repo.write("ig.log", "ignored where other tracks a file\n");
    Verdict verdict = repo.judge(rule, command);
    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("ig.log");
    assertLossWhenRun(command);
  }

  @Test
  void aDeletionLosesNothingBecauseHeadHoldsTheFile() throws Exception {
    Files.delete(repo.work.resolve("a.txt"));
    assertThat(repo.judge(rule, "git reset --hard").outcome()).isEqualTo(Outcome.ALLOW);
    assertNothingLostWhenRun("git reset --hard");
  }

  @Test
  void aChangeAStashEntryHoldsMayBeDiscarded() {
    repo.write("a.txt", "kept in a stash\n");
    repo.git("stash", "store", "-m", "held", repo.git("stash", "create").strip());

    Verdict verdict = repo.judge(rule, "git reset --hard");

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.ALLOW);
    assertNothingLostWhenRun("git reset --hard");
    // the entry is the only holder now: dropping it would lose the change... unless the
    // worktree still has it, as it does
    assertThat(repo.judge(rule, "git stash drop").outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aStashEntryHeldNowhereElseIsNotDropped() {
    repo.write("a.txt", "only in the stash\n");
    repo.git("stash", "push", "-q", "-m", "work in progress");

    Verdict drop = repo.judge(rule, "git stash drop");
    Verdict clear = repo.judge(rule, "git stash clear");
    Verdict other = repo.judge(rule, "git stash drop stash@{3}");

    assertThat(drop.outcome()).isEqualTo(Outcome.DENY);
    assertThat(drop.reason()).contains("would drop 1 stash entry that no branch, tag or"
        + " remote-tracking ref holds and the worktree does not have: stash@{0} (On main: work"
        + " in progress)");
    assertThat(clear.outcome()).isEqualTo(Outcome.DENY);
    assertThat(other.outcome()).as("git refuses a missing entry").isEqualTo(Outcome.ALLOW);
    assertLossWhenRun("git stash drop");
    // the way out keeps the entry in a branch, then drops it
    String way = drop.remedy().orElseThrow().commands().get(0);
    assertThat(way).matches("git -C " + java.util.regex.Pattern.quote(repo.work.toString())
        + " branch saved/stash-[0-9a-f]{8} [0-9a-f]{40} && git stash drop");
    String stash = repo.git("rev-parse", "stash@{0}").strip();
    assertThat(repo.sh(way)).isZero();
    assertThat(repo.git("branch", "--contains", stash)).contains("saved/stash-");
  }

  @Test
  void anAppliedStashEntryMayBeDropped() {
    repo.write("a.txt", "applied\n");
    repo.write("new.txt", "untracked too\n");
    repo.git("stash", "push", "-q", "-u");
    repo.git("stash", "apply", "-q");
    assertThat(repo.judge(rule, "git stash drop").outcome()).isEqualTo(Outcome.ALLOW);
    // a change after applying it: the entry holds the only copy of what was applied
    repo.write("a.txt", "applied, then changed\n");
    assertThat(repo.judge(rule, "git stash drop").outcome()).isEqualTo(Outcome.DENY);
  }

  @Test
  void textTheShellModelCannotReadFailsClosed() {
    repo.write("a.txt", "changed\n");
    Verdict verdict = repo.judge(rule, "echo 'unclosed ; git reset --hard");
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("could not be read past offset 5",
        "may discard changes");
    assertThat(verdict.remedy().orElseThrow().description())
        .contains("run the destructive step as a plain shell command of its own");
  }

  @Test
  void wrappersAreJudgedAsTheCommandTheyRun() {
    repo.write("a.txt", "changed\n");
    for (String command : new String[] {"sh -c 'git reset --hard'", "eval git checkout -- .",
        "timeout 5 git restore a.txt", "env FOO=1 git reset --hard", "nohup git reset --hard",
        "bash -c \"cd sub && cd .. && git checkout -- a.txt\"",
        "(cd sub; git checkout -- ../a.txt)"}) {
      Verdict verdict = repo.judge(rule, command);
      assertThat(verdict.outcome()).as(command + ": " + verdict.message())
          .isEqualTo(Outcome.DENY);
    }
  }
}
