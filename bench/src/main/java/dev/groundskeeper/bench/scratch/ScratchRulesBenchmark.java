package dev.groundskeeper.bench.scratch;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import dev.groundskeeper.rules.scratch.ScratchConfig;
import dev.groundskeeper.rules.scratch.ScratchPaths;
import dev.groundskeeper.rules.scratch.ScratchRules;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The hot path of the scratch rules on typical inputs: the shape predicate alone, and the
 * consume-chain and shape rules on typical Bash commands including the parse. Commands rotate
 * through four distinct texts, so the shell model's one-entry parse memo never answers and every
 * call pays for a fresh parse.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ScratchRulesBenchmark {

  private static final Path ROOT = Path.of("/work/repo");

  private static final String[] PATHS = {
      "untracked/scratch/commit-fix-cache.txt",
      "untracked/scratch/notes.md",
      "src/main/java/dev/example/Cache.java",
      "untracked/reports/cache-findings.md"};

  /** What an agent typically runs: mostly no consumer at all, and a correctly chained one. */
  private static final String[] TYPICAL = {
      "git status --short && git diff --stat",
      "mvn -q -pl api test -Dtest=ShellTest 2>&1 | tail -20",
      "git add -A && git commit -F untracked/scratch/commit-1.txt && rm -- "
          + "untracked/scratch/commit-1.txt",
      "cd untracked/scratch && gh issue comment 31 -F comment-31.md && rm comment-31.md"};

  /** Consumers without their removal: denied, with the corrected command worked out. */
  private static final String[] DENIED = {
      "git add -A && git commit -F untracked/scratch/commit-fix-cache.txt && git push",
      "gh pr create --title 'Fix the cache' --body-file untracked/scratch/pr-12.md",
      "git commit -F untracked/scratch/commit-2.txt; rm untracked/scratch/commit-2.txt",
      "gh release create v1.2.0 --notes-file untracked/scratch/notes-v1.2.0.txt"};

  private static final String[] WRITING = {
      "git log --oneline -20 > untracked/scratch/log.txt",
      "python3 probe.py | tee untracked/scratch/notes.md",
      "mvn -q test 2> untracked/scratch/build.log && echo done",
      "cat > untracked/reports/r.md <<'EOF'\n# Cache findings\nbody\nEOF"};

  private final ScratchConfig config = ScratchConfig.DEFAULTS;
  private final Rule consumeChain = rule("scratch.consume-chain");
  private final Rule shape = rule("scratch.shape");
  private final Facts facts = Facts.builder()
      .value(Facts.NOW, Instant.parse("2026-11-20T12:00:00Z"))
      .value(FileFacts.WORKTREE_ROOT, ROOT)
      .value(FileFacts.PATHS, path -> false)
      .build();
  private final Event[] typical = events(TYPICAL);
  private final Event[] denied = events(DENIED);
  private final Event[] writing = events(WRITING);
  private int next;

  private static Rule rule(String id) {
    return new ScratchRules().rules(ScratchConfig.DEFAULTS).stream()
        .filter(rule -> rule.id().equals(id)).map(ConfiguredRule::rule).findFirst()
        .orElseThrow();
  }

  private static Event[] events(String[] commands) {
    Event[] events = new Event[commands.length];
    for (int i = 0; i < commands.length; i++) {
      events[i] = new Event.CommandEvent(EventContext.of("bench", ROOT), commands[i]);
    }
    return events;
  }

  private int step() {
    next = (next + 1) & 3;
    return next;
  }

  /** The parse alone, for scale: what the rules add is the difference. */
  @Benchmark
  public Script parseOnly() {
    return Shell.parseFresh(TYPICAL[step()]);
  }

  @Benchmark
  public boolean shapePredicate() {
    return ScratchPaths.isAllowedNewScratchPath(PATHS[step()], config);
  }

  @Benchmark
  public Verdict consumeChainTypicalWithParse() {
    return consumeChain.evaluate(typical[step()], facts);
  }

  @Benchmark
  public Verdict consumeChainDeniedWithParse() {
    return consumeChain.evaluate(denied[step()], facts);
  }

  @Benchmark
  public Verdict shapeRuleOnCommandWithParse() {
    return shape.evaluate(writing[step()], facts);
  }
}
