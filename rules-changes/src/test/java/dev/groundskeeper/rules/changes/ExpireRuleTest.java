package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * changes.expire on real repositories: a fresh clone's reflog holds nothing of its own, a reset
 * leaves its commit to the reflog alone, a dropped stash entry leaves its commit to nothing; each
 * refusal names the commits and its way out keeps them, and the property checks that a refusal
 * happens exactly when running the command in a copy makes a commit unrecoverable.
 */
class ExpireRuleTest {

  @TempDir
  Path temp;

  private Repo repo;
  private final ExpireRule rule = new ExpireRule();

  @BeforeEach
  void setUp() {
    repo = Repo.create(temp.resolve("r"));
  }

  private String commit(String file, String message) {
    repo.write(file, message + "\n");
    repo.git("add", file);
    repo.git("commit", "-q", "-m", message);
    return repo.git("rev-parse", "HEAD").strip();
  }

  @ParameterizedTest
  @ValueSource(strings = {"git reflog expire --expire=now --all",
      "git reflog expire --expire-unreachable=now --all", "git gc --prune=now", "git prune",
      "git -c gc.reflogExpire=now -c gc.reflogExpireUnreachable=now gc --prune=now",
      "git reflog expire --expire=now --all && git gc --prune=now"})
  void aFreshCloneLosesNothing(String command) {
    Verdict verdict = repo.judge(rule, command);
    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void commandsThatExpireNothingAreNotApplicableAndReadNoRepository() {
    for (String command : List.of("git reflog", "git log --reflog", "git gc",
        "git gc --prune=2.weeks.ago", "git reflog expire --all", "git reflog expire"
            + " --expire=never --expire-unreachable=never --all", "git prune -n",
        "git prune --expire=2.weeks.ago", "git reflog expire -n --expire=now --all",
        "echo 'git gc --prune=now'", "git commit -m 'run git prune later'")) {
      Verdict verdict = rule.evaluate(new Event.CommandEvent(EventContext.of("s1", repo.work),
          command), Facts.none());
      assertThat(verdict.outcome()).as(command).isEqualTo(Outcome.NOT_APPLICABLE);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"git reflog expire --expire=now --all",
      // HEAD is named too: its reflog alone would keep the reset commit (ExpiryDatesTest)
      "git reflog expire --expire=1.hour.ago --expire-unreachable=now HEAD refs/heads/main",
      "git -c gc.reflogExpire=now -c gc.reflogExpireUnreachable=now gc --prune=now",
      // the settings apply to a reflog expire without --expire as well
      "git -c gc.reflogExpire=now -c gc.reflogExpireUnreachable=now reflog expire --all",
      "cd sub && git reflog expire --expire=now --all"})
  void aResetCommitHeldOnlyByTheReflogIsRefusedAndTheWayOutKeepsIt(String command) {
    String lost = commit("w.txt", "work the agent reset away");
    repo.git("reset", "-q", "--hard", "HEAD~1");

    Verdict verdict = repo.judge(rule, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason())
        .contains("only a reflog holds")
        .contains(lost.substring(0, 7))
        .contains("\"work the agent reset away\"")
        .contains(Texts.PRINCIPLE);
    assertThat(verdict.findings()).extracting(Finding::subject).containsExactly(lost);
    List<String> commands = verdict.remedy().orElseThrow().commands();
    assertThat(commands).containsExactly("git branch groundskeeper/kept-" + lost.substring(0, 7)
        + " " + lost);

    for (String keep : commands) {
      assertThat(repo.sh(keep)).as(keep).isZero();
    }
    Verdict after = repo.judge(rule, command);
    assertThat(after.outcome()).as(after.message()).isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(strings = {"git gc --prune=now", "git prune", "git gc --prune=all",
      "git prune --expire=now", "git gc --aggressive --prune=now"})
  void aDroppedStashEntryIsRefusedToPruning(String command) {
    repo.write("a.txt", "stashed work\n");
    repo.git("stash", "-q");
    String dropped = repo.git("rev-parse", "stash@{0}").strip();
    repo.git("stash", "drop", "-q");

    Verdict verdict = repo.judge(rule, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("nothing holds any more")
        .contains(dropped.substring(0, 7));
    for (String keep : verdict.remedy().orElseThrow().commands()) {
      assertThat(repo.sh(keep)).as(keep).isZero();
    }
    assertThat(repo.judge(rule, command).outcome()).isEqualTo(Outcome.ALLOW);
    // git gc on its own schedule keeps two weeks of unreachable objects
    assertThat(repo.judge(rule, "git gc").outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
  }

  @Test
  void manyLinesOfWorkAreCountedAndTheWayOutStaysShort() {
    for (int i = 0; i < ExpireRule.SHOWN + 3; i++) {
      repo.git("checkout", "-q", "-b", "t" + i, "main");
      commit("t" + i + ".txt", "line of work " + i);
      repo.git("checkout", "-q", "main");
      repo.git("branch", "-q", "-D", "t" + i);
    }

    Verdict verdict = repo.judge(rule, "git reflog expire --expire=now --all");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("and 3 more");
    assertThat(verdict.remedy().orElseThrow().commands()).hasSize(ExpireRule.SHOWN);
    assertThat(verdict.remedy().orElseThrow().description()).contains("git log --reflog --not"
        + " --all --oneline");
    assertThat(verdict.message().lines().count()).isLessThan(20);
  }

  /**
   * An older stash entry (stash@{1}) is held by the stash's reflog alone. Git never expires that
   * reflog through the gc.reflogExpire settings unless a gc.PATTERN.reflogExpire setting names
   * it; an explicit --expire does expire it. Each case checked against git 2.39 by hand.
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "git -c gc.reflogExpire=now -c gc.reflogExpireUnreachable=now gc --prune=now | ALLOW",
      "git -c gc.reflogExpire=now -c gc.reflogExpireUnreachable=now reflog expire --all | ALLOW",
      "git reflog expire --expire=now --all | DENY",
      "git reflog expire --expire=now refs/stash | DENY",
      "git -c gc.refs/stash.reflogExpire=now -c gc.reflogExpire=now gc --prune=now | DENY"})
  void theStashsReflogExpiresOnlyWhereGitExpiresIt(String command, Outcome expected) {
    commit("b.txt", "base");
    for (int i = 0; i < 2; i++) {
      repo.write("b.txt", "kept " + i + "\n");
      repo.git("stash", "-q");
    }
    String older = repo.git("rev-parse", "stash@{1}").strip();

    Verdict verdict = repo.judge(rule, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(expected);
    if (expected == Outcome.DENY) {
      assertThat(verdict.reason()).contains(older.substring(0, 7));
    }
  }

  @Test
  void aRepositoryWithAStashPatternSettingCountsTheStashAsExpiring() {
    commit("b.txt", "base");
    for (int i = 0; i < 2; i++) {
      repo.write("b.txt", "kept " + i + "\n");
      repo.git("stash", "-q");
    }
    repo.git("config", "gc.refs/stash.reflogExpire", "now");
    Verdict verdict = repo.judge(rule,
        "git -c gc.reflogExpire=now -c gc.reflogExpireUnreachable=now gc --prune=now");
    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
  }

  @Test
  void outsideAnyRepositoryNothingIsDeleted() throws IOException {
    Path elsewhere = Files.createDirectories(temp.resolve("plain"));
    Verdict verdict = repo.judge(rule, "git gc --prune=now", elsewhere);
    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.ALLOW);
  }

  // ---------------------------------------------------------------- the property

  enum Step { COMMIT, RESET_HARD, AMEND, STASH_DROP, STASH_KEEP, BRANCH_DELETE }

  static final List<String> COMMANDS = List.of("git reflog expire --expire=now --all",
      "git gc --prune=now", "git prune",
      "git reflog expire --expire=now --all && git gc --prune=now",
      "git -c gc.reflogExpire=now -c gc.reflogExpireUnreachable=now gc --prune=now",
      "git -c gc.reflogExpire=now -c gc.reflogExpireUnreachable=now reflog expire --all");

  record Case(List<Step> steps, String command) {}

  @Provide
  Arbitrary<Case> cases() {
    return Combinators.combine(Arbitraries.of(Step.class).list().ofMaxSize(4),
        Arbitraries.of(COMMANDS)).as(Case::new);
  }

  /**
   * A refusal happens exactly when the command, run in a copy, leaves a commit that existed
   * before unrecoverable: deleted, or held by nothing so that the next prune deletes it.
   */
  @Property(tries = 10)
  void refusedExactlyWhenACommitBecomesUnrecoverable(@ForAll("cases") Case example)
      throws IOException {
    Path dir = Files.createTempDirectory("gk-expire-property");
    try {
      Repo r = Repo.create(dir.resolve("r"));
      int n = 0;
      for (Step step : example.steps()) {
        apply(r, step, n++);
      }
      boolean refused = new ExpireRule().evaluate(new Event.CommandEvent(EventContext.of("s1",
          r.work), example.command()), r.facts()).outcome() == Outcome.DENY;

      Repo copy = r.copyTo(dir.resolve("copy"));
      Store before = store(copy);
      copy.sh(example.command());
      Set<String> lost = store(copy).lostSince(before);

      if (!lost.isEmpty()) {
        assertThat(refused).as(example + " lost " + lost).isTrue();
      } else {
        assertThat(refused).as(example + " lost nothing").isFalse();
      }
    } finally {
      deleteTree(dir);
    }
  }

  private static void apply(Repo r, Step step, int n) {
    switch (step) {
      case COMMIT -> {
        r.write("p" + n + ".txt", "p" + n + "\n");
        r.git("add", "-A");
        r.git("commit", "-q", "-m", "step " + n);
      }
      case RESET_HARD -> {
        r.write("q" + n + ".txt", "q" + n + "\n");
        r.git("add", "-A");
        r.git("commit", "-q", "-m", "reset away " + n);
        r.git("reset", "-q", "--hard", "HEAD~1");
      }
      case AMEND -> {
        r.write("a.txt", "amended " + n + "\n");
        r.git("commit", "-q", "-a", "--amend", "-m", "amended " + n);
      }
      case STASH_DROP -> {
        r.write("b.txt", "dropped " + n + "\n");
        r.git("stash", "-q");
        r.git("stash", "drop", "-q");
      }
      case STASH_KEEP -> {
        r.write("b.txt", "kept " + n + "\n");
        r.git("stash", "-q");
      }
      case BRANCH_DELETE -> {
        r.git("checkout", "-q", "-b", "gone" + n);
        r.write("g" + n + ".txt", "g" + n + "\n");
        r.git("add", "-A");
        r.git("commit", "-q", "-m", "deleted branch " + n);
        r.git("checkout", "-q", "main");
        r.git("branch", "-q", "-D", "gone" + n);
      }
    }
  }

  /** The commits a ref or reflog holds, and every commit still in the object store. */
  record Store(Set<String> held, Set<String> present) {

    /** Held before and held no more (the next prune takes it), or present before and gone. */
    Set<String> lostSince(Store before) {
      Set<String> lost = new TreeSet<>(before.held());
      lost.removeAll(held);
      Set<String> gone = new TreeSet<>(before.present());
      gone.removeAll(present);
      lost.addAll(gone);
      return lost;
    }
  }

  private static Store store(Repo r) {
    Set<String> held = new TreeSet<>(List.of(r.git("log", "--format=%H", "--all", "--reflog")
        .split("\n")));
    held.remove("");
    Set<String> present = new TreeSet<>(held);
    String fsck = Repo.exec(r.root, r.work, "git", "fsck", "--unreachable",
        "--connectivity-only", "--no-progress").output();
    for (String line : fsck.split("\n")) {
      if (line.startsWith("unreachable commit ")) {
        present.add(line.substring("unreachable commit ".length()).strip());
      }
    }
    return new Store(held, present);
  }

  private static void deleteTree(Path dir) throws IOException {
    try (var files = Files.walk(dir)) {
      List<Path> all = new ArrayList<>(files.toList());
      java.util.Collections.reverse(all);
      for (Path p : all) {
        Files.deleteIfExists(p);
      }
    }
  }
}
