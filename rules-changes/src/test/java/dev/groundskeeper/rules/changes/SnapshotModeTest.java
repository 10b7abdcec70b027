package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.SnapshotEffect;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * changes.discard and changes.delete in snapshot mode: a refusal whose every loss is a file loss
 * carries one snapshot effect per worktree, naming exactly those files, and says what the host
 * does with it; a loss no file copy can hold (a stash entry, a .git, an unreadable command) stays
 * a plain refusal; block mode never carries an effect.
 */
class SnapshotModeTest {

  static final ChangesConfig SNAPSHOT = new ChangesConfig(ChangesConfig.SNAPSHOT,
      ChangesConfig.SNAPSHOT, Mode.BLOCK, Mode.BLOCK,
      ChangesConfig.Snapshots.DEFAULTS);

  @TempDir
  Path temp;

  private Repo repo;

  @BeforeEach
  void setUp() {
    repo = Repo.create(temp.resolve("r"));
  }

  private static List<SnapshotEffect> snapshots(Verdict verdict) {
    return verdict.effects().stream().filter(SnapshotEffect.class::isInstance)
        .map(SnapshotEffect.class::cast).toList();
  }

  @Test
  void aResetHardCarriesASnapshotOfTheChangedFilesOverTheWholeWorktree() {
    repo.write("a.txt", "mine\n");

    Verdict verdict = repo.judge(new DiscardRule(SNAPSHOT), "git reset --hard");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).endsWith(Texts.PRINCIPLE + "\n" + Refusals.SNAPSHOT_NOTE);
    assertThat(snapshots(verdict)).containsExactly(new SnapshotEffect(repo.work,
        "git reset --hard", "s1", List.of("a.txt"), List.of(""),
        SnapshotEffect.Limits.DEFAULTS));
  }

  @Test
  void aPathCheckoutCarriesOnlyItsPathsScope() {
    repo.write("a.txt", "mine\n");
    repo.write("b.txt", "mine too\n");

    Verdict verdict = repo.judge(new DiscardRule(SNAPSHOT), "git checkout -- b.txt");

    SnapshotEffect effect = snapshots(verdict).get(0);
    assertThat(effect.paths()).containsExactly("b.txt");
    assertThat(effect.scopes()).containsExactly("b.txt");
  }

  @Test
  void theConfiguredCapsTravelWithTheEffect() {
    repo.write("a.txt", "mine\n");
    ChangesConfig capped = new ChangesConfig(ChangesConfig.SNAPSHOT, Mode.BLOCK, Mode.BLOCK,
        Mode.BLOCK, new ChangesConfig.Snapshots(10, 20, 30, 1));

    Verdict verdict = repo.judge(new DiscardRule(capped), "git restore a.txt");

    assertThat(snapshots(verdict).get(0).limits())
        .isEqualTo(new SnapshotEffect.Limits(10, 20, 30));
  }

  @Test
  void blockModeCarriesNoEffect() {
    repo.write("a.txt", "mine\n");

    Verdict verdict = repo.judge(new DiscardRule(ChangesConfig.DEFAULTS), "git reset --hard");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.effects()).isEmpty();
    assertThat(verdict.reason()).doesNotContain(Refusals.SNAPSHOT_NOTE);
  }

  @Test
  void aDroppedStashEntryIsNoFileLossAndStaysAPlainRefusal() {
    repo.write("a.txt", "stashed work\n");
    repo.git("stash", "push", "-q");
    repo.write("b.txt", "mine\n");

    Verdict verdict = repo.judge(new DiscardRule(SNAPSHOT), "git reset --hard && git stash drop");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("stash@{0}");
    assertThat(verdict.effects()).isEmpty();
  }

  /**
   * Commit drops are not snapshotted: the refusal says snapshot mode does not cover them, and its
   * way out (a branch per commit) is what lets the command run afterwards.
   */
  @Test
  void aStashDropInSnapshotModeSaysSnapshotsDoNotCoverCommits() {
    repo.write("a.txt", "stashed work\n");
    repo.git("stash", "push", "-q");

    Verdict verdict = repo.judge(new DiscardRule(SNAPSHOT), "git stash drop");
    Verdict blocked = repo.judge(new DiscardRule(ChangesConfig.DEFAULTS), "git stash drop");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).endsWith(Texts.PRINCIPLE + "\n" + Refusals.COMMITS_NOTE)
        .doesNotContain(Refusals.SNAPSHOT_NOTE);
    assertThat(verdict.effects()).isEmpty();
    assertThat(blocked.reason()).doesNotContain(Refusals.COMMITS_NOTE);
    for (String keep : verdict.remedy().orElseThrow().commands()) {
      assertThat(repo.sh(keep)).as(keep).isZero();
    }
    assertThat(repo.judge(new DiscardRule(SNAPSHOT), "git stash drop").outcome())
        .as("the way out keeps the entry on a branch").isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aFileSnapshotNeverSettlesAStashDropBesideIt() {
    repo.write("a.txt", "stashed work\n");
    repo.git("stash", "push", "-q");
    repo.write("a.txt", "newer work\n");

    Verdict verdict = repo.judge(new DiscardRule(SNAPSHOT), "git reset --hard && git stash clear");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("a.txt", "stash@{0}").endsWith(Refusals.COMMITS_NOTE);
    assertThat(verdict.effects()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"git reflog expire --expire=now --all",
      "git reflog expire --expire=now --all && git gc --prune=now"})
  void anExpiryInSnapshotModeSaysSnapshotsDoNotCoverCommits(String command) {
    repo.write("w.txt", "work the agent reset away\n");
    repo.git("add", "w.txt");
    repo.git("commit", "-q", "-m", "work");
    repo.git("reset", "-q", "--hard", "HEAD~1");

    Verdict verdict = repo.judge(new ExpireRule(SNAPSHOT), command);
    Verdict blocked = repo.judge(new ExpireRule(ChangesConfig.DEFAULTS), command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).endsWith(Refusals.COMMITS_NOTE);
    assertThat(verdict.effects()).isEmpty();
    assertThat(blocked.reason()).doesNotContain(Refusals.COMMITS_NOTE);
    assertThat(verdict.remedy().orElseThrow().commands()).singleElement().asString()
        .startsWith("git branch groundskeeper/kept-");
  }

  @Test
  void aForcePushInSnapshotModeSaysSnapshotsDoNotCoverCommits() {
    repo.write("w.txt", "pushed work\n");
    repo.git("add", "w.txt");
    repo.git("commit", "-q", "-m", "pushed work");
    repo.git("push", "-q", "origin", "main");
    repo.git("reset", "-q", "--hard", "HEAD~1");

    Verdict verdict = repo.judge(new ForcePushRule(SNAPSHOT), "git push -f origin main");
    Verdict blocked = repo.judge(new ForcePushRule(ChangesConfig.DEFAULTS),
        "git push -f origin main");

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("origin/main").endsWith(Refusals.COMMITS_NOTE);
    assertThat(verdict.effects()).isEmpty();
    assertThat(blocked.reason()).doesNotContain(Refusals.COMMITS_NOTE);
    for (String keep : verdict.remedy().orElseThrow().commands()) {
      assertThat(repo.sh(keep)).as(keep).isZero();
    }
    assertThat(repo.judge(new ForcePushRule(SNAPSHOT), "git push -f origin main").outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aCleanOfUntrackedAndIgnoredFilesCarriesThemAndNoTrackedScope() {
    repo.write(".gitignore", ".env\n");
    repo.git("add", ".gitignore");
    repo.git("commit", "-q", "-m", "ignore");
    repo.write("new.txt", "new work\n");
    repo.write(".env", "SECRET=1\n");

    Verdict verdict = repo.judge(new DeleteRule(SNAPSHOT), "git clean -fdx");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    SnapshotEffect effect = snapshots(verdict).get(0);
    assertThat(effect.paths()).containsExactlyInAnyOrder("new.txt", ".env");
    assertThat(effect.scopes()).isEmpty();
    assertThat(verdict.reason()).endsWith(Refusals.SNAPSHOT_NOTE);
  }

  @Test
  void removingTheRepositoryItselfIsNeverSnapshotted() {
    repo.write("new.txt", "new work\n");

    Verdict verdict = repo.judge(new DeleteRule(SNAPSHOT), "rm -rf .git");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.effects()).isEmpty();
  }

  @Test
  void anUnreadableTailIsNoFileLossEither() {
    repo.write("a.txt", "mine\n");

    Verdict verdict = repo.judge(new DiscardRule(SNAPSHOT),
        "git reset --hard; echo 'git checkout . unclosed");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).as(verdict.message()).contains("could not be read past");
    assertThat(verdict.effects()).as(verdict.message()).isEmpty();
  }

  @Test
  void everySnapshotPathIsAPathTheRefusalNames() {
    repo.write("a.txt", "mine\n");
    repo.write("sub/c.txt", "mine too\n");
    repo.write("loose.txt", "untracked\n");

    for (Verdict verdict : List.of(
        repo.judge(new DiscardRule(SNAPSHOT), "git reset --hard"),
        repo.judge(new DeleteRule(SNAPSHOT), "git clean -fd"),
        repo.judge(new DeleteRule(SNAPSHOT), "rm -r sub loose.txt"))) {
      List<String> named = verdict.findings().stream().map(Finding::subject).toList();
      for (Effect effect : verdict.effects()) {
        SnapshotEffect snapshot = (SnapshotEffect) effect;
        for (String path : snapshot.paths()) {
          assertThat(named).as(verdict.message()).contains(snapshot.top().resolve(path)
              .toString());
        }
      }
      assertThat(verdict.effects()).as(verdict.message()).isNotEmpty();
    }
  }
}
