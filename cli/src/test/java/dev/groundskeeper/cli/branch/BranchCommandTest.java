package dev.groundskeeper.cli.branch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.cli.TestProcesses;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.host.Host;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BranchCommandTest {

  @TempDir
  Path temp;

  private Path work;
  private Path origin;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  /** The test's configuration file, as text (empty: every rule at its defaults). */
  private String yaml = "";
  /**
   * Every branch counted as this clone's: these repositories have no user.email, so under the
   * default scope (own) their pushed branches without a creator record read as others' work,
   * which branch clean --remote leaves alone (TeamCloneScopeTest holds that); the tests below
   * are about what clean --remote proves and deletes.
   */
  private static final String ALL = "branches:\n  scope: all\n";

  private Policy policy() {
    return Policy.builder().discover(getClass().getClassLoader())
        .config(ConfigLayer.ofText("test", yaml)).build();
  }

  private BranchCommand command(Path directory, Clock clock) {
    Host host = Host.builder().environment(environment()).clock(clock).build();
    return new BranchCommand(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), directory, () -> host,
        dir -> policy());
  }

  @BeforeEach
  void repository() {
    origin = temp.resolve("origin.git");
    work = temp.resolve("work");
    run(temp, "git", "init", "-q", "--bare", "-b", "main", origin.toString());
    run(temp, "git", "init", "-q", "-b", "main", work.toString());
    git("config", "user.name", "Pat Parker");
    git("remote", "add", "origin", origin.toString());
    commit("initial");
    git("push", "-q", "-u", "origin", "main");
  }

  private int branch(String... args) {
    BranchCommand command = command(work,
        Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC));
    return command.commandLine().execute(args);
  }

  /** Git reads no configuration of this machine's user or system, only the test's. */
  private Map<String, String> environment() {
    return Map.of("HOME", temp.toString(), "XDG_CONFIG_HOME", temp.resolve(".config").toString(),
        "GROUNDSKEEPER_HOME", temp.resolve(".gk").toString(), "GIT_CONFIG_NOSYSTEM", "1");
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void parkWritesTheTrailersAndPushesABranchWithARemoteCopy() {
    git("switch", "-q", "-c", "waiting");
    commit("waiting work");
    git("push", "-q", "-u", "origin", "waiting");
    git("switch", "-q", "main");
    String before = git("rev-parse", "waiting");
    assertThat(branch("park", "waiting", "--reason", "waits for the API review")).isZero();
    assertThat(git("log", "-1", "--format=%B", "waiting")).contains(
        "Parked-Reason: waits for the API review", "Parked-By: Pat Parker");
    assertThat(git("rev-parse", "waiting^")).isEqualTo(before);
    assertThat(git("rev-parse", "waiting^{tree}")).isEqualTo(git("rev-parse", before
        + "^{tree}"));
    assertThat(git("rev-parse", "origin/waiting")).isEqualTo(git("rev-parse", "waiting"));
    assertThat(out()).contains("Parked branch waiting with commit " + git("rev-parse", "waiting")
        + ".\n", "Pushed waiting to origin.").doesNotContain(". parked");
    assertThat(branch("park", "--clear", "waiting")).isZero();
    assertThat(git("log", "-1", "--format=%B", "waiting")).contains("Unparked: Pat Parker");
    assertThat(out()).contains("Unparked branch waiting with commit "
        + git("rev-parse", "waiting") + ".\n");
  }

  @Test
  void aParkedBranchWithNoCopySaysHowToPushItOrThatThereIsNowhereTo() {
    git("branch", "local-only");
    assertThat(branch("park", "local-only", "--reason", "r")).isZero();
    assertThat(out()).contains("local-only has no copy on origin. Push it with"
        + " `git push -u origin local-only` so the mark travels with it.");
    git("remote", "remove", "origin");
    git("branch", "alone");
    assertThat(branch("park", "alone", "--reason", "r")).isZero();
    assertThat(out()).contains("alone has no copy on origin. No remote named origin is"
        + " configured, so the mark stays in this clone.");
  }

  @Test
  void parkedByNamesGitsConfiguredUserWithTheEmailWhenThereIsOne() {
    git("config", "user.email", "pat@example.com");
    git("branch", "waiting");
    assertThat(branch("park", "waiting", "--reason", "r")).isZero();
    assertThat(git("log", "-1", "--format=%(trailers:key=Parked-By,valueonly)", "waiting"))
        .isEqualTo("Pat Parker <pat@example.com>");
  }

  @Test
  void withoutAConfiguredUserTheParkedByTrailerIsLeftOutNotWrittenEmpty() {
    git("branch", "waiting");
    git("config", "--unset", "user.name");
    assertThat(branch("park", "waiting", "--reason", "waits for review")).isZero();
    String body = git("log", "-1", "--format=%B", "waiting");
    assertThat(body).contains("Parked-Reason: waits for review").doesNotContain("Parked-By");
    assertThat(git("log", "-1", "--format=%(trailers:key=Parked-Reason,valueonly)", "waiting"))
        .isEqualTo("waits for review");
    assertThat(branch("park", "--clear", "waiting")).isZero();
    assertThat(git("log", "-1", "--format=%(trailers:key=Unparked,valueonly)", "waiting"))
        .isEqualTo("yes");
  }

  @Test
  void theDefaultBranchALineAndAnExemptBranchAreNeverGivenAParkCommit() {
    yaml = "branches:\n  integration_lines: [\"release/*\"]\n  exempt: [\"users/*\"]\n";
    git("push", "-q", "origin", "main");
    git("branch", "release/1");
    git("branch", "users/ann");
    String main = git("rev-parse", "main");
    assertThat(branch("park", "main", "--reason", "r")).isEqualTo(2);
    assertThat(branch("park", "release/1", "--reason", "r")).isEqualTo(2);
    assertThat(branch("park", "users/ann", "--reason", "r")).isEqualTo(2);
    assertThat(err()).contains("main is the default branch, which is never idle",
        "release/1 is an integration line", "users/ann matches branches.exempt");
    assertThat(git("rev-parse", "main", "release/1", "users/ann"))
        .isEqualTo(main + "\n" + main + "\n" + main);
    assertThat(git("ls-remote", "origin", "main")).startsWith(main);
  }

  @Test
  void theHelpListsEveryReasonForExitTwo() {
    BranchCommand command = command(work, Clock.systemUTC());
    String usage = command.commandLine().getSubcommands().get("park").getUsageMessage();
    assertThat(usage.replaceAll("\\s+", " ")).contains("2 nothing was done: no such branch"
        + " here or on the remote, no reason, not a repository, the tip moved, the default branch, a line or"
        + " an exempt branch, or --clear of a branch not parked");
  }

  @Test
  void clearingABranchThatIsNotParkedIsRefusedSoItsIdleClockIsNotRestarted() {
    git("switch", "-q", "-c", "idle");
    commit("idle work");
    git("switch", "-q", "main");
    String tip = git("rev-parse", "idle");
    assertThat(branch("park", "--clear", "idle")).isEqualTo(2);
    assertThat(err()).contains("idle is not parked, so there is nothing to clear");
    assertThat(git("rev-parse", "idle")).isEqualTo(tip);
  }

  @Test
  void aDryRunPrintsTheCommitAndThePushAndChangesNothing() {
    git("switch", "-q", "-c", "waiting");
    commit("waiting work");
    git("push", "-q", "-u", "origin", "waiting");
    git("switch", "-q", "main");
    String tip = git("rev-parse", "waiting");
    String refs = git("for-each-ref");
    String reflog = git("reflog", "show", "--all");

    assertThat(branch("park", "waiting", "--reason", "waits for the API review", "--dry-run"))
        .isZero();

    assertThat(out()).isEqualTo("Would park waiting with an empty commit on " + tip
        + " (nothing is changed in a dry run):\n"
        + "    Park waiting\n\n"
        + "    Parked-Reason: waits for the API review\n"
        + "    Parked-By: Pat Parker\n"
        + "Would push: git push origin waiting\n");
    assertThat(git("for-each-ref")).isEqualTo(refs);
    assertThat(git("reflog", "show", "--all")).isEqualTo(reflog);
    assertThat(git("ls-remote", "origin", "waiting")).startsWith(tip);
    assertThat(err()).isEmpty();
  }

  @Test
  void aDryRunOfABranchWithoutARemoteCopyOrOfAnUnparkSaysSo() {
    git("branch", "local-only");
    assertThat(branch("park", "local-only", "--reason", "waits")).isZero();
    String tip = git("rev-parse", "local-only");
    assertThat(branch("park", "--clear", "local-only", "--dry-run")).isZero();
    assertThat(out()).contains("Would unpark local-only with an empty commit on " + tip,
        "    Unparked: Pat Parker", "local-only has no copy on origin. Nothing would be pushed.");
    assertThat(git("rev-parse", "local-only")).isEqualTo(tip);
    assertThat(branch("park", "local-only", "--dry-run")).isEqualTo(2);
    assertThat(err()).contains("--reason");
  }

  @Test
  void aBranchOnlyOnTheRemoteIsParkedThroughALocalBranchMadeFromItsCopy() {
    // the dormancy refusal names such branches (issue 16): its park command must run as printed
    git("switch", "-q", "-c", "far");
    commit("far work");
    git("push", "-q", "-u", "origin", "far");
    git("switch", "-q", "main");
    git("branch", "-q", "-D", "far");
    String remoteTip = git("rev-parse", "origin/far");
    assertThat(branch("park", "far", "--reason", "waits", "--dry-run")).isZero();
    assertThat(out()).contains("Would make the local branch far from refs/remotes/origin/far ("
        + remoteTip + "), tracking it.", "Would push: git push origin far");
    assertThat(git("for-each-ref", "refs/heads/far")).isEmpty();
    assertThat(branch("park", "far", "--reason", "waits on the review")).isZero();
    assertThat(out()).contains("Made the local branch far from refs/remotes/origin/far.",
        "Pushed far to origin.");
    assertThat(git("rev-parse", "far^")).isEqualTo(remoteTip);
    assertThat(git("log", "-1", "--format=%B", "far")).contains("Parked-Reason: waits on the review");
    assertThat(git("rev-parse", "origin/far")).isEqualTo(git("rev-parse", "far"));
    assertThat(git("rev-parse", "--abbrev-ref", "far@{upstream}")).isEqualTo("origin/far");
    git("branch", "-q", "-D", "far");
    assertThat(branch("park", "--clear", "far")).isEqualTo(2);
    assertThat(err()).contains("far has no local branch");
    assertThat(git("for-each-ref", "refs/heads/far")).isEmpty();
  }

  @Test
  void parkWithoutARemoteCopySaysHowToPush() {
    git("branch", "local-only");
    assertThat(branch("park", "local-only", "--reason", "later")).isZero();
    assertThat(out()).contains("git push -u origin local-only");
  }

  @Test
  void parkRefusesBadInputAndChangesNothing() {
    git("branch", "x");
    String tip = git("rev-parse", "x");
    assertThat(branch("park", "x")).isEqualTo(2);
    assertThat(err()).contains("--reason \"<what it waits on>\"");
    assertThat(branch("park", "x", "--reason", "two\nlines")).isEqualTo(2);
    assertThat(branch("park", "nope", "--reason", "r")).isEqualTo(2);
    assertThat(err()).contains("there is no branch nope here or on origin");
    assertThat(git("rev-parse", "x")).isEqualTo(tip);
  }

  @Test
  void parkReportsAFailedPushAndNeverForces() {
    git("switch", "-q", "-c", "diverged");
    commit("mine");
    git("push", "-q", "-u", "origin", "diverged");
    git("reset", "-q", "--hard", "HEAD~1");
    commit("other");
    git("switch", "-q", "main");
    assertThat(branch("park", "diverged", "--reason", "r")).isEqualTo(1);
    assertThat(err()).contains("the push of diverged to origin failed (nothing was forced)");
  }

  @Test
  void cleanListsWithoutYesAndDeletesOnlyFinishedBranchesBehindABundle() {
    git("switch", "-q", "-c", "shipped");
    commit("shipped work");
    git("push", "-q", "-u", "origin", "shipped");
    git("switch", "-q", "main");
    git("merge", "-q", "--no-ff", "-m", "merge shipped", "shipped");
    git("push", "-q", "origin", "main");
    git("switch", "-q", "-c", "open");
    commit("open work");
    git("switch", "-q", "main");
    // finished too, but checked out in a worktree (a branch with a commit of its own: one
    // created at another's tip and never committed to is not finished work)
    git("switch", "-q", "-c", "held");
    commit("held work");
    git("switch", "-q", "main");
    git("merge", "-q", "--no-ff", "-m", "merge held", "held");
    git("worktree", "add", "-q", temp.resolve("held-wt").toString(), "held");
    git("branch", "develop", "shipped");
    String shippedTip = git("rev-parse", "shipped");

    assertThat(branch("clean")).isZero();
    assertThat(out()).contains("- shipped at " + shippedTip, "--yes` to delete these",
        "Skipped held: the worktree").doesNotContain("- open", "- develop");
    assertThat(git("branch", "--list", "shipped")).isNotEmpty();

    assertThat(branch("clean", "--yes")).isZero();
    assertThat(git("branch", "--list", "shipped")).isEmpty();
    assertThat(git("branch", "--list", "open", "held", "develop").lines()).hasSize(3);
    assertThat(out()).contains("Deleted shipped (restore: git branch shipped " + shippedTip);
    List<Path> bundles = bundles();
    assertThat(bundles).hasSize(1);
    assertThat(run(work, "git", "bundle", "list-heads", bundles.get(0).toString()))
        .contains(shippedTip + " refs/heads/shipped");
    assertThat(git("ls-remote", "origin", "shipped")).isNotEmpty();
  }

  /** A merged branch with a copy on origin, merged there too. */
  private String shippedOnBothSides() {
    git("switch", "-q", "-c", "shipped");
    commit("shipped work");
    git("push", "-q", "-u", "origin", "shipped");
    git("switch", "-q", "main");
    git("merge", "-q", "--no-ff", "-m", "merge shipped", "shipped");
    git("push", "-q", "origin", "main");
    return git("rev-parse", "shipped");
  }

  @Test
  void cleanWithRemoteKeepsTheRemoteCopyWhenTheConfigurationExcludesTheProof() {
    String tip = shippedOnBothSides();
    yaml = "engine:\n  exclude: [\"branches.remote-delete\"]\n" + ALL;
    assertThat(branch("clean", "--yes", "--remote")).isEqualTo(1);
    assertThat(git("ls-remote", "origin", "shipped")).startsWith(tip);
    assertThat(err()).contains("Remote copy not deleted: shipped on origin: branches.remote-delete does not run"
        + " in this configuration");
  }

  @Test
  void cleanWithRemoteIsRefusedByAnyRuleOfThePolicyThatDeniesThePush() {
    String tip = shippedOnBothSides();
    Host host = Host.builder().environment(environment()).build();
    BranchCommand command = new BranchCommand(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), work, () -> host,
        dir -> Policy.builder().discover(getClass().getClassLoader())
            .config(ConfigLayer.ofText("test", ALL)).rule(new FrozenPushes()).build());
    assertThat(command.commandLine().execute("clean", "--yes", "--remote")).isEqualTo(1);
    assertThat(git("ls-remote", "origin", "shipped")).startsWith(tip);
    assertThat(err()).contains("Remote copy not deleted: shipped on origin", "pushes are frozen today");
  }

  @Test
  void cleanWithRemoteDoesEveryProvenDeletionNamesEachRefusedOneAndItsDryRunAgrees() {
    yaml = ALL;
    String shipped = shippedOnBothSides();
    git("switch", "-q", "-c", "squashy");
    commit("squashy work");
    git("push", "-q", "-u", "origin", "squashy");
    git("switch", "-q", "main");
    git("merge", "-q", "--squash", "squashy");
    git("commit", "-q", "-m", "squashy, squashed");
    git("push", "-q", "origin", "main");
    String squashy = git("rev-parse", "squashy");

    assertThat(branch("clean", "--remote", "--dry-run")).isZero();
    String listed = out();
    assertThat(listed).contains("Finished branches on origin:\n- shipped at " + shipped,
        "Kept on origin (its deletion is not proven safe there):\n- squashy: ");
    assertThat(listed.substring(listed.indexOf("Finished branches on origin:"), listed.indexOf("Kept on origin")))
        .doesNotContain("squashy");

    out.reset();
    assertThat(branch("clean", "--yes", "--remote")).isEqualTo(1);
    assertThat(git("ls-remote", "origin", "shipped")).as("the proven deletion is done").isEmpty();
    assertThat(git("ls-remote", "origin", "squashy")).as("the refused one is kept").startsWith(squashy);
    assertThat(out()).contains("Deleted shipped on origin");
    assertThat(err()).contains("Remote copy not deleted: squashy on origin: ");
  }

  @Test
  void cleanWithRemoteDeletesTheRemoteCopyProvenMergedThere() {
    yaml = ALL;
    git("switch", "-q", "-c", "shipped");
    commit("shipped work");
    git("push", "-q", "-u", "origin", "shipped");
    git("switch", "-q", "main");
    git("merge", "-q", "--no-ff", "-m", "merge shipped", "shipped");
    git("push", "-q", "origin", "main");
    String tip = git("rev-parse", "shipped");
    assertThat(branch("clean", "--yes", "--remote")).isZero();
    assertThat(git("ls-remote", "origin", "shipped")).isEmpty();
    String restore = "git push origin " + tip + ":refs/heads/shipped";
    assertThat(out()).contains("Deleted shipped on origin (restore: " + restore + ")");
    run(work, restore.split(" "));
    assertThat(git("ls-remote", "origin", "shipped")).startsWith(tip);
  }

  /**
   * The build sets GIT_AUTHOR_EMAIL for every test process (pom.xml), so these commits are
   * authored by that address whatever user.email says: the configured identity is set to it here
   * to make the branch this clone's by authorship alone (no creator record: plain git made it).
   */
  private static final String BUILD_AUTHOR =
      Optional.ofNullable(System.getenv("GIT_AUTHOR_EMAIL")).orElse("pat@example.com");

  private void mergedAndPushedWithPlainGit(String name) {
    git("switch", "-q", "-c", name);
    commit(name + " work");
    git("push", "-q", "-u", "origin", name);
    git("switch", "-q", "main");
    git("merge", "-q", "--no-ff", "-m", "merge " + name, name);
    git("push", "-q", "origin", "main");
  }

  @Test
  void underScopeOwnABranchAuthoredByTheConfiguredIdentityHasItsRemoteCopyDeleted() {
    git("config", "user.email", BUILD_AUTHOR);
    mergedAndPushedWithPlainGit("shipped");
    String tip = git("rev-parse", "shipped");
    assertThat(branch("clean", "--yes", "--remote")).as(out() + err()).isZero();
    assertThat(git("ls-remote", "origin", "shipped")).as(out() + err()).isEmpty();
    assertThat(out()).contains("Deleted shipped on origin (restore: git push origin " + tip
        + ":refs/heads/shipped)");
  }

  @Test
  void underScopeOwnABranchAuthoredBySomeoneElseKeepsItsRemoteCopy() {
    git("config", "user.email", "someone-else@example.com");
    mergedAndPushedWithPlainGit("theirs");
    String tip = git("rev-parse", "theirs");
    assertThat(branch("clean", "--yes", "--remote")).as(out() + err()).isZero();
    assertThat(git("ls-remote", "origin", "theirs")).as(out() + err()).startsWith(tip);
    assertThat(out()).contains("Others' work on origin (branches.scope: own; not deleted):")
        .contains("theirs");
  }

  @Test
  void cleanWithRemoteListsAndDeletesABranchFinishedOnlyOnTheRemoteBehindTheBundle() {
    yaml = ALL;
    git("switch", "-q", "-c", "theirs");
    commit("their work");
    git("push", "-q", "-u", "origin", "theirs");
    git("switch", "-q", "main");
    git("merge", "-q", "--no-ff", "-m", "merge theirs", "theirs");
    git("push", "-q", "origin", "main");
    git("branch", "-q", "-D", "theirs");
    String tip = git("rev-parse", "origin/theirs");

    assertThat(branch("clean", "--remote", "--dry-run")).isZero();
    assertThat(out()).contains("Finished branches on origin:\n- theirs at " + tip,
        "Dry run: nothing deleted.");
    assertThat(git("ls-remote", "origin", "theirs")).startsWith(tip);

    assertThat(branch("clean", "--yes", "--remote")).isZero();
    assertThat(git("ls-remote", "origin", "theirs")).isEmpty();
    assertThat(run(work, "git", "bundle", "list-heads", bundles().get(0).toString()))
        .contains(tip + " refs/remotes/origin/theirs");
  }

  @Test
  void aRestoreLineForANameAShellWouldSplitWorksWhenPasted() {
    String name = "x;touch${IFS}pwned";
    git("switch", "-q", "-c", name);
    commit("odd work");
    git("switch", "-q", "main");
    git("merge", "-q", "--no-ff", "-m", "merge odd", name);
    String tip = git("rev-parse", "refs/heads/" + name);

    assertThat(branch("clean", "--yes")).isZero();
    String restore = "git branch 'x;touch${IFS}pwned' " + tip;
    assertThat(out()).contains("(restore: " + restore + ",");
    assertThat(git("branch", "--list", name)).isEmpty();
    run(work, "bash", "-c", restore);
    assertThat(git("rev-parse", "refs/heads/" + name)).isEqualTo(tip);
    assertThat(work.resolve("pwned")).doesNotExist();
  }

  @Test
  void cleanWithNothingFinishedSaysSo() {
    assertThat(branch("clean", "--dry-run")).isZero();
    assertThat(out()).contains("No finished branch to delete.");
  }

  @Test
  void outsideARepositoryNothingIsDone() {
    BranchCommand command = command(temp, Clock.systemUTC());
    assertThat(command.commandLine().execute("clean", "--yes")).isEqualTo(2);
    assertThat(err()).contains("is not inside a git repository");
  }

  private List<Path> bundles() {
    Path dir = work.resolve(".git/groundskeeper/recovery");
    try (Stream<Path> files = Files.list(dir)) {
      return files.toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void commit(String message) {
    try {
      Files.writeString(work.resolve(message.replace(' ', '-') + ".txt"), message);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    git("add", "-A");
    git("commit", "-q", "-m", message);
  }

  private String git(String... args) {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    return run(work, command.toArray(String[]::new)).strip();
  }

  private String run(Path dir, String... command) {
    return TestProcesses.run(dir, Map.of("HOME", temp.toString(),
        "XDG_CONFIG_HOME", temp.resolve(".config").toString(),
        "GROUNDSKEEPER_HOME", temp.resolve(".gk").toString()), command);
  }


  /** A rule of the person's own that refuses every push today. */
  static final class FrozenPushes implements dev.groundskeeper.api.Rule {
    @Override
    public dev.groundskeeper.api.RuleInfo info() {
      return new dev.groundskeeper.api.RuleInfo("test.frozen-pushes", "Frozen pushes",
          "Refuses every push.", dev.groundskeeper.api.Mode.BLOCK,
          java.util.Set.of(dev.groundskeeper.api.Event.CommandEvent.class),
          "rules/test.frozen-pushes.md");
    }

    @Override
    public dev.groundskeeper.api.Verdict evaluate(dev.groundskeeper.api.Event event,
        dev.groundskeeper.api.Facts facts) {
      return event instanceof dev.groundskeeper.api.Event.CommandEvent command
          && command.command().startsWith("git push")
          ? dev.groundskeeper.api.Verdict.deny("test.frozen-pushes", "pushes are frozen today",
              dev.groundskeeper.api.Remedy.describe("Push tomorrow."))
          : dev.groundskeeper.api.Verdict.allow("test.frozen-pushes");
    }
  }
}
