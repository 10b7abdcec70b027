package dev.groundskeeper.cli.branch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.cli.Main;
import dev.groundskeeper.cli.TestProcesses;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The branch rules through {@code groundskeeper hook}, on real temporary repositories. */
class BranchHookEndToEndTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path temp;

  private Path work;
  private Map<String, String> env;

  @BeforeEach
  void repository() {
    env = new HashMap<>();
    env.put("HOME", temp.resolve("home").toString());
    env.put("XDG_CONFIG_HOME", temp.resolve("xdg").toString());
    env.put("GROUNDSKEEPER_HOME", temp.resolve("gk").toString());
    Path origin = temp.resolve("origin.git");
    work = temp.resolve("work");
    run(temp, Map.of(), "git", "init", "-q", "--bare", "-b", "main", origin.toString());
    run(temp, Map.of(), "git", "init", "-q", "-b", "main", work.toString());
    git("remote", "add", "origin", origin.toString());
    // the identity the test's commits carry, configured as a person's is (branches.scope reads it)
    git("config", "user.email", "test@groundskeeper.invalid");
    commit("initial", 0);
    git("push", "-q", "-u", "origin", "main");
  }

  private record Reply(int exit, String out, String err) {}

  private Reply hook(Map<String, Object> payload) {
    Map<String, Object> full = new HashMap<>(payload);
    full.putIfAbsent("session_id", "e2e");
    full.putIfAbsent("cwd", work.toString());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      int exit = new Main().run(new String[] {"hook"},
          new ByteArrayInputStream(JSON.writeValueAsBytes(full)),
          new PrintStream(out, true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8), env, work);
      return new Reply(exit, out.toString(StandardCharsets.UTF_8),
          err.toString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Reply bash(String command) {
    return hook(Map.of("hook_event_name", "PreToolUse", "tool_name", "Bash",
        "tool_input", Map.of("command", command)));
  }

  private Reply ran(String command) {
    run(work, Map.of(), "sh", "-c", command);
    return hook(Map.of("hook_event_name", "PostToolUse", "tool_name", "Bash",
        "tool_input", Map.of("command", command), "tool_response", Map.of("exit_code", 0)));
  }

  private static String decision(Reply reply) throws IOException {
    ObjectNode node = (ObjectNode) JSON.readTree(reply.out());
    return node.path("hookSpecificOutput").path("permissionDecision").asText("");
  }

  private static String reason(Reply reply) throws IOException {
    return JSON.readTree(reply.out()).path("hookSpecificOutput")
        .path("permissionDecisionReason").asText("");
  }

  /** The repository's own settings; trusted, since some of them are read by loss guards. */
  private void config(String yaml) {
    dev.groundskeeper.host.TrustList.read(env).with(new dev.groundskeeper.host.TrustList.Entry(
        dev.groundskeeper.host.TrustList.location(work),
        git("rev-list", "--max-parents=0", "HEAD").strip())).write();
    try {
      Files.writeString(work.resolve(".groundskeeper.yaml"), yaml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    git("add", ".groundskeeper.yaml");
    git("commit", "-q", "-m", "config");
    git("push", "-q", "origin", "main");
  }

  @Test
  void theCapRefusesANewBranchOnlyWhenReached() throws IOException {
    config("branches:\n  wip: {cap: 2}\n  exempt: [\"users/**\"]\n");
    newBranch("a", 0);
    git("push", "-q", "origin", "a");
    newBranch("users/ann/spike", 0);
    assertThat(decision(bash("git switch -c b"))).isNotEqualTo("deny");
    newBranch("b", 0);
    Reply refused = bash("git switch -c c");
    assertThat(decision(refused)).isEqualTo("deny");
    assertThat(reason(refused)).contains("would make 3 open work branches",
        "branches.wip.cap is 2", "Why this limit exists");
  }

  @Test
  void aRefusedSubAgentDispatchSaysWhatItWouldCreate() throws IOException {
    config("branches:\n  wip: {cap: 1}\n");
    newBranch("open", 0);
    Reply refused = hook(Map.of("hook_event_name", "PreToolUse", "tool_name", "Agent",
        "tool_input", Map.of("description", "explore", "prompt", "look around",
            "isolation", "worktree")));
    assertThat(decision(refused)).isEqualTo("deny");
    assertThat(reason(refused)).contains("[branches.wip-cap] Creating a branch for a sub-agent"
        + " dispatched into its own worktree would make 2 open work branches")
        .doesNotContain("the branch a branch");
    Reply named = bash("git switch -c \"$NAME\"");
    assertThat(reason(named)).contains("[branches.wip-cap] Creating a branch through `git"
        + " switch` whose name is only known when the command runs would make");
  }

  @Test
  void aBranchIdlePastTheBlockStageRefusesNewBranches() throws IOException {
    config("branches:\n  dormancy: {preset: strict}\n");
    newBranch("old-work", 8);
    Reply refused = bash("git checkout -b next");
    assertThat(decision(refused)).isEqualTo("deny");
    assertThat(reason(refused)).contains("idle for 7 days or more",
        "git push -u origin old-work");
    assertThat(decision(bash("git commit --allow-empty -m keep-going"))).isNotEqualTo("deny");
  }

  @Test
  void forcedDeletesNeedAHolder() throws IOException {
    newBranch("lonely", 0);
    Reply refused = bash("git branch -D lonely");
    assertThat(decision(refused)).isEqualTo("deny");
    assertThat(reason(refused)).contains("branch lonely", "git push -u origin lonely");
    git("push", "-q", "origin", "lonely");
    assertThat(decision(bash("git branch -D lonely"))).isNotEqualTo("deny");
  }

  @Test
  void theStopGuardFollowsWhatThisSessionCreated() throws IOException {
    Reply created = ran("git switch -q -c feature");
    assertThat(created.exit()).isZero();
    assertThat(git("config", "--get", "branch.feature.groundskeeperCreator")).isEqualTo("e2e:");
    commit("feature work", 0);
    Reply stop = hook(Map.of("hook_event_name", "Stop", "stop_hook_active", false));
    ObjectNode answer = (ObjectNode) JSON.readTree(stop.out());
    assertThat(answer.path("decision").asText()).isEqualTo("block");
    assertThat(answer.path("reason").asText()).contains("feature: commits that no"
        + " remote-tracking ref of origin holds", "git push -u origin feature");
    assertThat(JSON.readTree(hook(Map.of("hook_event_name", "Stop", "stop_hook_active", true))
        .out()).path("decision").asText("")).isNotEqualTo("block");
    git("push", "-q", "-u", "origin", "feature");
    assertThat(JSON.readTree(hook(Map.of("hook_event_name", "Stop", "stop_hook_active", false))
        .out()).path("decision").asText("")).isNotEqualTo("block");
  }

  @Test
  void aRunnersWorktreeBranchIsRecordedAsThisSessionsSoTheStopJudgesIt() throws IOException {
    Reply created = hook(Map.of("hook_event_name", "WorktreeCreate", "name", "helper"));
    assertThat(created.exit()).as(created.err()).isZero();
    Path lane = Path.of(created.out().strip());
    String branch = run(lane, Map.of(), "git", "symbolic-ref", "--short", "HEAD").strip();
    assertThat(git("config", "--get", "branch." + branch + ".groundskeeperCreator"))
        .isEqualTo("e2e:");
    assertThat(git("config", "--get", "branch." + branch + ".groundskeeperRoute"))
        .isEqualTo("worktree_create");
    Files.writeString(lane.resolve("work.txt"), "unsaved");
    ObjectNode stop = (ObjectNode) JSON.readTree(hook(Map.of("hook_event_name", "Stop",
        "stop_hook_active", false)).out());
    assertThat(stop.path("decision").asText()).isEqualTo("block");
    assertThat(stop.path("reason").asText()).contains("- " + branch + ": uncommitted work in "
        + lane);
  }

  /**
   * Issue 16, item 7: the store's own notes folder in one of its worktrees is not the agent's
   * uncommitted work at a stop, as it is not for prune (one judgement, host NotesFolder); a file
   * beside the notes, even inside {@code .groundskeeper/}, still is.
   */
  @Test
  void theStoresNotesFolderDoesNotMakeItsWorktreeDirtyAtAStop() throws IOException {
    Reply created = hook(Map.of("hook_event_name", "WorktreeCreate", "name", "noted"));
    assertThat(created.exit()).as(created.err()).isZero();
    Path lane = Path.of(created.out().strip());
    Files.createDirectories(lane.resolve(".groundskeeper/notes"));
    Files.writeString(lane.resolve(".groundskeeper/notes/today.md"), "what I learned\n");
    assertThat(run(lane, Map.of(), "git", "status", "--porcelain")).contains(".groundskeeper/");

    Reply stop = hook(Map.of("hook_event_name", "Stop", "stop_hook_active", false));

    assertThat(JSON.readTree(stop.out()).path("decision").asText("")).as(stop.out())
        .isNotEqualTo("block");

    Files.writeString(lane.resolve(".groundskeeper/beside.txt"), "not a note\n");
    ObjectNode blocked = (ObjectNode) JSON.readTree(hook(Map.of("hook_event_name", "Stop",
        "stop_hook_active", false)).out());
    assertThat(blocked.path("decision").asText()).isEqualTo("block");
    assertThat(blocked.path("reason").asText()).contains("uncommitted work in " + lane
        + " (1 file)");
  }

  @Test
  void afterThreeBlockedStopsTheFourthIsAllowedAndTheBranchIsRecordedAsAbandoned()
      throws IOException {
    ran("git switch -q -c feature");
    commit("feature work", 0);
    for (int blocked = 1; blocked <= 3; blocked++) {
      Reply stop = hook(Map.of("hook_event_name", "Stop", "stop_hook_active", false));
      assertThat(JSON.readTree(stop.out()).path("decision").asText(""))
          .as("stop %d of 3: %s", blocked, stop.err()).isEqualTo("block");
    }
    Path ledger = Path.of(git("rev-parse", "--path-format=absolute", "--git-common-dir"))
        .resolve("groundskeeper/branch-ledger.json");
    assertThat(ledger).exists();

    Reply fourth = hook(Map.of("hook_event_name", "Stop", "stop_hook_active", false));

    assertThat(JSON.readTree(fourth.out()).path("decision").asText(""))
        .isNotEqualTo("block");
    assertThat(Files.readString(ledger)).contains("feature");
  }

  @Test
  void anEditInAnotherWorktreeTouchesThatWorktreesBranchAndTheStopJudgesIt() throws IOException {
    Path lane = temp.resolve("lane");
    git("worktree", "add", "-q", "-b", "lane", lane.toString());
    Path file = lane.resolve("notes.md");
    Files.writeString(file, "half done");
    Reply edited = hook(Map.of("hook_event_name", "PostToolUse", "tool_name", "Edit",
        "tool_input", Map.of("file_path", file.toString(), "old_string", "a", "new_string", "b"),
        "tool_response", Map.of("filePath", file.toString())));
    assertThat(edited.exit()).as(edited.err()).isZero();
    assertThat(git("config", "--get-all", "branch.lane.groundskeeperTouchedBy")).isEqualTo("e2e:");

    Reply stop = hook(Map.of("hook_event_name", "Stop", "stop_hook_active", false));

    ObjectNode answer = (ObjectNode) JSON.readTree(stop.out());
    assertThat(answer.path("decision").asText()).isEqualTo("block");
    assertThat(answer.path("reason").asText()).contains("lane: uncommitted work in " + lane,
        "git -C " + lane + " add -A");
  }

  @Test
  void markerFilesLetAStopThroughOrTurnItIntoAHandoff() throws IOException {
    config("branches:\n  stop_guard:\n    yield_markers: [untracked/usage-pause.json]\n"
        + "    handoff_markers: [\"untracked/handoff-{session}-{agent}.json\"]\n");
    ran("git switch -q -c feature");
    commit("feature work", 0);
    git("push", "-q", "-u", "origin", "feature");
    git("switch", "-q", "main");
    git("merge", "-q", "--no-ff", "-m", "merge feature", "feature");
    git("push", "-q", "origin", "main");
    String tip = git("rev-parse", "feature");
    Map<String, Object> stop = Map.of("hook_event_name", "Stop", "stop_hook_active", false);

    JsonNode refused = JSON.readTree(hook(stop).out());
    assertThat(refused.path("decision").asText()).isEqualTo("block");
    assertThat(refused.path("reason").asText()).contains("feature: merged");

    Path handoff = work.resolve("untracked/handoff-e2e-main.json");
    Files.createDirectories(handoff.getParent());
    Files.writeString(handoff, "{}");
    JsonNode handedOff = JSON.readTree(hook(stop).out());
    assertThat(handedOff.path("decision").asText("")).isNotEqualTo("block");
    assertThat(handedOff.path("systemMessage").asText())
        .contains("Handing off: the successor continues from:\n- feature at " + tip);
    Files.delete(handoff);

    Files.writeString(work.resolve("untracked/usage-pause.json"), "{}");
    Reply paused = hook(stop);
    assertThat(paused.exit()).isZero();
    assertThat(JSON.readTree(paused.out()).path("decision").asText("")).isNotEqualTo("block");
    assertThat(paused.out()).doesNotContain("feature");
  }

  @Test
  void evacuationDestinationsAreJudgedByWhatGitMakesOfThem() throws IOException {
    Files.writeString(work.resolve(".gitignore"), "ignored/\n");
    Files.createDirectories(work.resolve("docs"));
    Files.writeString(work.resolve("docs/feature.patch"), "old patch\n");
    git("add", ".gitignore", "docs/feature.patch");
    git("commit", "-q", "-m", "ignore rules and a tracked patch");
    git("push", "-q", "origin", "main");
    newBranch("feature", 0);
    git("push", "-q", "origin", "feature");
    Files.createDirectories(work.resolve("ignored"));
    Files.writeString(work.resolve("ignored/cache.txt"), "ignored\n");
    Files.createDirectories(work.resolve("loose"));
    Files.writeString(work.resolve("loose/keep.txt"), "untracked\n");
    Path outside = temp.resolve("outside");

    Map<String, String> expected = new java.util.LinkedHashMap<>();
    expected.put("ignored/f.patch", "(ignored by git)");
    expected.put("loose/f.patch", "(not tracked by git)");
    expected.put("fresh.patch", "(a new file git does not track)");
    expected.put(outside.resolve("f.patch").toString(), "(outside the repository)");
    expected.put(".git/f.patch", "(inside git's own directory)");
    for (Map.Entry<String, String> destination : expected.entrySet()) {
      Reply refused = bash("git diff main..feature > " + destination.getKey()
          + " && git branch -D feature");
      assertThat(decision(refused)).as(destination.getKey()).isEqualTo("deny");
      assertThat(reason(refused)).as(destination.getKey())
          .contains("[branches.evacuation]", destination.getValue());
    }

    Reply tracked = bash("git diff main..feature > docs/feature.patch && git branch -D feature");
    assertThat(reason(tracked)).doesNotContain("branches.evacuation");
    assertThat(decision(tracked)).isNotEqualTo("deny");
  }

  @Test
  void remoteDeletesAreProvenAgainstTheRemoteDefaultAndLinesInOnePass() throws IOException {
    config("branches:\n  integration_lines: [\"release/*\"]\n");
    newBranch("release/1", 0);
    newBranch("shipped", 0);
    newBranch("in-line", 0);
    newBranch("open", 0);
    git("merge", "-q", "--no-ff", "-m", "merge shipped", "shipped");
    git("switch", "-q", "release/1");
    git("merge", "-q", "--no-ff", "-m", "merge in-line", "in-line");
    git("switch", "-q", "main");
    git("push", "-q", "origin", "main", "release/1", "shipped", "in-line", "open");

    assertThat(decision(bash("git push origin --delete shipped in-line")))
        .isNotEqualTo("deny");
    Reply refused = bash("git push origin --delete shipped open release/1");
    assertThat(decision(refused)).isEqualTo("deny");
    assertThat(reason(refused)).contains("[branches.remote-delete]",
        "- release/1: release/1 is an integration line", "- open: its remote tip")
        .doesNotContain("- shipped");
    // a ref the same command deletes proves nothing: shipped is proven only by origin/main
    assertThat(reason(bash("git push origin :main :shipped"))).contains(
        "- main: main is the default branch", "- shipped: its remote tip");
  }

  private void newBranch(String name, long daysAgo) {
    git("switch", "-q", "-c", name, "main");
    commit("work on " + name, daysAgo);
    git("switch", "-q", "main");
  }

  private void commit(String message, long daysAgo) {
    try {
      Files.writeString(work.resolve(message.replaceAll("[^a-z0-9]", "-") + ".txt"), message);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    git("add", "-A");
    String date = Instant.now().minus(Duration.ofDays(daysAgo)).toString();
    run(work, Map.of("GIT_AUTHOR_DATE", date, "GIT_COMMITTER_DATE", date), "git", "commit",
        "-q", "-m", message);
  }

  private String git(String... args) {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    return run(work, Map.of(), command.toArray(String[]::new)).strip();
  }

  private String run(Path dir, Map<String, String> extra, String... command) {
    Map<String, String> all = new HashMap<>(env);
    all.putAll(extra);
    return TestProcesses.run(dir, all, command);
  }

}
