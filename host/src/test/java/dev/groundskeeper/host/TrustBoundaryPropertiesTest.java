package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigLayer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * For any mix of hostile settings in an untrusted repository's file (over any mix in the user's
 * file), no guarded setting ends weaker than the user's own layers make it, and every loss guard
 * the user's layers run still runs at no softer mode.
 */
class TrustBoundaryPropertiesTest {

  private static Path temp;
  private static Path repo;

  /** Hostile (and a few harmless or tightening) settings, each a key path and a value. */
  private static final List<Map.Entry<String, Object>> SETTINGS = List.of(
      Map.entry("branches.force_removal.mode", "off"),
      Map.entry("branches.evacuation.mode", "warn"),
      Map.entry("branches.evacuation.mode", "off"),
      Map.entry("branches.stop_guard.mode", "warn"),
      Map.entry("branches.stop_guard.unpushed_subagent", "off"),
      Map.entry("branches.stop_guard.include_default", false),
      Map.entry("branches.stop_guard.include_default", true),
      Map.entry("branches.stop_guard.yield_markers", List.of(".pause")),
      Map.entry("branches.stop_guard.handoff_markers", List.of(".handoff")),
      Map.entry("branches.protected_names", List.of()),
      Map.entry("branches.protected_names", List.of("main", "release")),
      Map.entry("branches.exempt", List.of("*")),
      Map.entry("branches.integration_lines", List.of("feat/*")),
      Map.entry("branches.remote", "elsewhere"),
      Map.entry("branches.default", "feat/all"),
      Map.entry("branches.cleanup_after_merge.regenerable", List.of("src/**", "node_modules/")),
      Map.entry("branches.wip.cap", 2),
      Map.entry("changes.discard", "advise"),
      Map.entry("changes.delete", "off"),
      Map.entry("engine.on_error", "allow"),
      Map.entry("engine.on_error", "deny"),
      Map.entry("engine.exclude", List.of("branches.*")),
      Map.entry("engine.exclude", List.of("changes.*", "scratch.*")),
      Map.entry("engine.include", List.of("scratch.*")),
      Map.entry("worktrees.home", "/tmp/elsewhere"),
      Map.entry("worktrees.notes_dir", "other"),
      Map.entry("worktrees.redaction_patterns", List.of()));

  @BeforeContainer
  static void repository() throws IOException {
    temp = Files.createTempDirectory("trust-properties");
    repo = Git.init(temp.resolve("repo"));
  }

  @AfterContainer
  static void cleanUp() throws IOException {
    try (var walk = Files.walk(temp)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  @Provide
  Arbitrary<List<Map.Entry<String, Object>>> settings() {
    return Arbitraries.of(SETTINGS).list().ofMaxSize(8);
  }

  @Property(tries = 25)
  void noUntrustedFileEndsWeakerThanTheTrustedLayers(
      @ForAll("settings") List<Map.Entry<String, Object>> user,
      @ForAll("settings") List<Map.Entry<String, Object>> repository) throws IOException {
    Path home = Files.createTempDirectory(temp, "home");
    Map<String, String> env = Map.of("HOME", home.toString());
    write(home.resolve(".config/groundskeeper/config.yaml"), user);
    write(repo.resolve(".groundskeeper.yaml"), repository);
    Host host = Host.builder().environment(env).build();
    PolicyLoader.Loaded loaded = host.policies().loadReported(Workspace.locate(repo));
    List<ConfigLayer> trustedLayers = dev.groundskeeper.api.config.ConfigLayers.discover(repo,
        env).stream().filter(layer -> layer.name().equals("user")).toList();
    Policy trusted = host.policies().discovering(List.of()).config(trustedLayers).build();

    assertThat(TrustBoundary.weakenedGuards(trusted, loaded.policy())).isEmpty();
    for (TrustBoundary.Guarded setting : TrustBoundary.SETTINGS) {
      Optional<Object> kept = trusted.config().value(setting.path());
      Optional<Object> now = loaded.policy().config().value(setting.path());
      if (kept.isPresent() && now.isPresent()) {
        assertThat(TrustBoundary.restore(setting.kind(), kept.get(), now.get()))
            .as(setting.path()).isEmpty();
      }
    }
  }

  private static void write(Path file, List<Map.Entry<String, Object>> settings) {
    Map<String, Object> merged = new LinkedHashMap<>();
    settings.forEach(entry -> merged.put(entry.getKey(), entry.getValue()));
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, TrustBoundary.yaml(merged));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
