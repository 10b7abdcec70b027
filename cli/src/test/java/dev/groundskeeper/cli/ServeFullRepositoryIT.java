package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.cli.FullDisk.Fault;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern ANSWERED = Pattern.compile("answered: (\\d+)");
  private static final List<String> COMMANDS = List.of("git branch -D feat", "git reset --hard",
      "git clean -fdx", "git reset --hard && git clean -fdx", "ls");

  @org.junit.jupiter.api.io.TempDir
  Path temp;

  private Path repo;

  @BeforeEach
  void repository() throws Exception {
    FullDisk.assumeAvailable();
    repo = FullDisk.repository(temp.resolve("repo"));
    // an untracked file git clean would lose
    Files.writeString(repo.resolve("draft.md"), "an untracked draft\n");
  }

  @ParameterizedTest(name = "{0} on the full disk")
  @ValueSource(strings = {"repository", "everything"})
  void aFullRepositoryDiskKeepsTheGuardsJudgingAndNeverAllowsALossOnAMissingSnapshot(
      String onTheDisk) throws Exception {
    Path mount = temp.resolve("m");
    Path cwd = mount.resolve("repo");
    List<String> payloads = new ArrayList<>();
    for (String command : COMMANDS) {
      payloads.add(FullDisk.pre(cwd, command));
    }
    payloads.add(FullDisk.postSwitch(cwd));
    Path in = FullDisk.payloads(temp.resolve("calls"), payloads);
    Files.writeString(in.resolve("start"), FullDisk.pre(cwd, "ls"));
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
      String stdout = FullDisk.answer(out, i, what).assertAnswered(false).out();
      JsonNode specific = JSON.readTree(stdout).path("hookSpecificOutput");
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

  private void run(String onTheDisk, Path mount, Path in, Path out, int calls) throws Exception {
    Files.createDirectories(mount);
    Path roomy = Files.createDirectories(temp.resolve("roomy"));
    Path places = onTheDisk.equals("everything") ? mount : roomy;
    List<String> script = new ArrayList<>(FullDisk.setUp("8m",
        "changes:\\n  discard: snapshot\\n  delete: snapshot\\n"));
    script.add("cp -a \"$REPO\" \"$M/repo\" || exit 4");
    script.add("cd \"$M/repo\"");
    script.addAll(FullDisk.startServer("start"));
    script.addAll(FullDisk.fault(Fault.FULL, "$M/repo/probe"));
    script.addAll(FullDisk.calls(""));
    script.add(FullDisk.STATUS);
    script.add("\"$L\" snapshot list >\"$OUT/snapshots.out\" 2>&1");
    // what is on the tmpfs goes with the namespace: judge the repository in it now
    script.add("if git rev-parse -q --verify feat >/dev/null && grep -q afternoon notes.txt"
        + " && grep -q draft draft.md; then echo kept >\"$OUT/kept\";"
        + " else echo lost >\"$OUT/kept\"; git status --short >>\"$OUT/kept\"; fi");
    script.addAll(FullDisk.stopServer());
    FullDisk.run(script, temp.resolve("script.log"), env -> {
      FullDisk.environment(env, mount, places);
      FullDisk.served(env);
      FullDisk.calls(env, in, out, calls);
      env.put("REPO", repo.toString());
    });
  }
}
