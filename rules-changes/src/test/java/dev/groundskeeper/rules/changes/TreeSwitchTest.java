package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.git.snapshot.SnapshotStore;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * changes.discard for the commands that write another tree's files into the worktree, on real
 * repositories with git as the oracle (each command is also run in a copy, and what it lost is
 * compared with the verdict). As git 2.39 does it here: {@code reset --hard <commit>},
 * {@code checkout -f}, {@code switch -f}, {@code checkout <tree-ish> -- <paths>} and
 * {@code restore --source} overwrite untracked and ignored files where the target tracks a path;
 * a plain {@code checkout}/{@code switch}, {@code switch --discard-changes} and
 * {@code reset --merge/--keep <commit>} stop at an untracked file in the way and overwrite an
 * ignored one.
 */
class TreeSwitchTest {

  /** The forms that overwrite untracked and ignored files alike. */
  static final List<String> FORCED = List.of("git reset --hard other", "git checkout -f other",
      "git switch -f other", "git checkout other -- .", "git restore --source=other .",
      "git checkout -f -b next other", "git reset --hard other~0", "git reset --hard tagged");

  /** The forms that stop at an untracked file in the way and overwrite an ignored one. */
  static final List<String> PLAIN = List.of("git checkout other", "git switch other",
      "git switch --discard-changes other", "git reset --merge other", "git reset --keep other",
      "git checkout -b next other", "git switch -c next other", "git checkout other --");

  @TempDir
  Path temp;

  private Repo repo;
  private final DiscardRule rule = new DiscardRule();
  private int copies;

  /**
   * {@code main} ignores {@code *.log} and {@code secrets/}; {@code other} adds tracked files at
   * paths main's worktree leaves free: {@code u.txt}, {@code ig.log}, {@code dd/x}, a file
   * {@code fd}, {@code secrets/key.txt} and {@code build/out.txt} (under a regenerable glob).
   */
  @BeforeEach
  void setUp() {
    repo = Repo.create(temp.resolve("r"));
    otherBranch(repo);
  }

  /** Makes the branch {@code other} (and the tag {@code tagged}) in {@code repo}, on main. */
  static void otherBranch(Repo repo) {
    repo.write(".gitignore", "*.log\nsecrets/\nbuild/\n");
    repo.git("add", ".gitignore");
    repo.git("commit", "-q", "-m", "ignores");
    repo.git("checkout", "-q", "-b", "other");
    repo.write("u.txt", "theirs\n");
    repo.write("ig.log", "their log\n");
    repo.write("dd/x", "x\n");
    repo.write("fd", "a file\n");
    repo.write("secrets/key.txt", "their key\n");
    repo.write("build/out.txt", "built\n");
    repo.git("add", "-f", "u.txt", "ig.log", "dd/x", "fd", "secrets/key.txt", "build/out.txt");
    repo.git("commit", "-q", "-m", "other adds files");
    repo.git("tag", "tagged");
    repo.git("checkout", "-q", "main");
  }

  /**
   * Every command of a case in a {@code -Pslow} run ({@code groundskeeper.full.cases}); in the
   * default build the {@code short} ones, one or two per behaviour, since each costs a
   * repository, a copy and git's own run of the command (the whole class took about 104 s).
   * TreeSwitchPropertyTest draws from every form in every build.
   */
  static List<String> cases(List<String> all, String... shortRun) {
    if (!all.containsAll(List.of(shortRun))) {
      throw new IllegalArgumentException("a short case that the full list lacks");
    }
    return Boolean.getBoolean("groundskeeper.full.cases") ? all : List.of(shortRun);
  }

  private Set<String> lostWhenRun(String command) {
    Repo copy = repo.copyTo(temp.resolve("copy-" + copies++));
    Set<String> before = copy.uncommittedContents();
    copy.sh(command);
    return copy.lostSince(before);
  }

  private Verdict judge(String command) {
    return repo.judge(rule, command);
  }

  static List<String> forcedOverUntracked() {
    return cases(List.of("git reset --hard tagged", "git checkout -f other",
        "git switch -f other", "git checkout other -- u.txt", "git restore -s other u.txt"),
        "git reset --hard tagged", "git checkout other -- u.txt");
  }

  @ParameterizedTest
  @MethodSource("forcedOverUntracked")
  void aForcedFormRefusesAnUntrackedFileTheTargetTracks(String command) {
    repo.write("u.txt", "mine\nall mine\n");

    Verdict verdict = judge(command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("1 untracked file", "u.txt (+2 -0)");
    assertThat(verdict.findings()).contains(new Finding(Finding.Kind.PATH,
        repo.work.resolve("u.txt").toString(), "+2 -0"));
    assertThat(lostWhenRun(command)).as("git lost it").isNotEmpty();
  }

  static List<String> typeSwaps() {
    return cases(List.of("git reset --hard other", "git checkout other -- .",
        "git restore --source=other ."), "git restore --source=other .");
  }

  @ParameterizedTest
  @MethodSource("typeSwaps")
  void aFileWhereTheTargetHasADirectoryAndADirectoryWhereItHasAFileAreLossesToo(
      String command) {
    repo.write("dd", "my file where they have a directory\n");
    repo.write("fd/inner.txt", "my file in a directory where they have a file\n");

    Verdict verdict = judge(command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("2 untracked files", "dd (", "fd/inner.txt (");
    assertThat(lostWhenRun(command)).hasSize(2);
  }

  static List<String> overIgnored() {
    return cases(List.of("git reset --hard other", "git checkout other -- .",
        "git checkout other", "git switch --discard-changes other", "git reset --merge other",
        "git reset --keep other", "git switch -c next other"),
        "git checkout other -- .", "git reset --keep other");
  }

  @ParameterizedTest
  @MethodSource("overIgnored")
  void everyFormRefusesAnIgnoredFileTheTargetTracks(String command) {
    repo.write("ig.log", "my log, ignored here\n");

    Verdict verdict = judge(command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("1 ignored path", "ig.log");
    assertThat(lostWhenRun(command)).as("git overwrote it").isNotEmpty();
  }

  static List<String> stoppedByUntracked() {
    return cases(List.of("git switch other", "git switch --discard-changes other",
        "git reset --keep other", "git checkout -b next other"),
        "git switch --discard-changes other");
  }

  @ParameterizedTest
  @MethodSource("stoppedByUntracked")
  void aPlainFormIsAllowedWhenAnUntrackedFileStopsGit(String command) {
    repo.write("u.txt", "mine\n");
    repo.write("ig.log", "my log\n"); // git stops before it reaches this one

    Verdict verdict = judge(command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.ALLOW);
    assertThat(lostWhenRun(command)).isEmpty();
  }

  static List<String> besideTheTarget() {
    return cases(List.of("git reset --hard other", "git checkout other",
        "git restore --source=other ."), "git checkout other");
  }

  @ParameterizedTest
  @MethodSource("besideTheTarget")
  void untrackedFilesAtPathsTheTargetDoesNotTrackAreNoLoss(String command) {
    repo.write("notes.txt", "mine, and other does not track it\n");
    repo.write("secrets/mine.txt", "ignored, and other does not track it\n");
    repo.write("other.log", "ignored too\n");

    Verdict verdict = judge(command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.ALLOW);
    assertThat(lostWhenRun(command)).isEmpty();
  }

  @Test
  void aWhollyIgnoredDirectoryLosesOnlyTheFilesTheTargetTracksInIt() {
    repo.write("secrets/key.txt", "my key\n");
    repo.write("secrets/mine.txt", "kept by git\n");

    Verdict verdict = judge("git checkout other");

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("1 ignored path", "secrets/key.txt")
        .doesNotContain("secrets/mine.txt");
    assertThat(lostWhenRun("git checkout other")).hasSize(1);
  }

  @Test
  void aRegenerableFileIsNoLoss() {
    repo.write("build/out.txt", "my build output\n");

    assertThat(judge("git reset --hard other").outcome()).isEqualTo(Outcome.ALLOW);
    assertThat(judge("git checkout other").outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void anUntrackedFileAStashEntryHoldsIsNoLoss() {
    repo.write("u.txt", "mine, stashed\n");
    repo.git("stash", "push", "-q", "--include-untracked", "--", "u.txt");
    repo.git("stash", "apply", "-q");

    Verdict verdict = judge("git reset --hard other");

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.ALLOW);
    assertThat(lostWhenRun("git reset --hard other")).isEmpty();
  }

  @Test
  void aTrackedChangeAndAnUntrackedFileAreSaidOnceEachAndTheWayOutRunsAsPrinted() {
    repo.write("a.txt", "my change\n");
    repo.write("u.txt", "mine\n");
    repo.write("ig.log", "my log\n");
    Set<String> before = repo.uncommittedContents();

    Verdict verdict = judge("git reset --hard other");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("1 changed file", "a.txt (", "1 untracked file",
        "u.txt (", "1 ignored path", "ig.log");
    String way = verdict.remedy().orElseThrow().commands().get(0);
    assertThat(way).isEqualTo("git -C " + repo.work + " stash push --all -m 'kept before: git"
        + " reset --hard other' -- a.txt u.txt ig.log && git reset --hard other");
    assertThat(repo.sh(way)).isZero();
    assertThat(repo.lostSince(before)).isEmpty();
    assertThat(repo.read("u.txt")).isEqualTo("theirs\n");
  }

  @Test
  void thePlainCheckoutsWayOutRunsAsPrinted() {
    repo.write("ig.log", "my log\n");
    Set<String> before = repo.uncommittedContents();

    Verdict verdict = judge("git checkout other");

    String way = verdict.remedy().orElseThrow().commands().get(0);
    assertThat(way).isEqualTo("git -C " + repo.work + " stash push --all -m 'kept before: git"
        + " checkout other' -- ig.log && git checkout other");
    assertThat(repo.sh(way)).isZero();
    assertThat(repo.lostSince(before)).isEmpty();
    assertThat(repo.git("branch", "--show-current").strip()).isEqualTo("other");
  }

  @Test
  void aTargetThatNamesNoCommitIsRefusedWithTheReason() {
    repo.write("u.txt", "mine\n");

    Verdict verdict = judge("git reset --hard no-such-branch");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("no-such-branch", "names no commit");
  }

  @Test
  void aTargetKnownOnlyWhenItRunsIsRefusedOnlyWhenSomethingMayBeOverwritten() {
    assertThat(judge("git reset --hard \"$REV\"").outcome()).isEqualTo(Outcome.ALLOW);

    repo.write("notes.txt", "mine\n");
    Verdict verdict = judge("git reset --hard \"$REV\"");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("cannot be judged", "only known when it runs");
  }

  @Test
  void aSwitchToHeadOrTheCurrentBranchReadsNoUntrackedFile() {
    repo.write("u.txt", "mine\n");
    repo.write("ig.log", "my log\n");

    for (String command : cases(List.of("git reset --hard", "git reset --hard HEAD",
        "git checkout -f main", "git switch main", "git checkout main", "git checkout -f"),
        "git reset --hard HEAD", "git checkout -f main", "git switch main")) {
      assertThat(judge(command).outcome()).as(command).isEqualTo(Outcome.ALLOW);
      assertThat(lostWhenRun(command)).as(command).isEmpty();
    }
  }

  @Test
  void inSnapshotModeTheSnapshotHoldsTheUntrackedAndIgnoredFilesTheSwitchOverwrites() {
    repo.write("u.txt", "mine\n");
    repo.write("ig.log", "my log\n");
    repo.write("secrets/key.txt", "my key\n");
    ChangesConfig snapshot = new ChangesConfig(ChangesConfig.SNAPSHOT, Mode.BLOCK, Mode.BLOCK,
        Mode.BLOCK, ChangesConfig.Snapshots.DEFAULTS);

    Verdict verdict = repo.judge(new DiscardRule(snapshot), "git reset --hard other");

    List<SnapshotEffect> effects = verdict.effects().stream()
        .filter(SnapshotEffect.class::isInstance).map(SnapshotEffect.class::cast).toList();
    assertThat(effects).hasSize(1);
    assertThat(effects.get(0).paths()).containsExactlyInAnyOrder("u.txt", "ig.log",
        "secrets/key.txt");
    // taken as the host takes it, then the command run: the snapshot holds every lost content
    SnapshotStore store = new SnapshotStore(temp.resolve("state"), Optional.empty());
    Snapshot taken = store.take(effects.get(0), Instant.now());
    assertThat(taken.files()).extracting(Snapshot.File::path)
        .containsExactlyInAnyOrder("u.txt", "ig.log", "secrets/key.txt");
    assertThat(repo.sh("git reset -q --hard other")).isZero();
    assertThat(repo.read("u.txt")).isEqualTo("theirs\n");
    assertThat(store.diff(repo.work, taken.id(), List.of("u.txt")).get(0).lines())
        .contains("+mine");
    // the files now hold the target's content, which is not as the discard left them: a restore
    // refuses until the tree they were untracked in is back, then writes them all
    assertThat(store.restore(repo.work, taken.id(), true).refused()).isTrue();
    assertThat(repo.sh("git reset -q --hard ORIG_HEAD")).isZero();
    assertThat(store.restore(repo.work, taken.id(), false).refused()).isFalse();
    assertThat(repo.read("u.txt")).isEqualTo("mine\n");
    assertThat(repo.read("ig.log")).isEqualTo("my log\n");
    assertThat(repo.read("secrets/key.txt")).isEqualTo("my key\n");
  }
}
