package dev.groundskeeper.bench.shell;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.IntSupplier;

/**
 * Times work in CPU time of the whole process (every thread: the measuring one, the collector's
 * and the compiler's) rather than wall time, so that a machine shared with other work (where
 * wall time mostly measures waiting for a core) still gives comparable numbers. Warm-up runs
 * until the measuring thread itself has spent 5 s on the work (in process time the compiler
 * threads would end it early, with code still being compiled), then 5 rounds of 2 s of process
 * time are measured, each round calling the work in batches of 100 and reading the process's CPU
 * clock between batches. The Node peer of the shell benchmarks
 * ({@code bench/peers/shell/parse-corpus.mjs}) measures the same way, with
 * {@code process.cpuUsage()}, which also counts all of its threads.
 */
public final class CpuTime {

  private static final OperatingSystemMXBean PROCESS =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private static final ThreadMXBean THREAD = ManagementFactory.getThreadMXBean();
  private static int sink;

  private CpuTime() {}

  /**
   * Measures {@code work} and prints one line: mean CPU nanoseconds per call and the spread of
   * the rounds, per item when one call covers {@code items} (more than one) items, and each
   * round.
   */
  public static double measure(String name, IntSupplier work, int items) {
    long warmUntil = THREAD.getCurrentThreadCpuTime() + 5_000_000_000L;
    while (THREAD.getCurrentThreadCpuTime() < warmUntil) {
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
    StringBuilder each = new StringBuilder();
    for (double v : rounds) {
      each.append(String.format(" %.0f", items > 1 ? v / items : v));
    }
    System.out.printf("%-30s %12.1f cpu-ns/op  ± %.1f%s   rounds%s%n", name, mean,
        Math.sqrt(var), items > 1 ? String.format("   (%.1f ns per command over %d)", mean / items,
            items) : "", each);
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
