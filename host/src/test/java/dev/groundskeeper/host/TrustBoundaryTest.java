package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.config.EngineConfig;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A repository's own configuration may tighten every rule, and may not, until the user trusts
 * the repository, load plugins, switch off, soften or leave out a loss guard, weaken what a loss
 * guard reads, or move the store. Real repositories in a temporary directory; HOME and the
 * configuration directory point into it.
 */
class TrustBoundaryTest {

  @TempDir
  Path temp;

  private Path repo;
  private Path home;
  private Map<String, String> env;

  @BeforeEach
  void repository() throws Exception {
    repo = Git.init(temp.resolve("repo"));
    home = Files.createDirectories(temp.resolve("home"));
    env = Map.of("HOME", home.toString());
  }

  private Host host() {
    return Host.builder().environment(env).build();
  }

  private void repositoryFile(String yaml) throws Exception {
    Files.writeString(repo.resolve(".groundskeeper.yaml"), yaml);
  }

  private void userFile(String yaml) throws Exception {
    Path file = home.resolve(".config/groundskeeper/config.yaml");
    Files.createDirectories(file.getParent());
    Files.writeString(file, yaml);
  }

  private PolicyLoader.Loaded load() {
    return host().policies().loadReported(Workspace.locate(repo));
  }

  private static Optional<Mode> modeOf(Policy policy, String id) {
    return policy.rules().stream().filter(rule -> rule.id().equals(id)).findFirst()
        .map(ConfiguredRule::mode);
  }

  private void trust() {
    String root = Git.run(repo, "rev-list", "--max-parents=0", "HEAD");
    TrustList.read(env).with(new TrustList.Entry(TrustList.location(repo), root)).write();
  }

  @Test
  void aRepositoryCannotSwitchOffOrSoftenALossGuard() throws Exception {
    repositoryFile("branches:\n  force_removal:\n    mode: 'off'\n  evacuation:\n    mode: warn\n"
        + "  stop_guard:\n    mode: 'off'\n    unpushed_subagent: advise\n"
        + "changes:\n  discard: advise\n  delete: 'off'\n");
    PolicyLoader.Loaded loaded = load();
    for (String id : List.of("branches.force-removal", "branches.evacuation",
        "branches.stop-guard", "changes.discard", "changes.delete")) {
      assertThat(modeOf(loaded.policy(), id)).as(id).contains(Mode.BLOCK);
    }
    assertThat(loaded.policy().config().get(Host.BRANCHES).stopGuard().unpushedSubagent())
        .isEqualTo(Mode.BLOCK);
    assertThat(loaded.refused()).anyMatch(line -> line.startsWith("branches.force_removal.mode"))
        .anyMatch(line -> line.startsWith("changes.delete"))
        .anyMatch(line -> line.startsWith("branches.stop_guard.unpushed_subagent"));
    assertThat(loaded.untrustedCheckouts()).containsExactly(repo);
  }

  @Test
  void theRestOfAnUntrustedConfigurationStillApplies() throws Exception {
    repositoryFile("branches:\n  wip:\n    cap: 3\n  force_removal:\n    mode: 'off'\n"
        + "  dormancy:\n    preset: strict\n");
    Policy policy = load().policy();
    assertThat(policy.config().get(Host.BRANCHES).wip().cap()).isEqualTo(3);
    assertThat(policy.config().get(Host.BRANCHES).dormancy().effectiveBlockDays()).isEqualTo(7);
    assertThat(modeOf(policy, "branches.force-removal")).contains(Mode.BLOCK);
  }

  @Test
  void aRepositoryMayTightenWhatTheUserLoosened() throws Exception {
    userFile("branches:\n  force_removal:\n    mode: 'off'\n  stop_guard:\n    mode: warn\n"
        + "engine:\n  on_error: allow\n");
    repositoryFile("branches:\n  force_removal:\n    mode: block\n  stop_guard:\n    mode: block\n"
        + "    include_default: true\nengine:\n  on_error: deny\n");
    PolicyLoader.Loaded loaded = load();
    assertThat(loaded.refused()).isEmpty();
    assertThat(modeOf(loaded.policy(), "branches.force-removal")).contains(Mode.BLOCK);
    assertThat(modeOf(loaded.policy(), "branches.stop-guard")).contains(Mode.BLOCK);
    assertThat(loaded.policy().config().get(Host.BRANCHES).stopGuard().includeDefault()).isTrue();
    assertThat(loaded.policy().config().engine().onError()).isEqualTo(EngineConfig.OnError.DENY);
  }

  @Test
  void whatTheUserSwitchedOffStaysTheUsersChoice() throws Exception {
    userFile("branches:\n  force_removal:\n    mode: 'off'\n");
    repositoryFile("branches:\n  wip:\n    cap: 4\n");
    PolicyLoader.Loaded loaded = load();
    assertThat(loaded.refused()).isEmpty();
    assertThat(modeOf(loaded.policy(), "branches.force-removal")).contains(Mode.OFF);
  }

  @Test
  void anExcludeCannotDropALossGuardButStillDropsTheRest() throws Exception {
    repositoryFile("engine:\n  exclude: ['branches.*', 'changes.discard', 'scratch.shape']\n");
    PolicyLoader.Loaded loaded = load();
    Policy policy = loaded.policy();
    for (String id : List.of("branches.force-removal", "branches.remote-delete",
        "branches.evacuation", "branches.stop-guard", "changes.discard")) {
      assertThat(modeOf(policy, id)).as(id).contains(Mode.BLOCK);
    }
    assertThat(modeOf(policy, "branches.wip-cap")).isEmpty();
    assertThat(modeOf(policy, "scratch.shape")).isEmpty();
    assertThat(loaded.refused()).anyMatch(line -> line.startsWith("engine.exclude: `branches.*`")
        && line.contains("branches.force-removal"));
  }

  @Test
  void aGuardBroughtBackFromAnExcludedNamespaceKeepsItsTrustedSettings() throws Exception {
    // Found by TrustBoundaryPropertiesTest: the excluded namespace was never loaded, so its
    // softened key went uncompared and came back with the guard.
    repositoryFile("engine:\n  exclude: ['branches.*']\n"
        + "branches:\n  stop_guard:\n    unpushed_subagent: 'off'\n");
    Policy policy = load().policy();
    assertThat(modeOf(policy, "branches.stop-guard")).contains(Mode.BLOCK);
    assertThat(policy.config().get(Host.BRANCHES).stopGuard().unpushedSubagent())
        .isEqualTo(Mode.BLOCK);
  }

  @Test
  void anIncludeCannotLeaveALossGuardOut() throws Exception {
    repositoryFile("engine:\n  include: ['scratch.*']\n");
    PolicyLoader.Loaded loaded = load();
    assertThat(modeOf(loaded.policy(), "changes.delete")).contains(Mode.BLOCK);
    assertThat(modeOf(loaded.policy(), "branches.force-removal")).contains(Mode.BLOCK);
    assertThat(modeOf(loaded.policy(), "branches.wip-cap")).isEmpty();
    assertThat(loaded.refused()).anyMatch(line -> line.startsWith("engine.include"));
  }

  @Test
  void anOnErrorAllowCannotUndoTheUsersDeny() throws Exception {
    userFile("engine:\n  on_error: deny\n");
    repositoryFile("engine:\n  on_error: allow\n");
    assertThat(load().policy().config().engine().onError()).isEqualTo(EngineConfig.OnError.DENY);
  }

  @Test
  void anUntrustedRepositoryLoadsNoPlugin() throws Exception {
    // The path does not exist: loading it would fail the policy, so a policy proves it unloaded.
    repositoryFile("engine:\n  plugins: ['tools/evil.jar']\n");
    PolicyLoader.Loaded loaded = load();
    assertThat(loaded.policy().config().engine().plugins()).isEmpty();
    assertThat(loaded.refused()).anyMatch(line -> line.contains("tools/evil.jar")
        && line.contains("not loaded"));
    trust();
    assertThatThrownBy(this::load).isInstanceOf(HostException.class)
        .hasMessageContaining("evil.jar");
  }

  @Test
  void anUntrustedRepositoryCannotMoveTheStoreOrItsNotes() throws Exception {
    repositoryFile("worktrees:\n  home: /tmp/elsewhere\n  notes_dir: empty/notes\n"
        + "  redaction_patterns: []\n");
    WorktreesConfig config = load().policy().config().get(WorktreesConfig.spec());
    assertThat(config.home()).isEmpty();
    assertThat(config.notesDir()).isEqualTo(WorktreesConfig.DEFAULTS.notesDir());
    assertThat(config.redactionPatterns()).containsAll(WorktreesConfig.DEFAULT_REDACTIONS);
  }

  @Test
  void weakerListsLoseOnlyTheirWeakeningEntries() throws Exception {
    repositoryFile("branches:\n  protected_names: [main]\n"
        + "  cleanup_after_merge:\n    regenerable: ['src/**']\n"
        + "  stop_guard:\n    yield_markers: [.stop-now]\n");
    Policy policy = load().policy();
    assertThat(policy.config().get(Host.BRANCHES).protectedNames())
        .containsAll(List.of("main", "master", "develop", "trunk"));
    assertThat(policy.config().get(Host.BRANCHES).cleanupAfterMerge().regenerable())
        .doesNotContain("src/**");
    assertThat(policy.config().get(Host.BRANCHES).stopGuard().yieldMarkers())
        .doesNotContain(".stop-now");
  }

  @Test
  void branchSettingsThatDecideWhatIsMergedAreKept() throws Exception {
    repositoryFile("branches:\n  default: feat/everything\n  remote: nowhere\n"
        + "  integration_lines: ['feat/*']\n  exempt: ['*']\n");
    var branches = load().policy().config().get(Host.BRANCHES);
    assertThat(branches.defaultBranch()).isEqualTo("auto");
    assertThat(branches.remote()).isEqualTo("origin");
    assertThat(branches.integrationLines()).isEmpty();
    assertThat(branches.exempt()).isEmpty();
  }

  @Test
  void aTrustedRepositoryConfiguresEverything() throws Exception {
    repositoryFile("branches:\n  force_removal:\n    mode: 'off'\nengine:\n"
        + "  exclude: ['changes.*']\n");
    trust();
    PolicyLoader.Loaded loaded = load();
    assertThat(loaded.refused()).isEmpty();
    assertThat(modeOf(loaded.policy(), "branches.force-removal")).contains(Mode.OFF);
    assertThat(modeOf(loaded.policy(), "changes.discard")).isEmpty();
    // --remove puts the boundary back.
    TrustList.read(env).without(TrustList.location(repo)).write();
    assertThat(modeOf(load().policy(), "branches.force-removal")).contains(Mode.BLOCK);
  }

  @Test
  void anEntryWhoseRootCommitTheRepositoryLacksTrustsNothing() throws Exception {
    repositoryFile("branches:\n  force_removal:\n    mode: 'off'\n");
    TrustList.read(env).with(new TrustList.Entry(TrustList.location(repo),
        "0123456789abcdef0123456789abcdef01234567")).write();
    assertThat(modeOf(load().policy(), "branches.force-removal")).contains(Mode.BLOCK);
    // A commit that has a parent is no root, whatever the entry says.
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "second");
    TrustList.read(env).with(new TrustList.Entry(TrustList.location(repo),
        Git.run(repo, "rev-parse", "HEAD"))).write();
    assertThat(modeOf(load().policy(), "branches.force-removal")).contains(Mode.BLOCK);
  }

  @Test
  void aTrustListTheRepositoryWroteIsIgnored() throws Exception {
    repositoryFile("branches:\n  force_removal:\n    mode: 'off'\n");
    String root = Git.run(repo, "rev-list", "--max-parents=0", "HEAD");
    String claim = "{\"trusted\":[{\"location\":\"" + TrustList.location(repo)
        + "\",\"root_commit\":\"" + root + "\"}]}";
    // In the repository, where no configuration directory reads it ...
    Files.createDirectories(repo.resolve(".config/groundskeeper"));
    Files.writeString(repo.resolve(".config/groundskeeper/trusted.json"), claim);
    Files.writeString(repo.resolve(TrustList.FILE_NAME), claim);
    assertThat(modeOf(load().policy(), "branches.force-removal")).contains(Mode.BLOCK);
    // ... and even when the user's configuration directory is inside the repository.
    env = Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", repo.resolve(".config").toString());
    assertThat(TrustList.read(env).entries()).hasSize(1);
    assertThat(modeOf(load().policy(), "branches.force-removal")).contains(Mode.BLOCK);
  }

  @Test
  void anUnusableTrustListTrustsNothingAndSaysSo() throws Exception {
    repositoryFile("branches:\n  force_removal:\n    mode: 'off'\n");
    Path file = TrustList.file(env).orElseThrow();
    Files.createDirectories(file.getParent());
    Files.writeString(file, "{not json");
    PolicyLoader.Loaded loaded = load();
    assertThat(modeOf(loaded.policy(), "branches.force-removal")).contains(Mode.BLOCK);
    assertThat(loaded.refused()).anyMatch(line -> line.contains("trust list")
        && line.contains("not JSON"));
  }

  @Test
  void aRepositoryWithoutACommitIsTrustedUntilItsFirstCommit() throws Exception {
    Path empty = temp.resolve("empty");
    Git.run(temp, "init", "-q", "-b", "main", empty.toString());
    Files.writeString(empty.resolve(".groundskeeper.yaml"),
        "branches:\n  force_removal:\n    mode: 'off'\n");
    TrustList.read(env).with(new TrustList.Entry(TrustList.location(empty), TrustList.NO_COMMIT))
        .write();
    PolicyLoader loader = host().policies();
    assertThat(modeOf(loader.load(Workspace.locate(empty)), "branches.force-removal"))
        .contains(Mode.OFF);
    Git.run(empty, "commit", "-q", "--allow-empty", "-m", "first");
    assertThat(modeOf(loader.load(Workspace.locate(empty)), "branches.force-removal"))
        .contains(Mode.BLOCK);
  }

  @Test
  void theAttemptIsReportedOncePerSessionWithTheTrustCommand() throws Exception {
    repositoryFile("branches:\n  force_removal:\n    mode: 'off'\n");
    Host host = host();
    Event first = new Event.CommandEvent(EventContext.of("s1", repo), "git status");
    Optional<Verdict> report = host.judge(first).decision().verdicts().stream()
        .filter(v -> v.ruleId().equals(Host.TRUST_NOTE)).findFirst();
    assertThat(report).isPresent();
    assertThat(report.get().message()).contains("branches.force_removal.mode",
        "groundskeeper trust " + repo);
    assertThat(host.judge(first).decision().verdicts())
        .noneMatch(v -> v.ruleId().equals(Host.TRUST_NOTE));
    assertThat(host.judge(new Event.CommandEvent(EventContext.of("s2", repo), "git status"))
        .decision().verdicts()).anyMatch(v -> v.ruleId().equals(Host.TRUST_NOTE));
  }

  @Test
  void aForcedDeletionIsStillRefusedUnderAHostileFile() throws Exception {
    repositoryFile("branches:\n  force_removal:\n    mode: 'off'\n");
    Git.run(repo, "switch", "-q", "-c", "feat/x");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
    Host.Handled handled = host().judge(new Event.CommandEvent(EventContext.of("s", repo),
        "git branch -D feat/x"));
    assertThat(handled.decision().denied()).isTrue();
    assertThat(handled.decision().message()).contains("branches.force-removal", "feat/x");
  }
}
