package dev.groundskeeper.bench.scratch;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.rules.scratch.ScratchConfig;
import dev.groundskeeper.rules.scratch.ScratchRules;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The inputs the scratch rule benchmarks time, in one place for the JMH benchmark
 * ({@link ScratchRulesBenchmark}) and the CPU-time run ({@link ScratchCpuTime}). Each set holds
 * four distinct commands that the benchmarks rotate through, so the shell model's one-entry
 * parse memo never answers and every rule call pays for a fresh parse.
 */
final class ScratchSamples {

  static final Path ROOT = Path.of("/work/repo");

  static final String[] PATHS = {
      "untracked/scratch/commit-fix-cache.txt",
      "untracked/scratch/notes.md",
      "src/main/java/dev/example/Cache.java",
      "untracked/reports/cache-findings.md"};

  /** What an agent typically runs: mostly no consumer at all, and a correctly chained one. */
  static final String[] TYPICAL = {
      "git status --short && git diff --stat",
      "mvn -q -pl api test -Dtest=ShellTest 2>&1 | tail -20",
      "git add -A && git commit -F untracked/scratch/commit-1.txt && rm -- "
          + "untracked/scratch/commit-1.txt",
      "cd untracked/scratch && gh issue comment 31 -F comment-31.md && rm comment-31.md"};

  /** Consumers without their removal: denied, with the corrected command worked out. */
  static final String[] DENIED = {
      "git add -A && git commit -F untracked/scratch/commit-fix-cache.txt && git push",
      "gh pr create --title 'Fix the cache' --body-file untracked/scratch/pr-12.md",
      "git commit -F untracked/scratch/commit-2.txt; rm untracked/scratch/commit-2.txt",
      "gh release create v1.2.0 --notes-file untracked/scratch/notes-v1.2.0.txt"};

  /** Commands that write files: three allowed scratch files and one denied report. */
  static final String[] WRITING = {
      "git log --oneline -20 > untracked/scratch/log.txt",
      "python3 probe.py | tee untracked/scratch/notes.md",
      "mvn -q test 2> untracked/scratch/build.log && echo done",
      "cat > untracked/reports/r.md <<'EOF'\n# Cache findings\nbody\nEOF"};

  static final ScratchConfig CONFIG = ScratchConfig.DEFAULTS;

  private ScratchSamples() {}

  /** The built-in scratch rule {@code id} with the default configuration. */
  static Rule rule(String id) {
    return new ScratchRules().rules(CONFIG).stream()
        .filter(rule -> rule.id().equals(id)).map(ConfiguredRule::rule).findFirst()
        .orElseThrow();
  }

  /** The facts of a checkout at {@link #ROOT} in which no path exists yet. */
  static Facts facts() {
    return Facts.builder()
        .value(Facts.NOW, Instant.parse("2026-11-20T12:00:00Z"))
        .value(FileFacts.WORKTREE_ROOT, ROOT)
        .value(FileFacts.PATHS, path -> false)
        .build();
  }

  /** One Bash tool call per command, run at {@link #ROOT}. */
  static Event[] events(String[] commands) {
    Event[] events = new Event[commands.length];
    for (int i = 0; i < commands.length; i++) {
      events[i] = new Event.CommandEvent(EventContext.of("bench", ROOT), commands[i]);
    }
    return events;
  }
}
