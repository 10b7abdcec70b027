package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.cli.FullDisk.Answer;
import dev.groundskeeper.cli.FullDisk.Fault;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern ANSWERED = Pattern.compile("answered: (\\d+)");

  @org.junit.jupiter.api.io.TempDir
  Path temp;

  private Path repo;

  @BeforeEach
  void repository() throws Exception {
    FullDisk.assumeAvailable();
    repo = FullDisk.repository(temp.resolve("repo"));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"full", "read-only"})
  void aServerWhoseStateDirectoryFailsStillJudgesEveryCallAndStops(String fault)
      throws Exception {
    Map<String, Boolean> calls = new LinkedHashMap<>();
    calls.put("git branch -D feat", true);
    calls.put("git reset --hard", true);
    calls.put("ls", false);
    List<String> payloads = new ArrayList<>();
    for (String command : calls.keySet()) {
      payloads.add(FullDisk.pre(repo, command));
    }
    payloads.add(FullDisk.postSwitch(repo));
    int n = payloads.size();
    Path in = FullDisk.payloads(temp.resolve("calls"), payloads);
    Path out = Files.createDirectories(temp.resolve("out"));
    run(fault, in, out, n);

    assertThat(Files.readString(out.resolve("mark")).strip()).as("the fault took hold")
        .isEqualTo("refused");
    List<String> commands = List.copyOf(calls.keySet());
    for (int i = 0; i < n; i++) {
      String what = i < commands.size() ? commands.get(i) : "PostToolUse";
      Answer answer = FullDisk.answer(out, i, what).assertAnswered(false);
      if (i < commands.size()) {
        assertThat(answer.denied()).as("%s denied: %s", what, answer.out())
            .isEqualTo(calls.get(what));
      }
    }
    String status = Files.readString(out.resolve("status.out"));
    Matcher answered = ANSWERED.matcher(status);
    assertThat(answered.find()).as(status).isTrue();
    assertThat(Integer.parseInt(answered.group(1))).as("served after the fault: %s", status)
        .isGreaterThanOrEqualTo(1 + n);
    FullDisk.assertKept(repo);
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

  private void run(String fault, Path in, Path out, int calls) throws Exception {
    Path mount = Files.createDirectories(temp.resolve("m"));
    List<String> script = new ArrayList<>(FullDisk.setUp("8m", ""));
    // JGit's measurement of the repository's file system, which the server would make at start
    script.add(FullDisk.MEASURED);
    script.add("cd \"$REPO\"");
    script.addAll(FullDisk.startServer("2"));
    script.addAll(FullDisk.fault(fault.equals("full") ? Fault.FULL : Fault.READ_ONLY_BIND,
        "$M/probe"));
    script.addAll(FullDisk.calls(""));
    script.add(FullDisk.STATUS);
    script.add("\"$L\" serve --status --json >\"$OUT/status.json\" 2>&1");
    script.add("cp \"$GROUNDSKEEPER_HOME/state/decisions.log\" \"$OUT/\" 2>/dev/null");
    script.addAll(FullDisk.stopServer());
    FullDisk.run(script, temp.resolve("script.log"), env -> {
      FullDisk.environment(env, mount, mount);
      FullDisk.served(env);
      FullDisk.measured(env);
      FullDisk.calls(env, in, out, calls);
      env.put("REPO", repo.toString());
    });
  }
}
