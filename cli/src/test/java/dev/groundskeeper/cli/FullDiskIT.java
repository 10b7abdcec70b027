package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issues 17 and 19: a full disk and a read-only one. The packaged hook runs in a mount namespace
 * of its own over a tmpfs filled to the last block (or remounted read-only), holding either every
 * place the tool writes (home, configuration, state with the decision log, which the user's
 * configuration turns on for every call, the store) or the repository itself (where creation and
 * touch records go). Every call still answers in the runner's shape with exit 0 and no stack
 * trace, the loss guards still deny what they deny on a roomy disk, and the repository keeps every
 * branch and uncommitted change.
 * Needs {@code unshare -m} and {@code mount} (root, or user namespaces): skipped where the system
 * gives neither.
 */
class FullDiskIT {

  private static final Path JAR = Path.of(System.getProperty("groundskeeper.jar"));
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path temp;

  Path repo;
  Path mount;
  /** The tmpfs remounted read-only rather than filled. */
  boolean readOnly;
  /** The tmpfs left roomy: the control, showing what the other modes refuse is written. */
  boolean roomy;

  @BeforeEach
  void repository() throws Exception {
    Assumptions.assumeTrue(namespacesWork(), "unshare -m with a tmpfs mount is not available");
    Path origin = temp.resolve("origin.git");
    Git.run(temp, "init", "-q", "--bare", "-b", "main", origin.toString());
    repo = Git.init(temp.resolve("repo"));
    Files.writeString(repo.resolve("notes.txt"), "committed\n");
    Git.run(repo, "add", "notes.txt");
    Git.run(repo, "commit", "-q", "-m", "notes");
    Git.run(repo, "remote", "add", "origin", origin.toString());
    Git.run(repo, "push", "-q", "-u", "origin", "main");
    Git.run(repo, "switch", "-q", "-c", "feat");
    Files.writeString(repo.resolve("feat.txt"), "only here\n");
    Git.run(repo, "add", "feat.txt");
    Git.run(repo, "commit", "-q", "-m", "unpushed work");
    Git.run(repo, "switch", "-q", "main");
    // a branch the PostToolUse below records as created and touched: records that a full disk
    // refuses
    Git.run(repo, "branch", "later");
    // uncommitted work in a tracked file
    Files.writeString(repo.resolve("notes.txt"), "committed\nand an afternoon of changes\n");
    mount = Files.createDirectories(temp.resolve("full"));
  }

  @Test
  void withEveryStateDirectoryOnAFullDiskTheGuardsStillJudge() throws Exception {
    assertTheGuardsJudge(false);
    assertThat(Git.run(repo, "rev-parse", "--verify", "-q", "feat")).isNotBlank();
    assertThat(repo.resolve("notes.txt")).hasContent("committed\nand an afternoon of changes\n");
  }

  @Test
  void withEveryStateDirectoryReadOnlyTheGuardsStillJudge() throws Exception {
    readOnly = true;
    assertTheGuardsJudge(false);
    assertThat(Git.run(repo, "rev-parse", "--verify", "-q", "feat")).isNotBlank();
    assertThat(repo.resolve("notes.txt")).hasContent("committed\nand an afternoon of changes\n");
  }

  @Test
  void withTheRepositoryOnAFullDiskTheGuardsStillJudge() throws Exception {
    assertTheGuardsJudge(true);
  }

  /**
   * The control: on a roomy tmpfs the same calls write the decision log and the records, so the
   * full and read-only runs do refuse writes the hook attempts.
   */
  @Test
  void onARoomyDiskTheSameCallsWriteTheDecisionLog() throws Exception {
    roomy = true;
    Path cwd = repo;
    Run run = hook(false, cwd, "{\"session_id\":\"s1\",\"cwd\":\"" + cwd
        + "\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":"
        + "{\"command\":\"git branch -D feat\"}}");
    assertThat(run.out()).contains("\"permissionDecision\":\"deny\"");
    assertThat(run.logged()).as("the decision log was written: %s", run).isTrue();
  }

  private void assertTheGuardsJudge(boolean repositoryOnTheFullDisk) throws Exception {
    Path cwd = repositoryOnTheFullDisk ? mount.resolve("repo") : repo;
    Map<String, Boolean> denied = new java.util.LinkedHashMap<>();
    denied.put("git branch -D feat", true);
    denied.put("git reset --hard", true);
    denied.put("git switch -c fresh", false);
    for (Map.Entry<String, Boolean> call : denied.entrySet()) {
      Run run = hook(repositoryOnTheFullDisk, cwd, "{\"session_id\":\"s1\",\"cwd\":\"" + cwd
          + "\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":"
          + "{\"command\":\"" + call.getKey() + "\"}}");
      assertAnswered(run, call.getKey());
      assertThat(run.out().contains("\"permissionDecision\":\"deny\""))
          .as("%s denied, on a full disk: %s", call.getKey(), run).isEqualTo(call.getValue());
    }
    Run recorded = hook(repositoryOnTheFullDisk, cwd, "{\"session_id\":\"s1\",\"cwd\":\"" + cwd
        + "\",\"hook_event_name\":\"PostToolUse\",\"tool_name\":\"Bash\",\"tool_input\":"
        + "{\"command\":\"git switch -c later\"},\"tool_response\":{\"stdout\":\"\","
        + "\"stderr\":\"\",\"interrupted\":false}}");
    assertAnswered(recorded, "PostToolUse of git switch -c later");
    if (repositoryOnTheFullDisk) {
      // said loudly, with the command that records it by hand, and not taken for lock contention
      // (which is retried for seconds)
      assertThat(recorded.err()).contains("NOT RECORDED", "is the disk full",
          "run: git config branch.later.groundskeeperCreator s1:").doesNotContain("tries in");
    }
    for (String payload : List.of(
        "{\"session_id\":\"s1\",\"cwd\":\"" + cwd + "\",\"hook_event_name\":\"UserPromptSubmit\","
            + "\"prompt\":\"go on\"}",
        "{\"session_id\":\"s1\",\"cwd\":\"" + cwd + "\",\"hook_event_name\":\"Stop\","
            + "\"stop_hook_active\":false}")) {
      assertAnswered(hook(repositoryOnTheFullDisk, cwd, payload), payload);
    }
  }

  private static void assertAnswered(Run run, String what) throws IOException {
    assertThat(run.exit()).as("exit of %s: %s", what, run).isZero();
    assertThat(run.out() + run.err()).as("%s", what).doesNotContain("\tat ", "Exception in");
    if (!run.out().isBlank()) {
      JsonNode answer = JSON.readTree(run.out());
      assertThat(answer.isObject()).as("%s answered %s", what, run.out()).isTrue();
    }
    assertThat(run.filled()).as("the disk was full during %s", what).isTrue();
    assertThat(run.logged()).as("nothing could be logged during %s", what).isFalse();
  }

  /**
   * One hook call in a namespace whose tmpfs at {@link #mount} holds the home and state
   * directories and, with {@code repositoryOnTheFullDisk}, a copy of the repository; the disk is
   * filled before the JVM starts. {@code filled} says that a write of one more byte failed.
   */
  private Run hook(boolean repositoryOnTheFullDisk, Path cwd, String payload) throws Exception {
    // (the disk is "full" in either mode: no write succeeds)
    Path input = temp.resolve("payload.json");
    Files.writeString(input, payload);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String script = String.join("\n",
        "set -e",
        "mount -t tmpfs -o size=4m tmpfs \"$M\"",
        "mkdir -p \"$M/home\" \"$M/xdg\" \"$M/state\" \"$M/cache\" \"$M/gk\"",
        "if [ \"$COPY\" = 1 ]; then cp -a \"$REPO\" \"$M/repo\"; fi",
        "mkdir -p \"$M/xdg/groundskeeper\"",
        "printf 'log:\\n  decisions: all\\n' >\"$M/xdg/groundskeeper/config.yaml\"",
        "if [ \"$ROOMY\" = 1 ]; then :; elif [ \"$RO\" = 1 ]; then mount -o remount,ro \"$M\"; else",
        "dd if=/dev/zero of=\"$M/filler\" bs=4096 2>/dev/null || true",
        "dd if=/dev/zero of=\"$M/filler2\" bs=1 2>/dev/null || true",
        "fi",
        "if echo x 2>/dev/null >\"$M/probe\"; then echo roomy >\"$MARK\"; "
            + "else echo full >\"$MARK\"; fi",
        "cd \"$CWD\"",
        "set +e",
        "\"$JAVA\" -XX:+UseSerialGC -jar \"$JAR\" hook <\"$INPUT\"",
        "code=$?",
        "if find \"$M\" -name 'decisions.log*' -size +0 | grep -q .; then echo logged >\"$LOGGED\"; fi",
        // what is on the full disk is gone with the namespace: check the repository in it
        "if [ \"$COPY\" = 1 ]; then git -C \"$M/repo\" rev-parse -q --verify feat >/dev/null"
            + " && grep -q afternoon \"$M/repo/notes.txt\" || echo lost >\"$MARK\"; fi",
        "exit $code");
    ProcessBuilder builder = new ProcessBuilder("unshare", "-m", "sh", "-c", script)
        .directory(temp.toFile());
    Map<String, String> env = builder.environment();
    Path mark = temp.resolve("mark");
    env.put("M", mount.toString());
    env.put("COPY", repositoryOnTheFullDisk ? "1" : "0");
    env.put("RO", readOnly ? "1" : "0");
    env.put("ROOMY", roomy ? "1" : "0");
    Path logged = temp.resolve("logged");
    Files.deleteIfExists(logged);
    env.put("LOGGED", logged.toString());
    env.put("REPO", repo.toString());
    env.put("CWD", cwd.toString());
    env.put("JAVA", java);
    env.put("JAR", JAR.toString());
    env.put("INPUT", input.toString());
    env.put("MARK", mark.toString());
    env.put("HOME", mount.resolve("home").toString());
    env.put("XDG_CONFIG_HOME", mount.resolve("xdg").toString());
    env.put("XDG_STATE_HOME", mount.resolve("state").toString());
    env.put("XDG_CACHE_HOME", mount.resolve("cache").toString());
    env.put("GROUNDSKEEPER_HOME", mount.resolve("gk").toString());
    env.put("GROUNDSKEEPER_SERVE", "off");
    env.remove("XDG_RUNTIME_DIR");
    Process process = builder.start();
    process.getOutputStream().close();
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> {
      try {
        return new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("finished").isTrue();
    String marked = Files.exists(mark) ? Files.readString(mark).strip() : "";
    assertThat(marked).as("the repository on the full disk kept its work").isNotEqualTo("lost");
    return new Run(process.exitValue(), out, err.get(), marked.equals("full"),
        Files.exists(logged));
  }

  private record Run(int exit, String out, String err, boolean filled, boolean logged) {}

  private static boolean namespacesWork() {
    try {
      Process probe = new ProcessBuilder("unshare", "-m", "sh", "-c",
          "d=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs \"$d\" && umount \"$d\";"
              + " s=$?; rmdir \"$d\"; exit $s").redirectErrorStream(true).start();
      probe.getInputStream().readAllBytes();
      return probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }
}
