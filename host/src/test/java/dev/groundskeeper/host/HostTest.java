package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host judges a real event in a real repository and acts on the decision. */
class HostTest {

  @TempDir
  Path temp;

  private Host host() {
    return Host.builder().environment(Map.of("HOME", temp.resolve("home").toString())).build();
  }

  @Test
  void aForcedDeletionThatWouldLoseACommitIsDenied() {
    Path repo = Git.init(temp.resolve("repo"));
    Git.run(repo, "switch", "-q", "-c", "feat/x");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
    Host.Handled handled = host().handle(new Event.CommandEvent(EventContext.of("s", repo),
        "git branch -D feat/x"));
    assertThat(handled.decision().denied()).isTrue();
    assertThat(handled.decision().message()).contains("branches.force-removal", "feat/x");
    assertThat(handled.workspace().root()).contains(repo);
  }

  @Test
  void aPromptIsCountedInTheLedgerWhenTheDecisionIsActedOn() {
    Path repo = Git.init(temp.resolve("repo"));
    Host host = host();
    Event prompt = new Event.PromptSubmitted(EventContext.of("s", repo), "hello");
    host.judge(prompt);
    Path ledger = BranchLedgerStore.fileFor(repo.resolve(".git"));
    assertThat(BranchLedgerStore.read(ledger).prompts("s")).isZero();
    Host.Handled handled = host.handle(prompt);
    assertThat(handled.effects()).isNotEmpty().allMatch(EffectReport::done);
    assertThat(BranchLedgerStore.read(ledger).prompts("s")).isEqualTo(1);
  }

  @Test
  void anInvalidConfigurationIsJudgedOnTheDefaultsWithANote() throws Exception {
    Path repo = Git.init(temp.resolve("repo"));
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "branches: [\n");
    Git.run(repo, "switch", "-q", "-c", "feat/y");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
    Host.Handled handled = host().handle(new Event.CommandEvent(EventContext.of("s", repo),
        "git branch -D feat/y"));
    assertThat(handled.decision().denied()).isTrue();
    assertThat(handled.decision().verdicts()).anyMatch(v -> v.ruleId()
        .equals(Host.CONFIGURATION_NOTE) && v.reason().contains("embedded defaults"));
  }
}
