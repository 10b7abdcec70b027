package dev.groundskeeper.cli.worktree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.git.store.AddedWorktree;
import dev.groundskeeper.host.worktree.Listing;
import dev.groundskeeper.host.worktree.PruneReport;
import dev.groundskeeper.host.worktree.PruneRow;
import dev.groundskeeper.rules.worktree.MergeStatus;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The forge read through a fake {@code gh} on {@code PATH}: a script that refuses any argument
 * list but the one the store sends and answers with JSON shaped as {@code gh pr list --json
 * number,state,headRefName,headRefOid} prints it when its output is not a terminal (an array of
 * objects, keys in order, on one line). The real gh cannot sign in here.
 */
class ForgeTest {

  private static final String ARGUMENTS =
      "pr list --state all --limit 500 --json number,state,headRefName,headRefOid";

  @TempDir
  Path temp;

  Fixture fixture;
  Path bin;

  @BeforeEach
  void repository() throws IOException {
    fixture = Fixture.withCommit(temp);
    bin = Files.createDirectories(fixture.base.resolve("fake-bin"));
    Files.writeString(bin.resolve("gh"), """
        #!/bin/sh
        here=$(dirname "$0")
        echo "$*" >> "$here/calls"
        if [ "$*" != "%s" ]; then
          echo "unexpected arguments: $*" >&2
          exit 1
        fi
        if [ -f "$here/sleep" ]; then sleep "$(cat "$here/sleep")"; fi
        if [ -f "$here/stderr" ]; then cat "$here/stderr" >&2; fi
        if [ -f "$here/exit" ]; then exit "$(cat "$here/exit")"; fi
        cat "$here/answer.json"
        """.formatted(ARGUMENTS), StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(bin.resolve("gh"), PosixFilePermissions.fromString("rwx------"));
    Files.writeString(bin.resolve("answer.json"), "[]\n");
    fixture.env.put("PATH", bin + ":" + fixture.env.get("PATH"));
  }

  /** A worktree whose branch holds one commit of its own that the default branch does not. */
  private AddedWorktree unmergedWithCommit(StoreVerbs store, String name) throws IOException {
    AddedWorktree added = store.add(fixture.repo, name, Optional.empty());
    fixture.commit(added.path(), name + ".txt", name + "\n", "work on " + name);
    return added;
  }

  private String tip(AddedWorktree worktree) {
    return fixture.git(worktree.path(), "rev-parse", "HEAD").strip();
  }

  private void answer(String json) throws IOException {
    Files.writeString(bin.resolve("answer.json"), json + "\n");
  }

  private long calls() throws IOException {
    return Files.exists(bin.resolve("calls")) ? Files.readAllLines(bin.resolve("calls")).size()
        : 0;
  }

  @Test
  void aMergedPullRequestAtTheLocalTipIsMergedByTheForgeAndReclaimed() throws IOException {
    StoreVerbs store = fixture.store();
    AddedWorktree done = unmergedWithCommit(store, "done");
    AddedWorktree moved = unmergedWithCommit(store, "moved-on");
    answer("[{\"headRefName\":\"done\",\"headRefOid\":\"" + tip(done) + "\",\"number\":12,"
        + "\"state\":\"MERGED\"},{\"headRefName\":\"moved-on\",\"headRefOid\":\"" + "1".repeat(40)
        + "\",\"number\":13,\"state\":\"MERGED\"}]");

    Listing listing = store.list(fixture.repo);

    assertThat(listing.forgeNote()).isEmpty();
    assertThat(merged(listing, "done")).satisfies(status -> {
      assertThat(status.label()).isEqualTo("merged (forge)");
      assertThat(status.detail()).contains("#12").contains("local tip");
    });
    assertThat(merged(listing, "moved-on")).satisfies(status -> {
      assertThat(status.merged()).isFalse();
      assertThat(status.detail()).contains("merged at another commit");
    });

    PruneReport report = store.prune(fixture.repo, false, Set.of());

    assertThat(report.rows()).filteredOn(row -> row.name().equals("done")).singleElement()
        .satisfies(row -> {
          assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.RECLAIMED);
          assertThat(row.reason()).contains("merged (forge)");
        });
    assertThat(report.rows()).filteredOn(row -> row.name().equals("moved-on")).singleElement()
        .satisfies(row -> assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.KEPT));
    assertThat(done.path()).doesNotExist();
    assertThat(moved.path()).isDirectory();
    assertThat(fixture.branchExists("done")).isTrue();
    assertThat(calls()).as("one gh pr list per run, list then prune").isEqualTo(2);
  }

  @Test
  void anOpenPullRequestKeepsAQuietWorktreeFromBeingACandidate() throws IOException {
    StoreVerbs now = fixture.store();
    AddedWorktree open = unmergedWithCommit(now, "in-review");
    unmergedWithCommit(now, "abandoned");
    answer("[{\"headRefName\":\"in-review\",\"headRefOid\":\"" + tip(open) + "\",\"number\":7,"
        + "\"state\":\"OPEN\"}]");
    StoreVerbs later = fixture.store(WorktreesConfig.DEFAULTS, Fixture.daysLater(30));

    PruneReport report = later.prune(fixture.repo, false, Set.of());
    PruneReport named = later.prune(fixture.repo, false, Set.of("in-review"));

    assertThat(outcome(report, "abandoned")).isEqualTo(PruneRow.Outcome.QUIET);
    assertThat(outcome(report, "in-review")).isEqualTo(PruneRow.Outcome.KEPT);
    assertThat(named.rows()).filteredOn(row -> row.name().equals("in-review")).singleElement()
        .satisfies(row -> {
          assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.KEPT);
          assertThat(row.reason()).contains("its pull request is open");
        });
    assertThat(open.path()).isDirectory();
  }

  @Test
  void ghNotSignedInMeansNoForgeSaidOnce() throws IOException {
    Files.writeString(bin.resolve("exit"), "4\n");
    Files.writeString(bin.resolve("stderr"),
        "To get started with GitHub CLI, please run:  gh auth login\n");

    assertNoForge(fixture.store(), "gh is not signed in");
  }

  @Test
  void ghMissingMeansNoForgeSaidOnce() throws IOException {
    fixture.env.put("PATH", "/usr/local/bin:/usr/bin:/bin");

    assertNoForge(fixture.store(), "gh is not on PATH");
    assertThat(calls()).isZero();
  }

  @Test
  void ghFailingMeansNoForgeSaidOnce() throws IOException {
    Files.writeString(bin.resolve("exit"), "1\n");
    Files.writeString(bin.resolve("stderr"), "HTTP 502: Bad Gateway\n");

    assertNoForge(fixture.store(), "gh pr list failed (exit 1): HTTP 502: Bad Gateway");
  }

  @Test
  void ghAnsweringWithSomethingElseMeansNoForge() throws IOException {
    answer("{\"message\":\"not a list\"}");

    assertNoForge(fixture.store(), "something other than a list");
  }

  @Test
  void ghTimingOutMeansNoForgeSaidOnce() throws IOException {
    Files.writeString(bin.resolve("sleep"), "20\n");
    StoreVerbs impatient = new StoreVerbs(fixture.store().store
        .withForgeBound(Duration.ofMillis(500)), WorktreesConfig.DEFAULTS, Clock.systemUTC());

    assertNoForge(impatient, "took longer than");
  }

  /**
   * With two worktrees, merged judged from the history alone (an ancestry merge still reads as
   * merged), and the note said once in list's and prune's text.
   */
  private void assertNoForge(StoreVerbs store, String why) throws IOException {
    AddedWorktree merged = unmergedWithCommit(store, "merged-locally");
    fixture.git(fixture.repo, "merge", "-q", "--no-ff", "-m", "merge", "merged-locally");
    unmergedWithCommit(store, "open-work");

    Listing listing = store.list(fixture.repo);
    PruneReport report = store.prune(fixture.repo, true, Set.of());

    assertThat(listing.forgeNote()).hasValueSatisfying(note -> assertThat(note)
        .startsWith("no forge reachable").contains(why).contains("history alone"));
    assertThat(merged(listing, "merged-locally").label()).isEqualTo("merged (ancestry)");
    assertThat(merged(listing, "open-work").merged()).isFalse();
    assertThat(occurrences(Render.listingText(listing), "no forge reachable")).isEqualTo(1);
    assertThat(occurrences(Render.pruneText(report), "no forge reachable")).isEqualTo(1);
    assertThat(outcome(report, "merged-locally")).isEqualTo(PruneRow.Outcome.WOULD_RECLAIM);
    assertThat(merged.path()).isDirectory();
  }

  private static MergeStatus merged(Listing listing, String name) {
    return listing.rows().stream().filter(row -> row.name().equals(name)).findFirst()
        .orElseThrow().merged().orElseThrow();
  }

  private static PruneRow.Outcome outcome(PruneReport report, String name) {
    return report.rows().stream().filter(row -> row.name().equals(name)).findFirst()
        .orElseThrow().outcome();
  }

  private static int occurrences(String text, String part) {
    int count = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      count++;
    }
    return count;
  }
}
