package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.ParkMarker;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.files.LeftTemporaries;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.eclipse.jgit.lib.ObjectId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The inventory cache on disk: what it keeps, when it is trusted, and how it is written. */
class InventoryCacheTest {

  private static final ObjectId TIP_A = ObjectId.fromString("1111111111111111111111111111111111111111");
  private static final ObjectId TIP_B = ObjectId.fromString("2222222222222222222222222222222222222222");
  private static final Clock NOW =
      Clock.fixed(Instant.ofEpochSecond(InventoryTest.BASE + 40 * InventoryTest.DAY), ZoneOffset.UTC);

  /**
   * Rounds of the torn-file race, each on a fresh file: 1 in the build, 50 with -Pslow
   * ({@code groundskeeper.race.trials} 200).
   */
  private static final int TORN_ROUNDS =
      Math.max(1, Integer.getInteger("groundskeeper.race.trials", 4) / 4);

  @TempDir
  Path temp;

  @BeforeEach
  void coldProcess() {
    GitRepositories.clear();
  }

  @Test
  void everyKindOfEntryRoundTripsThroughTheFile() throws IOException {
    InventoryCache cache = new InventoryCache();
    ParkMarker park = new ParkMarker("waits on\tthe review\\of #12\nreally", "bob", Instant.ofEpochSecond(5, 7), TIP_B.name());
    cache.tip(TIP_A, new InventoryCache.TipFacts(Instant.ofEpochSecond(1_700_000_000L), Optional.empty(), List.of()));
    cache.tip(TIP_B, new InventoryCache.TipFacts(Instant.ofEpochSecond(1_700_000_060L, 12), Optional.of(park),
        List.of("77", "00558")));
    InventoryBuilder.Analysis merged = new InventoryBuilder.Analysis(List.of(MergeJudgement.merged(
        "refs/heads/main", MergeJudgement.Method.ANCESTRY, "the tip is an ancestor of refs/heads/main")),
        BranchState.MERGED_INTO_DEFAULT, OptionalInt.of(0), OptionalInt.of(3));
    InventoryBuilder.Analysis work = new InventoryBuilder.Analysis(List.of(
        MergeJudgement.notMerged("refs/heads/main", "not an ancestor"),
        MergeJudgement.notMerged("refs/remotes/origin/release\t1", "commit x has no equivalent")),
        null, OptionalInt.empty(), OptionalInt.of(1));
    cache.analysis(TIP_A, "aaaa/-", merged);
    cache.analysis(TIP_B, "aaaa/-/refs/remotes/origin/release=bbbb", work);
    cache.containment("origin:1234", new Containment(TIP_B.name(), List.of("refs/remotes/origin/x", "refs/remotes/origin/y"), true));
    Path file = InventoryCache.fileFor(temp);

    cache.save(file);
    InventoryCache read = InventoryCache.load(file);

    assertThat(read.loaded()).isEqualTo(InventoryCache.Load.READ);
    assertThat(read.dirty()).isFalse();
    assertThat(read.tip(TIP_B)).contains(new InventoryCache.TipFacts(Instant.ofEpochSecond(1_700_000_060L, 12),
        Optional.of(park), List.of("77", "00558")));
    assertThat(read.tip(TIP_A).orElseThrow().park()).isEmpty();
    assertThat(read.analysis(TIP_A, "aaaa/-")).contains(merged);
    assertThat(read.analysis(TIP_B, "aaaa/-/refs/remotes/origin/release=bbbb")).contains(work);
    assertThat(read.analysis(TIP_B, "aaaa/-")).isEmpty();
    assertThat(read.containment("origin:1234", TIP_B)).contains(
        new Containment(TIP_B.name(), List.of("refs/remotes/origin/x", "refs/remotes/origin/y"), true));
    assertThat(read.containment("origin:5678", TIP_B)).as("other remote refs").isEmpty();
    assertThat(read.format()).isEqualTo(cache.format());
    assertThat(Files.readAllLines(file, StandardCharsets.UTF_8).get(0))
        .isEqualTo(InventoryCache.HEADER + "\t" + InventoryCache.SCHEMA);
  }

  @Test
  void aTemporaryLeftByAKilledWriterIsRemovedByTheNextSaveAndALiveOneIsNot() throws IOException {
    Path file = InventoryCache.fileFor(temp);
    InventoryCache cache = new InventoryCache();
    cache.tip(TIP_A, new InventoryCache.TipFacts(Instant.ofEpochSecond(1_700_000_000L), Optional.empty(), List.of()));
    cache.save(file);
    // a process killed between its temporary and the rename leaves it (no finally block runs)
    Path dead = planted(file.resolveSibling(InventoryCache.FILE + ".4711.1f2e.tmp"),
        LeftTemporaries.LOCKLESS.plusMinutes(5));
    Path live = planted(file.resolveSibling(InventoryCache.FILE + ".4712.2e3f.tmp"),
        Duration.ofSeconds(1));

    cache.tip(TIP_B, new InventoryCache.TipFacts(Instant.ofEpochSecond(1_700_000_060L), Optional.empty(), List.of()));
    cache.save(file);

    assertThat(dead).doesNotExist();
    assertThat(live).as("a concurrent writer's, still live").exists();
    InventoryCache read = InventoryCache.load(file);
    assertThat(read.loaded()).isEqualTo(InventoryCache.Load.READ);
    assertThat(read.tip(TIP_A)).isPresent();
    assertThat(read.tip(TIP_B)).isPresent();
  }

  /** A cut cache file last changed {@code ago} before the file system's now. */
  private static Path planted(Path file, Duration ago) throws IOException {
    Files.writeString(file, InventoryCache.HEADER + "\t" + InventoryCache.SCHEMA + "\ntip\t11");
    long now = Files.getLastModifiedTime(file).toMillis();
    Files.setLastModifiedTime(file, FileTime.fromMillis(now - ago.toMillis()));
    return file;
  }

  @Test
  void anUnfinishedContainmentScanRoundTripsAndGivesWayToTheFinishedOne() throws IOException {
    InventoryCache cache = new InventoryCache();
    ContainmentScanner.Progress half = new ContainmentScanner.Progress(7,
        List.of("refs/remotes/origin/a\tb"));
    cache.progress("origin:1234", TIP_A, half);
    Path file = InventoryCache.fileFor(temp);
    cache.save(file);
    InventoryCache read = InventoryCache.load(file);
    assertThat(read.loaded()).isEqualTo(InventoryCache.Load.READ);
    assertThat(read.progress("origin:1234", TIP_A)).contains(half);
    assertThat(read.progress("origin:5678", TIP_A)).as("other remote refs").isEmpty();
    assertThat(read.format()).isEqualTo(cache.format());
    read.containment("origin:1234", new Containment(TIP_A.name(), List.of(), true));
    assertThat(read.progress("origin:1234", TIP_A)).as("the finished scan replaces it").isEmpty();
    read.progress("origin:5678", TIP_B, half);
    assertThat(read.containment("origin:1234", TIP_A)).as("new remote refs forget the old")
        .isEmpty();
  }

  @Test
  void aFullPassWritesTheCacheAndTheNextProcessJudgesFromIt() throws IOException {
    TestRepo repo = InventoryTest.populate(TestRepo.init(temp, "cached"));
    Path file = InventoryCache.fileFor(repo.dir.resolve(".git"));
    BranchInventory computed = full(repo);
    assertThat(InventoryCache.load(file).loaded()).isEqualTo(InventoryCache.Load.READ);

    GitRepositories.clear(); // a new process: only the file remains
    BranchInventory fromCache = full(repo);
    GitRepositories.clear();
    BranchInventory guarded = guard(repo);

    assertThat(fromCache).isEqualTo(computed);
    assertThat(guarded).isEqualTo(computed);
    assertThat(computed.find("picked").orElseThrow().state()).isEqualTo(BranchState.PATCH_EQUIVALENT);
    assertThat(computed.find("squashed").orElseThrow().state()).isEqualTo(BranchState.PATCH_EQUIVALENT);
  }

  @Test
  void aPassStoppedByItsBudgetIsContinuedByTheNextFromTheCache() throws IOException {
    TestRepo repo = InventoryTest.populate(TestRepo.init(temp, "budget"));
    BranchInventory unbounded = full(repo);
    java.nio.file.Files.delete(InventoryCache.fileFor(repo.dir.resolve(".git")));
    RepositorySettings tight = InventoryTest.settings().withScanLimits(
        new RepositorySettings.ScanLimits(25, java.time.Duration.ofMinutes(2)));

    List<Boolean> completeness = new ArrayList<>();
    BranchInventory last = null;
    for (int pass = 0; pass < 12 && (last == null || !last.complete()); pass++) {
      GitRepositories.clear(); // each pass is a new process: only the cache carries over
      last = GitFacts.forDirectory(repo.dir, tight, NOW, InventoryPass.FULL).get(RepoFacts.BRANCHES);
      completeness.add(last.complete());
    }

    assertThat(completeness.get(0)).as("the first pass stops at its bound").isFalse();
    assertThat(last.complete()).as("later passes finish from the cache: " + completeness).isTrue();
    assertThat(last).isEqualTo(unbounded);
  }

  @Test
  void judgementsAreReadFromTheCacheUntilTheTipMoves() throws IOException {
    TestRepo repo = InventoryTest.populate(TestRepo.init(temp, "stale"));
    Path file = InventoryCache.fileFor(repo.dir.resolve(".git"));
    full(repo);
    // Mark the cached judgement of the dormant branch's tip, so a reading from the cache shows.
    String text = Files.readString(file).replace("the tip is not an ancestor of the default",
        "MARKED: the tip is not an ancestor of the default");
    Files.writeString(file, text);
    GitRepositories.clear();
    assertThat(details(guard(repo).find("dormant").orElseThrow())).anyMatch(d -> d.startsWith("MARKED"));

    repo.git("switch", "-q", "dormant");
    repo.clockAt(InventoryTest.BASE + 39 * InventoryTest.DAY);
    repo.commit("d.txt", "dormant work, continued\n", "continued");
    repo.git("switch", "-q", "main");
    GitRepositories.clear();
    BranchRecord moved = guard(repo).find("dormant").orElseThrow();

    assertThat(details(moved)).noneMatch(d -> d.startsWith("MARKED"));
    assertThat(moved.state()).isEqualTo(BranchState.LIVE);
    assertThat(moved.lastCommit()).isEqualTo(Instant.ofEpochSecond(InventoryTest.BASE + 39 * InventoryTest.DAY + 60));
    String newTip = repo.git("rev-parse", "dormant");
    assertThat(InventoryCache.load(file).tip(ObjectId.fromString(newTip))).as("the guard wrote what it judged").isPresent();
  }

  @Test
  void aCorruptTruncatedOrOtherVersionFileIsIgnoredAndReplaced() throws IOException {
    TestRepo repo = InventoryTest.populate(TestRepo.init(temp, "corrupt"));
    Path file = InventoryCache.fileFor(repo.dir.resolve(".git"));
    BranchInventory expected = full(repo);
    String good = Files.readString(file);
    List<String> bad = List.of("not a cache at all\n", good.substring(0, good.length() / 2),
        good.replace(InventoryCache.HEADER + "\t1", InventoryCache.HEADER + "\t2"),
        good.replaceFirst("\ntip\t[0-9a-f]{40}", "\ntip\tzz"), "");
    for (String content : bad) {
      Files.writeString(file, content);
      assertThat(InventoryCache.load(file).loaded()).isEqualTo(InventoryCache.Load.IGNORED);
      GitRepositories.clear();

      assertThat(full(repo)).isEqualTo(expected);
      assertThat(InventoryCache.load(file).loaded()).as("rewritten").isEqualTo(InventoryCache.Load.READ);
    }
  }

  @Test
  void aGuardWithoutACacheNeverRunsTheFullInventory() throws IOException {
    TestRepo repo = TestRepo.init(temp, "many");
    repo.commit("a.txt", "a\n", "root");
    StringBuilder updates = new StringBuilder();
    String tree = repo.git("rev-parse", "main^{tree}");
    for (int i = 0; i < InventoryPass.GUARD_RECOMPUTE_LIMIT + 10; i++) {
      String commit = repo.git("commit-tree", "-p", "main", "-m", "work " + i, tree);
      updates.append("create refs/heads/b-").append(i).append(' ').append(commit).append('\n');
    }
    repo.gitBytes(updates.toString().getBytes(StandardCharsets.UTF_8), "update-ref", "--stdin");

    Facts guard = GitFacts.forDirectory(repo.dir, InventoryTest.settings(), NOW, InventoryPass.GUARD);
    assertThat(guard.get(RepoFacts.BRANCH_TIPS)).hasSizeGreaterThan(InventoryPass.GUARD_RECOMPUTE_LIMIT);
    assertThatThrownBy(() -> guard.get(RepoFacts.BRANCHES)).isInstanceOf(FactUnavailableException.class)
        .hasMessageContaining("groundskeeper sweep");
    assertThat(InventoryCache.fileFor(repo.dir.resolve(".git"))).doesNotExist();

    BranchInventory expected = full(repo);
    GitRepositories.clear();
    assertThat(guard(repo)).isEqualTo(expected);
  }

  @Test
  void concurrentWritersNeverLeaveATornFile() throws Exception {
    for (int round = 0; round < TORN_ROUNDS; round++) {
      writersAndAReader(temp.resolve("round-" + round), "round " + round);
    }
  }

  /** 4 writers and a reader of a fresh cache file under {@code dir}. */
  private static void writersAndAReader(Path dir, String label) throws Exception {
    Path file = InventoryCache.fileFor(dir);
    List<String> written = new ArrayList<>();
    List<InventoryCache> caches = new ArrayList<>();
    for (int w = 0; w < 4; w++) {
      InventoryCache cache = new InventoryCache();
      for (int i = 0; i < 500 * (w + 1); i++) {
        ObjectId tip = ObjectId.fromString(String.format("%040x", (long) w * 1_000_000 + i));
        cache.tip(tip, new InventoryCache.TipFacts(Instant.ofEpochSecond(i), Optional.empty(), List.of("w" + w)));
      }
      caches.add(cache);
      written.add(cache.format());
    }
    AtomicBoolean done = new AtomicBoolean();
    ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
    CountDownLatch start = new CountDownLatch(1);
    Thread reader = new Thread(() -> {
      while (!done.get()) {
        InventoryCache read = InventoryCache.load(file);
        if (read.loaded() != InventoryCache.Load.MISSING) {
          seen.add(read.loaded() == InventoryCache.Load.READ ? read.format() : "IGNORED");
        }
      }
    });
    reader.start();
    List<Thread> writers = new ArrayList<>();
    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    for (InventoryCache cache : caches) {
      Thread writer = new Thread(() -> {
        try {
          start.await();
          for (int round = 0; round < 40; round++) {
            cache.tip(TIP_A, new InventoryCache.TipFacts(Instant.ofEpochSecond(round), Optional.empty(), List.of()));
            cache.tip(TIP_A, new InventoryCache.TipFacts(Instant.EPOCH, Optional.empty(), List.of()));
            cache.save(file);
          }
        } catch (Throwable e) {
          failures.add(e);
        }
      });
      writers.add(writer);
      writer.start();
    }
    for (InventoryCache cache : caches) {
      cache.tip(TIP_A, new InventoryCache.TipFacts(Instant.EPOCH, Optional.empty(), List.of()));
    }
    List<String> finals = caches.stream().map(InventoryCache::format).toList();
    start.countDown();
    for (Thread writer : writers) {
      writer.join();
    }
    done.set(true);
    reader.join();

    assertThat(failures).as(label).isEmpty();
    assertThat(seen).as(label).isNotEmpty()
        .allSatisfy(content -> assertThat(finals).contains(content));
    assertThat(finals).as(label).contains(InventoryCache.load(file).format());
    try (Stream<Path> left = Files.list(file.getParent())) {
      assertThat(left).as(label).containsExactly(file);
    }
    assertThat(written).hasSize(4);
  }

  @Test
  void retainOnlyForgetsTipsNoRefPointsAtAndOtherTargets() {
    InventoryCache cache = new InventoryCache();
    InventoryBuilder.Analysis analysis = new InventoryBuilder.Analysis(List.of(), null, OptionalInt.of(1), OptionalInt.of(1));
    cache.tip(TIP_A, new InventoryCache.TipFacts(Instant.EPOCH, Optional.empty(), List.of()));
    cache.tip(TIP_B, new InventoryCache.TipFacts(Instant.EPOCH, Optional.empty(), List.of()));
    cache.analysis(TIP_A, "now", analysis);
    cache.analysis(TIP_A, "before", analysis);
    cache.analysis(TIP_B, "now", analysis);

    cache.retainOnly(Set.of(TIP_A), "now");

    assertThat(cache.tip(TIP_B)).isEmpty();
    assertThat(cache.analysis(TIP_B, "now")).isEmpty();
    assertThat(cache.analysis(TIP_A, "before")).isEmpty();
    assertThat(cache.analysis(TIP_A, "now")).contains(analysis);
  }

  private static List<String> details(BranchRecord record) {
    return record.judgements().stream().map(MergeJudgement::detail).toList();
  }

  private static BranchInventory full(TestRepo repo) {
    return GitFacts.forDirectory(repo.dir, InventoryTest.settings(), NOW, InventoryPass.FULL).get(RepoFacts.BRANCHES);
  }

  private static BranchInventory guard(TestRepo repo) {
    return GitFacts.forDirectory(repo.dir, InventoryTest.settings(), NOW, InventoryPass.GUARD).get(RepoFacts.BRANCHES);
  }
}
