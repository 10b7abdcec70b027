package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Branch names and paths holding what a terminal must not receive raw ({@link ControlBytes}):
 * names git itself accepts ({@code git update-ref}: C1 controls such as U+009B, which some
 * terminals read as the start of an escape sequence; bidi overrides; a raw 0x9B byte that is
 * not UTF-8) and names git refuses but a loose ref file written behind its back still carries
 * (ESC, BEL, CR). The hook's answers (every text field of them, and standard error) and the
 * {@code branch} verbs' and the sweep's text reports print none of them raw.
 */
class ControlBytesInNamesTest {

  @TempDir
  Path temp;

  private Path repo;
  private CliRunner cli;
  /** The names as Java reads them back, for the commands that name them. */
  private final List<String> unpushed = new ArrayList<>();

  @BeforeEach
  void setUp() throws IOException {
    Path remote = temp.resolve("remote.git");
    Git.run(temp, "init", "-q", "--bare", "-b", "main", remote.toString());
    repo = Git.init(temp.resolve("repo"));
    // names git accepts: each unpushed one at a commit of its own; a merged one of each with a
    // commit of its own that main holds (a branch never moved from where it was made is fresh,
    // not finished)
    String[] accepted = {"c1/\u009b31mred", "bidi/\u202egpj.exe", "nel/\u0085x", "ls/\u2028y"};
    for (String name : accepted) {
      Git.run(repo, "switch", "-q", "-c", "merged-" + name);
      Git.run(repo, "commit", "-q", "--allow-empty", "-m", "merged work");
      Git.run(repo, "switch", "-q", "main");
      Git.run(repo, "merge", "-q", "--ff-only", "merged-" + name);
    }
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "after the merged ones");
    String main = Git.run(repo, "rev-parse", "HEAD~1").strip();
    Git.run(repo, "remote", "add", "origin", remote.toString());
    Git.run(repo, "push", "-q", "-u", "origin", "main");
    for (String name : accepted) {
      Git.run(repo, "update-ref", "refs/heads/" + name, commit(name));
      unpushed.add(name);
    }
    // a raw 0x9B byte, which Java cannot pass as an argument: through the shell's printf
    TestProcesses.run(repo, Map.of(), "sh", "-c",
        "git update-ref \"$(printf 'refs/heads/raw/\\233x')\" " + commit("raw")
            + " && git update-ref \"$(printf 'refs/heads/merged-raw/\\233x')\" " + main);
    // names git refuses: loose ref files written behind its back
    for (String name : List.of("esc/\u001b[2Jgone", "bel/\u0007ring", "cr/\rover")) {
      Path file = repo.resolve(".git/refs/heads/" + name);
      Files.createDirectories(file.getParent());
      Files.writeString(file, commit(name) + "\n");
      unpushed.add(name);
    }
    cli = CliRunner.builtInRulesOnly(temp);
    Path config = temp.resolve("xdg/groundskeeper/config.yaml");
    Files.createDirectories(config.getParent());
    Files.writeString(config, "branches:\n  scope: all\n");
  }

  /** A commit of its own on top of main, on no branch yet. */
  private String commit(String name) {
    String tree = Git.run(repo, "rev-parse", "main^{tree}").strip();
    return Git.run(repo, "commit-tree", tree, "-p", "main", "-m",
        "work of " + name.replaceAll("\\p{Cntrl}", "?")).strip();
  }

  private ObjectNode payload(String hook) {
    return Json.object().put("session_id", "s").put("cwd", repo.toString())
        .put("transcript_path", temp.resolve("t.jsonl").toString())
        .put("hook_event_name", hook);
  }

  private CliRunner.Result hook(ObjectNode payload) {
    return cli.withInput(repo, Json.compact(payload), "hook", "--runner", "claude");
  }

  /** Every text in the answer and on standard error is free of raw control bytes. */
  private static void clean(CliRunner.Result result, String where) throws IOException {
    ControlBytes.assertNone(result.err(), where + " (standard error)");
    if (result.output().startsWith("{")) {
      texts(Json.MAPPER.readTree(result.output()), where);
    } else {
      ControlBytes.assertNone(result.out(), where);
    }
  }

  private static void texts(JsonNode node, String where) {
    if (node.isTextual()) {
      ControlBytes.assertNone(node.asText(), where);
    }
    node.fieldNames().forEachRemaining(name -> ControlBytes.assertNone(name, where));
    node.elements().forEachRemaining(child -> texts(child, where));
  }

  @Test
  void theHooksAnswersNameSuchBranchesEscaped() throws IOException {
    for (String name : unpushed) {
      ObjectNode bash = payload("PreToolUse").put("tool_name", "Bash");
      bash.putObject("tool_input").put("command", "git branch -D '" + name + "'");
      CliRunner.Result result = hook(bash);
      String where = "git branch -D " + dev.groundskeeper.api.SafeText.escape(name);
      assertThat(result.exit()).as(where + ": " + result.err()).isZero();
      assertThat(Json.MAPPER.readTree(result.output()).path("hookSpecificOutput")
          .path("permissionDecision").asText()).as(where + ": " + result.out())
          .isEqualTo("deny");
      clean(result, where);
    }
    // the raw 0x9B byte, as bash writes it: judged by its bytes (RawText), refused, printed
    // as the escape
    ObjectNode raw = payload("PreToolUse").put("tool_name", "Bash");
    raw.putObject("tool_input").put("command", "git branch -D $'raw/\\x9bx'");
    CliRunner.Result rawResult = hook(raw);
    JsonNode rawOutput = Json.MAPPER.readTree(rawResult.output()).path("hookSpecificOutput");
    assertThat(rawOutput.path("permissionDecision").asText()).as(rawResult.out())
        .isEqualTo("deny");
    assertThat(rawOutput.path("permissionDecisionReason").asText())
        .contains("branch raw/\\x9bx at");
    clean(rawResult, "git branch -D $'raw/\\x9bx'");
    // a name in the command itself that no branch has, and a raw escape in the command
    ObjectNode bash = payload("PreToolUse").put("tool_name", "Bash");
    bash.putObject("tool_input").put("command", "git branch -D $'x\\e[2J' \u001b[2J\u009b0m");
    clean(hook(bash), "an escape in the command");
    ObjectNode post = payload("PostToolUse").put("tool_name", "Bash");
    post.putObject("tool_input").put("command", "git switch -c 'new/\u009b1m'");
    post.putObject("tool_response").put("stdout", "").put("stderr", "");
    clean(hook(post), "PostToolUse");
    for (ObjectNode other : List.of(payload("SessionStart").put("source", "startup"),
        payload("UserPromptSubmit").put("prompt", "go on"),
        payload("Stop").put("stop_hook_active", false))) {
      clean(hook(other), other.path("hook_event_name").asText());
    }
  }

  @Test
  void aPathWithControlBytesIsNamedEscaped() throws IOException {
    for (String path : List.of("untracked/notes\u001b[31m.md", "untracked/\u202eb.md",
        "patch\u009b.patch")) {
      ObjectNode write = payload("PreToolUse").put("tool_name", "Write");
      write.putObject("tool_input").put("file_path", repo.resolve(path).toString())
          .put("content", "diff --git a/x b/x\n");
      clean(hook(write), "Write " + dev.groundskeeper.api.SafeText.escape(path));
    }
  }

  @Test
  void theBranchVerbsAndTheSweepPrintSuchNamesEscaped() throws IOException {
    CliRunner.Result dryRun = cli.run(repo, "branch", "clean", "--dry-run");
    assertThat(dryRun.exit()).as(dryRun.err()).isIn(0, 1);
    assertThat(dryRun.out()).contains("merged-c1/\\u{009b}31mred");
    clean(dryRun, "branch clean --dry-run");

    for (String name : unpushed) {
      CliRunner.Result park = cli.run(repo, "branch", "park", name, "--reason",
          "waits on \u001b[1mreview\u009b", "--dry-run");
      clean(park, "branch park " + dev.groundskeeper.api.SafeText.escape(name));
    }

    CliRunner.Result sweep = cli.run(repo, "sweep");
    clean(sweep, "sweep");

    CliRunner.Result clean = cli.run(repo, "branch", "clean", "--yes");
    clean(clean, "branch clean --yes");
    // the merged branches are cleaned but the one whose name cannot be handed to git, which is
    // left with why (once it made git refuse the bundle, and so the whole clean)
    assertThat(clean.out() + clean.err()).contains("Not deleted merged-raw/\\x9bx: its name is"
        + " not UTF-8");
    String left = Git.run(repo, "for-each-ref", "--format=%(refname)", "refs/heads/");
    assertThat(left).doesNotContain("merged-c1/", "merged-bidi/", "merged-nel/", "merged-ls/");
    assertThat(left).contains("refs/heads/merged-raw/");
    // the unpushed work is all still there
    for (String name : unpushed.subList(0, 4)) {
      Git.run(repo, "rev-parse", "--verify", "-q", "refs/heads/" + name);
    }
  }
}
