package dev.groundskeeper.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigLayers;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.GitFacts;
import dev.groundskeeper.git.files.FileSystemFacts;
import dev.groundskeeper.host.EffectRegistry;
import dev.groundskeeper.host.Host;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedding example of README.md, run against a real repository. */
class ReadmeEmbeddingTest {

  @TempDir
  Path temp;

  @Test
  void theReadmeExampleDeniesAForcedDeletionThatWouldLoseACommit() throws Exception {
    Path repo = temp.resolve("repo");
    git(temp, "init", "-q", "-b", "main", repo.toString());
    git(repo, "commit", "-q", "--allow-empty", "-m", "initial");
    git(repo, "switch", "-q", "-c", "feat/x");
    git(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    git(repo, "switch", "-q", "main");
    Map<String, String> environment = Map.of("HOME", temp.toString());

    Decision decision = embed(repo, repo, environment, "s1", "git branch -D feat/x");

    assertThat(decision.denied()).isTrue();
    assertThat(decision.message()).contains("branches.force-removal", "feat/x");
  }

  @Test
  void theHostExampleDeniesItToo() throws Exception {
    Path repo = temp.resolve("repo");
    git(temp, "init", "-q", "-b", "main", repo.toString());
    git(repo, "commit", "-q", "--allow-empty", "-m", "initial");
    git(repo, "switch", "-q", "-c", "feat/x");
    git(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    git(repo, "switch", "-q", "main");
    Map<String, String> environment = Map.of("HOME", temp.toString());

    Host.Handled denied = embedWithHost(repo, environment, "s1", "git branch -D feat/x");
    assertThat(denied.decision().denied()).isTrue();
    assertThat(denied.decision().message()).contains("branches.force-removal", "feat/x");
  }

  private static Host.Handled embedWithHost(Path cwd, Map<String, String> environment,
      String sessionId, String command) {
    // snippet: readme-embed
    Host host = Host.builder()
        .environment(environment)       // HOME, XDG_CONFIG_HOME: which configuration files apply
        .build();                       // once; thread-safe, rebuilds the policy only on a change
    Host.Handled handled = host.handle( // judge, then perform the decision's effects
        new Event.CommandEvent(EventContext.of(sessionId, cwd), command));
    if (handled.decision().denied()) {
      System.out.println(handled.decision().message()); // refuse the tool call with this text
    }
    EffectRegistry.print(handled.effects(), System.err); // effects not done, and undo lines
    // end snippet
    return handled;
  }

  private static Decision embed(Path repoRoot, Path cwd, Map<String, String> environment,
      String sessionId, String command) {
    // snippet: readme-embed-policy
    Policy policy = Policy.builder()
        .discover(Thread.currentThread().getContextClassLoader()) // every RuleProvider found
        .config(ConfigLayers.discover(cwd, environment))           // user and repository files
        .exclude("branches.duplicate-stem")                        // optional rule-id globs
        .build();                                                  // once; immutable, shareable
    Facts facts = FileSystemFacts.register(Facts.builder(), repoRoot)
        .value(Facts.NOW, Instant.now())
        .fallback(GitFacts.forDirectory(cwd, RepositorySettings.defaults()))
        .build();                                                  // per event
    Decision decision = policy.evaluate(
        new Event.CommandEvent(EventContext.of(sessionId, cwd), command), facts);
    if (decision.denied()) {
      System.out.println(decision.message()); // refuse the tool call with this text
    }
    // end snippet
    return decision;
  }

  private static void git(Path directory, String... args) throws IOException, InterruptedException {
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    Process process = new ProcessBuilder(command).directory(directory.toFile())
        .redirectErrorStream(true).start();
    process.getInputStream().readAllBytes();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(String.join(" ", command)).isZero();
  }
}
