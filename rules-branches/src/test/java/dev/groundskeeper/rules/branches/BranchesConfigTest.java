package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.config.ConfigException;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.config.ConfigLoader;
import dev.groundskeeper.api.config.ConfigSpec;
import dev.groundskeeper.api.repo.RepositorySettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BranchesConfigTest {

  private static final ConfigSpec<BranchesConfig> SPEC =
      new ConfigSpec<>("branches", BranchesConfig.class, BranchesConfig.DEFAULTS);

  private static BranchesConfig load(String yaml) {
    return ConfigLoader.load(List.of(new ConfigLayer("repository",
        Optional.of(Path.of("/repo/.groundskeeper.yaml")), yaml)), List.of(SPEC), Set.of())
        .get(SPEC);
  }

  private static String problems(String yaml) {
    try {
      load(yaml);
    } catch (ConfigException e) {
      return e.getMessage();
    }
    throw new AssertionError("expected a configuration problem");
  }

  @Test
  void aRepositoryWithoutTheBlockGetsEveryDefault() {
    BranchesConfig config = load("");
    assertThat(config).isEqualTo(BranchesConfig.DEFAULTS);
    assertThat(config.defaultBranch()).isEqualTo("auto");
    assertThat(config.remote()).isEqualTo("origin");
    assertThat(config.integrationLines()).isEmpty();
    assertThat(config.exempt()).isEmpty();
    assertThat(config.protectedNames()).containsExactly("main", "master", "develop", "trunk");
    assertThat(config.wip()).isEqualTo(new BranchesConfig.Wip(10, Mode.BLOCK, true));
    assertThat(config.duplicates().mode()).isEqualTo(Mode.WARN);
    assertThat(config.dormancy().preset()).isEqualTo(BranchesConfig.Preset.STANDARD);
    assertThat(config.dormancy().mode()).isEqualTo(Mode.BLOCK);
    assertThat(config.stopGuard())
        .isEqualTo(new BranchesConfig.StopGuard(Mode.BLOCK, Mode.BLOCK, false));
    assertThat(config.forceRemoval().mode()).isEqualTo(Mode.BLOCK);
    assertThat(config.evacuation().mode()).isEqualTo(Mode.BLOCK);
    assertThat(config.cleanupAfterMerge().mode()).isEqualTo(Mode.ADVISE);
    assertThat(config.sweep()).isEqualTo(new BranchesConfig.Sweep(3000, 50));
  }

  @Test
  void theStandardPresetIsSevenFourteenThirty() {
    BranchesConfig.Dormancy dormancy = load("").dormancy();
    assertThat(List.of(dormancy.effectiveAdvisoryDays(), dormancy.effectiveNoisyDays(),
        dormancy.effectiveBlockDays())).containsExactly(7, 14, 30);
  }

  @Test
  void theStrictPresetIsThreeThreeSeven() {
    BranchesConfig.Dormancy dormancy = load("branches:\n  dormancy: {preset: strict}\n")
        .dormancy();
    assertThat(List.of(dormancy.effectiveAdvisoryDays(), dormancy.effectiveNoisyDays(),
        dormancy.effectiveBlockDays())).containsExactly(3, 3, 7);
  }

  @Test
  void anExplicitStageOverridesThePresetsValueOnly() {
    BranchesConfig.Dormancy dormancy =
        load("branches:\n  dormancy: {preset: strict, block_days: 10}\n").dormancy();
    assertThat(List.of(dormancy.effectiveAdvisoryDays(), dormancy.effectiveNoisyDays(),
        dormancy.effectiveBlockDays())).containsExactly(3, 3, 10);
  }

  @Test
  void invertedEffectiveStagesAreAnErrorNamingTheKeys() {
    assertThat(problems("branches:\n  dormancy:\n    noisy_days: 30\n")).contains(
        "branches.dormancy", "1 <= advisory_days <= noisy_days < block_days",
        "advisory_days 7 (preset)", "noisy_days 30", "block_days 30 (preset)",
        "preset standard");
  }

  @Test
  void aRefusedKeyIsNamedOnceNotAfterItsBlockAgain() {
    assertThat(problems("branches:\n  dormancy:\n    noisy_days: 30\n"))
        .contains("branches.dormancy: the effective stages must satisfy")
        .doesNotContain("branches.dormancy: branches.dormancy");
    assertThat(problems("branches:\n  exempt: [\"\"]\n"))
        .contains("branches.exempt[0]: an empty entry matches nothing")
        .doesNotContain("branches: branches.exempt");
    assertThat(problems("branches:\n  cleanup_after_merge: {regenerable: [\"untracked/**\"]}\n"))
        .contains("branches.cleanup_after_merge.regenerable[0]: `untracked/**` matches")
        .doesNotContain("branches.cleanup_after_merge: branches.cleanup_after_merge");
  }

  @Test
  void anOverrideValidUnderOnePresetCanBeInvalidUnderTheOther() {
    assertThat(load("branches:\n  dormancy: {advisory_days: 5}\n").dormancy()
        .effectiveAdvisoryDays()).isEqualTo(5);
    assertThat(problems("branches:\n  dormancy: {preset: strict, advisory_days: 5}\n"))
        .contains("advisory_days 5, noisy_days 3 (preset)");
  }

  @Test
  void stagesBelowOneAreRefusedByTheirBounds() {
    assertThat(problems("branches:\n  dormancy: {advisory_days: 0}\n"))
        .contains("branches.dormancy.advisory_days: must be at least 1, got 0");
  }

  @Test
  void modesAcceptOnlyTheirWords() {
    assertThat(problems("branches:\n  duplicates: {mode: block}\n"))
        .contains("branches.duplicates.mode", "`warn`, `off`");
    assertThat(problems("branches:\n  force_removal: {mode: warn}\n"))
        .contains("branches.force_removal.mode", "`block`, `off`");
    assertThat(problems("branches:\n  cleanup_after_merge: {mode: block}\n"))
        .contains("branches.cleanup_after_merge.mode", "`act`, `advise`, `off`");
    assertThat(problems("branches:\n  stop_guard: {unpushed_subagent: warn}\n"))
        .contains("branches.stop_guard.unpushed_subagent", "`block`, `advise`, `off`");
  }

  @Test
  void theCapIsAtLeastOne() {
    assertThat(problems("branches:\n  wip: {cap: 0}\n")).contains("branches.wip.cap");
  }

  @Test
  void aRegenerableGlobCoveringTheScratchDirectoryIsRefused() {
    assertThat(problems("branches:\n  cleanup_after_merge: {regenerable: [\"untracked/**\"]}\n"))
        .contains("branches.cleanup_after_merge.regenerable[0]", "untracked/scratch/");
    assertThat(problems("branches:\n  cleanup_after_merge: {regenerable: [\"*.md\"]}\n"))
        .contains("regenerable[0]");
  }

  @Test
  void regenerablePathsFollowTheGlobs() {
    BranchesConfig.CleanupAfterMerge cleanup = BranchesConfig.DEFAULTS.cleanupAfterMerge();
    assertThat(cleanup.isRegenerable(".venv/lib/site.py")).isTrue();
    assertThat(cleanup.isRegenerable("pkg/__pycache__/a.pyc")).isTrue();
    assertThat(cleanup.isRegenerable("__pycache__/a.pyc")).isTrue();
    assertThat(cleanup.isRegenerable("target/classes/A.class")).isTrue();
    assertThat(cleanup.isRegenerable("untracked/scratch/notes.md")).isFalse();
    assertThat(cleanup.isRegenerable("notes/todo.md")).isFalse();
  }

  @Test
  void stopMarkersAreLoadedWithTheirPlaceholders() {
    BranchesConfig config = load("""
        branches:
          stop_guard:
            yield_markers: [untracked/usage-pause.json, /var/run/release-state.json]
            handoff_markers: ["untracked/handoff/{session}-{agent}.json"]
        """);
    assertThat(config.stopGuard().yieldMarkers())
        .containsExactly("untracked/usage-pause.json", "/var/run/release-state.json");
    assertThat(config.stopGuard().handoffMarkers())
        .containsExactly("untracked/handoff/{session}-{agent}.json");
    assertThat(BranchesConfig.DEFAULTS.stopGuard().yieldMarkers()).isEmpty();
    assertThat(BranchesConfig.DEFAULTS.stopGuard().handoffMarkers()).isEmpty();
  }

  @Test
  void aStopMarkerWithAnUnknownPlaceholderAStrayBraceOrNothingIsRefused() {
    assertThat(problems("branches:\n  stop_guard: {yield_markers: [\"p/{user}.json\"]}\n"))
        .contains("branches.stop_guard.yield_markers[0]", "`{user}` is not a placeholder",
            "{session} or {agent}");
    assertThat(problems("branches:\n  stop_guard: {handoff_markers: [ok, \"h/{agent.json\"]}\n"))
        .contains("branches.stop_guard.handoff_markers[1]", "unmatched brace");
    assertThat(problems("branches:\n  stop_guard: {yield_markers: [\" \"]}\n"))
        .contains("branches.stop_guard.yield_markers[0]", "matches nothing");
  }

  @Test
  void aRemoteIsOneName() {
    assertThat(problems("branches:\n  remote: origin/main\n"))
        .contains("branches.remote", "origin/main");
  }

  @Test
  void theGitModuleReadsTheRepositoryWithTheseSettings() {
    BranchesConfig config = load("""
        branches:
          default: trunk
          remote: upstream
          integration_lines: ["release/*"]
          exempt: ["users/**"]
          dormancy: {preset: strict}
        """);
    RepositorySettings settings = config.repositorySettings();
    assertThat(settings.defaultBranch()).isEqualTo("trunk");
    assertThat(settings.remote()).isEqualTo("upstream");
    assertThat(settings.isIntegrationLine("release/2.0")).isTrue();
    assertThat(settings.isExempt("users/ann/x")).isTrue();
    assertThat(settings.dormancy()).isEqualTo(RepositorySettings.DormancyDays.STRICT);
  }

  @Test
  void theDefaultsAreValidatedLikeAnyValue() {
    assertThatThrownBy(() -> new BranchesConfig.Dormancy(BranchesConfig.Preset.STANDARD,
        Optional.of(20), Optional.empty(), Optional.empty(), Mode.BLOCK))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("advisory_days 20, noisy_days 14 (preset)");
  }
}
