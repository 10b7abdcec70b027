package dev.groundskeeper.cli.worktree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.git.store.AddedWorktree;
import dev.groundskeeper.git.store.StoreRefusal;
import dev.groundskeeper.host.worktree.Dossier;
import dev.groundskeeper.host.worktree.Listing;
import dev.groundskeeper.host.worktree.PruneReport;
import dev.groundskeeper.host.worktree.PruneRow;
import dev.groundskeeper.host.worktree.WorktreeRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PruneTest {

  @TempDir
  Path temp;

  Fixture fixture;
  StoreVerbs store;

  @BeforeEach
  void repository() throws IOException {
    fixture = Fixture.withCommit(temp);
    store = fixture.store();
  }

  private AddedWorktree mergedByAncestry(String name) throws IOException {
    AddedWorktree added = store.add(fixture.repo, name, Optional.empty());
    fixture.commit(added.path(), name + ".txt", "work of " + name + "\n", "work on " + name);
    fixture.git(fixture.repo, "merge", "-q", "--no-ff", "-m", "merge " + name, name);
    return added;
  }

  @Test
  void reclaimsAMergedCleanWorktreeAndKeepsItsBranch() throws IOException {
    AddedWorktree done = mergedByAncestry("done");

    PruneReport report = store.prune(fixture.repo, false, Set.of());

    assertThat(report.rows()).singleElement().satisfies(row -> {
      assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.RECLAIMED);
      assertThat(row.reason()).contains("merged (ancestry)").contains("no notes");
    });
    assertThat(report.exitCode()).isZero();
    assertThat(done.path()).doesNotExist();
    assertThat(fixture.branchExists("done")).isTrue();
    assertThat(fixture.git(fixture.repo, "worktree", "list")).doesNotContain("done");
    assertThat(fixture.lane().resolve(".starts").resolve("done")).doesNotExist();
  }

  @Test
  void keepsAMergedWorktreeHoldingIgnoredFilesNothingCanRebuildAndReclaimsBuildOutput()
      throws IOException {
    Files.writeString(fixture.repo.resolve(".git/info/exclude"), "untracked/\n");
    AddedWorktree notes = mergedByAncestry("notes");
    fixture.write(notes.path(), "untracked/scratch/journal-1.md", "what I learned\n");
    AddedWorktree built = mergedByAncestry("built");
    fixture.write(built.path(), "build/out.bin", "rebuildable\n");

    PruneReport report = store.prune(fixture.repo, false, Set.of());

    assertThat(report.rows()).filteredOn(row -> row.name().equals("notes")).singleElement()
        .satisfies(row -> {
          assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.KEPT);
          assertThat(row.reason()).contains("1 ignored path a removal would delete and nothing"
              + " can rebuild (untracked/)");
        });
    assertThat(notes.path().resolve("untracked/scratch/journal-1.md")).exists();
    assertThat(report.rows()).filteredOn(row -> row.name().equals("built")).singleElement()
        .satisfies(row -> assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.RECLAIMED));
    assertThat(built.path()).doesNotExist();
  }

  @Test
  void keepsAMergedWorktreeWhoseIgnoredNotesParentHoldsOtherFiles() throws IOException {
    // .groundskeeper/ is ignored as a whole, so git reports it as one collapsed directory that
    // holds the notes folder; the files beside the notes folder are not archived and must not
    // be taken for notes.
    AddedWorktree beside = mergedByAncestry("beside");
    fixture.write(beside.path(), ".groundskeeper/notes/plan.md", "the plan\n");
    fixture.write(beside.path(), ".groundskeeper/precious.txt", "not a note\n");
    fixture.write(beside.path(), ".groundskeeper/cache/deep.txt", "also not a note\n");
    AddedWorktree onlyNotes = mergedByAncestry("only-notes");
    fixture.write(onlyNotes.path(), ".groundskeeper/notes/plan.md", "the plan\n");

    PruneReport report = store.prune(fixture.repo, false, Set.of());

    assertThat(reason(report, "beside")).contains("2 ignored paths a removal would delete and nothing can rebuild"
            + " (.groundskeeper/cache/deep.txt, .groundskeeper/precious.txt)");
    assertThat(beside.path().resolve(".groundskeeper/precious.txt")).exists();
    assertThat(beside.path().resolve(".groundskeeper/cache/deep.txt")).exists();
    assertThat(report.rows()).filteredOn(row -> row.name().equals("only-notes")).singleElement()
        .satisfies(row -> assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.RECLAIMED));
    assertThat(onlyNotes.path()).doesNotExist();
  }

  @Test
  void theNotesFolderMakesNoWorktreeDirtyWhenTheRepositoryDoesNotIgnoreIt() throws IOException {
    // issue 16 item 7: nothing asks the person to add the store's folder to info/exclude
    fixture.commit(fixture.repo, ".gitignore", "build/\n", "stop ignoring .groundskeeper/");
    AddedWorktree noted = mergedByAncestry("noted");
    fixture.write(noted.path(), ".groundskeeper/notes/plan.md", "the plan\n");
    assertThat(fixture.git(noted.path(), "status", "--porcelain")).contains("?? .groundskeeper/");
    AddedWorktree beside = mergedByAncestry("beside");
    fixture.write(beside.path(), ".groundskeeper/notes/plan.md", "the plan\n");
    fixture.write(beside.path(), ".groundskeeper/draft.md", "work beside the notes\n");

    PruneReport report = store.prune(fixture.repo, false, Set.of());

    assertThat(report.rows()).filteredOn(row -> row.name().equals("noted")).singleElement()
        .satisfies(row -> {
          assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.RECLAIMED);
          assertThat(row.reason()).contains("1 note");
          assertThat(row.archive()).isPresent();
        });
    assertThat(noted.path()).doesNotExist();
    assertThat(report.rows()).filteredOn(row -> row.name().equals("beside")).singleElement()
        .satisfies(row -> {
          assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.KEPT);
          assertThat(row.reason()).contains("0 changed and 1 untracked");
        });
    assertThat(beside.path().resolve(".groundskeeper/draft.md")).exists();
  }

  @Test
  void reclaimsASquashMergedWorktreeWithNoForge() throws IOException {
    AddedWorktree squashed = store.add(fixture.repo, "squashed", Optional.empty());
    fixture.commit(squashed.path(), "a.txt", "a\n", "first part");
    fixture.commit(squashed.path(), "b.txt", "b\n", "second part");
    fixture.git(fixture.repo, "merge", "-q", "--squash", "squashed");
    fixture.git(fixture.repo, "commit", "-q", "-m", "squashed work");

    PruneReport report = store.prune(fixture.repo, false, Set.of());

    assertThat(report.forgeNote()).isPresent();
    assertThat(report.rows()).singleElement().satisfies(row -> {
      assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.RECLAIMED);
      assertThat(row.reason()).contains("merged (content)");
    });
    assertThat(squashed.path()).doesNotExist();
    assertThat(fixture.branchExists("squashed")).isTrue();
  }

  @Test
  void aFreshBranchWithNoCommitOfItsOwnIsNeverMerged() {
    AddedWorktree fresh = store.add(fixture.repo, "fresh", Optional.empty());

    PruneReport report = store.prune(fixture.repo, false, Set.of());

    assertThat(report.rows()).singleElement().satisfies(row -> {
      assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.KEPT);
      assertThat(row.reason()).startsWith("unmerged");
    });
    assertThat(report.exitCode()).isEqualTo(1);
    assertThat(fresh.path()).isDirectory();
  }

  @Test
  void keepsDirtyUnmergedLockedOwnCwdAndOutsideWorktrees() throws IOException {
    AddedWorktree dirty = mergedByAncestry("dirty");
    fixture.write(dirty.path(), "new.txt", "uncommitted\n");
    AddedWorktree unmerged = store.add(fixture.repo, "unmerged", Optional.empty());
    fixture.commit(unmerged.path(), "u.txt", "u\n", "not merged yet");
    AddedWorktree locked = mergedByAncestry("locked");
    fixture.git(fixture.repo, "worktree", "lock", "--reason", "agent at work",
        locked.path().toString());
    AddedWorktree mine = mergedByAncestry("mine");
    Path sibling = fixture.base.resolve("projects").resolve("beside");
    fixture.git(fixture.repo, "worktree", "add", "-q", "-b", "beside", sibling.toString());

    PruneReport report = store.prune(mine.path().resolve(""), false, Set.of());

    assertThat(report.rows()).allSatisfy(row ->
        assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.KEPT));
    assertThat(reason(report, "dirty")).startsWith("dirty: 0 changed and 1 untracked");
    assertThat(reason(report, "unmerged")).startsWith("unmerged");
    assertThat(reason(report, "locked")).isEqualTo("locked: agent at work");
    assertThat(reason(report, "mine")).contains("own working directory");
    assertThat(reason(report, "beside")).contains("outside the store");
    assertThat(report.exitCode()).isEqualTo(1);
    for (Path path : List.of(dirty.path(), unmerged.path(), locked.path(), mine.path(), sibling)) {
      assertThat(path).isDirectory();
    }
  }

  @Test
  void aDryRunReportsWhatTheRealRunDoesAndChangesNothing() throws IOException {
    mergedByAncestry("merged");
    AddedWorktree dirty = mergedByAncestry("dirty");
    fixture.write(dirty.path(), "x.txt", "x\n");
    store.add(fixture.repo, "fresh", Optional.empty());
    AddedWorktree noted = mergedByAncestry("noted");
    fixture.write(noted.path(), ".groundskeeper/notes/plan.md", "the plan\n");

    PruneReport dry = store.prune(fixture.repo, true, Set.of());
    assertThat(fixture.storeHome.resolve("notes")).doesNotExist();
    assertThat(fixture.lane().resolve("merged")).isDirectory();
    PruneReport real = store.prune(fixture.repo, false, Set.of());

    assertThat(dry.dryRun()).isTrue();
    assertThat(dry.exitCode()).isEqualTo(real.exitCode()).isZero();
    assertThat(reason(dry, "noted")).endsWith("; 1 note would be archived");
    assertThat(reason(real, "noted")).endsWith("; 1 note archived");
    assertThat(dry.rows()).extracting(PruneRow::name, r -> r.outcome() == PruneRow.Outcome
        .WOULD_RECLAIM ? PruneRow.Outcome.RECLAIMED : r.outcome(),
        r -> r.reason().replace(" would be archived", " archived"))
        .containsExactlyElementsOf(real.rows().stream().map(r -> org.assertj.core.groups.Tuple
            .tuple(r.name(), r.outcome(), r.reason())).toList());
  }

  @Test
  void archivesTheNotesRedactedWithAManifestBeforeRemoval() throws IOException {
    AddedWorktree noted = mergedByAncestry("noted");
    Path notes = noted.path().resolve(".groundskeeper/notes");
    String token = "ghp_" + "a".repeat(36);
    fixture.write(notes, "plan.md", "token " + token + " lives in " + fixture.home
        + "/secret\n");
    fixture.write(notes, "deep/more.txt", "more\n");
    fixture.write(notes, "bin/tool", "built\n");
    Files.createSymbolicLink(notes.resolve("link"), fixture.home.resolve("elsewhere"));

    PruneReport report = store.prune(fixture.repo, false, Set.of());

    PruneRow row = report.rows().get(0);
    assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.RECLAIMED);
    assertThat(row.archive()).hasValueSatisfying(path -> assertThat(path)
        .startsWith("~/.gk/notes/" + fixture.rootCommit() + "/").endsWith("-noted"));
    Path entry;
    try (Stream<Path> entries = Files.list(fixture.storeHome.resolve("notes")
        .resolve(fixture.rootCommit()))) {
      entry = entries.findFirst().orElseThrow();
    }
    assertThat(entry.getFileName().toString()).matches("\\d{8}T\\d{6}Z-noted");
    String plan = Files.readString(entry.resolve("plan.md"));
    assertThat(plan).doesNotContain(token).contains("[REDACTED]").contains("~/secret")
        .doesNotContain(fixture.home.toString());
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
        entry.resolve("plan.md")))).isEqualTo("rw-------");
    assertThat(entry.resolve("deep/more.txt")).hasContent("more\n");
    assertThat(entry.resolve("bin")).doesNotExist();
    JsonNode manifest = new ObjectMapper().readTree(entry.resolve("manifest.json").toFile());
    assertThat(manifest.get("schema_version").asInt()).isEqualTo(1);
    assertThat(manifest.get("worktree").asText()).isEqualTo("noted");
    assertThat(manifest.get("branch").asText()).isEqualTo("noted");
    assertThat(manifest.get("source").asText()).startsWith("~/.gk/worktrees/");
    assertThat(manifest.get("root_sha").asText()).isEqualTo(fixture.rootCommit());
    assertThat(manifest.get("archived_at").asText()).endsWith("Z");
    assertThat(manifest.get("files")).hasSize(2);
    assertThat(manifest.get("files").get(1).get("path").asText()).isEqualTo("plan.md");
    assertThat(manifest.get("files").get(1).get("size").asLong())
        .isEqualTo(Files.size(entry.resolve("plan.md")));
    assertThat(manifest.get("files").get(1).get("sha256").asText()).hasSize(64);
    assertThat(manifest.get("links").get(0).get("target").asText()).isEqualTo("~/elsewhere");
    assertThat(noted.path()).doesNotExist();
  }

  @Test
  void aFailedArchiveKeepsTheWorktree() throws IOException {
    AddedWorktree noted = mergedByAncestry("binary");
    Path notes = Files.createDirectories(noted.path().resolve(".groundskeeper/notes"));
    Files.write(notes.resolve("image.bin"), new byte[] {0, 1, 2, (byte) 0xff});

    PruneReport report = store.prune(fixture.repo, false, Set.of());

    assertThat(report.rows()).singleElement().satisfies(row -> {
      assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.KEPT);
      assertThat(row.reason()).contains("the notes could not be archived")
          .contains(".groundskeeper/notes/image.bin is not text (not UTF-8); move it out of"
              + " the worktree or delete it, then prune again");
    });
    assertThat(report.exitCode()).isEqualTo(1);
    assertThat(noted.path()).isDirectory();
    assertThat(fixture.storeHome.resolve("notes")).doesNotExist();
  }

  @Test
  void aQuietCandidateIsListedWithItsDossierAndRemovedOnlyWhenNamed() throws IOException {
    AddedWorktree old = store.add(fixture.repo, "old", Optional.empty());
    fixture.commit(old.path(), "idea.txt", "an idea\n", "try an idea");
    fixture.write(old.path(), "build/out.o", "object\n");
    StoreVerbs later = fixture.store(Fixture.daysLater(30));

    PruneReport listed = later.prune(fixture.repo, false, Set.of());

    assertThat(listed.rows()).singleElement().satisfies(row -> {
      assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.QUIET);
      assertThat(row.reason()).contains("quiet for 30 days").contains("--yes old");
      Dossier dossier = row.dossier().orElseThrow();
      assertThat(dossier.modified()).isZero();
      assertThat(dossier.commitSubjects()).contains(List.of("try an idea"));
      assertThat(dossier.ignored()).contains(List.of("build/"));
      assertThat(dossier.diffSummary()).contains("1 file changed");
      assertThat(dossier.recommendation()).contains("open a pull request")
          .contains("deletes the ignored build/");
    });
    assertThat(listed.exitCode()).isEqualTo(1);
    assertThat(old.path()).isDirectory();

    PruneReport named = later.prune(fixture.repo, false, Set.of("old"));

    assertThat(named.rows()).singleElement().satisfies(row -> {
      assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.RECLAIMED);
      assertThat(row.reason()).contains("named with --yes");
    });
    assertThat(old.path()).doesNotExist();
    assertThat(fixture.branchExists("old")).isTrue();
  }

  @Test
  void aQuietCandidateHoldingIgnoredFilesNothingCanRebuildIsNotOfferedForANamedRemoval()
      throws IOException {
    Files.writeString(fixture.repo.resolve(".git/info/exclude"), "secret.env\n");
    AddedWorktree old = store.add(fixture.repo, "old", Optional.empty());
    fixture.commit(old.path(), "idea.txt", "an idea\n", "try an idea");
    fixture.write(old.path(), "secret.env", "KEY=only copy\n");
    StoreVerbs later = fixture.store(Fixture.daysLater(30));

    PruneReport listed = later.prune(fixture.repo, false, Set.of());
    PruneReport named = later.prune(fixture.repo, false, Set.of("old"));

    assertThat(listed.rows()).singleElement().satisfies(row -> assertThat(row.dossier()
        .orElseThrow().recommendation()).startsWith("move what you need of the ignored"
            + " secret.env to a tracked home or the notes folder").doesNotContain("--yes"));
    assertThat(named.rows()).singleElement().satisfies(row -> {
      assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.KEPT);
      assertThat(row.reason()).contains("nothing can rebuild (secret.env)")
          .doesNotContain("commit or discard");
    });
    assertThat(old.path().resolve("secret.env")).exists();
  }

  @Test
  void aDirtyNamedCandidateIsKept() throws IOException {
    AddedWorktree old = store.add(fixture.repo, "old", Optional.empty());
    fixture.commit(old.path(), "idea.txt", "an idea\n", "try an idea");
    Path file = old.path().resolve("wip.txt");
    fixture.write(old.path(), "wip.txt", "half done\n");
    Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.from(
        java.time.Instant.now().minusSeconds(86_400)));

    PruneReport report = fixture.store(Fixture.daysLater(30)).prune(fixture.repo, false,
        Set.of("old"));

    assertThat(report.rows()).singleElement().satisfies(row -> {
      assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.KEPT);
      assertThat(row.reason()).startsWith("dirty").contains("never forced");
    });
    assertThat(old.path().resolve("wip.txt")).exists();
  }

  @Test
  void aYesNameNotInTheLaneRefusesTheRun() throws IOException {
    AddedWorktree done = mergedByAncestry("done");

    assertThatThrownBy(() -> store.prune(fixture.repo, false, Set.of("nope")))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("--yes nope names no worktree");
    assertThat(done.path()).isDirectory();
  }

  @Test
  void aStoreRefusalStopsTheRunBeforeAnythingIsJudged() throws IOException {
    AddedWorktree done = mergedByAncestry("done");
    Files.setPosixFilePermissions(fixture.lane(), PosixFilePermissions.fromString("rwxrwxrwx"));

    assertThatThrownBy(() -> store.prune(fixture.repo, false, Set.of()))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("group or others");
    assertThat(done.path()).isDirectory();
  }

  @Test
  void aChangeAtTheMomentOfRemovalBecomesAKeptRow() throws IOException {
    AddedWorktree done = mergedByAncestry("done");
    fixture.write(done.path(), ".groundskeeper/notes/n.md", "note\n");
    // The clock is read after judging and before acting: a file appears in between, as when an
    // agent writes while prune runs.
    java.time.Clock racing = new java.time.Clock() {
      @Override
      public java.time.ZoneId getZone() {
        return java.time.ZoneOffset.UTC;
      }

      @Override
      public java.time.Clock withZone(java.time.ZoneId zone) {
        return this;
      }

      @Override
      public java.time.Instant instant() {
        try {
          Files.writeString(done.path().resolve("late.txt"), "written while prune ran\n");
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
        return java.time.Instant.now();
      }
    };

    PruneReport report = fixture.store(racing).prune(fixture.repo, false, Set.of());

    assertThat(report.rows()).singleElement().satisfies(row -> {
      assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.KEPT);
      assertThat(row.reason()).contains("it changed since it was judged (now 1 untracked")
          .contains("nothing removed")
          .contains("look at what changed, then prune again")
          .doesNotContain("--force")
          .contains("its notes were archived to ~/.gk/notes/");
      assertThat(row.archive()).isPresent();
    });
    assertThat(report.exitCode()).isEqualTo(1);
    assertThat(done.path().resolve("late.txt")).exists();
    assertThat(done.path().resolve(".groundskeeper/notes/n.md")).exists();
  }

  @Test
  void anEmptyLaneReclaimsNothing() {
    assertThat(store.prune(fixture.repo, false, Set.of()).exitCode()).isEqualTo(1);
  }

  /** The id of a process that has ended: no live prune can own an entry that names it. */
  private static long deadPid() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    return ended.pid();
  }

  @Test
  void halfWrittenArchivesOfAStoppedPruneAreListedAndDeletedButNotThoseOfALiveOne()
      throws Exception {
    mergedByAncestry("done");
    Path level = Files.createDirectories(fixture.storeHome.resolve("notes")
        .resolve(fixture.rootCommit()));
    Path abandoned = Files.createDirectories(level.resolve(
        ".partial-20260101T000000Z-gone-" + deadPid()));
    Files.writeString(abandoned.resolve("plan.md"), "trunc");
    Path live = Files.createDirectories(level.resolve(
        ".partial-20260101T000000Z-busy-" + ProcessHandle.current().pid()));
    String shown = "~/.gk/notes/" + fixture.rootCommit() + "/" + abandoned.getFileName();

    Listing listing = store.list(fixture.repo);
    assertThat(listing.abandonedArchives()).containsExactly(shown);
    assertThat(Render.listingText(listing)).contains(shown + " is a notes archive a prune that"
        + " stopped left half-written");

    PruneReport dry = store.prune(fixture.repo, true, Set.of());
    assertThat(dry.abandonedArchives()).containsExactly(
        "would delete the half-written notes archive " + shown);
    assertThat(abandoned).isDirectory();

    PruneReport report = store.prune(fixture.repo, false, Set.of());
    assertThat(report.abandonedArchives()).containsExactly(
        "deleted the half-written notes archive " + shown);
    assertThat(Render.pruneText(report)).contains("deleted the half-written notes archive");
    assertThat(abandoned).doesNotExist();
    assertThat(live).isDirectory();
    assertThat(store.list(fixture.repo).abandonedArchives()).isEmpty();
  }

  /**
   * Issue 20: a prune killed while removing a worktree leaves it moved aside as
   * {@code .removing-<name>-<pid>}. List explains it (it is not a worktree row of its own, and
   * prune never judges it by that name), and the command it prints, run as printed, puts the
   * worktree back so the next prune reclaims it; one a live prune is removing is not mentioned.
   */
  @Test
  void aWorktreeAStoppedPruneLeftMovedAsideIsExplainedAndItsCommandPutsItBack()
      throws Exception {
    AddedWorktree stopped = mergedByAncestry("stopped");
    Path aside = stopped.path().resolveSibling(".removing-stopped-" + deadPid());
    Files.move(stopped.path(), aside);
    Path busy = Files.createDirectories(stopped.path().resolveSibling(".removing-busy-"
        + ProcessHandle.current().pid()));

    Listing listing = store.list(fixture.repo);
    assertThat(listing.rows()).extracting(WorktreeRow::name)
        .noneMatch(name -> name.startsWith(".removing-"));
    assertThat(listing.interruptedRemovals()).singleElement().satisfies(note -> assertThat(note)
        .contains(aside.getFileName() + " is worktree stopped, which a prune that stopped had"
            + " moved aside to remove")
        .contains("put it back for prune to judge again: [ ! -e ")
        .doesNotContain(busy.getFileName().toString()));
    assertThat(Render.listingText(listing)).contains("note: ~/.gk/worktrees/");
    String command = listing.interruptedRemovals().get(0)
        .substring(listing.interruptedRemovals().get(0).indexOf("[ ! -e "));
    Process put = new ProcessBuilder("sh", "-c", command.replace(
        "groundskeeper worktree prune", "true")).redirectErrorStream(true).start();
    assertThat(put.waitFor()).as(new String(put.getInputStream().readAllBytes())).isZero();
    assertThat(stopped.path().resolve("README.md")).exists();
    assertThat(aside).doesNotExist();

    PruneReport report = store.prune(fixture.repo, false, Set.of());
    assertThat(report.rows()).filteredOn(row -> row.name().equals("stopped")).singleElement()
        .satisfies(row -> assertThat(row.outcome()).isEqualTo(PruneRow.Outcome.RECLAIMED));
    assertThat(busy).isDirectory();
    assertThat(store.list(fixture.repo).interruptedRemovals()).isEmpty();
  }

  /**
   * Two prunes over the same store at once: every worktree is archived once and removed once,
   * whichever prune gets to it, and neither leaves a half-done one.
   */
  @Test
  void twoConcurrentPrunesArchiveAndRemoveEveryWorktreeExactlyOnce() throws Exception {
    List<String> names = List.of("a1", "a2", "a3", "a4");
    for (String name : names) {
      AddedWorktree added = mergedByAncestry(name);
      fixture.write(added.path().resolve(".groundskeeper/notes"), "plan.md", "plan " + name
          + "\n");
    }
    java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
    java.util.concurrent.Callable<PruneReport> prune = () -> {
      start.await();
      return store.prune(fixture.repo, false, Set.of());
    };
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    List<PruneReport> reports;
    try {
      var first = pool.submit(prune);
      var second = pool.submit(prune);
      reports = List.of(first.get(), second.get());
    } finally {
      pool.shutdownNow();
    }

    for (String name : names) {
      List<PruneRow> rows = reports.stream().flatMap(r -> r.rows().stream())
          .filter(r -> r.name().equals(name)).toList();
      assertThat(rows).as(name).filteredOn(r -> r.outcome() == PruneRow.Outcome.RECLAIMED)
          .hasSize(1);
      // the other prune keeps it: it is being removed, already gone, or (read while the first
      // one deleted it) not readable as clean; never a second reclaim or archive
      assertThat(rows).as(name).filteredOn(r -> r.outcome() != PruneRow.Outcome.RECLAIMED)
          .allSatisfy(r -> {
            assertThat(r.outcome()).isEqualTo(PruneRow.Outcome.KEPT);
            assertThat(r.archive()).isEmpty();
          });
      assertThat(fixture.lane().resolve(name)).doesNotExist();
    }
    List<String> entries;
    try (Stream<Path> listed = Files.list(fixture.storeHome.resolve("notes")
        .resolve(fixture.rootCommit()))) {
      entries = listed.map(p -> p.getFileName().toString()).sorted().toList();
    }
    assertThat(entries).hasSize(names.size()).allMatch(n -> n.matches("\\d{8}T\\d{6}Z-a\\d"));
    try (Stream<Path> lane = Files.list(fixture.lane())) {
      assertThat(lane.map(p -> p.getFileName().toString()))
          .noneMatch(n -> n.startsWith(".removing-"));
    }
    assertThat(fixture.git(fixture.repo, "worktree", "list", "--porcelain"))
        .doesNotContain(fixture.lane().toString());
  }

  private static String reason(PruneReport report, String name) {
    return report.rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow()
        .reason();
  }
}
