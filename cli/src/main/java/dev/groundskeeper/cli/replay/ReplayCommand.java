package dev.groundskeeper.cli.replay;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Explanation;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.cli.Json;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.config.ConfigLayers;
import dev.groundskeeper.host.EventSubject;
import dev.groundskeeper.host.Host;
import dev.groundskeeper.host.Workspace;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code groundskeeper replay}: judges every tool call and session boundary of recorded sessions
 * as the hook would have, performing nothing, and reports per rule what it would have denied and
 * advised, each denial with its transcript line, and which verdicts rest on today's repository.
 */
@API(status = API.Status.INTERNAL)
@Command(name = "replay", mixinStandardHelpOptions = true,
    description = {
        "Judges recorded agent sessions as the hook would have, performing nothing.",
        "",
        "Reads Claude Code transcripts (with the sub-agent transcripts kept beside them) and Codex"
            + " rollout files, judges every tool call and session boundary in order, and reports"
            + " per rule the calls it would have denied and advised, and each denial with its"
            + " transcript line, command and reason.",
        "Rules that read the repository are judged against --repo, else the recorded cwd when it"
            + " exists here: such verdicts rest on today's state, not the state at the time, and"
            + " are marked so. Lines that cannot be read are listed with their number and why;"
            + " the rest is still judged."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:replayed (denials and unreadable lines are part of the report)",
        "2:no transcript could be read, or bad usage"})
public final class ReplayCommand implements Callable<Integer> {

  /**
   * Facts that describe the configuration or the machine, not the repository's state: a verdict
   * that read only these does not rest on today's repository.
   */
  private static final Set<String> NOT_STATE = Set.of("worktrees.store", "worktrees.user-home",
      "repo.settings", "repo.regenerable");

  private final PrintStream out;
  private final PrintStream err;
  private final Path workingDirectory;
  private final Supplier<Host> host;
  private final Supplier<List<Path>> pluginPaths;

  @Parameters(paramLabel = "TRANSCRIPT", arity = "1..*",
      description = "Claude Code transcript or Codex rollout files (JSONL).")
  private List<Path> transcripts;

  @Option(names = "--config", paramLabel = "FILE",
      description = "Judge with this configuration file (over the embedded defaults) instead of"
          + " the repository's and the user's.")
  private Path config;

  @Option(names = "--repo", paramLabel = "DIR",
      description = "The repository to judge repository facts against; the recorded cwd is"
          + " mapped onto it.")
  private Path repo;

  @Option(names = "--json", description = "Print the report as JSON.")
  private boolean json;

  @Option(names = "--pretty", description = "With --json: indent the JSON.")
  private boolean pretty;

  /**
   * The {@code replay} command; it reads and judges only when it runs.
   *
   * @param out where the report is printed
   * @param err where an unusable {@code --repo}, transcript or configuration is reported
   * @param workingDirectory the directory relative transcript, {@code --config} and
   *     {@code --repo} paths are resolved against
   * @param host the runtime (asked for when the command runs) whose policies and facts judge
   * @param pluginPaths the {@code --plugin-path} entries, whose rules are discovered beside the
   *     built-in ones
   */
  public ReplayCommand(PrintStream out, PrintStream err, Path workingDirectory,
      Supplier<Host> host, Supplier<List<Path>> pluginPaths) {
    this.out = out;
    this.err = err;
    this.workingDirectory = workingDirectory;
    this.host = host;
    this.pluginPaths = pluginPaths;
  }

  /** One judged event. */
  record Judged(Transcripts.Step step, Decision decision, Set<String> restsOnToday) {}

  /** Everything the report shows. */
  record Report(List<Transcripts.Read> reads, List<Judged> judged, List<String> problems,
      Optional<Path> repository) {}

  @Override
  public Integer call() throws IOException {
    Optional<Path> repository = Optional.ofNullable(repo).map(workingDirectory::resolve)
        .map(Path::normalize);
    if (repository.isPresent() && !Files.isDirectory(repository.get())) {
      err.println("groundskeeper replay: --repo " + repository.get() + " is not a directory");
      return 2;
    }
    Optional<Policy> policy = Optional.empty();
    if (config != null) {
      policy = Optional.of(policyOf(workingDirectory.resolve(config).normalize()));
    }
    Report report = replay(expand(), repository, policy);
    if (report.reads().isEmpty()) {
      report.problems().forEach(problem -> err.println("groundskeeper replay: " + problem));
      return 2;
    }
    if (json) {
      out.println(Json.text(json(report), pretty));
    } else {
      out.print(text(report));
    }
    return 0;
  }

  private Policy policyOf(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new picocli.CommandLine.ParameterException(
          new picocli.CommandLine(this), "--config " + file + " is not a regular file");
    }
    if (Files.size(file) > ConfigLayers.MAX_BYTES) {
      throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
          "--config " + file + " is larger than " + ConfigLayers.MAX_BYTES + " bytes");
    }
    String yaml = Files.readString(file, StandardCharsets.UTF_8);
    return host.get().policies().discovering(pluginPaths.get())
        .config(new ConfigLayer("replay", Optional.of(file), yaml)).build();
  }

  /** The transcripts given, each followed by the sub-agent transcripts kept beside it. */
  private List<Path> expand() throws IOException {
    Set<Path> files = new LinkedHashSet<>();
    for (Path given : transcripts) {
      Path file = workingDirectory.resolve(given).normalize();
      files.add(file);
      if (Files.isRegularFile(file)) {
        files.addAll(Transcripts.subagentTranscripts(file));
      }
    }
    return new ArrayList<>(files);
  }

  Report replay(List<Path> files, Optional<Path> repository, Optional<Policy> policy) {
    List<Transcripts.Read> reads = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Path file : files) {
      if (!Files.isRegularFile(file)) {
        problems.add(file + " is not a readable file");
        continue;
      }
      try {
        reads.add(Transcripts.read(file, relocator(repository)));
      } catch (IOException e) {
        problems.add(file + " cannot be read: " + e.getMessage());
      }
    }
    List<Judged> judged = new ArrayList<>();
    Host runtime = host.get();
    for (Transcripts.Read read : reads) {
      for (Transcripts.Step step : read.steps()) {
        Decision decision = judge(runtime, step.event(), policy);
        judged.add(new Judged(step, decision, restsOnToday(decision)));
      }
    }
    return new Report(reads, judged, problems, repository);
  }

  /** Judges as the hook does (the host's pipeline), or with the --config policy. */
  private static Decision judge(Host runtime, Event event, Optional<Policy> policy) {
    if (policy.isEmpty()) {
      return runtime.judge(event, true).decision();
    }
    Workspace workspace = runtime.workspace(event.context().cwd());
    Facts facts = runtime.facts(workspace, policy.get(), event);
    return policy.get().explain(event, facts, runtime.nanoTime());
  }

  private static Set<String> restsOnToday(Decision decision) {
    Set<String> rules = new LinkedHashSet<>();
    for (Explanation.Step step : decision.explanation().map(Explanation::steps)
        .orElse(List.of())) {
      if (step.factsRead().stream().anyMatch(fact -> !NOT_STATE.contains(fact))) {
        rules.add(step.ruleId());
      }
    }
    return rules;
  }

  /** Maps the first recorded cwd (and everything under it) onto --repo; else the identity. */
  private static Function<Path, Path> relocator(Optional<Path> repository) {
    if (repository.isEmpty()) {
      return Function.identity();
    }
    Path[] base = new Path[1];
    return recorded -> {
      if (base[0] == null) {
        base[0] = recorded;
      }
      return recorded.startsWith(base[0])
          ? repository.get().resolve(base[0].relativize(recorded)).normalize() : recorded;
    };
  }

  /** Per rule: denied, advised, and denials a softening mode turned into advice. */
  private static Map<String, long[]> counts(Report report) {
    Map<String, long[]> counts = new TreeMap<>();
    for (Judged judged : report.judged()) {
      for (Explanation.Step step : judged.decision().explanation().map(Explanation::steps)
          .orElse(List.of())) {
        long[] row = counts.computeIfAbsent(step.ruleId(), id -> new long[3]);
        Outcome delivered = step.verdict().outcome();
        if (delivered == Outcome.DENY) {
          row[0]++;
        } else if (delivered == Outcome.ADVISE) {
          row[1]++;
          if (step.reported() == Outcome.DENY) {
            row[2]++;
          }
        }
      }
    }
    counts.values().removeIf(row -> row[0] == 0 && row[1] == 0);
    return counts;
  }

  private String text(Report report) {
    StringBuilder text = new StringBuilder();
    long unreadable = report.reads().stream().mapToLong(read -> read.unreadable().size()).sum();
    text.append("replay: ").append(report.reads().size()).append(" transcript")
        .append(report.reads().size() == 1 ? "" : "s").append(", ")
        .append(report.judged().size()).append(" events judged, ")
        .append(unreadable).append(unreadable == 1 ? " line" : " lines")
        .append(" unreadable\n");
    for (Transcripts.Read read : report.reads()) {
      text.append("  ").append(read.transcript().getFileName()).append(" (")
          .append(read.shape()).append(", ").append(read.steps().size()).append(" events)")
          .append(where(read, report.repository())).append('\n');
    }
    report.problems().forEach(problem -> text.append("  note: ").append(problem).append('\n'));
    Map<String, long[]> counts = counts(report);
    if (counts.isEmpty()) {
      text.append("no rule would have denied or advised anything\n");
    } else {
      int width = Math.max(4, counts.keySet().stream().mapToInt(String::length).max().orElse(0));
      text.append(String.format("%-" + width + "s %7s %8s %s%n", "RULE", "DENIED", "ADVISED",
          " (WOULD DENY IF BLOCKING)"));
      counts.forEach((rule, row) -> text.append(String.format("%-" + width + "s %7d %8d %s%n",
          rule, row[0], row[1], row[2] > 0 ? " (" + row[2] + ")" : "")));
    }
    List<String> denials = new ArrayList<>();
    boolean today = false;
    for (Judged judged : report.judged()) {
      for (var verdict : judged.decision().withOutcome(Outcome.DENY)) {
        boolean rests = judged.restsOnToday().contains(verdict.ruleId());
        today |= rests;
        EventSubject subject = EventSubject.of(judged.step().event());
        denials.add("  " + judged.step().transcript().getFileName() + ":"
            + judged.step().line() + "  " + verdict.ruleId() + (rests ? " *" : "") + "  "
            + subject.kind() + (subject.subject().isEmpty() ? "" : ": " + subject.subject())
            + "\n      " + verdict.reason().lines().findFirst().orElse(""));
      }
    }
    if (!denials.isEmpty()) {
      text.append("denials:\n");
      denials.forEach(line -> text.append(line).append('\n'));
      if (today) {
        text.append("* rests on today's repository, not its state at the time\n");
      }
    }
    List<Transcripts.Unreadable> lines = report.reads().stream()
        .flatMap(read -> read.unreadable().stream()).toList();
    if (!lines.isEmpty()) {
      text.append("unreadable lines:\n");
      lines.forEach(line -> text.append("  ").append(line.transcript().getFileName())
          .append(":").append(line.line()).append("  ").append(line.why()).append('\n'));
    }
    return SafeText.escapeLines(text.toString());
  }

  private static String where(Transcripts.Read read, Optional<Path> repository) {
    if (repository.isPresent()) {
      return "; repository facts from " + repository.get();
    }
    if (read.firstCwd().isEmpty()) {
      return "; no cwd recorded";
    }
    Path cwd = read.firstCwd().get();
    return Files.isDirectory(cwd) ? "; repository facts from " + cwd + " as it is today"
        : "; the recorded cwd " + cwd + " does not exist here, so rules judged without"
            + " repository facts (give --repo)";
  }

  private ObjectNode json(Report report) {
    ObjectNode node = Json.object();
    ArrayNode transcriptsNode = node.putArray("transcripts");
    for (Transcripts.Read read : report.reads()) {
      ObjectNode item = transcriptsNode.addObject();
      item.put("path", read.transcript().toString());
      item.put("shape", read.shape());
      item.put("events", read.steps().size());
      read.firstCwd().ifPresent(cwd -> item.put("recorded_cwd", cwd.toString()));
    }
    report.repository().ifPresent(dir -> node.put("repository", dir.toString()));
    node.put("events", report.judged().size());
    ArrayNode rules = node.putArray("rules");
    counts(report).forEach((rule, row) -> rules.addObject().put("rule", rule)
        .put("denied", row[0]).put("advised", row[1]).put("would_deny_if_blocking", row[2]));
    ArrayNode denials = node.putArray("denials");
    ArrayNode advice = node.putArray("advice");
    for (Judged judged : report.judged()) {
      EventSubject subject = EventSubject.of(judged.step().event());
      for (var verdict : judged.decision().verdicts()) {
        ArrayNode into = verdict.outcome() == Outcome.DENY ? denials
            : verdict.outcome() == Outcome.ADVISE ? advice : null;
        if (into == null) {
          continue;
        }
        into.addObject().put("transcript", judged.step().transcript().toString())
            .put("line", judged.step().line()).put("event", subject.kind())
            .put("command", subject.subject()).put("rule", verdict.ruleId())
            .put("reason", verdict.reason())
            .put("rests_on_today", judged.restsOnToday().contains(verdict.ruleId()));
      }
    }
    ArrayNode unreadable = node.putArray("unreadable");
    for (Transcripts.Read read : report.reads()) {
      for (Transcripts.Unreadable line : read.unreadable()) {
        unreadable.addObject().put("transcript", line.transcript().toString())
            .put("line", line.line()).put("why", line.why());
      }
    }
    ArrayNode problems = node.putArray("problems");
    report.problems().forEach(problems::add);
    return node;
  }
}
