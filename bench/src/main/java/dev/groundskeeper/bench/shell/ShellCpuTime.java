package dev.groundskeeper.bench.shell;

import dev.groundskeeper.api.shell.Shell;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * The same timings as {@link ShellParseBenchmark} in CPU time (see {@link CpuTime}):
 * {@code ShellCpuTime <corpus.txt> [benchmark…]}, every benchmark when none is named. Give one
 * benchmark per JVM for figures to compare (as {@code bench/peers/shell/run.sh} does): in one
 * JVM, the code compiled for the benchmarks before is made again for the next one, and what the
 * compiler learnt from them shapes it. The Node peer prints the same lines from
 * {@code process.cpuUsage()}.
 */
public final class ShellCpuTime {

  private ShellCpuTime() {}

  public static void main(String[] args) throws IOException {
    List<String> corpus = ShellSamples.corpus(Path.of(args.length > 0 ? args[0]
        : "api/src/test/resources/shell/corpus.txt"));
    Map<String, IntSupplier> benchmarks = new LinkedHashMap<>();
    benchmarks.put("parseShort", () -> Shell.parseFresh(ShellSamples.SHORT).commands().size());
    benchmarks.put("parseTypical",
        () -> Shell.parseFresh(ShellSamples.TYPICAL).commands().size());
    benchmarks.put("parseLong", () -> Shell.parseFresh(ShellSamples.LONG).commands().size());
    benchmarks.put("parseLongAndReadBody", ShellSamples::parseLongAndReadBody);
    benchmarks.put("parseCorpus", () -> {
      int n = 0;
      for (String c : corpus) {
        n += Shell.parseFresh(c).commands().size();
      }
      return n;
    });
    benchmarks.put("parseCorpusAndReadEveryWord", () -> {
      int n = 0;
      for (String c : corpus) {
        n += ShellSamples.parseAndReadEveryWord(c);
      }
      return n;
    });
    List<String> chosen = args.length > 1 ? Arrays.asList(args).subList(1, args.length)
        : List.copyOf(benchmarks.keySet());
    for (String name : chosen) {
      if (!benchmarks.containsKey(name)) {
        System.err.println("unknown benchmark " + name + "; known: " + benchmarks.keySet());
        System.exit(64);
      }
    }
    System.out.println("load average " + CpuTime.loadAverage());
    for (String name : chosen) {
      CpuTime.measure(name, benchmarks.get(name),
          name.startsWith("parseCorpus") ? corpus.size() : 1);
    }
    System.out.println("load average " + CpuTime.loadAverage());
  }
}
