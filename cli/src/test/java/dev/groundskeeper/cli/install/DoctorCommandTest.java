package dev.groundskeeper.cli.install;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DoctorCommandTest {

  @TempDir
  Path temp;

  Machine machine;

  @BeforeEach
  void setUp() {
    machine = new Machine(temp).has(Runner.CLAUDE);
  }

  private String fix(Runner runner, Scope scope) {
    return machine.launcher + " install --runner " + runner.id + " --scope " + scope.id;
  }

  @Test
  void healthyWhenEveryRunnerFoundIsRegisteredAndTheHookAnswers() {
    machine.install("--runner", "claude");

    Machine.Run run = machine.doctor();

    assertThat(run.code()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("launcher: " + machine.launcher,
        "claude: registered in " + machine.file(Runner.CLAUDE, Scope.USER),
        "claude: sample call ", "own JVM, exit 0", "codex: not found",
        "warm server: not running", "configuration: the embedded defaults; valid")
        .endsWith("healthy\n");
  }

  @Test
  void itSaysWhetherGroundskeeperOnPathIsThisLauncher() throws IOException {
    machine.install("--runner", "claude");

    Machine.Run off = machine.doctor();

    assertThat(off.out()).contains("PATH: groundskeeper is not on PATH",
        "remedies print the launcher's absolute path",
        "link it onto PATH: " + machine.launcher + " install --link");
    assertThat(off.code()).as("remedies run either way: not a finding").isZero();

    Path bin = Files.createDirectories(temp.resolve("local-bin"));
    Files.createSymbolicLink(bin.resolve("groundskeeper"), machine.launcher);
    machine.env.put("PATH", bin + ":" + machine.env.get("PATH"));

    Machine.Run on = machine.doctor("--json");

    assertThat(new ObjectMapper().readTree(on.out()).path("on_path").asBoolean()).isTrue();
    assertThat(machine.doctor().out()).contains("PATH: groundskeeper runs this launcher");
  }

  @Test
  void theSampleCallCarriesTheRunnersPayloadAndNeverStartsAServer() throws IOException {
    machine.install("--runner", "claude");
    Path seen = temp.resolve("seen");
    machine.launcherScript("{ echo \"$*\"; echo \"serve=$GROUNDSKEEPER_SERVE\"; cat; } > '" + seen
        + "'\necho '{}'\n");

    machine.doctor();

    String call = Files.readString(seen);
    assertThat(call).startsWith("hook --runner claude\nserve=off\n");
    JsonNode payload = new ObjectMapper().readTree(call.substring(call.indexOf('{')));
    assertThat(payload.path("hook_event_name").asText()).isEqualTo("PreToolUse");
    assertThat(payload.path("tool_input").path("command").asText()).isEqualTo("git status");
    assertThat(payload.path("session_id").asText()).startsWith("groundskeeper-doctor-");
    assertThat(Path.of(payload.path("cwd").asText())).doesNotExist(); // removed afterwards
  }

  @Test
  void withAServerUpTheSampleGoesThroughIt() throws IOException {
    machine.install("--runner", "claude");
    machine.serverUp = true;
    Path seen = temp.resolve("seen");
    machine.launcherScript("echo \"serve=${GROUNDSKEEPER_SERVE:-on}\" > '" + seen
        + "'\ncat >/dev/null\necho '{}'\n");

    Machine.Run run = machine.doctor();

    assertThat(Files.readString(seen)).isEqualTo("serve=on\n");
    assertThat(run.out()).contains("warm server: up", "(warm server, exit 0)");
  }

  @Test
  void aMissingEventOrMatcherIsDriftWithTheInstallThatFixesIt() {
    machine.install("--runner", "claude");
    Path file = machine.file(Runner.CLAUDE, Scope.USER);
    String text = Machine.read(file)
        .replace("\"matcher\": \"Bash|Write|Edit|MultiEdit|NotebookEdit\"", "\"matcher\": \"Bash\"")
        .replace("\"Stop\"", "\"Notification\"");
    Machine.write(file, text);

    Machine.Run run = machine.doctor();

    assertThat(run.code()).isEqualTo(1);
    assertThat(run.out()).contains("claude user: Stop is not registered",
        "claude user: PostToolUse does not match the tool Write",
        "claude user: PostToolUse does not match the tool NotebookEdit",
        "fix: " + fix(Runner.CLAUDE, Scope.USER));
    // and the fix fixes it
    machine.install("--runner", "claude");
    assertThat(machine.doctor().code()).isZero();
  }

  @Test
  void aRegistrationWhoseLauncherNoLongerExistsIsAFinding() {
    Path file = machine.file(Runner.CLAUDE, Scope.USER);
    machine.install("--runner", "claude");
    Machine.write(file, Machine.read(file).replace(machine.launcher.toString(),
        "/gone/checkout/bin/groundskeeper"));

    Machine.Run run = machine.doctor();

    assertThat(run.code()).isEqualTo(1);
    assertThat(run.out()).contains("the hook runs /gone/checkout/bin/groundskeeper, which no"
        + " longer exists", "fix: " + fix(Runner.CLAUDE, Scope.USER));
  }

  @Test
  void aRunnerFoundButNotRegisteredIsAFinding() {
    Machine.Run run = machine.doctor();

    assertThat(run.code()).isEqualTo(1);
    assertThat(run.out()).contains("claude: not registered",
        "claude: Claude Code is on this machine but does not call Groundskeeper",
        "fix: " + machine.launcher + " install --runner claude");
  }

  @Test
  void aMalformedSettingsFileIsAFindingNamingWhere() {
    Machine.write(machine.file(Runner.CLAUDE, Scope.USER), "{\"hooks\": [}\n");

    Machine.Run run = machine.doctor();

    assertThat(run.code()).isEqualTo(1);
    assertThat(run.out()).contains(machine.file(Runner.CLAUDE, Scope.USER) + ":1:12:",
        "fix: repair " + machine.file(Runner.CLAUDE, Scope.USER));
  }

  @Test
  void aHookThatFailsOrCannotJudgeIsAFinding() {
    machine.install("--runner", "claude");
    machine.launcherScript("cat >/dev/null\necho 'broken jar' >&2\nexit 1\n");

    Machine.Run failing = machine.doctor();

    assertThat(failing.code()).isEqualTo(1);
    assertThat(failing.out()).contains("claude: the sample call exited with 1: broken jar",
        "fix: see the whole answer: printf '%s' '{");

    machine.launcherAnswers("{\"systemMessage\":\"groundskeeper could not judge this call\"}");
    assertThat(machine.doctor().out()).contains("the sample call was answered without judging");
  }

  @Test
  void aMissingJarIsAFindingFixedByBuilding() throws IOException {
    machine.install("--runner", "claude");
    Files.delete(machine.launcher.getParent().resolveSibling("cli/target/groundskeeper.jar"));

    Machine.Run run = machine.doctor();

    assertThat(run.out()).contains("groundskeeper.jar is missing",
        "fix: " + machine.launcher + " --version");
  }

  @Test
  void configurationProblemsAreFindings() {
    machine.install("--runner", "claude");
    machine.configProblems.add("/repo/.groundskeeper.yaml:2:3: branches.wipp: unknown key");

    Machine.Run run = machine.doctor();

    assertThat(run.code()).isEqualTo(1);
    assertThat(run.out()).contains("configuration: /repo/.groundskeeper.yaml:2:3: branches.wipp",
        "config show");
  }

  @Test
  void geminisOwnSwitchOffIsAFinding() {
    machine.has(Runner.GEMINI);
    machine.install("--runner", "claude");
    machine.install("--runner", "gemini");
    Path file = machine.file(Runner.GEMINI, Scope.USER);
    Machine.write(file, Machine.read(file)
        .replaceFirst("\\{", "{\"hooksConfig\": {\"enabled\": false},"));

    Machine.Run run = machine.doctor();

    assertThat(run.out()).contains("sets hooksConfig.enabled to false");
  }

  @Test
  void withoutItsOwnLauncherDoctorCannotRun() throws IOException {
    Files.delete(machine.launcher);

    assertThat(machine.doctor().code()).isEqualTo(2);
  }

  @Test
  void jsonReportsTheSameFindings() throws IOException {
    Machine.Run run = machine.doctor("--json");

    JsonNode report = new ObjectMapper().readTree(run.out());
    assertThat(report.path("healthy").asBoolean()).isFalse();
    assertThat(report.path("findings").get(0).path("fix").asText())
        .isEqualTo(machine.launcher + " install --runner claude");
    assertThat(report.path("runners").get(0).path("runner").asText()).isEqualTo("claude");
    assertThat(report.path("runners").get(0).path("registered").asBoolean()).isFalse();

    machine.install("--runner", "claude");
    JsonNode healthy = new ObjectMapper().readTree(machine.doctor("--json").out());
    assertThat(healthy.path("healthy").asBoolean()).isTrue();
    assertThat(healthy.path("runners").get(0).path("sample").path("ok").asBoolean()).isTrue();
  }

  @Test
  void claudeCodesDisableAllHooksIsAFinding() {
    machine.install("--runner", "claude");
    Path file = machine.file(Runner.CLAUDE, Scope.USER);
    Machine.write(file, Machine.read(file).replaceFirst("\\{", "{\"disableAllHooks\": true,"));

    Machine.Run run = machine.doctor();

    assertThat(run.code()).isEqualTo(1);
    assertThat(run.out()).contains("claude user: " + file + " sets disableAllHooks to true",
        "fix: delete \"disableAllHooks\": true from " + file);
    Machine.write(file, Machine.read(file).replace("\"disableAllHooks\": true,",
        "\"disableAllHooks\": false,"));
    assertThat(machine.doctor().out()).doesNotContain("disableAllHooks");
  }

  /** The config.toml that trusts every hook install wrote into a fresh hooks.json. */
  private String trustingEveryHook(Path hooksJson) {
    StringBuilder toml = new StringBuilder("model = \"gpt-5.5\" # a comment\n"
        + "[[profiles.list]]\nname = 'x'\n"
        + "[mcp_servers.docs]\nargs = [\n  \"-y\", # spread over lines\n  \"docs]\",\n]\n");
    for (Registration registration : Runner.CODEX.registrations(Machine.RULE_EVENTS)) {
      toml.append("\n[hooks.state.\"").append(CodexConfig.key(hooksJson.toString(),
          registration.event(), 0, 0)).append("\"]\ntrusted_hash = \"sha256:0123\"\n");
    }
    return toml.toString();
  }

  /** Claude Code and Codex installed (Claude Code is found in every test); Codex's hooks.json. */
  private Path codexInstalled() {
    machine.has(Runner.CODEX);
    machine.install("--runner", "claude");
    machine.install("--runner", "codex");
    return machine.file(Runner.CODEX, Scope.USER);
  }

  @Test
  void codexHooksNotYetTrustedOrTurnedOffAreFindings() {
    Path hooks = codexInstalled();
    Path config = machine.home.resolve(".codex/config.toml");

    Machine.Run fresh = machine.doctor();
    assertThat(fresh.code()).isEqualTo(1);
    assertThat(fresh.out()).contains("codex user: Codex has not trusted Groundskeeper's"
        + " PreToolUse, PostToolUse, ", "hooks in " + hooks + " yet",
        "fix: start codex and trust the hooks it asks you to review");

    Machine.write(config, trustingEveryHook(hooks));
    Machine.Run trusted = machine.doctor();
    assertThat(trusted.out()).as(trusted.out()).doesNotContain("codex user:").endsWith(
        "healthy\n");

    String stopKey = CodexConfig.key(hooks.toString(), "Stop", 0, 0);
    Machine.write(config, trustingEveryHook(hooks).replace("[hooks.state.\"" + stopKey + "\"]\n",
        "[hooks.state.\"" + stopKey + "\"]\nenabled = false\n"));
    assertThat(machine.doctor().out()).contains(
        "codex user: " + config + " turns off Groundskeeper's Stop hook in " + hooks,
        "fix: delete enabled = false under [hooks.state.\"" + stopKey + "\"]");
  }

  @Test
  void codexsFeatureSwitchOffIsAFindingUnderEitherName() {
    Path hooks = codexInstalled();
    Path config = machine.home.resolve(".codex/config.toml");

    for (String off : List.of("[features]\nhooks = false\n", "features.codex_hooks = false\n",
        "features = { hooks = false, shell_tool = true }\n")) {
      Machine.write(config, off + trustingEveryHook(hooks));
      assertThat(machine.doctor().out()).as(off).contains("codex: " + config
          + " turns hooks off under [features], so Codex runs no hook",
          "fix: set hooks = true under [features] in " + config);
    }
    Machine.write(config, "[features]\ncodex_hooks = false\nhooks = true\n"
        + trustingEveryHook(hooks));
    assertThat(machine.doctor().out()).doesNotContain("turns hooks off");
  }

  @Test
  void aConfigTomlDoctorCannotReadIsSaidNotGuessed() {
    machine.has(Runner.CODEX);
    machine.install("--runner", "codex");
    Path config = machine.home.resolve(".codex/config.toml");
    Machine.write(config, "[features\nhooks = false\n");

    Machine.Run run = machine.doctor();

    assertThat(run.out()).contains("codex: " + config + ": line 1: expected `]`; whether Codex"
        + " runs the hooks was not checked").doesNotContain("turns hooks off");
  }
}
