package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Interactive and patch-driven discards: {@code checkout -p}, {@code restore -p} and
 * {@code reset -p} discard hunks chosen as they run, so they are judged as discards of every
 * named path (every path when none is named); {@code git apply -R} of a patch read from standard
 * input discards what nothing else holds, while a patch file keeps what it removes.
 */
class PatchDiscardsTest {

  @TempDir
  Path temp;

  private Repo repo;
  private final DiscardRule rule = new DiscardRule();
  private int copies;

  @BeforeEach
  void setUp() {
    repo = Repo.create(temp.resolve("r"));
  }

  private Set<String> lostWhenRun(String command) {
    Repo copy = repo.copyTo(temp.resolve("copy-" + copies++));
    Set<String> before = copy.uncommittedContents();
    copy.sh(command);
    return copy.lostSince(before);
  }

  @ParameterizedTest
  @ValueSource(strings = {"git checkout -p", "git checkout --patch", "git checkout -p -- a.txt",
      "git checkout -p a.txt", "git restore -p", "git restore --patch a.txt",
      "git checkout -p HEAD -- a.txt", "git checkout -p main a.txt", "git diff | git apply -R",
      "git diff > /tmp/x.patch; git apply -R < /tmp/x.patch", "git diff | git apply -R -",
      "git diff | git apply --reverse --index"})
  void anInteractiveOrStdinPatchDiscardOfAChangedPathIsRefused(String command) {
    repo.write("a.txt", "a1\nmine\n");

    Verdict verdict = repo.judge(rule, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("a.txt (+1 -2)");
  }

  @Test
  void answeringYesToEveryHunkLosesTheWork() {
    repo.write("a.txt", "a1\nmine\n");
    assertThat(lostWhenRun("yes | git checkout -p")).isNotEmpty();
    assertThat(lostWhenRun("git diff | git apply -R")).isNotEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"git checkout -p -- b.txt", "git restore -p sub",
      "git apply --check -R", "git apply --stat -R", "git apply saved.patch"})
  void aPatchDiscardElsewhereOrOneThatAppliesNothingIsAllowed(String command) {
    repo.write("a.txt", "a1\nmine\n");

    Verdict verdict = repo.judge(rule, command);

    assertThat(verdict.outcome()).as(verdict.message()).isIn(Outcome.ALLOW,
        Outcome.NOT_APPLICABLE);
  }

  @Test
  void aReversedPatchFileKeepsWhatItRemoves() {
    repo.write("a.txt", "a1\nmine\n");
    repo.sh("git diff > ../saved.patch");

    Verdict verdict = repo.judge(rule, "git apply -R ../saved.patch");

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.ALLOW);
    repo.sh("git apply -R ../saved.patch && git apply ../saved.patch");
    assertThat(repo.read("a.txt")).isEqualTo("a1\nmine\n");
  }

  @Test
  void resetPatchCountsOnlyStagedContentTheWorkingFileDoesNotHave() {
    repo.write("b.txt", "staged\n");
    repo.git("add", "b.txt");
    assertThat(repo.judge(rule, "git reset -p").outcome()).isEqualTo(Outcome.ALLOW);

    repo.write("b.txt", "staged, then changed again\n");
    Verdict verdict = repo.judge(rule, "git reset -p");

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("b.txt");
  }
}
