package dev.groundskeeper.bench.git;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.GitFacts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * One whole process reading the full inventory of a repository, for the side-by-side timings
 * against git pipelines and git-delete-merged-branches (docs/benchmarks/git.md). Prints the
 * branches judged merged, one per line ({@code name<TAB>state<TAB>method}), then a summary on
 * standard error.
 *
 * <p>usage: {@code java -cp bench/target/benchmarks.jar dev.groundskeeper.bench.git.InventoryMain REPO
 * [--budget-seconds N]}
 */
public final class InventoryMain {

  private InventoryMain() {}

  public static void main(String[] args) {
    if (args.length < 1) {
      System.err.println("usage: InventoryMain REPO [--budget-seconds N]");
      System.exit(2);
    }
    long budget = args.length >= 3 && args[1].equals("--budget-seconds") ? Long.parseLong(args[2]) : 60;
    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    long cpuStart = threads.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    RepositorySettings settings = RepositorySettings.defaults()
        .withScanLimits(new RepositorySettings.ScanLimits(10_000_000, Duration.ofSeconds(budget)));
    Facts facts = GitFacts.forDirectory(Path.of(args[0]), settings);
    BranchInventory inventory = facts.get(RepoFacts.BRANCHES);
    long elapsed = System.nanoTime() - start;
    long cpu = threads.getCurrentThreadCpuTime() - cpuStart;
    Map<BranchState, Integer> counts = new TreeMap<>();
    StringBuilder out = new StringBuilder();
    for (BranchRecord b : inventory.branches()) {
      counts.merge(b.state(), 1, Integer::sum);
      if (b.state().merged()) {
        out.append(b.name()).append('\t').append(b.state()).append('\t')
            .append(b.mergedBy().flatMap(j -> j.method()).map(Enum::name).orElse("")).append('\n');
      }
    }
    System.out.print(out);
    System.err.printf("branches=%d complete=%s states=%s inventory_ms=%.1f cpu_ms=%.1f%n",
        inventory.branches().size(), inventory.complete(), counts, elapsed / 1e6, cpu / 1e6);
  }
}
