package dev.groundskeeper.bench.shell;

import dev.groundskeeper.api.shell.ConsumedFile;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Parse time of the shell command model (no memo: {@link Shell#parseFresh}). The corpus comes
 * from the system property {@code groundskeeper.shell.corpus} (default: the api test corpus,
 * relative to the repository root); see docs/benchmarks/shell.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ShellParseBenchmark {

  private List<String> corpus;

  @Setup
  public void load() throws IOException {
    corpus = ShellSamples.corpus(Path.of(System.getProperty("groundskeeper.shell.corpus",
        "api/src/test/resources/shell/corpus.txt")));
  }

  @Benchmark
  public Script parseShort() {
    return Shell.parseFresh(ShellSamples.SHORT);
  }

  @Benchmark
  public Script parseTypical() {
    return Shell.parseFresh(ShellSamples.TYPICAL);
  }

  @Benchmark
  public Script parseLong() {
    return Shell.parseFresh(ShellSamples.LONG);
  }

  /** The long parse with its heredoc body read (copied out of the source). */
  @Benchmark
  public int parseLongAndReadBody() {
    return ShellSamples.parseLongAndReadBody();
  }

  /** What one event costs a consume-chain rule: parse, consumed files, their removal. */
  @Benchmark
  public boolean parseTypicalAndAskConsumeChain() {
    Script script = Shell.parseFresh(ShellSamples.TYPICAL);
    boolean all = true;
    for (ConsumedFile f : script.consumedFiles()) {
      all &= script.chainedRemoval(f).isPresent();
    }
    return all;
  }

  /** Every corpus command once; divide by the corpus size for the time per command. */
  @Benchmark
  public void parseCorpus(Blackhole bh) {
    for (String command : corpus) {
      bh.consume(Shell.parseFresh(command));
    }
  }

  /** The corpus with every word's value and source read (see {@link ShellSamples}). */
  @Benchmark
  public int parseCorpusAndReadEveryWord() {
    int read = 0;
    for (String command : corpus) {
      read += ShellSamples.parseAndReadEveryWord(command);
    }
    return read;
  }
}
