package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.rules.branches.LedgerEffect;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One registry performs every effect: built-ins first, then the SPI's, each reported. */
class EffectRegistryTest {

  @TempDir
  Path temp;

  record Ping(String name) implements Effect {
    @Override
    public String describe() {
      return "ping " + name;
    }
  }

  /** Performs pings, and claims ledger effects too (which it must never get). */
  static final class Pings implements EffectPerformer {
    final List<Effect> seen = new ArrayList<>();

    @Override
    public boolean handles(Effect effect) {
      return effect instanceof Ping || effect instanceof LedgerEffect;
    }

    @Override
    public List<EffectReport> perform(List<Effect> effects, EffectContext context) {
      seen.addAll(effects);
      return effects.stream().map(e -> EffectReport.done(e, "ponged", List.of())).toList();
    }
  }

  private Host host(EffectPerformer performer) {
    return Host.builder().environment(Map.of("HOME", temp.toString()))
        .effectPerformer(performer).build();
  }

  private Facts facts(Host host, Workspace workspace) {
    return host.facts(workspace, host.policies().defaults(),
        new dev.groundskeeper.api.Event.SweepRequest(
            dev.groundskeeper.api.EventContext.of("s", workspace.directory())));
  }

  @Test
  void anAddedPerformerGetsItsEffectsButNeverABuiltInOne() {
    Path repo = Git.init(temp.resolve("repo"));
    Pings pings = new Pings();
    Host host = host(pings);
    Workspace workspace = host.workspace(repo);
    Effect ledger = new LedgerEffect.StartTurn("s");
    List<EffectReport> reports = host.effects().perform(List.of(new Ping("a"), ledger),
        workspace, facts(host, workspace));
    assertThat(pings.seen).containsExactly(new Ping("a"));
    assertThat(reports).extracting(EffectReport::status)
        .containsExactly(EffectReport.Status.DONE, EffectReport.Status.DONE);
    assertThat(BranchLedgerStore.read(BranchLedgerStore.fileFor(repo.resolve(".git")))
        .prompts("s")).isEqualTo(1);
  }

  @Test
  void anEffectNobodyPerformsIsRefusedAndNamed() {
    Path repo = Git.init(temp.resolve("repo"));
    Host host = Host.builder().environment(Map.of("HOME", temp.toString())).build();
    Workspace workspace = host.workspace(repo);
    List<EffectReport> reports = host.effects().perform(List.of(new Ping("b")), workspace,
        facts(host, workspace));
    assertThat(reports).singleElement().satisfies(r -> {
      assertThat(r.status()).isEqualTo(EffectReport.Status.REFUSED);
      assertThat(r.message()).contains("no executor");
    });
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    EffectRegistry.print(reports, new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo("groundskeeper: ping b: no executor for it\n");
  }

  @Test
  void outsideARepositoryNothingIsPerformed() {
    Pings pings = new Pings();
    Host host = host(pings);
    Workspace outside = host.workspace(temp);
    List<EffectReport> reports = host.effects().perform(List.of(new Ping("c")), outside,
        facts(host, outside));
    assertThat(pings.seen).isEmpty();
    assertThat(reports).singleElement().extracting(EffectReport::message).asString()
        .contains("outside a repository");
  }

  @Test
  void aPerformerThatThrowsFailsItsEffectsOnly() {
    Path repo = Git.init(temp.resolve("repo"));
    EffectPerformer broken = new EffectPerformer() {
      @Override
      public boolean handles(Effect effect) {
        return effect instanceof Ping;
      }

      @Override
      public List<EffectReport> perform(List<Effect> effects, EffectContext context) {
        throw new IllegalStateException("disk on fire");
      }
    };
    Host host = host(broken);
    Workspace workspace = host.workspace(repo);
    List<EffectReport> reports = host.effects().perform(List.of(new Ping("d"),
        new LedgerEffect.StartTurn("s")), workspace, facts(host, workspace));
    assertThat(reports).extracting(EffectReport::status)
        .containsExactly(EffectReport.Status.FAILED, EffectReport.Status.DONE);
    assertThat(reports.get(0).message()).contains("disk on fire");
  }

  @Test
  void aRepositoryEffectReCheckesItsProof() {
    Path repo = Git.init(temp.resolve("repo"));
    Git.run(repo, "branch", "topic");
    Host host = host(new Pings());
    Workspace workspace = host.workspace(repo);
    String wrongTip = "0".repeat(40);
    List<EffectReport> reports = host.effects().perform(
        List.of(new RepoEffect.DeleteBranch("topic", wrongTip)), workspace,
        facts(host, workspace));
    assertThat(reports).singleElement().extracting(EffectReport::status)
        .isNotEqualTo(EffectReport.Status.DONE);
    assertThat(Git.run(repo, "branch", "--list", "topic")).contains("topic");
  }
}
