package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 17: the warm server's state directory fails under it. The launcher's first hook call
 * starts {@code groundskeeper serve} on a tmpfs (in a mount namespace of its own) holding the
 * home, configuration, state with the decision log, and the socket; then the tmpfs is filled to
 * its last byte, or bound read-only. Every later call still answers in the runner's shape, is
 * served (not only the cold fallback), denies what it denies on a roomy disk, and prints no stack
 * trace; {@code serve --stop} still stops the server with a plain answer; and the decision log
 * holds only whole lines. Needs {@code unshare -m} and {@code mount}: skipped elsewhere.
 */
class ServeFaultIT {

  private static final Path LAUNCHER = Path.of(System.getProperty("groundskeeper.launcher"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern ANSWERED = Pattern.compile("answered: (\\d+)");

  @org.junit.jupiter.api.io.TempDir
  Path temp;

  private Path repo;

  @BeforeEach
  void repository() throws Exception {
    Assumptions.assumeTrue(namespacesWork(), "unshare -m with a tmpfs mount is not available");
    repo = Git.init(temp.resolve("repo"));
    Files.writeString(repo.resolve("notes.txt"), "committed\n");
    Git.run(repo, "add", "notes.txt");
    Git.run(repo, "commit", "-q", "-m", "notes");
    Git.run(repo, "switch", "-q", "-c", "feat");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "unpushed work");
    Git.run(repo, "switch", "-q", "main");
    // uncommitted work that git reset --hard would lose
    Files.writeString(repo.resolve("notes.txt"), "committed\nand an afternoon of changes\n");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"full", "read-only"})
  void aServerWhoseStateDirectoryFailsStillJudgesEveryCallAndStops(String fault)
      throws Exception {
    Map<String, Boolean> calls = new LinkedHashMap<>();
    calls.put("git branch -D feat", true);
    calls.put("git reset --hard", true);
    calls.put("ls", false);
    Path in = Files.createDirectories(temp.resolve("calls"));
    int n = 0;
    for (String command : calls.keySet()) {
      Files.writeString(in.resolve(String.valueOf(n++)), pre(command));
    }
    Files.writeString(in.resolve(String.valueOf(n++)), "{\"session_id\":\"s1\",\"cwd\":\"" + repo
        + "\",\"hook_event_name\":\"PostToolUse\",\"tool_name\":\"Bash\",\"tool_input\":"
        + "{\"command\":\"git switch -c later\"},\"tool_response\":{\"stdout\":\"\"}}");
    Path out = Files.createDirectories(temp.resolve("out"));
    run(fault, in, out, n);

    assertThat(Files.readString(out.resolve("mark")).strip()).as("the fault took hold")
        .isEqualTo("refused");
    List<String> commands = List.copyOf(calls.keySet());
    for (int i = 0; i < n; i++) {
      String what = i < commands.size() ? commands.get(i) : "PostToolUse";
      String stdout = Files.readString(out.resolve(i + ".out"));
      String stderr = Files.readString(out.resolve(i + ".err"));
      assertThat(Files.readString(out.resolve(i + ".rc")).strip()).as("exit of %s: %s", what,
          stderr).isEqualTo("0");
      assertThat(stdout + stderr).as(what).doesNotContain("\tat ", "Exception in");
      JsonNode answer = JSON.readTree(stdout);
      assertThat(answer.isObject()).as("%s answered %s", what, stdout).isTrue();
      if (i < commands.size()) {
        assertThat(stdout.contains("\"permissionDecision\":\"deny\"")).as("%s denied: %s", what,
            stdout).isEqualTo(calls.get(what));
      }
    }
    String status = Files.readString(out.resolve("status.out"));
    Matcher answered = ANSWERED.matcher(status);
    assertThat(answered.find()).as(status).isTrue();
    assertThat(Integer.parseInt(answered.group(1))).as("served after the fault: %s", status)
        .isGreaterThanOrEqualTo(1 + n);
    assertThat(Git.run(repo, "rev-parse", "--verify", "-q", "feat")).isNotBlank();
    assertThat(repo.resolve("notes.txt")).hasContent("committed\nand an afternoon of changes\n");
    JsonNode statusJson = JSON.readTree(out.resolve("status.json").toFile());
    assertThat(statusJson.get("running").asBoolean()).as("%s", statusJson).isTrue();
    assertThat(statusJson.get("answered").asInt()).isEqualTo(Integer.parseInt(answered.group(1)));
    String stopErr = Files.readString(out.resolve("stop.err"));
    assertThat(Files.readString(out.resolve("stop.rc")).strip()).as("serve --stop: %s", stopErr)
        .isEqualTo("0");
    assertThat(Files.readString(out.resolve("stop.out"))).startsWith("stopped the server on ");
    assertThat(stopErr).doesNotContain("internal error", "\tat ");
    Path log = out.resolve("decisions.log");
    if (Files.exists(log)) {
      byte[] bytes = Files.readAllBytes(log);
      assertThat(bytes.length == 0 || bytes[bytes.length - 1] == '\n')
          .as("the log ends with a whole line").isTrue();
      for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
        if (!line.isEmpty()) {
          assertThat(JSON.readTree(line).isObject()).as(line).isTrue();
        }
      }
    }
  }

  private String pre(String command) {
    return "{\"session_id\":\"s1\",\"cwd\":\"" + repo + "\",\"hook_event_name\":\"PreToolUse\","
        + "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"" + command + "\"}}";
  }

  private void run(String fault, Path in, Path out, int calls) throws Exception {
    Path mount = Files.createDirectories(temp.resolve("m"));
    String script = String.join("\n",
        "set -u",
        "mount -t tmpfs -o size=8m tmpfs \"$M\" || exit 3",
        "mkdir -p \"$HOME\" \"$XDG_CONFIG_HOME/groundskeeper\" \"$XDG_STATE_HOME\" \"$XDG_CACHE_HOME\"",
        "printf 'log:\\n  decisions: all\\n' >\"$XDG_CONFIG_HOME/groundskeeper/config.yaml\"",
        "cd \"$REPO\"",
        "\"$L\" hook <\"$IN/2\" >/dev/null 2>&1",
        "i=0; while [ ! -S \"$GROUNDSKEEPER_HOME/run/serve.sock\" ] && [ $i -lt 900 ]; do"
            + " sleep 0.1; i=$((i+1)); done",
        // a served call before the fault: the server has written what it writes at start
        "\"$L\" hook <\"$IN/2\" >/dev/null 2>&1",
        "if [ \"$FAULT\" = full ]; then",
        "  dd if=/dev/zero of=\"$M/filler\" bs=4096 2>/dev/null",
        "  dd if=/dev/zero of=\"$M/filler2\" bs=1 2>/dev/null",
        "else",
        // a bind mount made read-only: the server's open files keep the tmpfs from a remount
        "  mount --bind \"$M\" \"$M\" && mount -o remount,bind,ro \"$M\"",
        "fi",
        "if echo x 2>/dev/null >\"$M/probe\"; then echo written >\"$OUT/mark\";"
            + " else echo refused >\"$OUT/mark\"; fi",
        "c=0; while [ $c -lt $CALLS ]; do",
        "  \"$L\" hook <\"$IN/$c\" >\"$OUT/$c.out\" 2>\"$OUT/$c.err\"; echo $? >\"$OUT/$c.rc\"",
        "  c=$((c+1))",
        "done",
        "\"$L\" serve --status >\"$OUT/status.out\" 2>&1",
        "\"$L\" serve --status --json >\"$OUT/status.json\" 2>&1",
        "pid=$(awk '{print $3}' \"$GROUNDSKEEPER_HOME/run/serve.sock.port\" 2>/dev/null)",
        "\"$L\" serve --stop >\"$OUT/stop.out\" 2>\"$OUT/stop.err\"; echo $? >\"$OUT/stop.rc\"",
        "cp \"$GROUNDSKEEPER_HOME/state/decisions.log\" \"$OUT/\" 2>/dev/null",
        // whatever the stop said, no server outlives the test
        "[ -n \"$pid\" ] && kill \"$pid\" 2>/dev/null",
        "exit 0");
    ProcessBuilder builder = new ProcessBuilder("unshare", "-m", "bash", "-c", script)
        .directory(temp.toFile()).redirectErrorStream(true)
        .redirectOutput(temp.resolve("script.log").toFile());
    Map<String, String> env = builder.environment();
    for (String variable : List.of("GROUNDSKEEPER_SESSION_MODE", "GROUNDSKEEPER_SOCKET",
        "GROUNDSKEEPER_SERVE", "XDG_RUNTIME_DIR", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS",
        "_JAVA_OPTIONS")) {
      env.remove(variable);
    }
    env.put("M", mount.toString());
    env.put("HOME", mount.resolve("home").toString());
    env.put("XDG_CONFIG_HOME", mount.resolve("xdg").toString());
    env.put("XDG_STATE_HOME", mount.resolve("state").toString());
    env.put("XDG_CACHE_HOME", mount.resolve("cache").toString());
    env.put("GROUNDSKEEPER_HOME", mount.resolve("gk").toString());
    env.put("GROUNDSKEEPER_SERVE_IDLE", "3m");
    env.put("JAVA_HOME", System.getProperty("java.home"));
    env.put("L", LAUNCHER.toString());
    env.put("REPO", repo.toString());
    env.put("IN", in.toString());
    env.put("OUT", out.toString());
    env.put("CALLS", String.valueOf(calls));
    env.put("FAULT", fault);
    Process process = builder.start();
    assertThat(process.waitFor(300, TimeUnit.SECONDS)).as("the script finished").isTrue();
    assertThat(process.exitValue()).as("%s", Files.readString(temp.resolve("script.log")))
        .isZero();
  }

  private static boolean namespacesWork() {
    try {
      Process probe = new ProcessBuilder("unshare", "-m", "sh", "-c",
          "d=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs \"$d\" && umount \"$d\";"
              + " s=$?; rmdir \"$d\"; exit $s").redirectErrorStream(true).start();
      probe.getInputStream().readAllBytes();
      return probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0;
    } catch (java.io.IOException | InterruptedException e) {
      return false;
    }
  }
}
