package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A long-lived process asks for the policy on every event and rebuilds it only on a change. */
class PolicyLoaderTest {

  @TempDir
  Path temp;

  private Path repo;
  private PolicyCache cache;

  @BeforeEach
  void repository() {
    repo = Git.init(temp.resolve("repo"));
    cache = PolicyCache.create();
  }

  private PolicyLoader loader() {
    return Host.builder().environment(Map.of("HOME", temp.resolve("home").toString()))
        .policyCache(cache).build().policies();
  }

  private Mode modeOf(Policy policy, String id) {
    return policy.rules().stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow()
        .mode();
  }

  @Test
  void anUnchangedConfigurationIsBuiltOnceAcrossHostsOfOneCache() throws Exception {
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "branches:\n  wip:\n    cap: 7\n");
    Policy first = loader().load(Workspace.locate(repo));
    long built = cache.builds();
    Policy second = loader().load(Workspace.locate(repo.resolve("sub")));
    assertThat(second).isSameAs(first);
    assertThat(cache.builds()).isEqualTo(built);
  }

  @Test
  void theConfiguredPluginsAreReadOncePerDistinctTexts() {
    AtomicInteger reads = new AtomicInteger();
    List<String> first = cache.configuredPlugins(List.of("engine:\n  plugins: [a.jar]\n"), () -> {
      reads.incrementAndGet();
      return List.of("a.jar");
    });
    List<String> again = cache.configuredPlugins(List.of("engine:\n  plugins: [a.jar]\n"), () -> {
      reads.incrementAndGet();
      return List.of("never read");
    });
    List<String> edited = cache.configuredPlugins(List.of("engine:\n  plugins: [b.jar]\n"), () -> {
      reads.incrementAndGet();
      return List.of("b.jar");
    });
    assertThat(first).containsExactly("a.jar");
    assertThat(again).containsExactly("a.jar");
    assertThat(edited).containsExactly("b.jar");
    assertThat(reads).hasValue(2);
  }

  @Test
  void anEditedFileIsSeenOnTheNextLoad() throws Exception {
    Path file = repo.resolve(".groundskeeper.yaml");
    Files.writeString(file, "branches:\n  wip:\n    cap: 7\n");
    PolicyLoader loader = loader();
    Policy before = loader.load(Workspace.locate(repo));
    long built = cache.builds();
    Files.writeString(file, "branches:\n  wip:\n    cap: 5\n");
    Policy after = loader.load(Workspace.locate(repo));
    assertThat(after).isNotSameAs(before);
    assertThat(after.config().get(Host.BRANCHES).wip().cap()).isEqualTo(5);
    assertThat(cache.builds()).isEqualTo(built + 1);
    // Back to the first text: the first policy is still cached.
    Files.writeString(file, "branches:\n  wip:\n    cap: 7\n");
    assertThat(loader.load(Workspace.locate(repo))).isSameAs(before);
    assertThat(cache.builds()).isEqualTo(built + 1);
  }

  @Test
  void aFileAddedWhereThereWasNoneIsSeen() throws Exception {
    PolicyLoader loader = loader();
    Policy none = loader.load(Workspace.locate(repo));
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "engine:\n  exclude: []\n");
    assertThat(loader.load(Workspace.locate(repo))).isNotSameAs(none);
  }

  @Test
  void anInvalidFileIsAnErrorAndTheDefaultsStillJudge() throws Exception {
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "branches:\n  remtoe: x\n");
    Host host = Host.builder().environment(Map.of("HOME", temp.toString())).build();
    assertThatThrownBy(() -> host.policies().load(Workspace.locate(repo)))
        .isInstanceOf(ConfigException.class).hasMessageContaining("remote");
    List<String> notes = new java.util.ArrayList<>();
    Policy policy = host.policyOrDefaults(Workspace.locate(repo), notes);
    assertThat(policy.rules()).isNotEmpty();
    assertThat(modeOf(policy, "branches.force-removal")).isEqualTo(Mode.BLOCK);
    assertThat(notes).singleElement().asString().contains("remtoe", "embedded defaults");
  }

  @Test
  void theFingerprintNamesTheFileAndItsContent() throws Exception {
    Path file = repo.resolve(".groundskeeper.yaml");
    Files.writeString(file, "branches:\n  remote: upstream\n");
    var layers = dev.groundskeeper.api.config.ConfigLayers.discover(repo, Map.of());
    ConfigFingerprint a = ConfigFingerprint.of(layers, List.of());
    assertThat(ConfigFingerprint.of(layers, List.of())).isEqualTo(a);
    assertThat(a.layers()).singleElement().asString().contains(file.toString(),
        ConfigFingerprint.sha256("branches:\n  remote: upstream\n"));
  }
}
