package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.groundskeeper.git.GitFacts;
import dev.groundskeeper.git.TeamClone;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, items 2 and 6, through the command as an agent meets it: a fresh clone of a team's
 * repository ({@link TeamClone}: colleagues' pushed branches, merged, squashed, live and 45 days
 * idle; this clone's own unpushed and idle branches), judged with the built-in rules only.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TeamCloneScopeTest {

  static final Instant NOW = Instant.ofEpochSecond(TeamClone.NOW);
  /** A branch name of a colleague's, as the fixture makes them. */
  static final Pattern COLLEAGUES = Pattern.compile("\\b(merged|squashed|live|old/pushed)-\\d+\\b");

  Path temp;
  /** The whole fixture: this clone has far more branches of its own than the cap. */
  TeamClone team;
  /** The same shape with this clone's own branches deleted: only colleagues' work is left. */
  TeamClone colleaguesOnly;
  Map<String, String> own;
  Map<String, String> all;

  @BeforeAll
  void build(@TempDir Path dir) throws IOException {
    temp = dir;
    team = TeamClone.build(Files.createDirectories(dir.resolve("team")), 1);
    colleaguesOnly = TeamClone.build(Files.createDirectories(dir.resolve("colleagues")), 1);
    List<String> deletion = new ArrayList<>(List.of("branch", "-q", "-D"));
    colleaguesOnly.kindsByName().forEach((name, kind) -> {
      if (TeamClone.local(kind)) {
        deletion.add(name);
      }
    });
    deletion.addAll(List.of("fresh-here", "from-commit", "by-update-ref", "mine-ff"));
    colleaguesOnly.inClone(deletion.toArray(String[]::new));
    own = environment(dir, "own", "");
    all = environment(dir, "all", "branches:\n  scope: all\n");
    GitFacts.clearCaches();
    // as a session start does: the first full inventory, which later tool calls read from
    for (TeamClone clone : List.of(team, colleaguesOnly)) {
      CliRunner.Result swept = run(own, clone.cloneDirectory(), "sweep");
      assertThat(swept.exit()).as(swept.err()).isZero();
    }
  }

  /** Git and groundskeeper read only the test's files: a home and a user configuration each. */
  private static Map<String, String> environment(Path dir, String name, String userConfig)
      throws IOException {
    Path home = Files.createDirectories(dir.resolve("home-" + name));
    Path xdg = Files.createDirectories(dir.resolve("xdg-" + name));
    if (!userConfig.isEmpty()) {
      Files.createDirectories(xdg.resolve("groundskeeper"));
      Files.writeString(xdg.resolve("groundskeeper/config.yaml"), userConfig);
    }
    Map<String, String> env = new HashMap<>();
    env.put("HOME", home.toString());
    env.put("XDG_CONFIG_HOME", xdg.toString());
    env.put("GROUNDSKEEPER_HOME", dir.resolve("gk-" + name).toString());
    env.put("GIT_CONFIG_NOSYSTEM", "1");
    return env;
  }

  private static CliRunner.Result run(Map<String, String> env, Path cwd, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Main main = new Main(Clock.fixed(NOW, ZoneOffset.UTC),
        builder -> builder.exclude("clitest.*", "clitestplugin.*"));
    int exit = main.run(args, new ByteArrayInputStream(new byte[0]),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), env, cwd);
    return new CliRunner.Result(exit, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void colleaguesBranchesBlockNoOneInAFreshClone() {
    CliRunner.Result result = run(own, colleaguesOnly.cloneDirectory(), "check", "--",
        "git switch -c my-fix");
    assertThat(result.exit()).as(result.out() + result.err()).isZero();
    assertThat(result.output()).isEqualTo("allow: git switch -c my-fix");
  }

  @Test
  void underScopeAllTheSameCloneIsRefusedAndEveryParkItOffersRunsAsPrinted() throws IOException {
    CliRunner.Result result = run(all, colleaguesOnly.cloneDirectory(), "check", "--json", "--",
        "git switch -c my-fix");
    assertThat(result.exit()).as(result.out()).isEqualTo(3);
    assertThat(verdict(result, "branches.wip-cap").get("outcome").asText()).isEqualTo("deny");
    JsonNode dormancy = verdict(result, "branches.dormancy");
    assertThat(dormancy.get("outcome").asText()).isEqualTo("deny");
    String branch = null;
    for (JsonNode command : dormancy.get("remedy").get("commands")) {
      Matcher park = Pattern.compile("groundskeeper branch park (\\S+) --reason \"<why it waits>\"")
          .matcher(command.asText());
      assertThat(park.matches()).as(command.asText()).isTrue();
      // one the remote alone holds: what `branch park` used to refuse with "no local branch"
      if (branch == null
          && colleaguesOnly.inClone("for-each-ref", "refs/heads/" + park.group(1)).isEmpty()) {
        branch = park.group(1);
      }
    }
    assertThat(branch).as("a park command for a branch only on the remote: " + dormancy)
        .isNotNull().startsWith("old/pushed-");
    CliRunner.Result parked = run(all, colleaguesOnly.cloneDirectory(), "branch", "park", branch,
        "--reason", "waits on the colleague's review");
    assertThat(parked.exit()).as(parked.out() + parked.err()).isZero();
    assertThat(parked.out()).contains("Made the local branch " + branch
        + " from refs/remotes/origin/" + branch);
    assertThat(colleaguesOnly.inClone("log", "-1",
        "--format=%(trailers:key=Parked-Reason,valueonly)", branch))
        .isEqualTo("waits on the colleague's review");
    assertThat(colleaguesOnly.inClone("rev-parse", "origin/" + branch))
        .as("the park commit was pushed").isEqualTo(colleaguesOnly.inClone("rev-parse", branch));
  }

  @Test
  void aDenialInTheWholeFixtureCountsAndBlocksOnlyThisClonesBranches() throws IOException {
    CliRunner.Result result = run(own, team.cloneDirectory(), "check", "--json", "--",
        "git switch -c my-fix");
    assertThat(result.exit()).as(result.out()).isEqualTo(3);
    long local = team.kindsByName().values().stream().filter(TeamClone::local).count();
    // this clone's: its unpushed and idle local branches, and the four it made by other routes
    assertThat(verdict(result, "branches.wip-cap").get("reason").asText())
        .contains("would make " + (local + 4 + 1) + " open work branches")
        .contains("Not counted: 270 branches of other people (branches.scope: own)");
    JsonNode dormancy = verdict(result, "branches.dormancy");
    assertThat(dormancy.get("outcome").asText()).isEqualTo("deny");
    assertThat(dormancy.get("remedy").get("commands")).isNotEmpty().allSatisfy(command ->
        assertThat(command.asText()).startsWith("groundskeeper branch park old/local-"));
    assertThat(COLLEAGUES.matcher(result.out()).results().map(m -> m.group()).toList())
        .as("colleagues' branches named in the answer").isEmpty();
  }

  private static JsonNode verdict(CliRunner.Result result, String rule) throws IOException {
    for (JsonNode verdict : Json.MAPPER.readTree(result.out()).get("verdicts")) {
      if (verdict.get("rule").asText().equals(rule)) {
        return verdict;
      }
    }
    throw new AssertionError("no verdict of " + rule + " in " + result.out());
  }

  @Test
  void theSweepReportsColleaguesBranchesAsTheirsInAFewLines() throws IOException {
    CliRunner.Result result = run(own, team.cloneDirectory(), "sweep", "--json");
    assertThat(result.exit()).as(result.err()).isZero();
    String reason = branchesSection(result).get("reason").asText();
    assertThat(reason).contains("(this clone's only)")
        .contains("Others' work (branches.scope: own; not counted, never staged or blocking): 270"
            + " branches");
    List<String> othersLines = reason.lines().filter(line -> COLLEAGUES.matcher(line).find())
        .toList();
    assertThat(othersLines).as("colleagues' branches are named in one line only").hasSize(1);
    assertThat(othersLines.get(0)).contains("by colleague@example.invalid");
  }

  @Test
  void noCommandTheSweepRecommendsIsRefusedByTheGuards() throws IOException {
    for (Map<String, String> env : List.of(own, all)) {
      CliRunner.Result sweep = run(env, team.cloneDirectory(), "sweep", "--json");
      assertThat(sweep.exit()).as(sweep.err()).isZero();
      Set<String> commands = new LinkedHashSet<>();
      for (JsonNode section : Json.MAPPER.readTree(sweep.out()).get("sections")) {
        commands.addAll(commandsIn(section.get("reason").asText()));
        JsonNode remedy = section.get("remedy");
        if (remedy != null && !remedy.isNull()) {
          remedy.get("commands").forEach(c -> commands.add(c.asText()));
        }
      }
      assertThat(commands).as("the sweep offers commands to check").isNotEmpty();
      if (env == all) {
        assertThat(commands).as("remote-only branches merged by ancestry get their push")
            .anyMatch(c -> c.startsWith("git push origin --delete merged-"));
        assertThat(commands).as("no push --delete of a squash-merged branch")
            .noneMatch(c -> c.startsWith("git push origin --delete squashed-"));
      }
      List<String> refused = new ArrayList<>();
      for (String command : commands) {
        CliRunner.Result check = run(env, team.cloneDirectory(), "check", "--", command);
        if (check.exit() == 3) {
          refused.add(command + "\n" + check.out());
        }
      }
      assertThat(refused).as("commands the sweep printed that the guards refuse").isEmpty();
    }
  }

  /**
   * Issue 16, item 3: under {@code scope: own}, {@code branch clean --remote} deletes no
   * colleague's merged branch from the shared remote; it lists them as others' work, and the dry
   * run and the real run say the same. On a clone of its own: the real run deletes.
   */
  @Test
  void cleanRemoteUnderScopeOwnLeavesColleaguesBranchesOnTheRemote(@TempDir Path dir)
      throws IOException {
    TeamClone mine = TeamClone.build(dir, 1);
    Path clone = mine.cloneDirectory();
    String before = mine.inClone("ls-remote", "--heads", "origin");
    assertThat(before).contains("refs/heads/merged-2\n");

    CliRunner.Result dryRun = run(own, clone, "branch", "clean", "--remote", "--dry-run");
    assertThat(dryRun.exit()).as(dryRun.err()).isZero();
    Matcher others = Pattern.compile("Others' work on origin \\(branches.scope: own; not"
        + " deleted\\): (\\d+) finished branches").matcher(dryRun.out());
    assertThat(others.find()).as(dryRun.out()).isTrue();
    int count = Integer.parseInt(others.group(1));
    assertThat(count).isGreaterThanOrEqualTo(120);
    String finishedOnRemote = dryRun.out().contains("Finished branches on origin:")
        ? dryRun.out().substring(dryRun.out().indexOf("Finished branches on origin:")) : "";
    assertThat(finishedOnRemote).doesNotContainPattern("- (merged|squashed)-\\d+ ");
    assertThat(dryRun.out().lines().mapToInt(String::length).max().orElse(0))
        .as("a count and a few names, never every ref").isLessThan(1_000);

    CliRunner.Result real = run(own, clone, "branch", "clean", "--remote", "--yes");
    assertThat(real.out()).as(real.err()).contains("Others' work on origin (branches.scope: own;"
        + " not deleted): " + count + " finished branches");
    assertThat(real.out() + real.err()).doesNotContain("Remote copy not deleted: merged-");
    String after = mine.inClone("ls-remote", "--heads", "origin");
    assertThat(after).as("no colleague's branch left the remote").isEqualTo(before);
  }

  /** {@code …: git branch -d x} at a line's end, and commands quoted in backticks. */
  static List<String> commandsIn(String text) {
    List<String> found = new ArrayList<>();
    Matcher atEnd = Pattern.compile(": ((?:git|groundskeeper) [^`\\n]+)$", Pattern.MULTILINE)
        .matcher(text);
    while (atEnd.find()) {
      found.add(atEnd.group(1).strip());
    }
    Matcher quoted = Pattern.compile("`((?:git|groundskeeper) [^`]+)`").matcher(text);
    while (quoted.find()) {
      if (!quoted.group(1).contains("<")) { // a template with a placeholder to fill in
        found.add(quoted.group(1).strip());
      }
    }
    return found;
  }

  private static JsonNode branchesSection(CliRunner.Result result) throws IOException {
    for (JsonNode section : Json.MAPPER.readTree(result.out()).get("sections")) {
      if (section.get("rule").asText().equals("branches.sweep")) {
        return section;
      }
    }
    throw new AssertionError("no branches.sweep section in " + result.out());
  }
}
