package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
 * Issue 16: an explicit remote delete ({@code git push origin --delete}, {@code :branch}, several
 * names) in a clone of a shared repository, through {@code groundskeeper check}. A colleague
 * pushes from a clone of their own under their own identity; this clone fetches. Under
 * {@code branches.scope: own} a colleague's branch is refused even when merged; every branch is
 * refused unless merged on the remote; one whose commits no other ref holds is named as a loss for
 * everyone, with a command that keeps a copy and runs as printed.
 */
class RemoteDeleteOwnershipTest {

  static final String ME = "test@groundskeeper.invalid";
  static final String COLLEAGUE = "colleague@example.invalid";

  @TempDir
  Path temp;

  Path origin;
  Path mine;
  Path theirs;
  CliRunner cli;

  @BeforeEach
  void team() throws IOException {
    cli = CliRunner.builtInRulesOnly(temp).env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GROUNDSKEEPER_HOME", temp.resolve("gk").toString());
    origin = temp.resolve("origin.git");
    mine = temp.resolve("mine");
    theirs = temp.resolve("theirs");
    git(temp, ME, "init", "-q", "--bare", "-b", "main", origin.toString());
    git(temp, ME, "init", "-q", "-b", "main", mine.toString());
    git(mine, ME, "remote", "add", "origin", origin.toString());
    git(mine, ME, "config", "user.email", ME);
    commit(mine, ME, "initial");
    git(mine, ME, "push", "-q", "-u", "origin", "main");

    // the colleague's clone, their identity (the build's GIT_AUTHOR_EMAIL is overridden per call)
    git(temp, COLLEAGUE, "clone", "-q", origin.toString(), theirs.toString());
    git(theirs, COLLEAGUE, "config", "user.email", COLLEAGUE);
    branch(theirs, COLLEAGUE, "their-open");
    branch(theirs, COLLEAGUE, "their-merged");
    git(theirs, COLLEAGUE, "merge", "-q", "--no-ff", "-m", "merge their-merged", "their-merged");
    git(theirs, COLLEAGUE, "push", "-q", "origin", "main", "their-open", "their-merged");

    git(mine, ME, "pull", "-q", "--ff-only", "origin", "main");
    branch(mine, ME, "my-merged");
    git(mine, ME, "merge", "-q", "--no-ff", "-m", "merge my-merged", "my-merged");
    branch(mine, ME, "my-open");
    branch(mine, ME, "my-gone");
    git(mine, ME, "push", "-q", "origin", "main", "my-merged", "my-open", "my-gone");
    // pushed, then the local branch deleted: only refs/remotes/origin/my-gone holds its commit
    git(mine, ME, "branch", "-q", "-D", "my-gone");
    git(mine, ME, "fetch", "-q", "origin");

  }

  @Test
  void underScopeOwnAColleaguesBranchIsRefusedMergedOrNotAndOwnMergedOnesAreAllowed()
      throws IOException {
    for (String command : List.of("git push origin --delete their-merged",
        "git push origin :their-merged", "git push --delete origin their-open",
        "git push origin -d my-merged their-merged")) {
      CliRunner.Result result = cli.run(mine, "check", "--json", "--", command);
      assertThat(result.exit()).as(command + "\n" + result.out()).isEqualTo(3);
      JsonNode verdict = verdict(result, "branches.remote-delete");
      String reason = verdict.get("reason").asText();
      assertThat(reason).as(command).contains("Someone else's work (branches.scope: own)",
          "authored by " + COLLEAGUE).doesNotContain("- my-merged");
      assertThat(verdict.get("remedy").get("description").asText())
          .contains("for their owners to delete");
    }
    CliRunner.Result own = cli.run(mine, "check", "--", "git push origin --delete my-merged");
    assertThat(own.exit()).as(own.out()).isZero();
    assertThat(own.output()).isEqualTo("allow: git push origin --delete my-merged");
  }

  @Test
  void anUnmergedBranchHeldByNoOtherRefIsALossForEveryoneWithACopyCommandThatRuns()
      throws IOException {
    CliRunner.Result held = cli.run(mine, "check", "--json", "--",
        "git push origin --delete my-open");
    assertThat(held.exit()).isEqualTo(3);
    String heldReason = verdict(held, "branches.remote-delete").get("reason").asText();
    assertThat(heldReason).contains("- my-open: its remote tip")
        .doesNotContain("loses those commits");

    CliRunner.Result gone = cli.run(mine, "check", "--json", "--",
        "git push origin --delete my-gone");
    assertThat(gone.exit()).isEqualTo(3);
    JsonNode verdict = verdict(gone, "branches.remote-delete");
    assertThat(verdict.get("reason").asText()).contains("- my-gone: its remote tip",
        "no other branch, tag or remote-tracking ref holds it, so deleting it loses those"
            + " commits for everyone");
    List<String> commands = new ArrayList<>();
    verdict.get("remedy").get("commands").forEach(c -> commands.add(c.asText()));
    String tip = git(mine, ME, "rev-parse", "refs/remotes/origin/my-gone").strip();
    String keep = "git branch groundskeeper/kept-" + tip.substring(0, 7)
        + " refs/remotes/origin/my-gone";
    assertThat(commands).containsExactly(keep, "git fetch origin");
    // the copy command is allowed and runs as printed; then nothing is lost, yet still unmerged
    assertThat(cli.run(mine, "check", "--", keep).exit()).isZero();
    TestProcesses.run(mine, Map.of(), "sh", "-c", keep);
    assertThat(git(mine, ME, "rev-parse", "groundskeeper/kept-" + tip.substring(0, 7)).strip())
        .isEqualTo(tip);
    CliRunner.Result after = cli.run(mine, "check", "--json", "--",
        "git push origin --delete my-gone");
    assertThat(after.exit()).isEqualTo(3);
    assertThat(verdict(after, "branches.remote-delete").get("reason").asText())
        .contains("- my-gone: its remote tip").doesNotContain("loses those commits");
  }

  @Test
  void underScopeAllAColleaguesMergedBranchIsJudgedByTheProofAlone() throws IOException {
    Files.createDirectories(temp.resolve("xdg/groundskeeper"));
    Files.writeString(temp.resolve("xdg/groundskeeper/config.yaml"), "branches:\n  scope: all\n");
    assertThat(cli.run(mine, "check", "--", "git push origin --delete their-merged").exit())
        .isZero();
    CliRunner.Result open = cli.run(mine, "check", "--json", "--",
        "git push origin --delete their-open");
    assertThat(open.exit()).isEqualTo(3);
    assertThat(verdict(open, "branches.remote-delete").get("reason").asText())
        .doesNotContain("Someone else's work")
        .contains("- their-open: its remote tip", "loses those commits for everyone");
  }

  @Test
  void withoutUserEmailTheRefusalSaysHowToSetIt() throws IOException {
    noEmail();
    CliRunner.Result result = cli.run(mine, "check", "--json", "--",
        "git push origin --delete my-merged");
    assertThat(result.exit()).as(result.out()).isEqualTo(3);
    assertThat(verdict(result, "branches.remote-delete").get("reason").asText())
        .contains("Someone else's work", "git config user.email <you@example.com>");
  }

  /** Issue 16: a new session under scope own without user.email hears it once, with the fix. */
  @Test
  void aNewSessionWithoutUserEmailSaysSoOnceWithTheFix() {
    String fix = "git config user.email <you@example.com>";
    assertThat(sessionStart("startup").out()).doesNotContain(fix);

    noEmail();
    CliRunner.Result startup = sessionStart("startup");
    assertThat(startup.exit()).as(startup.err()).isZero();
    String text = startup.out();
    assertThat(text.split(java.util.regex.Pattern.quote(fix), -1)).as(text).hasSize(2);
    assertThat(text).contains("branches.scope: own counts your pushed branches without a record"
        + " as others' work");
    assertThat(text.length()).as("inside the text budget").isLessThan(4096);
    assertThat(sessionStart("compact").out()).as("not at every compaction").doesNotContain(fix);
  }

  private CliRunner.Result sessionStart(String source) {
    String payload = "{\"hook_event_name\": \"SessionStart\", \"source\": \"" + source
        + "\", \"session_id\": \"s1\", \"cwd\": \"" + mine + "\"}";
    return cli.withInput(mine, payload, "hook", "--runner", "claude");
  }

  /**
   * No usable user.email: an empty one in the repository's config, which hides the user's. (JGit
   * reads the user configuration of the JVM's user.home, not the test's HOME, so an unset key
   * could fall through to the machine's own identity.)
   */
  private void noEmail() {
    git(mine, ME, "config", "user.email", "");
  }

  private static JsonNode verdict(CliRunner.Result result, String rule) throws IOException {
    for (JsonNode verdict : Json.MAPPER.readTree(result.out()).get("verdicts")) {
      if (verdict.get("rule").asText().equals(rule)) {
        return verdict;
      }
    }
    throw new AssertionError("no verdict of " + rule + " in " + result.out());
  }

  private void branch(Path clone, String who, String name) throws IOException {
    git(clone, who, "switch", "-q", "-c", name, "main");
    commit(clone, who, "work on " + name);
    git(clone, who, "switch", "-q", "main");
  }

  private void commit(Path clone, String who, String message) throws IOException {
    Files.writeString(clone.resolve(message.replaceAll("[^a-z0-9]", "-") + ".txt"), message);
    git(clone, who, "add", "-A");
    git(clone, who, "commit", "-q", "-m", message);
  }

  /** Git as {@code who}: the build's GIT_AUTHOR_EMAIL would otherwise author every commit. */
  private String git(Path directory, String who, String... args) {
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    return TestProcesses.run(directory, Map.of("GIT_AUTHOR_EMAIL", who, "GIT_COMMITTER_EMAIL",
        who, "HOME", temp.resolve("home").toString(), "GIT_CONFIG_NOSYSTEM", "1"), command);
  }
}
