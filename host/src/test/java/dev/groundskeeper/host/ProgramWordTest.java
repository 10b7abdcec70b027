package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.host.runner.RunnerAnswer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgramWordTest {

  @TempDir
  Path temp;

  private Path executable(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "#!/bin/sh\nexit 0\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }

  @Test
  void withoutALauncherCommandsKeepTheBareName() {
    ProgramWord word = ProgramWord.of(Map.of("PATH", "/usr/bin:/bin"));
    assertThat(word.word()).isEqualTo("groundskeeper");
    assertThat(word.onPath()).isTrue();
    assertThat(word.render("run groundskeeper branch clean")).isEqualTo("run groundskeeper branch clean");
  }

  @Test
  void aLauncherThatPathDoesNotFindIsNamedByItsQuotedPath() throws IOException {
    Path launcher = executable(temp.resolve("my checkout/bin/groundskeeper"));
    ProgramWord word = ProgramWord.of(Map.of("PATH", "/usr/bin:/bin",
        ProgramWord.LAUNCHER_VARIABLE, launcher.toString()));
    assertThat(word.onPath()).isFalse();
    assertThat(word.launcher()).contains(launcher);
    assertThat(word.word()).isEqualTo("'" + launcher + "'");
    assertThat(word.render("`groundskeeper branch clean` deletes it"))
        .isEqualTo("`'" + launcher + "' branch clean` deletes it");
  }

  @Test
  void aLinkOnPathToTheSameLauncherKeepsTheBareName() throws IOException {
    Path launcher = executable(temp.resolve("checkout/bin/groundskeeper"));
    Path bin = Files.createDirectories(temp.resolve("local-bin"));
    Files.createSymbolicLink(bin.resolve("groundskeeper"), launcher);
    ProgramWord word = ProgramWord.of(Map.of("PATH", "/nonexistent:" + bin + ":/usr/bin",
        ProgramWord.LAUNCHER_VARIABLE, launcher.toString()));
    assertThat(word.onPath()).isTrue();
    assertThat(word.word()).isEqualTo("groundskeeper");
  }

  @Test
  void anotherGroundskeeperFirstOnPathIsNotThisLauncher() throws IOException {
    Path launcher = executable(temp.resolve("new/bin/groundskeeper"));
    Path older = executable(temp.resolve("old/bin/groundskeeper"));
    ProgramWord word = ProgramWord.of(Map.of("PATH", older.getParent() + ":"
        + launcher.getParent(), ProgramWord.LAUNCHER_VARIABLE, launcher.toString()));
    assertThat(word.onPath()).isFalse();
    assertThat(word.word()).isEqualTo(launcher.toString());
  }

  @Test
  void aRelativeOrEmptyPathEntryDoesNotCount() throws IOException {
    Path launcher = executable(temp.resolve("bin/groundskeeper"));
    ProgramWord word = ProgramWord.of(Map.of("PATH", ":bin:.",
        ProgramWord.LAUNCHER_VARIABLE, launcher.toString()));
    assertThat(word.onPath()).isFalse();
  }

  @Test
  void aLauncherVariableNamingNothingUsableIsIgnored() {
    for (String value : List.of("relative/bin/groundskeeper", temp.resolve("missing").toString(),
        temp.toString())) {
      ProgramWord word = ProgramWord.of(Map.of(ProgramWord.LAUNCHER_VARIABLE, value));
      assertThat(word.word()).as(value).isEqualTo("groundskeeper");
    }
  }

  @Test
  void onlyTheProgramWordOfACommandIsRewritten() throws IOException {
    Path launcher = executable(temp.resolve("bin/groundskeeper"));
    ProgramWord word = ProgramWord.of(Map.of(ProgramWord.LAUNCHER_VARIABLE, launcher.toString()));
    String path = launcher.toString();
    assertThat(word.render("groundskeeper could not judge this call")).isEqualTo(
        "groundskeeper could not judge this call");
    assertThat(word.render("groundskeeper serve: stopped (idle)"))
        .isEqualTo("groundskeeper serve: stopped (idle)");
    assertThat(word.render("groundskeeper branch park: the push failed"))
        .isEqualTo("groundskeeper branch park: the push failed");
    assertThat(word.render("see ~/.groundskeeper/state and groundskeeper-cli-1.0.jar"))
        .isEqualTo("see ~/.groundskeeper/state and groundskeeper-cli-1.0.jar");
    assertThat(word.render("/opt/x/bin/groundskeeper hook --runner claude"))
        .isEqualTo("/opt/x/bin/groundskeeper hook --runner claude");
    assertThat(word.render("groundskeeper sweeps nothing")).isEqualTo("groundskeeper sweeps nothing");
    assertThat(word.render("(groundskeeper sweep lists them all)"))
        .isEqualTo("(" + path + " sweep lists them all)");
    assertThat(word.render("git stash && groundskeeper worktree add x --branch y"))
        .isEqualTo("git stash && " + path + " worktree add x --branch y");
    assertThat(word.render("groundskeeper undo")).isEqualTo(path + " undo");
    String once = word.render("`groundskeeper branch clean --yes`");
    assertThat(word.render(once)).as("rendering twice changes nothing").isEqualTo(once);
  }

  @Test
  void aDecisionIsRenderedInItsReasonsAndRemediesButNotItsFindings() throws IOException {
    Path launcher = executable(temp.resolve("a b/bin/groundskeeper"));
    ProgramWord word = ProgramWord.of(Map.of(ProgramWord.LAUNCHER_VARIABLE, launcher.toString()));
    Verdict verdict = Verdict.deny("branches.dormancy",
        "Idle. `groundskeeper branch park <name>` parks it.",
        Remedy.run("park it", "groundskeeper branch park x --reason \"<why>\""));
    Decision decision = word.render(Decision.of(List.of(verdict), Optional.empty()));
    String quoted = "'" + launcher + "'";
    assertThat(decision.verdicts().get(0).reason()).contains("`" + quoted + " branch park <name>`");
    assertThat(decision.verdicts().get(0).remedy().orElseThrow().commands())
        .containsExactly(quoted + " branch park x --reason \"<why>\"");
    assertThat(decision.message()).doesNotContain(" groundskeeper branch");
  }

  @Test
  void aJsonAnswerGetsTheWordJsonEscaped() throws IOException {
    Path launcher = executable(temp.resolve("it's \"here\"/bin/groundskeeper"));
    ProgramWord word = ProgramWord.of(Map.of(ProgramWord.LAUNCHER_VARIABLE, launcher.toString()));
    ObjectMapper json = new ObjectMapper();
    String message = "[42 more lines left out; `groundskeeper sweep` prints the whole report]";
    RunnerAnswer answer = word.render(RunnerAnswer.json(
        json.createObjectNode().put("systemMessage", message).toString()));
    String read = json.readTree(answer.stdout()).path("systemMessage").asText();
    assertThat(read).isEqualTo(word.render(message)).contains(word.word() + " sweep");
    RunnerAnswer plain = word.render(new RunnerAnswer(message, "", 0));
    assertThat(plain.stdout()).isEqualTo(word.render(message));
  }
}
