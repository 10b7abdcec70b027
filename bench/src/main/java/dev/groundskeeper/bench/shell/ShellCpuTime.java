package dev.groundskeeper.bench.shell;

import dev.groundskeeper.api.shell.Shell;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;

/**
 * The same timings as {@link ShellParseBenchmark} in CPU time of the measuring thread rather than
 * wall time, so that a machine shared with other work (where wall time mostly measures waiting)
 * still gives comparable numbers. {@code ShellCpuTime <corpus.txt>}; the Node peer prints the
 * same table from {@code process.cpuUsage()}.
 */
public final class ShellCpuTime {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static int sink;

  private ShellCpuTime() {}

  public static void main(String[] args) throws IOException {
    List<String> corpus = ShellSamples.corpus(Path.of(args.length > 0 ? args[0]
        : "api/src/test/resources/shell/corpus.txt"));
    measure("parseShort", () -> Shell.parseFresh(ShellSamples.SHORT).commands().size(), 1);
    measure("parseTypical", () -> Shell.parseFresh(ShellSamples.TYPICAL).commands().size(), 1);
    measure("parseLong", () -> Shell.parseFresh(ShellSamples.LONG).commands().size(), 1);
    measure("parseCorpus", () -> {
      int n = 0;
      for (String c : corpus) {
        n += Shell.parseFresh(c).commands().size();
      }
      return n;
    }, corpus.size());
    if (sink == 42) {
      System.out.println();
    }
  }

  private interface Work {
    int run();
  }

  private static void measure(String name, Work work, int commands) {
    long warmUntil = THREADS.getCurrentThreadCpuTime() + 3_000_000_000L;
    while (THREADS.getCurrentThreadCpuTime() < warmUntil) {
      sink += work.run();
    }
    double[] rounds = new double[5];
    for (int r = 0; r < rounds.length; r++) {
      long start = THREADS.getCurrentThreadCpuTime();
      long end = start + 2_000_000_000L;
      long now = start;
      long ops = 0;
      while (now < end) {
        for (int i = 0; i < 100; i++) {
          sink += work.run();
        }
        ops += 100;
        now = THREADS.getCurrentThreadCpuTime();
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
    System.out.printf("%-14s %12.1f cpu-ns/op  ± %.1f%s%n", name, mean, Math.sqrt(var),
        commands > 1 ? String.format("   (%.1f ns per command over %d)", mean / commands,
            commands) : "");
  }
}
