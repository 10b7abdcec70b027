package dev.groundskeeper.bench.shell;

import dev.groundskeeper.api.shell.Shell;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * For comparing two versions of the parser, each in its own JVM, run one after the other:
 * {@code ShellCorpusWindows <corpus.txt> <seconds>} parses the corpus for 4 s of CPU time to warm
 * up, then for the given number of 1-second windows of CPU time, and prints the best and the
 * median window in CPU nanoseconds per command. The best window is the least disturbed by the
 * rest of the machine; put the version under test first on the class path
 * ({@code java -cp <its classes>:bench/target/benchmarks.jar …}).
 */
public final class ShellCorpusWindows {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static int sink;

  private ShellCorpusWindows() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: ShellCorpusWindows <corpus.txt> <seconds>");
      System.exit(2);
    }
    List<String> corpus = ShellSamples.corpus(Path.of(args[0]));
    int seconds = Integer.parseInt(args[1]);
    long warmUntil = THREADS.getCurrentThreadCpuTime() + 4_000_000_000L;
    while (THREADS.getCurrentThreadCpuTime() < warmUntil) {
      parseAll(corpus);
    }
    double[] windows = new double[seconds];
    for (int w = 0; w < seconds; w++) {
      long start = THREADS.getCurrentThreadCpuTime();
      long now = start;
      long commands = 0;
      while (now < start + 1_000_000_000L) {
        for (int i = 0; i < 10; i++) {
          parseAll(corpus);
        }
        commands += 10L * corpus.size();
        now = THREADS.getCurrentThreadCpuTime();
      }
      windows[w] = (now - start) / (double) commands;
    }
    Arrays.sort(windows);
    System.out.printf("best %.1f median %.1f cpu-ns per command (%d windows; %d)%n", windows[0],
        windows[seconds / 2], seconds, sink & 1);
  }

  private static void parseAll(List<String> corpus) {
    for (String command : corpus) {
      sink += Shell.parseFresh(command).commands().size();
    }
  }
}
