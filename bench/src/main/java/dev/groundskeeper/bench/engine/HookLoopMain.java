package dev.groundskeeper.bench.engine;

import dev.groundskeeper.cli.Main;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * A served hook call's own cost, in process: {@code Main.run(["hook"])} called N times on one
 * {@code Main} (as the warm server calls it) with one payload in one directory. Prints the p50 and
 * p90 wall time and the p50 thread CPU time of the second half of the calls. Run against two jars
 * to compare code (bench/scripts/hook-loop.sh): CPU time is the steadier figure on a shared
 * machine. Arguments: payload file, working directory, calls, label.
 */
public final class HookLoopMain {

  private HookLoopMain() {}

  public static void main(String[] args) throws Exception {
    byte[] payload = Files.readAllBytes(Path.of(args[0]));
    Path directory = Path.of(args[1]);
    int calls = Integer.parseInt(args[2]);
    Map<String, String> env = System.getenv();
    Main main = new Main();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    PrintStream sink = new PrintStream(OutputStream.nullOutputStream());
    long[] wall = new long[calls];
    long[] cpu = new long[calls];
    for (int i = 0; i < calls; i++) {
      long started = System.nanoTime();
      long startedCpu = threads.getCurrentThreadCpuTime();
      main.run(new String[] {"hook"}, new ByteArrayInputStream(payload), sink, sink, env,
          directory);
      wall[i] = System.nanoTime() - started;
      cpu[i] = threads.getCurrentThreadCpuTime() - startedCpu;
    }
    long[] w = Arrays.copyOfRange(wall, calls / 2, calls);
    long[] c = Arrays.copyOfRange(cpu, calls / 2, calls);
    Arrays.sort(w);
    Arrays.sort(c);
    System.out.printf(Locale.ROOT, "%s: wall p50 %.2f ms, p90 %.2f ms; thread CPU p50 %.2f ms%n",
        args.length > 3 ? args[3] : "hook", w[w.length / 2] / 1e6, w[w.length * 9 / 10] / 1e6,
        c[c.length / 2] / 1e6);
  }
}
