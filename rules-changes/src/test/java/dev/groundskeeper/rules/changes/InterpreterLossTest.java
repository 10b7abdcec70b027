package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
 * Issue 14 section 4: an interpreter one-liner that visibly runs git or removes files is judged
 * as the shell command it amounts to. Each refused command, run in a copy of the repository by
 * the real interpreter, shows the loss the refusal names; each allowed one loses nothing.
 */
class InterpreterLossTest {

  @TempDir
  Path temp;

  private Repo repo;
  private final DiscardRule discard = new DiscardRule();
  private final DeleteRule delete = new DeleteRule(ChangesConfig.DEFAULTS);
  private int copies;

  @BeforeEach
  void setUp() {
    repo = Repo.create(temp.resolve("r"));
    repo.write("a.txt", "a1\nchanged\na3\nadded\n");
    repo.write("src/notes.md", "my untracked notes\n");
  }

  private static boolean has(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }

  private void assertLossWhenRun(String command) {
    Repo copy = repo.copyTo(temp.resolve("copy-" + copies++));
    Set<String> before = copy.uncommittedContents();
    copy.sh(command);
    assertThat(copy.lostSince(before)).as("what `" + command + "` lost").isNotEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "python3 -c 'import os; os.system(\"git reset --hard\")'",
      "python3 -c 'import subprocess; subprocess.run([\"git\", \"checkout\", \"--\", \".\"])'",
      "python3 - <<'EOF'\nimport subprocess\nsubprocess.run(\n    ['git', 'restore', 'a.txt'],\n"
          + "    check=True)\nEOF",
      "node -e 'require(\"child_process\").execSync(\"git checkout -- a.txt\")'",
      "perl -e 'system(\"git\", \"reset\", \"--hard\")'",
  })
  void aDiscardInsideInterpreterCodeIsRefusedWithThePath(String command) {
    String program = command.substring(0, command.indexOf(' '));
    assumeTrue(has(program), program + " is not installed here");

    Verdict verdict = repo.judge(discard, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("a.txt");
    assertLossWhenRun(command);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "python3 -c 'import shutil; shutil.rmtree(\"src\")'",
      "node -e 'const fs = require(\"fs\"); fs.rmSync(\"src\", {recursive: true})'",
      "ruby -e 'require \"fileutils\"; FileUtils.rm_rf(\"src\")'",
  })
  void aRemovalInsideInterpreterCodeIsRefusedWithThePath(String command) {
    String program = command.substring(0, command.indexOf(' '));
    assumeTrue(has(program), program + " is not installed here");

    Verdict verdict = repo.judge(delete, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("notes.md");
    assertLossWhenRun(command);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "python3 -c 'import os; os.remove(\"a.txt\")'",
      "perl -e 'unlink \"a.txt\"'",
  })
  void aFileRemovalCountsItsUncommittedChangesAsTheShellsRmDoes(String command) {
    String program = command.substring(0, command.indexOf(' '));
    assumeTrue(has(program), program + " is not installed here");

    Verdict verdict = repo.judge(delete, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("a.txt");
    assertLossWhenRun(command);
    // an untracked file is the agent's to delete, as with `rm -f src/notes.md`
    assertThat(repo.judge(delete, "python3 -c 'import os; os.remove(\"src/notes.md\")'")
        .outcome()).isEqualTo(repo.judge(delete, "rm -f src/notes.md").outcome());
  }

  @Test
  void aComputedRemovalInAWorktreeWithWorkIsRefused() {
    String command = "python3 -c 'import shutil, sys; shutil.rmtree(sys.argv[1])' src";

    Verdict verdict = repo.judge(delete, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("only known when it runs");
  }

  @Test
  void codeThatCannotBeReadButMayResetFailsClosedWithTheWayOut() {
    String command = "python3 -c 'import subprocess, sys; subprocess.run(\"git reset \" +"
        + " sys.argv[1], shell=True)' --hard";

    Verdict verdict = repo.judge(discard, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.message()).contains("computed when it runs")
        .contains("plain shell command");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "python3 -c 'print(\"os.system(\\\"git reset --hard\\\")\")'",
      "python3 -c 'import os; os.system(\"git status\")'",
      "python3 -c 'import shutil; shutil.rmtree(\"build\")'",
      "node -e 'console.log(\"git checkout -- .\")'",
      "python3 -c 'import subprocess; subprocess.run([\"git\", \"stash\"])'",
  })
  void codeThatLosesNothingIsAllowed(String command) {
    Verdict discarded = repo.judge(discard, command);
    Verdict deleted = repo.judge(delete, command);

    assertThat(discarded.outcome()).as(discarded.message()).isNotEqualTo(Outcome.DENY);
    assertThat(deleted.outcome()).as(deleted.message()).isNotEqualTo(Outcome.DENY);
  }
}
