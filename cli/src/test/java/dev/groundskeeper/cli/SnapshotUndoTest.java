package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Snapshot mode end to end through `groundskeeper hook` and the CLI: the hook keeps a copy of a
 * modified, an untracked and an ignored file before `git reset --hard && git clean -fdx`, lets
 * the command run, and `groundskeeper undo` brings every byte back; a copy that cannot be kept
 * (a symbolic link in the state directory) keeps the refusal.
 */
class SnapshotUndoTest {

  private static final String COMMAND = "git reset --hard && git clean -fdx";

  @TempDir
  Path temp;

  private Path repo;
  private CliRunner cli;

  @BeforeEach
  void setUp() throws IOException {
    repo = Git.init(temp.resolve("repo"));
    Files.writeString(repo.resolve("a.txt"), "one\n");
    Files.writeString(repo.resolve(".gitignore"), ".env\n");
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "changes:\n  discard: snapshot\n"
        + "  delete: snapshot\n");
    Git.run(repo, "add", "-A");
    Git.run(repo, "commit", "-q", "-m", "base");
    Files.writeString(repo.resolve("a.txt"), "one\ntwo, uncommitted\n");
    Files.writeString(repo.resolve("new.txt"), "an afternoon's work\n");
    Files.writeString(repo.resolve(".env"), "TOKEN=kept\n");
    cli = CliRunner.builtInRulesOnly(temp);
  }

  private JsonNode hook(String command) throws IOException {
    ObjectNode payload = Json.object().put("session_id", "s1").put("cwd", repo.toString())
        .put("hook_event_name", "PreToolUse").put("tool_name", "Bash");
    payload.putObject("tool_input").put("command", command);
    CliRunner.Result result = cli.withInput(repo, Json.MAPPER.writeValueAsString(payload),
        "hook");
    assertThat(result.exit()).as(result.err()).isZero();
    return Json.MAPPER.readTree(result.out()).path("hookSpecificOutput");
  }

  @Test
  void theHookSnapshotsLetsTheCommandRunAndUndoRestoresEveryByte() throws IOException {
    JsonNode answer = hook(COMMAND);

    assertThat(answer.path("permissionDecision").asText()).isNotEqualTo("deny");
    String advice = answer.path("additionalContext").asText();
    assertThat(advice).contains("Kept a copy of what this command destroys",
        "groundskeeper snapshot restore");
    Matcher restore = Pattern.compile("cd (\\S+) && groundskeeper snapshot restore (\\S+)")
        .matcher(advice);
    assertThat(restore.find()).as(advice).isTrue();

    TestProcesses.run(repo, java.util.Map.of(), "sh", "-c", COMMAND);
    assertThat(repo.resolve("new.txt")).doesNotExist();
    assertThat(repo.resolve(".env")).doesNotExist();
    assertThat(Files.readString(repo.resolve("a.txt"))).isEqualTo("one\n");

    CliRunner.Result list = cli.run(repo, "snapshot", "list");
    assertThat(list.exit()).as(list.err()).isZero();
    assertThat(list.out()).contains(restore.group(2), "session s1", "before `" + COMMAND + "`");

    CliRunner.Result undo = cli.run(repo, "undo");
    assertThat(undo.exit()).as(undo.err()).isZero();
    assertThat(undo.out()).contains("restored 3 paths from snapshot " + restore.group(2));
    assertThat(Files.readString(repo.resolve("a.txt"))).isEqualTo("one\ntwo, uncommitted\n");
    assertThat(Files.readString(repo.resolve("new.txt"))).isEqualTo("an afternoon's work\n");
    assertThat(Files.readString(repo.resolve(".env"))).isEqualTo("TOKEN=kept\n");
    // the snapshot lives outside the repository
    assertThat(cli.home().resolve(".groundskeeper/state/snapshots")).isDirectory();
  }

  @Test
  void undoRefusesToOverwriteWorkWrittenSinceAndWritesNothing() throws IOException {
    hook(COMMAND);
    TestProcesses.run(repo, java.util.Map.of(), "sh", "-c", COMMAND);
    Files.writeString(repo.resolve("a.txt"), "newer work\n");

    CliRunner.Result undo = cli.run(repo, "undo");

    assertThat(undo.exit()).isEqualTo(1);
    assertThat(undo.err()).contains("refused: 1 path changed since snapshot", "a.txt",
        "Nothing was written");
    assertThat(Files.readString(repo.resolve("a.txt"))).isEqualTo("newer work\n");
    assertThat(repo.resolve("new.txt")).doesNotExist();
  }

  @Test
  void undoRemovesTheTemporaryAKilledRestoreLeftAndSaysSo() throws IOException {
    hook(COMMAND);
    TestProcesses.run(repo, java.util.Map.of(), "sh", "-c", COMMAND);
    // a restore SIGKILLed after writing part of new.txt's temporary, before its rename
    Path left = repo.resolve(".new.txt.groundskeeper-restore-18a3f5c2b7e9");
    Files.writeString(left, "an aftern");
    Files.setLastModifiedTime(left, java.nio.file.attribute.FileTime.from(
        java.time.Instant.now().minus(java.time.Duration.ofMinutes(30))));

    CliRunner.Result undo = cli.run(repo, "undo");

    assertThat(undo.exit()).as(undo.err()).isZero();
    assertThat(undo.out()).contains("removed 1 temporary file an interrupted restore left (the"
        + " snapshot holds their content): .new.txt.groundskeeper-restore-18a3f5c2b7e9",
        "restored 3 paths");
    assertThat(left).doesNotExist();
    assertThat(Files.readString(repo.resolve("a.txt"))).isEqualTo("one\ntwo, uncommitted\n");
    assertThat(Files.readString(repo.resolve("new.txt"))).isEqualTo("an afternoon's work\n");
    assertThat(Files.readString(repo.resolve(".env"))).isEqualTo("TOKEN=kept\n");
    try (var files = Files.list(repo)) {
      assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder(".git",
          ".gitignore", ".groundskeeper.yaml", "a.txt", "new.txt", ".env");
    }
  }

  @Test
  void aSnapshotThatCannotBeKeptLeavesTheRefusal() throws IOException {
    Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
    Files.createDirectories(cli.home().resolve(".groundskeeper/state"));
    Files.createSymbolicLink(cli.home().resolve(".groundskeeper/state/snapshots"), elsewhere);

    JsonNode answer = hook(COMMAND);

    assertThat(answer.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(answer.path("permissionDecisionReason").asText())
        .contains("The snapshot that would have let it run was not taken", "symbolic link");
    assertThat(Files.readString(repo.resolve("a.txt"))).isEqualTo("one\ntwo, uncommitted\n");
  }

  @Test
  void showAndDropNameTheSnapshot() throws IOException {
    hook("git checkout -- a.txt");
    String id = cli.run(repo, "snapshot", "list").out().split(" ")[0];

    CliRunner.Result show = cli.run(repo, "snapshot", "show", id);
    assertThat(show.exit()).as(show.err()).isZero();
    assertThat(show.out()).contains("  a.txt  21 bytes", "restore: groundskeeper snapshot"
        + " restore " + id);

    assertThat(cli.run(repo, "snapshot", "drop", "--expired").exit()).isEqualTo(2);
    CliRunner.Result drop = cli.run(repo, "snapshot", "drop", id);
    assertThat(drop.exit()).as(drop.err()).isZero();
    assertThat(cli.run(repo, "snapshot", "list").out()).startsWith("no snapshots of ");
    assertThat(cli.run(repo, "undo").exit()).isEqualTo(1);
  }

  @Test
  void listAndShowTellTheSameAsJson() throws IOException {
    hook("git checkout -- a.txt");
    Git.run(repo, "checkout", "--", "a.txt");
    JsonNode list = Json.MAPPER.readTree(cli.run(repo, "snapshot", "list", "--json").out());
    assertThat(list.path("worktree").asText()).isEqualTo(repo.toRealPath().toString());
    assertThat(list.path("damaged")).isEmpty();
    assertThat(list.has("drop_expired")).isFalse();
    JsonNode row = list.path("snapshots").get(0);
    String id = row.path("id").asText();
    assertThat(cli.run(repo, "snapshot", "list").out()).startsWith(id + "  ");
    assertThat(row.path("session").asText()).isEqualTo("s1");
    assertThat(row.path("command").asText()).isEqualTo("git checkout -- a.txt");
    assertThat(row.path("paths").asInt()).isEqualTo(1);
    assertThat(row.path("expired").asBoolean()).isFalse();

    CliRunner.Result shown = cli.run(repo, "snapshot", "show", id, "--json");
    assertThat(shown.exit()).as(shown.err()).isZero();
    JsonNode show = Json.MAPPER.readTree(shown.out());
    assertThat(show.path("id").asText()).isEqualTo(id);
    assertThat(show.path("files").get(0).path("path").asText()).isEqualTo("a.txt");
    assertThat(show.path("files").get(0).path("size").asLong()).isEqualTo(21);
    assertThat(show.path("files").get(0).path("restore").asText()).isEqualTo("write");
    assertThat(show.path("diff").get(0).path("lines").toString()).contains("+two, uncommitted");
    assertThat(show.has("not_shown")).isFalse();
    assertThat(show.path("restore_command").asText())
        .isEqualTo("groundskeeper snapshot restore " + id);

    CliRunner.Result missing = cli.run(repo, "snapshot", "show", "nope", "--json");
    assertThat(missing.exit()).isEqualTo(1);
    assertThat(missing.out()).isEmpty();
  }

  /**
   * snapshot show prints the stat and the diff from the worktree now to the kept copy, which is
   * what a restore writes; it is cut at a bound unless --full or paths are given.
   */
  @Test
  void showPrintsTheDiffARestoreWouldApplyBoundedUnlessAskedInFull() throws IOException {
    StringBuilder long_ = new StringBuilder();
    for (int i = 0; i < 300; i++) {
      long_.append("line ").append(i).append('\n');
    }
    Files.writeString(repo.resolve("long.txt"), long_);
    hook(COMMAND);
    Git.run(repo, "reset", "-q", "--hard");
    Git.run(repo, "clean", "-q", "-fdx");
    String id = cli.run(repo, "snapshot", "list").out().split(" ")[0];

    CliRunner.Result show = cli.run(repo, "snapshot", "show", id);
    CliRunner.Result full = cli.run(repo, "snapshot", "show", id, "--full");
    CliRunner.Result one = cli.run(repo, "snapshot", "show", id, "a.txt");
    CliRunner.Result none = cli.run(repo, "snapshot", "show", id, "nowhere.txt");

    assertThat(show.exit()).as(show.err()).isZero();
    assertThat(show.out()).contains("  a.txt  21 bytes; a restore writes it back",
        "  .env  11 bytes; a restore writes it back",
        "--- a/a.txt\t(the worktree now)\n+++ b/a.txt\t(snapshot " + id + ")\n@@ -1 +1,2 @@\n"
            + " one\n+two, uncommitted\n",
        "--- /dev/null\t(the worktree now)", "+TOKEN=kept",
        "not shown: groundskeeper snapshot show " + id + " --full",
        "restore: groundskeeper snapshot restore " + id);
    assertThat(show.out().lines().filter(l -> l.startsWith("+") || l.startsWith("-")
        || l.startsWith(" ") && !l.startsWith("  ") || l.startsWith("@@")).count())
        .isLessThanOrEqualTo(dev.groundskeeper.cli.snapshot.SnapshotCommand.SHOWN_DIFF_LINES);
    assertThat(full.out()).contains("+line 299").doesNotContain("not shown");
    assertThat(one.out()).contains("+two, uncommitted").doesNotContain("TOKEN", "long.txt");
    assertThat(none.exit()).isEqualTo(1);
    assertThat(none.err()).contains("holds no path nowhere.txt");

    Files.writeString(repo.resolve("a.txt"), "newer\n");
    CliRunner.Result changed = cli.run(repo, "snapshot", "show", id, "a.txt");
    assertThat(changed.out()).contains("a.txt  21 bytes; changed since: a restore refuses",
        "-newer", "+two, uncommitted", "(refused while 1 path differ");
  }

  /**
   * snapshot show prints, under its own heading, the diff of each kept staged content from HEAD
   * when the snapshot was taken to the index it kept: the index's own copy (staged, then changed
   * again) and one that the working file held too (a new file staged as it is).
   */
  @Test
  void showPrintsTheKeptStagedContentUnderItsOwnHeading() throws IOException {
    Files.writeString(repo.resolve("a.txt"), "one\nstaged line\n");
    Git.run(repo, "add", "a.txt", "new.txt");
    Files.writeString(repo.resolve("a.txt"), "one\nstaged line\nand unstaged\n");
    hook("git reset --hard");
    Git.run(repo, "reset", "-q", "--hard");
    String id = cli.run(repo, "snapshot", "list").out().split(" ")[0];

    CliRunner.Result show = cli.run(repo, "snapshot", "show", id);
    CliRunner.Result one = cli.run(repo, "snapshot", "show", id, "a.txt");

    assertThat(show.exit()).as(show.err()).isZero();
    String out = show.out();
    assertThat(out).contains("  a.txt  29 bytes, staged content kept; a restore writes it back",
        "--- a/a.txt\t(the worktree now)\n+++ b/a.txt\t(snapshot " + id + ")",
        "\nstaged content kept, 2 paths: the diff from HEAD when the snapshot was taken to the"
            + " index it kept, which a restore puts back in the index\n",
        "--- a/a.txt\t(HEAD when the snapshot was taken)\n+++ b/a.txt\t(the index kept by"
            + " snapshot " + id + ")\n@@ -1 +1,2 @@\n one\n+staged line\n",
        "--- /dev/null\t(HEAD when the snapshot was taken)\n+++ b/new.txt\t(the index kept by"
            + " snapshot " + id + ")\n@@ -0,0 +1 @@\n+an afternoon's work\n");
    // the worktree part comes first, the staged part after its heading
    assertThat(out.indexOf("(the worktree now)")).isLessThan(out.indexOf("staged content kept,"));
    assertThat(out.substring(out.indexOf("staged content kept,"))).doesNotContain("and unstaged");
    assertThat(one.out()).contains("staged content kept, 1 path", "+staged line")
        .doesNotContain("new.txt\t");
  }

  /**
   * sweep lists the worktree's snapshots, marks those past keep_days and names the command that
   * drops them; it deletes nothing, and the bulk drop needs --yes.
   */
  @Test
  void sweepListsSnapshotsAndTheExpiredOnesWithoutDroppingThem() throws IOException {
    hook("git checkout -- a.txt");
    String id = cli.run(repo, "snapshot", "list").out().split(" ")[0];

    CliRunner.Result fresh = cli.run(repo, "sweep");
    CliRunner.Result later = cli.at(CliRunner.NOW.plus(java.time.Duration.ofDays(15)))
        .run(repo, "sweep");
    CliRunner.Result json = cli.run(repo, "sweep", "--json");

    assertThat(fresh.out()).contains("[snapshots] 1 snapshot of ", "the oldest " + id,
        "none is older than 14 days").doesNotContain("drop --expired");
    assertThat(later.out()).contains("1 snapshot older than 14 days (changes.snapshots"
        + ".keep_days), kept until you drop it", "  - expired " + id + ": 1 path, before"
        + " `git checkout -- a.txt`", "groundskeeper snapshot drop --expired --yes");
    JsonNode listing = Json.MAPPER.readTree(json.out()).path("snapshots");
    assertThat(listing.path("count").asInt()).isEqualTo(1);
    assertThat(listing.path("expired").get(0).asText()).isEqualTo(id);
    assertThat(listing.path("drop_expired").asText()).isEqualTo(
        "groundskeeper snapshot drop --expired --yes");
    assertThat(cli.run(repo, "snapshot", "list").out()).startsWith(id);
    assertThat(cli.run(repo, "snapshot", "drop", "--expired").exit()).isEqualTo(2);
    assertThat(cli.run(repo, "snapshot", "list").out()).startsWith(id);
    CliRunner.Result dropped = cli.run(repo, "snapshot", "drop", "--expired", "--yes");
    assertThat(dropped.out()).contains("dropped snapshot " + id);
    assertThat(cli.run(repo, "sweep").out()).doesNotContain("[snapshots]");
  }

  @Test
  void checkJudgesOnlyAndTakesNoSnapshot() {
    CliRunner.Result check = cli.run(repo, "check", "--", COMMAND);

    assertThat(check.exit()).isEqualTo(3);
    assertThat(check.output()).contains("In snapshot mode the host keeps a copy");
    assertThat(cli.home().resolve(".groundskeeper/state/snapshots")).doesNotExist();
  }
}
