package dev.groundskeeper.cli.branch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.cli.Main;
import dev.groundskeeper.cli.TestProcesses;
import dev.groundskeeper.git.GitFacts;
import dev.groundskeeper.git.InventoryPass;
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
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The branch inventory cache through {@code groundskeeper hook}: the session start writes it, a
 * creation command judged from it gets the verdict it gets without it, and without it a large
 * repository's creation is judged on the refs alone (names only), never by a full inventory.
 * Every hook call here starts from a cold process state, as a hook process does.
 */
class InventoryCacheHookTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path temp;

  private Path work;
  private Path cacheFile;
  private Map<String, String> env;

  @BeforeEach
  void repository() {
    env = new HashMap<>();
    env.put("HOME", temp.resolve("home").toString());
    env.put("XDG_CONFIG_HOME", temp.resolve("xdg").toString());
    env.put("GROUNDSKEEPER_HOME", temp.resolve("gk").toString());
    Path origin = temp.resolve("origin.git");
    work = temp.resolve("work");
    cacheFile = work.resolve(".git/groundskeeper/branch-inventory.cache");
    run(temp, Map.of(), "git", "init", "-q", "--bare", "-b", "main", origin.toString());
    run(temp, Map.of(), "git", "init", "-q", "-b", "main", work.toString());
    git("remote", "add", "origin", origin.toString());
    commit("initial", 60);
    git("push", "-q", "-u", "origin", "main");
  }

  @Test
  void aCreationJudgedFromTheCacheGetsTheVerdictItGetsWithout() throws IOException {
    // merged, squash-merged and idle, idle and unmerged (blocks), live: every label the cap lists
    newBranch("merged-one", 50);
    git("merge", "-q", "--no-ff", "-m", "merge merged-one", "merged-one");
    newBranch("squashed-one", 45);
    git("merge", "-q", "--squash", "squashed-one");
    git("commit", "-q", "-m", "squash of squashed-one");
    newBranch("idle-one", 40);
    for (int i = 0; i < 9; i++) {
      newBranch("live-" + i, 1);
    }
    String creation = "git switch -c fix-issue-4711";

    String withoutCache = bash(creation);
    Files.deleteIfExists(cacheFile);
    assertThat(bash(creation)).isEqualTo(withoutCache);

    Files.deleteIfExists(cacheFile);
    hook(Map.of("hook_event_name", "SessionStart", "source", "startup"));
    assertThat(cacheFile).exists();
    String withCache = bash(creation);

    assertThat(withCache).isEqualTo(withoutCache);
    JsonNode answer = JSON.readTree(withCache).path("hookSpecificOutput");
    assertThat(answer.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(answer.path("permissionDecisionReason").asText())
        .contains("branches.wip.cap is 10", "idle-one", "squashed-one");
  }

  @Test
  void withoutACacheALargeRepositoryIsJudgedOnItsRefsAlone() throws IOException {
    StringBuilder updates = new StringBuilder();
    String tree = git("rev-parse", "main^{tree}");
    for (int i = 0; i < InventoryPass.GUARD_RECOMPUTE_LIMIT + 10; i++) {
      String commit = git("commit-tree", "-p", "main", "-m", "work " + i, tree);
      updates.append("create refs/heads/work-").append(i).append(' ').append(commit).append('\n');
    }
    TestProcesses.run(work, env, "sh", "-c", "git update-ref --stdin <<'EOF'\n" + updates + "EOF\n");
    String creation = "git switch -c one-more";

    JsonNode namesOnly = JSON.readTree(bash(creation)).path("hookSpecificOutput");
    assertThat(cacheFile).as("a tool call never runs the full inventory").doesNotExist();
    hook(Map.of("hook_event_name", "SessionStart", "source", "startup"));
    JsonNode labelled = JSON.readTree(bash(creation)).path("hookSpecificOutput");

    assertThat(namesOnly.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(labelled.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(namesOnly.path("permissionDecisionReason").asText())
        .contains("Open branches: work-0, work-1").doesNotContain("finished ones first");
    assertThat(labelled.path("permissionDecisionReason").asText()).contains("finished ones first");
  }

  private String bash(String command) {
    return hook(Map.of("hook_event_name", "PreToolUse", "tool_name", "Bash",
        "tool_input", Map.of("command", command)));
  }

  /** One hook call with nothing kept in memory from the previous one, as in a new process. */
  private String hook(Map<String, Object> payload) {
    GitFacts.clearCaches();
    Map<String, Object> full = new HashMap<>(payload);
    full.putIfAbsent("session_id", "cache-e2e");
    full.putIfAbsent("cwd", work.toString());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      int exit = new Main().run(new String[] {"hook"},
          new ByteArrayInputStream(JSON.writeValueAsBytes(full)),
          new PrintStream(out, true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8), env, work);
      assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
      return out.toString(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      GitFacts.clearCaches();
    }
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
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    return run(work, Map.of(), command).strip();
  }

  private String run(Path dir, Map<String, String> extra, String... command) {
    Map<String, String> all = new HashMap<>(env);
    all.putAll(extra);
    return TestProcesses.run(dir, all, command);
  }
}
