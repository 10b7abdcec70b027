package dev.groundskeeper.bench.shell;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.IntSupplier;

/**
 * Times work in CPU time of the whole process (every thread: the measuring one, the collector's
 * and the compiler's) rather than wall time, so that a machine shared with other work (where
 * wall time mostly measures waiting for a core) still gives comparable numbers: 5 s of warm-up,
 * then 5 rounds of 2 s, each round calling the work in batches of 100 and reading the process's
 * CPU clock between batches. The Node peer of the shell benchmarks
 * ({@code bench/peers/shell/parse-corpus.mjs}) measures the same way, with
 * {@code process.cpuUsage()}, which also counts all of its threads.
 */
public final class CpuTime {

  private static final OperatingSystemMXBean PROCESS =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private static int sink;

  private CpuTime() {}

  /**
   * Measures {@code work} and prints one line: mean CPU nanoseconds per call and the spread of
   * the rounds, and per item when one call covers {@code items} (more than one) items.
   */
  public static double measure(String name, IntSupplier work, int items) {
    long warmUntil = PROCESS.getProcessCpuTime() + 5_000_000_000L;
    while (PROCESS.getProcessCpuTime() < warmUntil) {
      for (int i = 0; i < 100; i++) {
        sink += work.getAsInt();
      }
    }
    double[] rounds = new double[5];
    for (int r = 0; r < rounds.length; r++) {
      long start = PROCESS.getProcessCpuTime();
      long end = start + 2_000_000_000L;
      long now = start;
      long ops = 0;
      while (now < end) {
        for (int i = 0; i < 100; i++) {
          sink += work.getAsInt();
        }
        ops += 100;
        now = PROCESS.getProcessCpuTime();
      }
      rounds[r] = (double) (now - start) / ops;
    }
    double mean = 0;
    for (double v : rounds) {
      mean += v / rounds.length;
    }
    double var = 0;
    for (double v : rounds) {
      var += (v - mean) * (v - mean) / rounds.length;
    }
    System.out.printf("%-30s %12.1f cpu-ns/op  ± %.1f%s%n", name, mean, Math.sqrt(var),
        items > 1 ? String.format("   (%.1f ns per command over %d)", mean / items, items)
            : "");
    if (sink == 42) {
      System.out.println();
    }
    return mean;
  }

  /** The machine's load average, for the record. */
  public static String loadAverage() {
    return String.format("%.2f", ManagementFactory.getOperatingSystemMXBean()
        .getSystemLoadAverage());
  }
}
