package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.host.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * groundskeeper log over a log that many Host.handle calls wrote (the runtime every runner's hook
 * goes through), with GROUNDSKEEPER_HOME in a temporary directory.
 */
class LogCommandTest {

  @TempDir
  Path temp;

  private Path repo;
  private CliRunner cli;
  private Map<String, String> env;

  @BeforeEach
  void setUp() throws IOException {
    repo = Git.init(temp.resolve("repo"));
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "log:\n  decisions: all\n");
    Git.run(repo, "switch", "-q", "-c", "feat/x");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
    cli = CliRunner.builtInRulesOnly(temp);
    cli.env("GROUNDSKEEPER_HOME", temp.resolve("gk").toString());
    env = Map.of("HOME", cli.home().toString(), "XDG_CONFIG_HOME", temp.resolve("xdg").toString(),
        "GROUNDSKEEPER_HOME", temp.resolve("gk").toString());
  }

  /** Calls handle at {@code at}, every rule taking 1 µs by the host's counter. */
  private void handle(Instant at, String command) {
    AtomicLong ticks = new AtomicLong();
    Host host = Host.builder().environment(env).clock(Clock.fixed(at, ZoneOffset.UTC))
        .nanoTime(() -> ticks.addAndGet(1000)).build();
    host.handle(new Event.CommandEvent(EventContext.of("s1", repo), command), "claude-code");
  }

  @Test
  void manyCallsAreListedFilteredAndSummarised() throws IOException {
    Instant old = CliRunner.NOW.minus(Duration.ofDays(3));
    handle(old, "git branch -D feat/x");
    for (int i = 0; i < 40; i++) {
      handle(CliRunner.NOW.minus(Duration.ofMinutes(40 - i)), "git status");
    }
    handle(CliRunner.NOW, "git branch -D feat/x");

    CliRunner.Result all = cli.run(repo, "log");
    assertThat(all.exit()).as(all.err()).isZero();
    assertThat(all.output().lines().filter(line -> line.startsWith("20"))).hasSize(42);
    assertThat(all.output()).contains(old + "  deny  claude-code  command  git branch -D feat/x")
        .contains("    deny  branches.force-removal (block)  0.001 ms");

    CliRunner.Result recent = cli.run(repo, "log", "--since", "1h");
    assertThat(recent.output().lines().filter(line -> line.startsWith("20"))).hasSize(41);
    CliRunner.Result since = cli.run(repo, "log", "--since", CliRunner.NOW.toString());
    assertThat(since.output().lines().filter(line -> line.startsWith("20"))).hasSize(1);

    JsonNode denials = Json.MAPPER.readTree(cli.run(repo, "log", "--json", "--rule",
        "branches.*").out()).get("entries");
    assertThat(denials).hasSize(42);

    JsonNode stats = Json.MAPPER.readTree(cli.run(repo, "log", "--stats", "--json").out());
    assertThat(stats.get("calls").get("calls").asLong()).isEqualTo(42);
    assertThat(stats.get("calls").get("denials").asLong()).isEqualTo(2);
    JsonNode force = null;
    for (JsonNode row : stats.get("rules")) {
      if (row.get("name").asText().equals("branches.force-removal")) {
        force = row;
      }
    }
    assertThat(force).isNotNull();
    assertThat(force.get("calls").asLong()).isEqualTo(42);
    assertThat(force.get("denials").asLong()).isEqualTo(2);
    assertThat(force.get("p50_nanos").asLong()).isEqualTo(1000);
    assertThat(force.get("p99_nanos").asLong()).isEqualTo(1000);
    assertThat(stats.get("calls").get("p50_nanos").asLong()).isGreaterThan(1000);

    CliRunner.Result text = cli.run(repo, "log", "--stats");
    assertThat(text.output()).startsWith("RULE").containsPattern(
        "(?m)^\\(whole calls\\) +42 +2 +0 ").containsPattern(
        "(?m)^branches\\.force-removal +42 +2 +0 +0\\.001 ms +0\\.001 ms +0\\.001 ms$");
  }

  @Test
  void anEmptyLogSaysWhereItLooked() {
    CliRunner.Result result = cli.run(repo, "log");
    assertThat(result.exit()).isZero();
    assertThat(result.output()).isEqualTo("no decisions recorded in "
        + temp.resolve("gk").resolve("state").resolve("decisions.log"));
  }

  @Test
  void aBadSinceIsABadUsage() {
    CliRunner.Result result = cli.run(repo, "log", "--since", "yesterday");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("--since yesterday is neither an instant");
  }
}
