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
import org.junit.jupiter.params.provider.ValueSource;

/**
 * changes.force-push on a clone of a bare origin: a force push after an amend or a rebase of the
 * same work is allowed, one after a reset that drops a pushed commit is refused with the commit
 * named and a way out that keeps it; the property runs each push against the real origin and
 * checks that a refusal happens exactly when a pushed commit ends up held nowhere, with no
 * patch-equivalent in what was pushed.
 */
class ForcePushRuleTest {

  @TempDir
  Path temp;

  private Repo repo;
  private final ForcePushRule rule = new ForcePushRule();

  @BeforeEach
  void setUp() {
    repo = Repo.create(temp.resolve("r"));
  }

  private static String commit(Repo r, String file, String message) {
    r.write(file, message + "\n");
    r.git("add", file);
    r.git("commit", "-q", "-m", message);
    return r.git("rev-parse", "HEAD").strip();
  }

  private String pushedThenReset() {
    String lost = commit(repo, "w.txt", "pushed work");
    repo.git("push", "-q", "origin", "main");
    repo.git("reset", "-q", "--hard", "HEAD~1");
    commit(repo, "other.txt", "something else");
    return lost;
  }

  @ParameterizedTest
  @ValueSource(strings = {"git push -f origin main", "git push --force", "git push -f",
      "git push origin +main", "git push origin +main:main", "git push -f origin HEAD:main",
      "git push --force-with-lease origin main", "git push -f origin refs/heads/main",
      "git push --force origin HEAD"})
  void aResetThatDropsAPushedCommitIsRefusedAndTheWayOutKeepsIt(String command) {
    String lost = pushedThenReset();

    Verdict verdict = repo.judge(rule, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("origin/main", "as of the last fetch",
        lost.substring(0, 7), "\"pushed work\"", Texts.PRINCIPLE);
    assertThat(verdict.reason().contains("without a lease"))
        .isEqualTo(!command.contains("lease"));
    assertThat(verdict.findings()).extracting(Finding::subject).containsExactly(lost);
    for (String keep : verdict.remedy().orElseThrow().commands()) {
      assertThat(repo.sh(keep)).as(keep).isZero();
    }
    Verdict after = repo.judge(rule, command);
    assertThat(after.outcome()).as(after.message()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void anAmendOfPushedWorkLosesNothing() {
    commit(repo, "w.txt", "first wording");
    repo.git("push", "-q", "origin", "main");
    repo.git("commit", "-q", "--amend", "-m", "better wording");

    Verdict verdict = repo.judge(rule, "git push --force-with-lease");

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aRebaseOfPushedWorkOntoNewerWorkLosesNothing() {
    repo.git("checkout", "-q", "-b", "feat");
    commit(repo, "f.txt", "feature");
    repo.git("push", "-q", "-u", "origin", "feat");
    repo.git("checkout", "-q", "main");
    commit(repo, "m.txt", "main moved on");
    repo.git("checkout", "-q", "feat");
    repo.git("rebase", "-q", "main");

    Verdict verdict = repo.judge(rule, "git push -f origin feat");

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aCommitAnotherBranchHoldsIsNotLost() {
    pushedThenReset();
    repo.git("branch", "backup", "origin/main");

    assertThat(repo.judge(rule, "git push -f origin main").outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aBranchTheRemoteNeverHadLosesNothing() {
    repo.git("checkout", "-q", "-b", "fresh");
    commit(repo, "n.txt", "new");

    assertThat(repo.judge(rule, "git push -f origin fresh").outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aSourceThatNamesNoCommitRemovesNothing() {
    // git refuses it ("src refspec … does not match any"), and origin keeps everything
    Verdict verdict = repo.judge(rule, "git push -f origin no-such-branch:main");
    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aPushOfEveryBranchWithForceCannotBeJudgedAndIsRefused() {
    Verdict verdict = repo.judge(rule, "git push -f --all origin");
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("push the branches by name");
  }

  @Test
  void pushesWithoutForceDeletionsAndMentionsAreNotApplicable() {
    for (String command : List.of("git push origin main", "git push", "git push -u origin x",
        "git push --delete origin x", "git push origin :x", "git push . +main:feat",
        "git push -n -f origin main", "echo 'git push -f origin main'",
        "git commit -m 'then git push --force'")) {
      Verdict verdict = rule.evaluate(new Event.CommandEvent(EventContext.of("s1", repo.work),
          command), Facts.none());
      assertThat(verdict.outcome()).as(command).isEqualTo(Outcome.NOT_APPLICABLE);
    }
  }

  // ---------------------------------------------------------------- the property

  enum Step { COMMIT, AMEND, RESET_HARD, RESET_AND_REDO, BACKUP }

  static final List<String> COMMANDS = List.of("git push -f origin main",
      "git push --force-with-lease", "git push origin +main");

  record Case(List<Step> steps, String command) {}

  @Provide
  Arbitrary<Case> cases() {
    return Combinators.combine(Arbitraries.of(Step.class).list().ofMinSize(1).ofMaxSize(3),
        Arbitraries.of(COMMANDS)).as(Case::new);
  }

  /**
   * Refused exactly when the push, run against the real origin, leaves a commit the remote branch
   * held before held by no ref of the clone or the origin, with no commit of the same patch in
   * what the remote branch holds after it.
   */
  @Property(tries = 10)
  void refusedExactlyWhenAPushedCommitIsLost(@ForAll("cases") Case example) throws IOException {
    Path dir = Files.createTempDirectory("gk-force-push-property");
    try {
      Repo r = Repo.create(dir.resolve("r"));
      commit(r, "base.txt", "pushed base");
      r.git("push", "-q", "origin", "main");
      int n = 0;
      for (Step step : example.steps()) {
        apply(r, step, n++);
      }
      boolean refused = new ForcePushRule().evaluate(new Event.CommandEvent(
          EventContext.of("s1", r.work), example.command()), r.facts()).outcome()
          == Outcome.DENY;
      List<String> before = lines(r.git("rev-list", "origin/main"));

      r.sh(example.command());

      Set<String> held = new TreeSet<>(lines(r.git("rev-list", "--all")));
      held.addAll(lines(Repo.run(r.root, r.origin, "git", "rev-list", "--all")));
      Set<String> patches = patchIds(r, lines(r.git("rev-list", "origin/main")));
      List<String> lost = new ArrayList<>();
      for (String commit : before) {
        if (!held.contains(commit) && !patches.containsAll(patchIds(r, List.of(commit)))) {
          lost.add(commit);
        }
      }
      assertThat(refused).as(example + " lost " + lost).isEqualTo(!lost.isEmpty());
    } finally {
      deleteTree(dir);
    }
  }

  private static void apply(Repo r, Step step, int n) {
    boolean hasParent = Repo.exec(r.root, r.work, "git", "rev-parse", "--verify", "-q",
        "HEAD~1").status() == 0;
    if (!hasParent && (step == Step.RESET_HARD || step == Step.RESET_AND_REDO)) {
      return; // the root commit: there is nothing to reset to
    }
    switch (step) {
      case COMMIT -> commit(r, "c" + n + ".txt", "commit " + n);
      case AMEND -> r.git("commit", "-q", "--amend", "-m", "amended " + n);
      case RESET_HARD -> r.git("reset", "-q", "--hard", "HEAD~1");
      case RESET_AND_REDO -> {
        String subject = r.git("log", "-1", "--format=%s").strip();
        String patch = r.git("format-patch", "-1", "--stdout", "HEAD");
        r.git("reset", "-q", "--hard", "HEAD~1");
        try {
          Path file = Files.writeString(r.root.resolve("redo-" + n + ".patch"), patch);
          r.git("am", "-q", file.toString());
        } catch (IOException | RuntimeException e) {
          commit(r, "redo" + n + ".txt", subject + " redone");
        }
      }
      case BACKUP -> r.git("branch", "-f", "backup" + n, "HEAD");
    }
  }

  /** The stable patch ids of {@code commits}, by git itself (no patch: the commit id). */
  private static Set<String> patchIds(Repo r, List<String> commits) {
    Set<String> ids = new TreeSet<>();
    for (String commit : commits) {
      String shown = r.git("show", "--format=", commit);
      Path file = r.root.resolve("patch.txt");
      try {
        Files.writeString(file, shown);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      String id = Repo.run(r.root, r.work, "sh", "-c", "git patch-id --stable < "
          + file).strip();
      ids.add(id.isEmpty() ? "empty:" + commit : id.split(" ")[0]);
    }
    return ids;
  }

  private static List<String> lines(String out) {
    List<String> lines = new ArrayList<>();
    for (String line : out.split("\n")) {
      if (!line.isBlank()) {
        lines.add(line.strip());
      }
    }
    return lines;
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
