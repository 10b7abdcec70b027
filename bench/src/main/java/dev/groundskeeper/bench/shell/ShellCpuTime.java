package dev.groundskeeper.bench.shell;

import dev.groundskeeper.api.shell.Shell;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The same timings as {@link ShellParseBenchmark} in CPU time of the measuring thread (see
 * {@link CpuTime}): {@code ShellCpuTime <corpus.txt>}. The Node peer prints the same table from
 * {@code process.cpuUsage()}.
 */
public final class ShellCpuTime {

  private ShellCpuTime() {}

  public static void main(String[] args) throws IOException {
    List<String> corpus = ShellSamples.corpus(Path.of(args.length > 0 ? args[0]
        : "api/src/test/resources/shell/corpus.txt"));
    System.out.println("load average " + CpuTime.loadAverage());
    CpuTime.measure("parseShort", () -> Shell.parseFresh(ShellSamples.SHORT).commands().size(),
        1);
    CpuTime.measure("parseTypical",
        () -> Shell.parseFresh(ShellSamples.TYPICAL).commands().size(), 1);
    CpuTime.measure("parseLong", () -> Shell.parseFresh(ShellSamples.LONG).commands().size(), 1);
    CpuTime.measure("parseLongAndReadBody", ShellSamples::parseLongAndReadBody, 1);
    CpuTime.measure("parseCorpus", () -> {
      int n = 0;
      for (String c : corpus) {
        n += Shell.parseFresh(c).commands().size();
      }
      return n;
    }, corpus.size());
    CpuTime.measure("parseCorpusAndReadEveryWord", () -> {
      int n = 0;
      for (String c : corpus) {
        n += ShellSamples.parseAndReadEveryWord(c);
      }
      return n;
    }, corpus.size());
    System.out.println("load average " + CpuTime.loadAverage());
  }
}
