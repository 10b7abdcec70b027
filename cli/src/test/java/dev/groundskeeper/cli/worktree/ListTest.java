package dev.groundskeeper.cli.worktree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.git.store.AddedWorktree;
import dev.groundskeeper.host.worktree.LaneListing;
import dev.groundskeeper.host.worktree.Listing;
import dev.groundskeeper.host.worktree.PruneReport;
import dev.groundskeeper.host.worktree.WorktreeRow;
import dev.groundskeeper.rules.worktree.MergeStatus;
import dev.groundskeeper.rules.worktree.ProofOfBelonging;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ListTest {

  @TempDir
  Path temp;

  Fixture fixture;
  StoreVerbs store;

  @BeforeEach
  void repository() throws IOException {
    fixture = Fixture.withCommit(temp);
    store = fixture.store();
  }

  @Test
  void listsALaneOfTwoAndASiblingOutside() throws IOException {
    AddedWorktree clean = store.add(fixture.repo, "clean-one", Optional.empty());
    AddedWorktree dirty = store.add(fixture.repo, "dirty-one", Optional.empty());
    fixture.write(dirty.path(), "scratch.txt", "not committed\n");
    Path sibling = fixture.base.resolve("projects").resolve("repo-sibling");
    fixture.git(fixture.repo, "worktree", "add", "-q", "-b", "sibling", sibling.toString());

    Listing listing = store.list(fixture.repo);

    assertThat(listing.rows()).extracting(WorktreeRow::name)
        .containsExactlyInAnyOrder("clean-one", "dirty-one", "repo-sibling");
    WorktreeRow cleanRow = row(listing, "clean-one");
    assertThat(cleanRow.where()).isEqualTo(WorktreeRow.Where.STORE);
    assertThat(cleanRow.branch()).contains("clean-one");
    assertThat(cleanRow.clean()).contains(true);
    assertThat(cleanRow.merged().map(MergeStatus::merged)).contains(false);
    assertThat(cleanRow.path()).startsWith("~/.gk/worktrees/");
    assertThat(cleanRow.problem()).isEmpty();
    assertThat(row(listing, "dirty-one").clean()).contains(false);
    WorktreeRow outside = row(listing, "repo-sibling");
    assertThat(outside.where()).isEqualTo(WorktreeRow.Where.OUTSIDE);
    assertThat(outside.clean()).contains(true);
    assertThat(listing.forgeNote()).hasValueSatisfying(note ->
        assertThat(note).contains("no forge reachable"));
  }

  @Test
  void aLinkInTheLaneToAListedWorktreeIsShownAndNeverTouched() throws IOException {
    AddedWorktree real = store.add(fixture.repo, "real", Optional.empty());
    Path sibling = fixture.base.resolve("projects").resolve("repo-sibling");
    fixture.git(fixture.repo, "worktree", "add", "-q", "-b", "sibling", sibling.toString());
    Files.createSymbolicLink(fixture.lane().resolve("to-sibling"), sibling);
    Files.createSymbolicLink(fixture.lane().resolve("to-real"), real.path());

    Listing listing = store.list(fixture.repo);
    PruneReport prune = store.prune(fixture.repo, false, java.util.Set.of());

    assertThat(listing.rows()).extracting(WorktreeRow::name)
        .containsExactlyInAnyOrder("real", "repo-sibling", "to-sibling", "to-real");
    for (String link : List.of("to-sibling", "to-real")) {
      assertThat(row(listing, link).where()).isEqualTo(WorktreeRow.Where.STORE);
      assertThat(row(listing, link).problem()).isPresent();
      assertThat(prune.rows()).filteredOn(r -> r.name().equals(link)).singleElement()
          .satisfies(r -> assertThat(r.reason()).startsWith("fails the proof of belonging"));
    }
    assertThat(Files.isSymbolicLink(fixture.lane().resolve("to-sibling"))).isTrue();
    assertThat(sibling).isDirectory();
    assertThat(real.path()).isDirectory();
  }

  @Test
  void aLaneDirectoryGitDoesNotListIsNotAWorktree() throws IOException {
    store.add(fixture.repo, "real", Optional.empty());
    Files.createDirectories(fixture.lane().resolve("stray"));

    WorktreeRow stray = row(store.list(fixture.repo), "stray");

    assertThat(stray.problem()).contains(ProofOfBelonging.NOT_A_WORKTREE);
    assertThat(stray.clean()).isEmpty();
    assertThat(stray.merged()).isEmpty();
  }

  @Test
  void aDirectoryGoneThatGitStillListsSaysSo() throws IOException {
    AddedWorktree gone = store.add(fixture.repo, "gone", Optional.empty());
    try (var walk = Files.walk(gone.path())) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }

    WorktreeRow row = row(store.list(fixture.repo), "gone");

    assertThat(row.problem()).contains(ProofOfBelonging.DIRECTORY_GONE);
  }

  @Test
  void aMovedCheckoutFindsTheSameLaneAndSaysToRepair() throws IOException {
    store.add(fixture.repo, "kept", Optional.empty());
    Path moved = fixture.base.resolve("projects").resolve("repo-moved");
    Files.move(fixture.repo, moved);

    Listing listing = store.list(moved);

    WorktreeRow kept = row(listing, "kept");
    assertThat(kept.where()).isEqualTo(WorktreeRow.Where.STORE);
    assertThat(kept.problem()).contains(ProofOfBelonging.CHECKOUT_NOT_FOUND);
    assertThat(kept.clean()).isEmpty();
  }

  @Test
  void anAbbreviatedLaneDirectoryIsNotALaneAndNamesTheFullKey() throws IOException {
    store.add(fixture.repo, "one", Optional.empty());
    String root = fixture.rootCommit();
    Files.createDirectories(fixture.storeHome.resolve("worktrees").resolve(root.substring(0, 12))
        .resolve("old"));

    Listing listing = store.list(fixture.repo);

    assertThat(listing.notLanes()).singleElement().satisfies(lane -> {
      assertThat(lane.lane()).isFalse();
      assertThat(lane.key()).isEqualTo(root.substring(0, 12));
      assertThat(lane.note().orElseThrow()).contains("not a lane")
          .contains("~/.gk/worktrees/" + root).contains("by hand with git worktree remove");
    });
  }

  @Test
  void controlBytesInALockReasonAreEscaped() {
    AddedWorktree added = store.add(fixture.repo, "locked", Optional.empty());
    fixture.git(fixture.repo, "worktree", "lock", "--reason", "held\u001b[31m by\ta bot",
        added.path().toString());

    WorktreeRow row = row(store.list(fixture.repo), "locked");

    assertThat(row.locked()).contains("held\\x1b[31m by\\x09a bot");
  }

  @Test
  void listAllWalksEveryLaneAndWhatIsNotALane() throws IOException {
    store.add(fixture.repo, "one", Optional.empty());
    Fixture other = Fixture.withCommit(temp.resolve("other"), "another project\n");
    other.env.put("GROUNDSKEEPER_HOME", fixture.storeHome.toString());
    other.commit(other.repo, "other.txt", "x\n", "another history");
    other.store().add(other.repo, "elsewhere", Optional.empty());
    Files.createDirectories(fixture.storeHome.resolve("worktrees").resolve("scratch-pile"));

    List<LaneListing> lanes = store.listAll(fixture.repo);

    assertThat(lanes).filteredOn(LaneListing::lane).hasSize(2);
    assertThat(lanes).filteredOn(LaneListing::lane).flatExtracting(LaneListing::worktrees)
        .extracting(WorktreeRow::name).containsExactlyInAnyOrder("one", "elsewhere");
    assertThat(lanes).filteredOn(lane -> !lane.lane()).singleElement()
        .satisfies(lane -> assertThat(lane.note().orElseThrow()).contains("not a lane"));
    assertThat(lanes).filteredOn(LaneListing::lane).extracting(LaneListing::repository)
        .containsExactlyInAnyOrder(Optional.of(fixture.repo.toString()),
            Optional.of(other.repo.toString()));
  }

  @Test
  void listAllNamesALinkUnderTheStoreAsALinkItNeverFollows() throws IOException {
    store.add(fixture.repo, "one", Optional.empty());
    Path alias = fixture.storeHome.resolve("worktrees").resolve("1".repeat(40));
    Files.createSymbolicLink(alias, fixture.lane());
    Files.writeString(fixture.storeHome.resolve("worktrees").resolve("a-file"), "x\n");

    List<LaneListing> lanes = store.listAll(fixture.repo);

    assertThat(lanes).filteredOn(lane -> lane.key().equals("1".repeat(40))).singleElement()
        .satisfies(lane -> {
          assertThat(lane.lane()).isFalse();
          assertThat(lane.note()).contains("not a lane: a symbolic link, which the store never"
              + " follows");
        });
    assertThat(lanes).filteredOn(lane -> lane.key().equals("a-file")).singleElement()
        .satisfies(lane -> assertThat(lane.note()).contains("not a lane: not a directory"));
  }

  @Test
  void listAllShowsADeadLaneAsCheckoutNotFound() throws IOException {
    store.add(fixture.repo, "gone", Optional.empty());
    Path moved = fixture.base.resolve("projects").resolve("repo-moved");
    Files.move(fixture.repo, moved);

    List<LaneListing> lanes = store.listAll(fixture.base);

    assertThat(lanes).singleElement().satisfies(lane -> {
      assertThat(lane.worktrees()).singleElement().satisfies(row -> assertThat(row.problem())
          .contains(ProofOfBelonging.CHECKOUT_NOT_FOUND));
      assertThat(lane.repository()).contains(fixture.repo + " (not found)");
    });
  }

  @Test
  void listAllNamesALaneByItsRepositoryUnderHomeAsTildeAndEscaped() throws IOException {
    Fixture odd = Fixture.withCommit(temp.resolve("odd"), "odd project\n");
    Path underHome = odd.home.resolve("code").resolve("we\u001bird");
    Files.createDirectories(underHome.getParent());
    Files.move(odd.repo, underHome);
    odd.store().add(underHome, "w", Optional.empty());

    List<LaneListing> lanes = odd.store().listAll(odd.base);

    assertThat(lanes).singleElement().satisfies(lane -> assertThat(lane.repository())
        .contains("~/code/we\\x1bird"));
  }

  /**
   * Git refuses a ref name with control bytes: {@code git log --all} stops at it with a fatal
   * error, and {@code git worktree list} shows a worktree on it with neither branch nor commit.
   * Neither may read as a repository with no commit; the row shows the escaped name.
   */
  @Test
  void aBranchNameWithControlBytesIsShownEscapedNotTakenForAnEmptyRepository()
      throws IOException {
    AddedWorktree odd = store.add(fixture.repo, "odd", Optional.empty());
    String tip = fixture.git(fixture.repo, "rev-parse", "main").strip();
    String broken = "bad\u001b[31mname";
    Path gitDir = fixture.repo.resolve(".git");
    Files.writeString(gitDir.resolve("refs/heads/" + broken), tip + "\n");
    Files.writeString(gitDir.resolve("worktrees/odd/HEAD"), "ref: refs/heads/" + broken + "\n");

    Listing listing = store.list(fixture.repo);

    WorktreeRow row = row(listing, "odd");
    assertThat(row.branch()).contains("bad\\x1b[31mname");
    assertThat(row.problem()).isEmpty();
    assertThat(row.merged()).hasValueSatisfying(merged -> {
      assertThat(merged.merged()).isFalse();
      assertThat(merged.detail()).contains("git refuses its branch name");
    });
    assertThat(row.path()).endsWith("/odd");
    AddedWorktree next = store.add(fixture.repo, "next", Optional.empty());
    assertThat(next.path().getParent()).isEqualTo(odd.path().getParent());
  }

  private static WorktreeRow row(Listing listing, String name) {
    return listing.rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
  }
}
