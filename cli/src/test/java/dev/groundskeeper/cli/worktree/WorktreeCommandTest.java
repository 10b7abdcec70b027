package dev.groundskeeper.cli.worktree;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.FactsBuilder;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.config.ConfigLayers;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.GitFacts;
import dev.groundskeeper.host.worktree.Worktrees;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class WorktreeCommandTest {

  @TempDir
  Path temp;

  Path repo;
  Path storeHome;
  final Map<String, String> env = new HashMap<>();
  Clock clock = Clock.systemUTC();

  record Run(int code, String out, String err) {
    JsonNode json() throws IOException {
      return new ObjectMapper().readTree(out);
    }
  }

  @BeforeEach
  void repository() throws IOException {
    Path base = temp.toRealPath();
    Path home = Files.createDirectories(base.resolve("home"));
    storeHome = home.resolve(".gk");
    env.put("HOME", home.toString());
    env.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
    env.put("GROUNDSKEEPER_HOME", storeHome.toString());
    env.put("GIT_CONFIG_NOSYSTEM", "1");
    env.put("PATH", "/usr/bin:/bin");
    env.put("GIT_AUTHOR_NAME", "T");
    env.put("GIT_AUTHOR_EMAIL", "t@example.com");
    env.put("GIT_COMMITTER_NAME", "T");
    env.put("GIT_COMMITTER_EMAIL", "t@example.com");
    repo = Files.createDirectories(base.resolve("repo"));
    git(repo, "init", "-q", "-b", "main");
    Files.writeString(repo.resolve("README.md"), "hi\n");
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "first");
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"", "add", "list", "prune"})
  void helpParagraphsAreWrappedByTheHelpNotBrokenEarly(String verb) {
    String[] args = verb.isEmpty() ? new String[] {"--help"} : new String[] {verb, "--help"};
    List<String> lines = run(repo, args).out().lines().toList();

    // The description: after the usage lines, before the first option or parameter. picocli
    // wraps a long line below 80 columns; a line that ends well before that with the next
    // word on a line of its own was broken by hand.
    int start = 1;
    while (start < lines.size() && lines.get(start).startsWith(" ")) {
      start++;
    }
    for (int i = start; i + 1 < lines.size() && !lines.get(i + 1).startsWith("  "); i++) {
      String line = lines.get(i);
      String next = lines.get(i + 1);
      if (line.isBlank() || next.isBlank()) {
        continue;
      }
      String firstWord = next.strip().split(" ")[0];
      assertThat(line.length() + 1 + firstWord.length())
          .as("'%s' breaks before '%s', which would still fit in the help's width", line,
              firstWord)
          .isGreaterThan(78);
    }
  }

  private Run run(Path cwd, String... args) {
    CommandLine cli = new CommandLine(command(cwd, () -> Policy.builder()
        .discover(WorktreeCommand.class.getClassLoader())
        .config(ConfigLayers.discover(cwd, env)).build()));
    // As the main command does: writers over byte streams that flush only on println.
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    cli.setOut(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true));
    cli.setErr(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true));
    int code = cli.execute(args);
    return new Run(code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /**
   * The command with a policy, and the facts a hook would compose: the clock, the store's place
   * and the repository's facts.
   */
  private WorktreeCommand command(Path cwd, Supplier<Policy> policy) {
    return new WorktreeCommand(env, cwd, clock, policy, (loaded, event) -> {
      FactsBuilder facts = Facts.builder().supplier(Facts.NOW, f -> Instant.now());
      Worktrees.store(loaded.config(), env).location().offerTo(facts);
      return facts.fallback(GitFacts.forDirectory(cwd, RepositorySettings.defaults())).build();
    });
  }

  private String git(Path dir, String... args) {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(env);
    try {
      Process process = builder.start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor()).as(out).isZero();
      return out;
    } catch (IOException | InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private Path addMerged(String name) throws IOException {
    Run added = run(repo, "add", name);
    assertThat(added.code()).as(added.err()).isZero();
    Path path = Path.of(added.out().strip().replace("~", env.get("HOME")));
    Files.writeString(path.resolve(name + ".txt"), name + "\n");
    git(path, "add", "-A");
    git(path, "commit", "-q", "-m", "work " + name);
    git(repo, "merge", "-q", "--no-ff", "-m", "merge", name);
    return path;
  }

  @Test
  void addPrintsThePathInTheStore() throws IOException {
    Run run = run(repo, "add", "fix-login");

    String root = git(repo, "rev-parse", "HEAD").strip();
    assertThat(run.code()).isZero();
    assertThat(run.out()).isEqualTo("~/.gk/worktrees/" + root + "/fix-login\n");
    assertThat(storeHome.resolve("worktrees").resolve(root).resolve("fix-login")).isDirectory();
  }

  @Test
  void addPrintsJson() throws IOException {
    Run run = run(repo, "add", "fix-login", "--json");

    assertThat(run.code()).isZero();
    assertThat(run.json().get("path").asText()).startsWith("~/.gk/worktrees/")
        .endsWith("/fix-login");
  }

  @Test
  void addRefusesWithExitTwoAndWritesNothing() {
    Run run = run(repo, "add", "../escape");

    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err()).contains("one plain segment").contains("choose a name such as escape");
    assertThat(run.out()).isEmpty();
    assertThat(storeHome).doesNotExist();
  }

  @Test
  void addWithAnExistingBranchNeedsTheBranchOption() {
    git(repo, "branch", "feature");

    Run refused = run(repo, "add", "feature");
    Run checkedOut = run(repo, "add", "feature", "--branch", "feature");

    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err()).contains("groundskeeper worktree add feature --branch feature");
    assertThat(checkedOut.code()).isZero();
  }

  @Test
  void listShowsRowsAsTextAndJsonWithEscapedControlBytes() throws IOException {
    run(repo, "add", "one");
    Run two = run(repo, "add", "two");
    Path twoPath = Path.of(two.out().strip().replace("~", env.get("HOME")));
    git(repo, "worktree", "lock", "--reason", "bot\u001b]0;pwned\u0007", twoPath.toString());

    Run text = run(repo, "list");
    Run json = run(repo, "list", "--json");
    Run bare = run(repo);

    assertThat(text.code()).isZero();
    assertThat(text.out()).contains("NAME", "one", "two", "clean", "unmerged", "store")
        .contains("locked: bot\\x1b]0;pwned\\x07").doesNotContain("\u001b");
    assertThat(bare.out()).isEqualTo(text.out());
    JsonNode rows = json.json().get("worktrees");
    assertThat(rows).hasSize(2);
    assertThat(json.json().get("not_lanes").isArray()).isTrue();
    JsonNode locked = rows.get(0).get("name").asText().equals("two") ? rows.get(0) : rows.get(1);
    assertThat(locked.get("locked").asText()).isEqualTo("bot\\x1b]0;pwned\\x07");
    assertThat(locked.get("where").asText()).isEqualTo("store");
    assertThat(locked.get("merged").get("merged").asBoolean()).isFalse();
  }

  @Test
  void listAllWalksTheLanes() throws IOException {
    run(repo, "add", "one");

    Run run = run(temp, "list", "--all", "--json");

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.json().get("lanes")).hasSize(1);
    assertThat(run.json().get("lanes").get(0).get("worktrees").get(0).get("name").asText())
        .isEqualTo("one");
    assertThat(run.json().get("lanes").get(0).get("repository").asText())
        .isEqualTo(repo.toString());
    Run text = run(temp, "list", "--all");
    assertThat(text.out()).contains("(repository " + repo + ")");
  }

  @Test
  void pruneExitCodesAndDryRun() throws IOException {
    run(repo, "add", "fresh");

    Run nothing = run(repo, "prune");
    assertThat(nothing.code()).isEqualTo(1);
    assertThat(nothing.out()).contains("kept: fresh").contains("0 reclaimed.");

    Path merged = addMerged("merged");
    Run dry = run(repo, "prune", "--dry-run", "--json");
    assertThat(dry.code()).isZero();
    assertThat(dry.json().get("rows")).anySatisfy(row -> assertThat(row.get("outcome").asText())
        .isEqualTo("would reclaim"));
    assertThat(merged).isDirectory();

    Run real = run(repo, "prune");
    assertThat(real.code()).isZero();
    assertThat(real.out()).contains("reclaimed: merged (merged)").contains("1 reclaimed.");
    assertThat(merged).doesNotExist();
  }

  /**
   * What list and prune recommend in --json runs as printed, as in their text: with the
   * launcher's path when the groundskeeper on PATH is not that launcher (host ProgramWord), the
   * bare name when no launcher is named.
   */
  @Test
  void jsonRecommendationsNameTheProgramAsItRuns() throws IOException {
    Path launcher = Files.createDirectories(temp.toRealPath().resolve("dist/bin"))
        .resolve("groundskeeper");
    Files.writeString(launcher, "#!/bin/sh\n");
    assertThat(launcher.toFile().setExecutable(true)).isTrue();
    Path old = Path.of(run(repo, "add", "old").out().strip().replace("~", env.get("HOME")));
    Files.writeString(old.resolve("idea.txt"), "an idea\n");
    git(old, "add", "idea.txt");
    git(old, "commit", "-q", "-m", "try an idea");
    clock = Clock.offset(Clock.systemUTC(), java.time.Duration.ofDays(30));

    env.put("GROUNDSKEEPER_LAUNCHER", launcher.toString()); // PATH has no groundskeeper
    JsonNode dry = run(repo, "prune", "--dry-run", "--json").json();
    JsonNode refused = run(repo, "prune", "--yes", "ghost", "--json").json();
    env.remove("GROUNDSKEEPER_LAUNCHER");
    JsonNode bare = run(repo, "prune", "--dry-run", "--json").json();

    String recommendation = dry.get("rows").get(0).get("dossier").get("recommendation").asText();
    assertThat(recommendation).contains("reclaim with " + launcher + " worktree prune --yes old")
        .doesNotContain(" groundskeeper worktree");
    assertThat(refused.get("remedy").asText())
        .isEqualTo("see the lane with " + launcher + " worktree list");
    assertThat(bare.get("rows").get(0).get("dossier").get("recommendation").asText())
        .contains("reclaim with groundskeeper worktree prune --yes old");
    assertThat(dry.get("rows").get(0).get("path").asText()).as("names of things stay")
        .isEqualTo(bare.get("rows").get(0).get("path").asText());
  }

  @Test
  void pruneRefusesAnUnknownYesName() {
    Run run = run(repo, "prune", "--yes", "ghost");

    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err()).contains("--yes ghost names no worktree");
  }

  @Test
  void aBadConfigurationIsRefusedNamingTheKey() throws IOException {
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "worktrees:\n  quiet_days: 0\n");

    Run run = run(repo, "prune");

    assertThat(run.code()).isEqualTo(2);
    assertThat(run.err()).contains("quiet_days");
  }

  @Test
  void theDefaultBranchComesFromTheBranchesConfiguration() throws IOException {
    Files.writeString(repo.resolve("dev.txt"), "d\n");
    git(repo, "add", "dev.txt");
    git(repo, "commit", "-q", "-m", "develop only");
    git(repo, "branch", "develop");
    git(repo, "reset", "-q", "--hard", "HEAD~1");
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "branches:\n  default: develop\n");

    Run run = run(repo, "add", "from-develop");

    assertThat(run.code()).as(run.err()).isZero();
    Path path = Path.of(run.out().strip().replace("~", env.get("HOME")));
    assertThat(path.resolve("dev.txt")).exists();
  }

  @Test
  void theMainCommandCanHandInTheConfiguration() throws IOException {
    env.remove("GROUNDSKEEPER_HOME");
    Path handed = temp.toRealPath().resolve("handed");
    Policy handedIn = Policy.builder().discover(WorktreeCommand.class.getClassLoader())
        .config(ConfigLayer.ofText("test", "worktrees:\n  home: " + handed + "\n")).build();
    CommandLine cli = new CommandLine(command(repo, () -> handedIn));
    StringWriter out = new StringWriter();
    cli.setOut(new PrintWriter(out, true));

    assertThat(cli.execute("add", "handed-in")).isZero();
    assertThat(handed.resolve("worktrees")).isDirectory();
  }

  @Test
  void theConfiguredHomeIsUsedWhenTheVariableIsNotSet() throws IOException {
    env.remove("GROUNDSKEEPER_HOME");
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "worktrees:\n  home: ~/stash\n");

    Run run = run(repo, "add", "here");

    assertThat(run.code()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("~/stash/worktrees/");
  }
}
