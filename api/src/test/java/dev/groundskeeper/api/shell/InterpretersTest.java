package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What an interpreter one-liner visibly runs is read as the shell commands it amounts to. */
class InterpretersTest {

  /** The commands read inside interpreter code, each as its words joined by spaces. */
  private static List<String> inner(String command) {
    Script s = Shell.parseFresh(command);
    return s.commands().stream()
        .filter(c -> c.nesting().stream().anyMatch(n -> n.kind() == Nesting.Kind.INTERPRETER))
        .map(c -> String.join(" ", c.words().stream().map(Word::value).toList()))
        .toList();
  }

  private static Script parse(String command) {
    return Shell.parseFresh(command);
  }

  @Test
  void pythonShellCallsRunTheirStringInAShell() {
    assertThat(inner("python3 -c 'import os; os.system(\"git reset --hard\")'"))
        .containsExactly("git reset --hard");
    assertThat(inner("python -c \"import subprocess; subprocess.run('git checkout -- .',"
        + " shell=True)\"")).containsExactly("git checkout -- .");
    assertThat(inner("python3 -c 'import subprocess as sp; sp.check_call([\"git\", \"clean\","
        + " \"-fdx\"])'")).containsExactly("git clean -fdx");
    assertThat(inner("python3 -c 'from subprocess import run; run([\"git\",\"stash\",\"drop\"])'"))
        .containsExactly("git stash drop");
  }

  @Test
  void theBranchModelSeesWhatTheCodeRuns() {
    Script s = parse("python3 -c 'import os; os.system(\"git branch -D feat\")'");
    assertThat(s.deletedBranches()).extracting(d -> d.name().value()).containsExactly("feat");
  }

  @Test
  void pythonRemovalsBecomeRm() {
    assertThat(inner("python3 -c 'import shutil; shutil.rmtree(\"src\")'"))
        .containsExactly("rm -rf -- src");
    assertThat(inner("python3 -c 'import os; os.remove(\"notes.txt\")'"))
        .containsExactly("rm -f -- notes.txt");
  }

  @Test
  void aComputedPathIsAWordKnownOnlyWhenItRuns() {
    Script s = parse("python3 -c 'import shutil, sys; shutil.rmtree(sys.argv[1])' build");
    assertThat(s.removals()).hasSize(1);
    Removal removal = s.removals().get(0);
    assertThat(removal.recursive()).isTrue();
    assertThat(removal.paths()).hasSize(1);
    assertThat(removal.paths().get(0).isStatic()).isFalse();
  }

  @Test
  void aHeredocScriptIsRead() {
    String command = "python3 - <<'EOF'\n"
        + "import subprocess\n"
        + "# subprocess.run(['git', 'branch', '-D', 'commented'])\n"
        + "print('subprocess.run([\"git\", \"reset\", \"--hard\"])')\n"
        + "subprocess.run(\n    ['git', 'reset', '--hard', 'HEAD~1'],\n    check=True)\n"
        + "EOF";
    assertThat(inner(command)).containsExactly("git reset --hard HEAD~1");
    assertThat(parse(command).gitCommands()).extracting(GitCommand::subcommand)
        .containsExactly("reset");
  }

  @Test
  void nodePerlAndRubyAreRead() {
    assertThat(inner("node -e 'require(\"child_process\").execSync(\"git restore .\")'"))
        .containsExactly("git restore .");
    assertThat(inner("node -e 'const {spawnSync} = require(\"child_process\");"
        + " spawnSync(\"git\", [\"branch\", \"-D\", \"feat\"])'"))
        .containsExactly("git branch -D feat");
    assertThat(inner("node -e 'const fs = require(\"fs\"); fs.rmSync(\"dist\", {recursive: true,"
        + " force: true})'")).containsExactly("rm -rf -- dist");
    assertThat(inner("perl -e 'system(\"git\", \"reset\", \"--hard\")'"))
        .containsExactly("git reset --hard");
    assertThat(inner("perl -e 'my $x = `git stash clear`;'"))
        .containsExactly("git stash clear");
    assertThat(inner("ruby -e 'require \"fileutils\"; FileUtils.rm_rf(\"tmp/work\")'"))
        .containsExactly("rm -rf -- tmp/work");
    assertThat(inner("ruby -e 'system \"git checkout -- .\"'"))
        .containsExactly("git checkout -- .");
  }

  @Test
  void wrappersAndHereStringsReachTheInterpreter() {
    assertThat(inner("timeout 5 python3 -c 'import os; os.system(\"git clean -fd\")'"))
        .containsExactly("git clean -fd");
    assertThat(inner("python3 <<< 'import os; os.system(\"git clean -fd\")'"))
        .containsExactly("git clean -fd");
    assertThat(inner("sh -c \"python3 -c 'import os; os.system(\\\"git clean -fd\\\")'\""))
        .containsExactly("git clean -fd");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "python3 -c 'print(\"os.system(\\\"git reset --hard\\\")\")'",
      "python3 -c 'import os  # os.system(\"git reset --hard\")'",
      "python3 -c 'help(os.system)'",
      "node -e 'console.log(\"execSync(\\\"git checkout -- .\\\")\")'",
      "node -e '/re/.exec(\"git reset --hard\")'",
      "perl -e 'print \"system(git reset --hard)\\n\"'",
      "ruby -e 'puts \"FileUtils.rm_rf(\\\"src\\\")\"'",
      "python3 script.py --reset-hard",
      "python3 -m pip install requests",
  })
  void aMentionRunsNothing(String command) {
    assertThat(inner(command)).isEmpty();
    assertThat(parse(command).problems()).isEmpty();
  }

  @Test
  void aComputedGitCommandStopsTheReading() {
    Script s = parse("python3 -c 'import subprocess, sys; subprocess.run(\"git \" + sys.argv[1],"
        + " shell=True)' 'reset --hard'");
    assertThat(s.complete()).isFalse();
    assertThat(s.problems().get(0).reason()).contains("computed when it runs");
  }

  @Test
  void aComputedCommandThatNamesNoGitOrRemovalIsLeftAlone() {
    Script s = parse("python3 -c 'import subprocess, sys; subprocess.run(sys.argv[1:])' ls -la");
    assertThat(s.complete()).isTrue();
  }

  @Test
  void codeKnownOnlyWhenItRunsStopsTheReadingWhenItMayRemove() {
    Script s = parse("python3 -c \"$(cat <<'EOF'\nimport shutil\nshutil.rmtree('src')\nEOF\n)\"");
    assertThat(s.complete()).isFalse();
    Script harmless = parse("python3 -c \"$(cat <<'EOF'\nprint(42)\nEOF\n)\"");
    assertThat(harmless.complete()).isTrue();
  }

  @Test
  void attachedCodeIsRead() {
    assertThat(inner("python3 -c'import os; os.system(\"git clean -fd\")'"))
        .containsExactly("git clean -fd");
    assertThat(inner("perl -ne 'print' file.txt")).isEmpty();
    assertThat(inner("perl -lne 'system(\"git clean -fd\")' list")).containsExactly(
        "git clean -fd");
  }
}
