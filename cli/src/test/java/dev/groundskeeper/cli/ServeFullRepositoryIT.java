package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * Issue 17: the repository itself on a full disk, under the warm server, with snapshot mode on
 * ({@code changes.discard: snapshot}, {@code changes.delete: snapshot}). The launcher's first
 * hook call starts {@code groundskeeper serve}; the repository is a copy on a tmpfs in a mount
 * namespace of its own, which is then filled to its last byte. With {@code repository} only the
 * repository is on it (the state directory, where snapshots go, is roomy); with {@code
 * everything} the home, state and store share it, as on a machine with one disk.
 *
 * <p>Every call is served (not only the cold fallback), answers in the runner's shape with exit 0
 * and no stack trace; {@code git branch -D} of unpushed work is denied; a discard of uncommitted
 * work is either let through with a snapshot that holds it, or, when the snapshot cannot be
 * written, refused with a reason that says the copy could not be kept and what to do: never let
 * through on a copy that does not exist. The repository keeps every branch and file. Needs
 * {@code unshare -m} and {@code mount}: skipped elsewhere.
 */
class ServeFullRepositoryIT {

  private static final Path LAUNCHER = Path.of(System.getProperty("groundskeeper.launcher"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern ANSWERED = Pattern.compile("answered: (\\d+)");
  private static final List<String> COMMANDS = List.of("git branch -D feat", "git reset --hard",
      "git clean -fdx", "git reset --hard && git clean -fdx", "ls");

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
    // uncommitted work that git reset --hard would lose, and an untracked file git clean would
    Files.writeString(repo.resolve("notes.txt"), "committed\nand an afternoon of changes\n");
    Files.writeString(repo.resolve("draft.md"), "an untracked draft\n");
  }

  @ParameterizedTest(name = "{0} on the full disk")
  @ValueSource(strings = {"repository", "everything"})
  void aFullRepositoryDiskKeepsTheGuardsJudgingAndNeverAllowsALossOnAMissingSnapshot(
      String onTheDisk) throws Exception {
    Path in = Files.createDirectories(temp.resolve("calls"));
    Path mount = temp.resolve("m");
    Path cwd = mount.resolve("repo");
    List<String> payloads = new ArrayList<>();
    for (String command : COMMANDS) {
      payloads.add(pre(cwd, command));
    }
    payloads.add("{\"session_id\":\"s1\",\"cwd\":\"" + cwd + "\",\"hook_event_name\":"
        + "\"PostToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git switch -c"
        + " later\"},\"tool_response\":{\"stdout\":\"\"}}");
    for (int i = 0; i < payloads.size(); i++) {
      Files.writeString(in.resolve(String.valueOf(i)), payloads.get(i));
    }
    Files.writeString(in.resolve("start"), pre(cwd, "ls"));
    Path out = Files.createDirectories(temp.resolve("out"));
    run(onTheDisk, mount, in, out, payloads.size());

    assertThat(Files.readString(out.resolve("mark")).strip()).as("the fault took hold")
        .isEqualTo("refused");
    String kept = Files.readString(out.resolve("kept")).strip();
    assertThat(kept).as("the repository on the full disk kept its branch and files")
        .isEqualTo("kept");
    String snapshots = Files.readString(out.resolve("snapshots.out"));
    for (int i = 0; i < payloads.size(); i++) {
      String what = i < COMMANDS.size() ? COMMANDS.get(i) : "PostToolUse";
      String stdout = Files.readString(out.resolve(i + ".out"));
      String stderr = Files.readString(out.resolve(i + ".err"));
      assertThat(Files.readString(out.resolve(i + ".rc")).strip()).as("exit of %s: %s", what,
          stderr).isEqualTo("0");
      assertThat(stdout + stderr).as(what).doesNotContain("\tat ", "Exception in");
      JsonNode answer = JSON.readTree(stdout);
      assertThat(answer.isObject()).as("%s answered %s", what, stdout).isTrue();
      JsonNode specific = answer.path("hookSpecificOutput");
      boolean denied = specific.path("permissionDecision").asText().equals("deny");
      String said = specific.path("permissionDecisionReason").asText()
          + specific.path("additionalContext").asText();
      if (what.equals("git branch -D feat")) {
        assertThat(denied).as("%s: %s", what, stdout).isTrue();
      } else if (what.equals("ls")) {
        assertThat(denied).as("%s: %s", what, stdout).isFalse();
      } else if (what.startsWith("git ")) {
        // what a person reads, in the build's output
        System.out.printf("ServeFullRepositoryIT (%s on the full disk): %s -> %s: %s%n",
            onTheDisk, what, denied ? "deny" : "allow", said.replace('\n', ' '));
        if (denied) {
          if (onTheDisk.equals("everything")) {
            // the copy could not be kept: said, with what to do instead
            assertThat(said).as("%s: %s", what, stdout)
                .contains("The snapshot that would have let it run was not taken: ")
                .containsAnyOf("could not", "cannot");
          }
        } else {
          // let through only on a copy that exists and is listed
          Matcher id = Pattern.compile("groundskeeper snapshot restore (\\S+)").matcher(said);
          assertThat(id.find()).as("%s let through without naming its snapshot: %s", what,
              stdout).isTrue();
          assertThat(snapshots).as("%s: its snapshot is listed", what).contains(id.group(1));
        }
        if (onTheDisk.equals("everything")) {
          assertThat(denied).as("%s with no room for its snapshot: %s", what, stdout).isTrue();
        }
      }
    }
    String status = Files.readString(out.resolve("status.out"));
    Matcher answered = ANSWERED.matcher(status);
    assertThat(answered.find()).as(status).isTrue();
    assertThat(Integer.parseInt(answered.group(1))).as("served after the fault: %s", status)
        .isGreaterThanOrEqualTo(1 + payloads.size());
    assertThat(Files.readString(out.resolve("stop.rc")).strip())
        .as("serve --stop: %s", Files.readString(out.resolve("stop.err"))).isEqualTo("0");
  }

  private static String pre(Path cwd, String command) {
    return "{\"session_id\":\"s1\",\"cwd\":\"" + cwd + "\",\"hook_event_name\":\"PreToolUse\","
        + "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"" + command + "\"}}";
  }

  private void run(String onTheDisk, Path mount, Path in, Path out, int calls) throws Exception {
    Files.createDirectories(mount);
    Path roomy = Files.createDirectories(temp.resolve("roomy"));
    Path places = onTheDisk.equals("everything") ? mount : roomy;
    String script = String.join("\n",
        "set -u",
        "mount -t tmpfs -o size=8m tmpfs \"$M\" || exit 3",
        "mkdir -p \"$HOME\" \"$XDG_CONFIG_HOME/groundskeeper\" \"$XDG_STATE_HOME\""
            + " \"$XDG_CACHE_HOME\" \"$GROUNDSKEEPER_HOME\"",
        "printf 'log:\\n  decisions: all\\nchanges:\\n  discard: snapshot\\n  delete: snapshot\\n'"
            + " >\"$XDG_CONFIG_HOME/groundskeeper/config.yaml\"",
        "cp -a \"$REPO\" \"$M/repo\" || exit 4",
        "cd \"$M/repo\"",
        "\"$L\" hook <\"$IN/start\" >/dev/null 2>&1",
        "i=0; while [ ! -S \"$GROUNDSKEEPER_HOME/run/serve.sock\" ] && [ $i -lt 900 ]; do"
            + " sleep 0.1; i=$((i+1)); done",
        // a served call before the fault: the server has written what it writes at start
        "\"$L\" hook <\"$IN/start\" >/dev/null 2>&1",
        "dd if=/dev/zero of=\"$M/filler\" bs=4096 2>/dev/null",
        "dd if=/dev/zero of=\"$M/filler2\" bs=1 2>/dev/null",
        "if echo x 2>/dev/null >\"$M/repo/probe\"; then echo written >\"$OUT/mark\";"
            + " else echo refused >\"$OUT/mark\"; fi",
        "c=0; while [ $c -lt $CALLS ]; do",
        "  \"$L\" hook <\"$IN/$c\" >\"$OUT/$c.out\" 2>\"$OUT/$c.err\"; echo $? >\"$OUT/$c.rc\"",
        "  c=$((c+1))",
        "done",
        "\"$L\" serve --status >\"$OUT/status.out\" 2>&1",
        "\"$L\" snapshot list >\"$OUT/snapshots.out\" 2>&1",
        // what is on the tmpfs goes with the namespace: judge the repository in it now
        "if git rev-parse -q --verify feat >/dev/null && grep -q afternoon notes.txt"
            + " && grep -q draft draft.md; then echo kept >\"$OUT/kept\";"
            + " else echo lost >\"$OUT/kept\"; git status --short >>\"$OUT/kept\"; fi",
        "pid=$(awk '{print $3}' \"$GROUNDSKEEPER_HOME/run/serve.sock.port\" 2>/dev/null)",
        "\"$L\" serve --stop >\"$OUT/stop.out\" 2>\"$OUT/stop.err\"; echo $? >\"$OUT/stop.rc\"",
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
    env.put("HOME", places.resolve("home").toString());
    env.put("XDG_CONFIG_HOME", places.resolve("xdg").toString());
    env.put("XDG_STATE_HOME", places.resolve("state").toString());
    env.put("XDG_CACHE_HOME", places.resolve("cache").toString());
    env.put("GROUNDSKEEPER_HOME", places.resolve("gk").toString());
    env.put("GROUNDSKEEPER_SERVE_IDLE", "3m");
    env.put("JAVA_HOME", System.getProperty("java.home"));
    env.put("L", LAUNCHER.toString());
    env.put("REPO", repo.toString());
    env.put("IN", in.toString());
    env.put("OUT", out.toString());
    env.put("CALLS", String.valueOf(calls));
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
