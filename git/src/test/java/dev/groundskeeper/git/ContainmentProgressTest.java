package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.Dormancy;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositorySettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16 item 3: the containment of idle branches, when it is larger than one reading's budget,
 * is finished over several readings (each a new process: only the cache file carries over)
 * instead of starting over and stopping at the same ref every time.
 */
class ContainmentProgressTest {

  static final Clock NOW = Clock.fixed(Instant.ofEpochSecond(TeamClone.NOW), ZoneOffset.UTC);
  /**
   * Commits one reading may walk. Each reading walks the default branch's history (about 520
   * commits in this fixture) once for the judgements and once for the containment, which leaves
   * the containment scan of the idle branches (about 300 more) only part of what it needs: a
   * smaller bound would not even read the history, a larger one would finish in one reading.
   * The first assertion below says when the fixture no longer fits.
   */
  static final int BOUND = 1200;

  @Test
  void aContainmentScanLargerThanTheBudgetFinishesAcrossReadings(@TempDir Path temp)
      throws IOException {
    TeamClone team = TeamClone.build(temp, 1);
    GitRepositories.clear();
    BranchInventory generous = GitFacts.forDirectory(team.clone.dir, TeamCloneInventoryTest.GENEROUS,
        NOW).get(RepoFacts.BRANCHES);
    assertThat(generous.complete()).isTrue();
    Map<String, Dormancy.Where> expected = wheres(generous);
    assertThat(expected).hasSizeGreaterThan(50);
    Path cache = InventoryCache.fileFor(team.clone.dir.resolve(".git"));
    forgetContainment(cache); // every judgement known, no containment: as a cold run leaves it

    RepositorySettings tight = RepositorySettings.defaults()
        .withScanLimits(new RepositorySettings.ScanLimits(BOUND, Duration.ofMinutes(10)));
    List<Boolean> complete = new ArrayList<>();
    BranchInventory last = null;
    for (int call = 0; call < 60 && (last == null || !last.complete()); call++) {
      GitRepositories.clear();
      last = GitFacts.forDirectory(team.clone.dir, tight, NOW).get(RepoFacts.BRANCHES);
      complete.add(last.complete());
    }
    assertThat(complete.get(0)).as("the first reading stopped at its bound").isFalse();
    assertThat(last.complete()).as("later readings finished the scan: " + complete).isTrue();
    assertThat(wheres(last)).isEqualTo(expected);
  }

  private static Map<String, Dormancy.Where> wheres(BranchInventory inventory) {
    Map<String, Dormancy.Where> found = new TreeMap<>();
    for (BranchRecord record : inventory.branches()) {
      record.dormancy().ifPresent(d -> found.put(record.name(), d.where()));
    }
    return found;
  }

  /** Drops the containment records of the cache file, keeping everything else as written. */
  private static void forgetContainment(Path file) throws IOException {
    List<String> kept = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String kind = line.split("\t", 2)[0];
      if (!List.of("remote-refs", "contained", "scanned", "end").contains(kind)) {
        kept.add(line);
      }
    }
    kept.add("end\t" + (kept.size() - 1));
    Files.write(file, kept, StandardCharsets.UTF_8);
    assertThat(InventoryCache.load(file).loaded()).isEqualTo(InventoryCache.Load.READ);
  }
}
