package dev.groundskeeper.bench.engine;

import dev.groundskeeper.cli.Main;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One whole {@code groundskeeper hook} call in a warm JVM: argument parsing, payload mapping,
 * configuration and provider discovery, evaluation and the answer. The difference to the cold
 * process timing (bench/scripts/cli-startup.sh) is what JVM start-up costs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HookBenchmark {

  private Path temp;
  private byte[] payload;
  private Map<String, String> env;
  private final Main main = new Main();
  private final PrintStream sink = new PrintStream(OutputStream.nullOutputStream(), false,
      StandardCharsets.UTF_8);

  @Setup
  public void setUp() throws IOException {
    temp = Files.createTempDirectory("groundskeeper-hook-bench");
    Path cwd = Files.createDirectories(temp.resolve("work"));
    env = Map.of("HOME", Files.createDirectories(temp.resolve("home")).toString(),
        "XDG_CONFIG_HOME", Files.createDirectories(temp.resolve("xdg")).toString());
    payload = ("{\"session_id\":\"bench\",\"cwd\":\"" + cwd + "\",\"hook_event_name\":"
        + "\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":"
        + "\"git branch -D feat/x && ls -la\"}}").getBytes(StandardCharsets.UTF_8);
  }

  @TearDown
  public void tearDown() throws IOException {
    try (Stream<Path> files = Files.walk(temp)) {
      for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  @Benchmark
  public int hookPreToolUseBash() {
    int exit = main.run(new String[] {"hook"}, new ByteArrayInputStream(payload), sink, sink, env,
        temp.resolve("work"));
    if (exit != 0) {
      throw new IllegalStateException("hook exited " + exit);
    }
    return exit;
  }
}
