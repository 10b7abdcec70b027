package dev.groundskeeper.cli.install;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstallCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A person's Claude Code settings: four-space indent, other keys, another tool's hooks. */
  static final String EXISTING = """
      {
          "model": "opus",
          "permissions": {
              "allow": ["Bash(npm test)"]
          },
          "hooks": {
              "PreToolUse": [
                  {
                      "matcher": "Bash",
                      "hooks": [{"type": "command", "command": "/opt/audit/log-command"}]
                  }
              ],
              "Notification": [
                  {"hooks": [{"type": "command", "command": "notify-send done"}]}
              ]
          },
          "statusLine": {"type": "command", "command": "~/bin/status"}
      }
      """;

  @TempDir
  Path temp;

  Machine machine;

  @BeforeEach
  void setUp() {
    machine = new Machine(temp);
  }

  private String command(Runner runner) {
    return machine.launcher + " hook --runner " + runner.id;
  }

  @Test
  void intoNoFileItCreatesTheSettingsWithEveryHookTheRulesRead() throws IOException {
    Machine.Run run = machine.install("--runner", "claude");

    Path file = machine.file(Runner.CLAUDE, Scope.USER);
    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out()).contains("created " + file);
    JsonNode hooks = JSON.readTree(Files.readString(file)).path("hooks");
    assertThat(hooks.size()).isEqualTo(Machine.CLAUDE.size());
    assertThat(hooks.path("PreToolUse").get(0).path("matcher").asText())
        .isEqualTo("Bash|Write|Edit|MultiEdit|Task|Agent");
    assertThat(hooks.path("PostToolUse").get(0).path("matcher").asText())
        .isEqualTo("Bash|Write|Edit|MultiEdit|NotebookEdit");
    assertThat(hooks.path("Stop").get(0).has("matcher")).isFalse();
    JsonNode hook = hooks.path("Stop").get(0).path("hooks").get(0);
    assertThat(hook.path("command").asText()).isEqualTo(command(Runner.CLAUDE));
    assertThat(hook.path("type").asText()).isEqualTo("command");
    assertThat(hook.path("timeout").asInt()).isEqualTo(30);
    assertThat(Files.readString(file)).startsWith("{\n  \"hooks\": {\n    \"PreToolUse\": [\n");
    assertThat(Machine.backups(file)).as("no backup of a file that did not exist").isEmpty();
  }

  @Test
  void intoExistingSettingsOnlyAddsAndKeepsEveryOtherByteInItsPlace() throws IOException {
    Path file = machine.file(Runner.CLAUDE, Scope.USER);
    Machine.write(file, EXISTING);

    Machine.Run run = machine.install("--runner", "claude");

    assertThat(run.code()).as(run.err()).isZero();
    String installed = Files.readString(file);
    assertThat(isSubsequence(EXISTING, installed)).as("only insertions").isTrue();
    JsonNode settings = JSON.readTree(installed);
    assertThat(settings.fieldNames()).toIterable()
        .containsExactly("model", "permissions", "hooks", "statusLine");
    JsonNode preToolUse = settings.path("hooks").path("PreToolUse");
    assertThat(preToolUse).hasSize(2);
    assertThat(preToolUse.get(0).path("hooks").get(0).path("command").asText())
        .isEqualTo("/opt/audit/log-command");
    assertThat(settings.path("hooks").path("Notification")).hasSize(1);
    // the file's own four-space indentation
    assertThat(installed)
        .contains("\n" + " ".repeat(24) + "\"command\": \"" + command(Runner.CLAUDE));
    assertThat(Machine.backups(file)).singleElement()
        .satisfies(backup -> assertThat(Files.readString(backup)).isEqualTo(EXISTING));
    assertThat(Machine.backups(file).get(0).getFileName().toString())
        .isEqualTo("settings.json.groundskeeper-backup-20261202T010000Z");
  }

  @Test
  void aSecondRunChangesNothingAndSaysSo() throws IOException {
    Path file = machine.file(Runner.CLAUDE, Scope.USER);
    Machine.write(file, EXISTING);
    machine.install("--runner", "claude");
    String once = Files.readString(file);

    Machine.Run again = machine.install("--runner", "claude");

    assertThat(again.code()).isZero();
    assertThat(again.out()).contains("already installed in " + file + "; nothing changed");
    assertThat(Files.readString(file)).isEqualTo(once);
    assertThat(Machine.backups(file)).hasSize(1);
  }

  @Test
  void dryRunPrintsTheDiffAndWritesNothing() throws IOException {
    Path file = machine.file(Runner.CLAUDE, Scope.USER);
    Machine.write(file, EXISTING);

    Machine.Run run = machine.install("--runner", "claude", "--dry-run");

    assertThat(run.code()).isZero();
    assertThat(run.out()).contains("would change " + file, "--- " + file, "+++ " + file, "@@ -")
        .contains("+" + " ".repeat(24) + "\"command\": \"" + command(Runner.CLAUDE) + "\",")
        .contains("\n+            },\n+            {\n");
    assertThat(run.out().lines().filter(line -> line.startsWith("-") && !line.startsWith("--- ")))
        .as("only additions").isEmpty();
    assertThat(Files.readString(file)).isEqualTo(EXISTING);
    assertThat(Machine.backups(file)).isEmpty();
  }

  @Test
  void dryRunIntoNoFileWritesNoFile() {
    Machine.Run run = machine.install("--runner", "codex", "--dry-run");

    Path file = machine.file(Runner.CODEX, Scope.USER);
    assertThat(run.out()).contains("would create " + file, "--- /dev/null", "+{");
    assertThat(file).doesNotExist();
    assertThat(file.getParent()).doesNotExist();
  }

  @Test
  void uninstallGivesBackTheOriginalBytes() throws IOException {
    Path file = machine.file(Runner.CLAUDE, Scope.USER);
    Machine.write(file, EXISTING);
    machine.install("--runner", "claude");

    Machine.Run run = machine.uninstall("--runner", "claude");

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out()).contains("removed Groundskeeper's hooks from " + file);
    assertThat(Files.readString(file)).isEqualTo(EXISTING);
    assertThat(machine.uninstall("--runner", "claude").out())
        .contains("no Groundskeeper hook in " + file + "; nothing changed");
  }

  @Test
  void uninstallOfAFileInstallCreatedLeavesAnEmptyObject() throws IOException {
    machine.install("--runner", "claude");
    machine.uninstall("--runner", "claude");

    assertThat(Files.readString(machine.file(Runner.CLAUDE, Scope.USER))).isEqualTo("{}\n");
  }

  @Test
  void aMalformedFileIsAnErrorThatChangesNothing() throws IOException {
    Path file = machine.file(Runner.CLAUDE, Scope.USER);
    String broken = "{\n  \"model\": \"opus\",\n  \"hooks\": {\n}\n";
    Machine.write(file, broken);

    Machine.Run run = machine.install("--runner", "claude");

    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err()).contains(file + ":5:1: the file ends in the middle of a value",
        "nothing was changed");
    assertThat(Files.readString(file)).isEqualTo(broken);
    assertThat(Machine.backups(file)).isEmpty();
    assertThat(machine.uninstall("--runner", "claude").code()).isEqualTo(2);
    assertThat(Files.readString(file)).isEqualTo(broken);
  }

  @Test
  void aCommentIsMalformedForClaudeCodeButReadForGemini() throws IOException {
    String commented = "{\n  // mine\n  \"theme\": \"dark\"\n}\n";
    Path claude = machine.file(Runner.CLAUDE, Scope.USER);
    Path gemini = machine.file(Runner.GEMINI, Scope.USER);
    Machine.write(claude, commented);
    Machine.write(gemini, commented);

    assertThat(machine.install("--runner", "claude").err()).contains("a comment");
    Machine.Run run = machine.install("--runner", "gemini");

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(Files.readString(gemini)).startsWith("{\n  // mine\n  \"theme\": \"dark\",\n");
    assertThat(Files.readString(claude)).isEqualTo(commented);
  }

  @Test
  void anOldOrHandWrittenEntryIsReplacedAndAnotherToolsHookInTheSameGroupKept()
      throws IOException {
    Path file = machine.file(Runner.CLAUDE, Scope.USER);
    Machine.write(file, """
        {
          "hooks": {
            "Stop": [
              {
                "hooks": [
                  {"type": "command", "command": "/old/checkout/bin/groundskeeper hook"},
                  {"type": "command", "command": "say done"}
                ]
              }
            ]
          }
        }
        """);

    machine.install("--runner", "claude");

    JsonNode stop = JSON.readTree(Files.readString(file)).path("hooks").path("Stop");
    assertThat(stop).hasSize(2);
    assertThat(stop.get(0).path("hooks")).singleElement()
        .satisfies(hook -> assertThat(hook.path("command").asText()).isEqualTo("say done"));
    assertThat(stop.get(1).path("hooks").get(0).path("command").asText())
        .isEqualTo(command(Runner.CLAUDE));
    assertThat(Files.readString(file)).doesNotContain("/old/checkout");
  }

  @Test
  void eachRunnerGetsItsOwnShape() throws IOException {
    machine.install("--runner", "codex");
    machine.install("--runner", "gemini");
    machine.install("--runner", "cursor");

    JsonNode codex = JSON.readTree(Files.readString(machine.home.resolve(".codex/hooks.json")));
    assertThat(codex.fieldNames()).toIterable().containsExactly("hooks");
    assertThat(codex.path("hooks").path("PreToolUse").get(0).has("matcher")).isFalse();
    assertThat(codex.path("hooks").path("Stop").get(0).path("hooks").get(0).path("command")
        .asText()).isEqualTo(command(Runner.CODEX));

    JsonNode gemini = JSON.readTree(Files.readString(
        machine.home.resolve(".gemini/settings.json")));
    JsonNode beforeTool = gemini.path("hooks").path("BeforeTool").get(0);
    assertThat(beforeTool.path("matcher").asText())
        .isEqualTo("^(run_shell_command|write_file|replace)$");
    assertThat(beforeTool.path("hooks").get(0).path("timeout").asInt()).isEqualTo(30_000);
    assertThat(beforeTool.path("hooks").get(0).path("name").asText()).isEqualTo("groundskeeper");

    JsonNode cursor = JSON.readTree(Files.readString(machine.home.resolve(".cursor/hooks.json")));
    assertThat(cursor.path("version").asInt()).isEqualTo(1);
    assertThat(cursor.path("hooks").path("beforeShellExecution").get(0).path("command").asText())
        .isEqualTo(command(Runner.CURSOR));
    assertThat(cursor.path("hooks").path("preToolUse").get(0).path("matcher").asText())
        .isEqualTo("Write|StrReplace|Edit|MultiEdit");
  }

  @Test
  void theRunnersOwnHomeVariablesAreHonoured() {
    machine.env.put("CODEX_HOME", temp.resolve("codex-home").toString());
    machine.env.put("CLAUDE_CONFIG_DIR", temp.resolve("claude-config").toString());

    machine.install("--runner", "codex");
    machine.install("--runner", "claude");

    assertThat(temp.resolve("codex-home/hooks.json")).exists();
    assertThat(temp.resolve("claude-config/settings.json")).exists();
    assertThat(machine.home.resolve(".codex")).doesNotExist();
  }

  @Test
  void projectAndLocalScopesWriteAtTheRepositoryRoot() {
    machine.inProject();

    machine.install("--runner", "claude", "--scope", "project");
    machine.install("--runner", "claude", "--scope", "local");
    machine.install("--runner", "cursor", "--scope", "project");

    assertThat(machine.project.resolve(".claude/settings.json")).exists();
    assertThat(machine.project.resolve(".claude/settings.local.json")).exists();
    assertThat(machine.project.resolve(".cursor/hooks.json")).exists();
    assertThat(machine.install("--runner", "codex", "--scope", "local").err())
        .contains("Codex CLI has no local settings");
  }

  @Test
  void projectScopeOutsideARepositoryIsAnError() {
    Machine.Run run = machine.install("--runner", "claude", "--scope", "project");

    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err()).contains("--scope project needs a repository");
  }

  @Test
  void allInstallsIntoEveryRunnerFoundAndNamesTheOthers() {
    machine.has(Runner.CLAUDE).has(Runner.GEMINI);

    Machine.Run run = machine.install();

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(machine.file(Runner.CLAUDE, Scope.USER)).exists();
    assertThat(machine.file(Runner.GEMINI, Scope.USER)).exists();
    assertThat(machine.file(Runner.CODEX, Scope.USER)).doesNotExist();
    assertThat(run.out()).contains("not found: codex (no " + machine.home.resolve(".codex"),
        "not found: cursor");
  }

  @Test
  void aRunnerIsAlsoFoundByItsProgramOnThePath() throws IOException {
    Path bin = Files.createDirectories(temp.resolve("bin"));
    Path codex = Files.writeString(bin.resolve("codex"), "#!/bin/sh\n");
    codex.toFile().setExecutable(true);
    machine.env.put("PATH", bin.toString());

    machine.install();

    assertThat(machine.file(Runner.CODEX, Scope.USER)).exists();
  }

  @Test
  void allWithNoRunnerFoundIsAnErrorThatSaysWhereItLooked() {
    Machine.Run run = machine.install();

    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err()).contains("no runner found", "no " + machine.home.resolve(".claude"),
        "name one with --runner");
  }

  @Test
  void aSymbolicLinkToTheSettingsStaysALink() throws IOException {
    Path real = temp.resolve("dotfiles/claude-settings.json");
    Machine.write(real, "{\"model\": \"opus\"}\n");
    Path file = machine.file(Runner.CLAUDE, Scope.USER);
    Files.createDirectories(file.getParent());
    Files.createSymbolicLink(file, real);

    machine.install("--runner", "claude");

    assertThat(Files.isSymbolicLink(file)).isTrue();
    assertThat(Files.readString(real)).contains("\"hooks\"", "\"model\": \"opus\"");
  }

  @Test
  void aLauncherPathWithSpacesIsQuotedForTheShell() {
    Launcher launcher = new Launcher(Path.of("/home/a b/gk/bin/groundskeeper"));

    String command = launcher.command(Runner.CLAUDE);

    assertThat(command).isEqualTo("'/home/a b/gk/bin/groundskeeper' hook --runner claude");
    assertThat(Launcher.runsHook(command)).isTrue();
    assertThat(Launcher.program(command)).contains("/home/a b/gk/bin/groundskeeper");
  }

  @Test
  void onlyALaunchersHookVerbIsRecognisedAsGroundskeepers() {
    assertThat(Launcher.runsHook("/x/bin/groundskeeper hook")).isTrue();
    assertThat(Launcher.runsHook("groundskeeper hook --runner codex")).isTrue();
    assertThat(Launcher.runsHook("/x/bin/groundskeeper sweep")).isFalse();
    assertThat(Launcher.runsHook("/x/bin/groundskeeper-audit hook")).isFalse();
    assertThat(Launcher.runsHook("echo groundskeeper hook")).isFalse();
    assertThat(Launcher.runsHook("")).isFalse();
  }

  @Test
  void unknownRunnerOrScopeIsAClearError() {
    assertThat(machine.install("--runner", "vim").err()).contains("unknown runner `vim`");
    assertThat(machine.install("--runner", "claude", "--scope", "team").err())
        .contains("unknown scope `team`");
  }

  static boolean isSubsequence(String small, String large) {
    int at = 0;
    for (int i = 0; i < large.length() && at < small.length(); i++) {
      if (large.charAt(i) == small.charAt(at)) {
        at++;
      }
    }
    return at == small.length();
  }
}
