package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.GroundskeeperException;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.PolicyBuilder;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.config.ConfigException;
import dev.groundskeeper.api.config.ConfigSpec;
import dev.groundskeeper.api.config.EffectiveConfig;
import dev.groundskeeper.api.config.LogConfig;
import dev.groundskeeper.git.store.Redactor;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.rules.scratch.ScratchConfig;
import dev.groundskeeper.git.GitFacts;
import dev.groundskeeper.rules.branches.BranchesConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The runtime every runner adapter, verb and embedder shares: finds the workspace of an event,
 * loads its policy (cached per configuration fingerprint), composes the facts rules may read,
 * judges, and performs the decision's effects through the executor registry. Built once,
 * immutable and thread-safe:
 *
 * <pre>{@code
 * Host host = Host.builder().environment(System.getenv()).build();
 * Host.Handled handled = host.handle(event);
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Host {

  /** The id under which an unusable configuration is reported (not a rule: it never denies). */
  public static final String CONFIGURATION_NOTE = "engine.configuration";

  /**
   * The id under which an untrusted repository's refused settings are reported, once per session
   * (advice, never a denial).
   */
  public static final String TRUST_NOTE = TrustReports.NOTE;

  /** The {@code branches:} block, whose repository settings say how repository facts are read. */
  public static final ConfigSpec<BranchesConfig> BRANCHES =
      new ConfigSpec<>("branches", BranchesConfig.class, BranchesConfig.DEFAULTS);

  /** The {@code scratch:} block, whose directory no removal may treat as regenerable. */
  public static final ConfigSpec<ScratchConfig> SCRATCH =
      new ConfigSpec<>("scratch", ScratchConfig.class, ScratchConfig.DEFAULTS);

  /** The {@code worktrees:} block, whose redaction patterns the decision log shares. */
  private static final ConfigSpec<WorktreesConfig> WORKTREES = WorktreesConfig.spec();

  private final Map<String, String> environment;
  private final Clock clock;
  private final PolicyLoader policies;
  private final EffectRegistry effects;
  private final LongSupplier nanoTime;
  private final DecisionLog decisionLog;
  private final Snapshots snapshots;
  private final ProgramWord program;

  private Host(Builder builder) {
    this.environment = Map.copyOf(builder.environment);
    this.clock = builder.clock;
    this.nanoTime = builder.nanoTime;
    this.decisionLog = builder.decisionLog != null ? builder.decisionLog
        : DecisionLog.forEnvironment(environment);
    this.policies = new PolicyLoader(environment, builder.pluginPaths, builder.customizer,
        builder.classLoader, builder.policyCache);
    this.snapshots = Snapshots.forEnvironment(environment);
    this.program = ProgramWord.of(environment);
    List<EffectPerformer> performers = new ArrayList<>(EffectRegistry.builtIns(snapshots, clock));
    performers.addAll(builder.performers);
    if (builder.discoverPerformers) {
      ServiceLoader.load(EffectPerformer.class, builder.classLoader).forEach(performers::add);
    }
    this.effects = new EffectRegistry(performers);
  }

  /** {@return a builder with every setting at its default (an empty environment, the UTC clock)} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * What {@link #handle} did with one event.
   *
   * @param workspace where the event happened
   * @param policy the policy it was judged by (the defaults' when the configuration was invalid)
   * @param facts the facts the rules read, for performing or explaining further
   * @param decision the decision, rendered with {@link #program()} and settled by its effects
   * @param effects what became of each effect; empty from {@link #judge}, which performs none
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Handled(Workspace workspace, Policy policy, Facts facts, Decision decision,
      List<EffectReport> effects) {
    /**
     * Checks the components and keeps an immutable copy of the reports.
     *
     * @param workspace where the event happened
     * @param policy the policy it was judged by
     * @param facts the facts the rules read
     * @param decision the decision
     * @param effects what became of each effect
     * @throws NullPointerException if a component is null
     */
    public Handled {
      Objects.requireNonNull(workspace, "workspace");
      Objects.requireNonNull(policy, "policy");
      Objects.requireNonNull(facts, "facts");
      Objects.requireNonNull(decision, "decision");
      effects = List.copyOf(effects);
    }
  }

  /**
   * Judges {@code event} in the workspace of its working directory and performs the decision's
   * effects. With invalid configuration files the event is judged on the embedded defaults and
   * the decision carries a note saying so: a typo never switches a guard off. A plugin that cannot
   * be loaded is reported the same way, and the event is judged without it.
   *
   * @param event the event a runner reported
   * @return the workspace, policy, facts, settled decision and effect reports
   * @throws GroundskeeperException only when even the built-in rules cannot be discovered
   *     through the host's class loader (a broken or duplicate provider on the class path)
   */
  public Handled handle(Event event) {
    return handle(event, EMBEDDER);
  }

  /** The runner name the decision log records for {@link #handle(Event)}. */
  public static final String EMBEDDER = "embedder";

  /**
   * As {@link #handle(Event)}, naming the runner whose hook reported the event. When the
   * policy's {@code log:} block records the decision it is appended to the {@link #decisionLog()}
   * with each rule's time and the whole call's (judging and effects); the log never fails or
   * changes the answer. The decision then carries its explanation.
   *
   * @param event the event a runner reported
   * @param runner the runner's name as the log records it, such as {@code claude-code}
   * @return the workspace, policy, facts, settled decision and effect reports
   * @throws GroundskeeperException as {@link #handle(Event)} does
   */
  public Handled handle(Event event, String runner) {
    Objects.requireNonNull(runner, "runner");
    long start = nanoTime.getAsLong();
    Handled judged = judge(event, true);
    List<EffectReport> reports = act(judged.decision(), judged.workspace(), judged.facts());
    Handled settled = new Handled(judged.workspace(), judged.policy(), judged.facts(),
        program.render(settle(judged.decision(), reports)), reports);
    long elapsed = Math.max(0L, nanoTime.getAsLong() - start);
    record(runner, event, settled, elapsed);
    return settled;
  }

  private void record(String runner, Event event, Handled judged, long elapsed) {
    try {
      LogConfig config = judged.policy().config().log();
      if (!config.records(judged.decision())) {
        return;
      }
      Redactor redactor = Redactor.of(judged.policy().config().get(WORKTREES).redactions());
      decisionLog.record(DecisionLog.entry(clock.instant(), runner, event, judged.decision(),
          elapsed, redactor), judged.decision(), config, judged.workspace().root());
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      // The log is a record, never part of the answer: a failure is dropped and counted.
      decisionLog.drop();
    }
  }

  /**
   * Judges {@code event} as {@link #handle} does, performing nothing and logging nothing.
   *
   * @param event the event to judge
   * @return the judgement, with no effect reports
   * @throws GroundskeeperException as {@link #handle(Event)} does
   */
  public Handled judge(Event event) {
    return judge(event, false);
  }

  /**
   * As {@link #judge(Event)}; with {@code explain} the decision carries each rule's run (facts
   * read, time by this host's time source), as {@code check --explain} and the log show it.
   *
   * @param event the event to judge
   * @param explain whether the decision carries its explanation
   * @return the judgement, with no effect reports
   * @throws GroundskeeperException as {@link #handle(Event)} does
   */
  public Handled judge(Event event, boolean explain) {
    Workspace workspace = workspace(event.context().cwd());
    List<String> notes = new ArrayList<>();
    List<Verdict> reports = new ArrayList<>();
    Policy policy = policyOrDefaults(workspace, event, notes, reports);
    Facts facts = facts(workspace, policy, event);
    Decision decision = program.render(withReports(withNotes(explain
        ? policy.explain(event, facts, nanoTime) : policy.evaluate(event, facts), notes), reports));
    return new Handled(workspace, policy, facts, decision, List.of());
  }

  /**
   * The word this host's commands start with: {@code groundskeeper} when that runs the launcher
   * the environment names, else the launcher's path. {@link #handle} and {@link #judge} render
   * their decisions with it; a caller that evaluates a policy itself renders with it too.
   *
   * @return the program word, fixed when the host was built
   */
  public ProgramWord program() {
    return program;
  }

  /** {@return where {@link #handle} records decisions} */
  public DecisionLog decisionLog() {
    return decisionLog;
  }

  /** {@return the monotonic nanosecond counter this host times rules and calls with} */
  public LongSupplier nanoTime() {
    return nanoTime;
  }

  /**
   * Finds the workspace of a directory, by looking for {@code .git} on the way up; no repository
   * is opened.
   *
   * @param directory any directory; it need not exist
   * @return the workspace, with no root outside any repository
   */
  public Workspace workspace(Path directory) {
    return Workspace.locate(directory);
  }

  /** {@return the policy loader (cached per configuration fingerprint)} */
  public PolicyLoader policies() {
    return policies;
  }

  /**
   * The policy of {@code workspace}, or on invalid configuration files the defaults' policy with
   * the problem added to {@code notes}.
   *
   * @param workspace the workspace whose configuration is loaded
   * @param notes collects one line per problem; left as it is when the configuration is usable
   * @return the policy; never null, and never without the built-in guards
   */
  public Policy policyOrDefaults(Workspace workspace, List<String> notes) {
    return policyOrDefaults(workspace, Optional.empty(), notes, new ArrayList<>());
  }

  /**
   * As {@link #policyOrDefaults(Workspace, List)}, and when an untrusted repository's
   * configuration asked for what only a trusted one may (a plugin, a weaker loss guard, another
   * store), adds to {@code reports} the advice that says what was not applied and the
   * {@code groundskeeper trust} command, once per session of {@code event}.
   *
   * @param workspace the workspace whose configuration is loaded
   * @param event the event it is loaded for, whose session the trust report is shown once to
   * @param notes collects one line per configuration or plugin problem
   * @param reports collects the trust report, when there is one to show
   * @return the policy; never null, and never without the built-in guards
   */
  public Policy policyOrDefaults(Workspace workspace, Event event, List<String> notes,
      List<Verdict> reports) {
    return policyOrDefaults(workspace, Optional.of(event), notes, reports);
  }

  private Policy policyOrDefaults(Workspace workspace, Optional<Event> event, List<String> notes,
      List<Verdict> reports) {
    String pluginProblem = "";
    try {
      PolicyLoader.Loaded loaded = policies.loadReported(workspace);
      event.flatMap(e -> TrustReports.once(workspace, e.context().sessionId(), loaded))
          .ifPresent(reports::add);
      return loaded.policy();
    } catch (ConfigException e) {
      notes.add(e.getMessage()
          + "\nEvery rule ran on the embedded defaults; fix the file to use your settings.");
    } catch (GroundskeeperException | LinkageError e) {
      // A missing, empty or broken plugin (or a provider in it that fails to load) must not
      // switch the built-in guards off: a runner reads a failed hook as "go ahead".
      pluginProblem = pluginProblem(e);
    }
    try {
      Policy defaults = policies.defaults();
      if (!pluginProblem.isEmpty()) {
        notes.add(pluginProblem + "\nEvery rule ran on the embedded defaults; fix the plugin"
            + " setting to use your settings and plugins.");
      }
      return defaults;
    } catch (GroundskeeperException | LinkageError e) {
      String again = pluginProblem(e);
      if (!pluginProblem.isEmpty() && !pluginProblem.equals(again)) {
        notes.add(pluginProblem + "\nEvery rule ran on the built-in rules alone.");
      }
      notes.add(again + "\nEvery rule ran on the embedded defaults without plugins.");
      return policies.builtIns();
    }
  }

  private static String pluginProblem(Throwable e) {
    return "a rule plugin could not be loaded: " + (e instanceof GroundskeeperException
        ? e.getMessage() : SafeText.failure(e));
  }

  /**
   * What rules may know for {@code event}: the clock, where the worktree store lives and, inside
   * a repository, its file and repository facts, opened only when a rule first reads one.
   *
   * @param workspace where the event happened
   * @param policy the policy whose configuration the facts are read with
   * @param event the event the facts are for
   * @return the facts; each is computed at most once, on first read
   */
  public Facts facts(Workspace workspace, Policy policy, Event event) {
    return EventFacts.compose(environment, clock, workspace, policy, event);
  }

  /**
   * The repository facts of {@code directory} read in full (the branch inventory with its
   * merged judgements, worktrees, containment), with the {@code branches:} settings of
   * {@code policy}; for a verb that works on the whole repository.
   *
   * @param directory a directory inside the repository
   * @param policy the policy whose {@code branches:} block says how the repository is read
   * @return the repository's facts, read lazily
   */
  public Facts repositoryFacts(Path directory, Policy policy) {
    return GitFacts.forDirectory(directory,
        policy.config().get(BRANCHES).repositorySettings(), clock);
  }

  /**
   * Performs the decision's effects, each re-checking its proof as it acts. Outside a repository
   * none is performed: each is reported refused.
   *
   * @param decision the decision whose effects to perform
   * @param workspace where the event happened
   * @param facts the facts the decision was judged on
   * @return one report per effect, in the decision's order; empty when it asked for none
   */
  public List<EffectReport> act(Decision decision, Workspace workspace, Facts facts) {
    return effects.perform(decision, workspace, facts);
  }

  /** {@return the effect executor registry} */
  public EffectRegistry effects() {
    return effects;
  }

  /** {@return the snapshots {@code snapshot} mode keeps, in this host's state directory} */
  public Snapshots snapshots() {
    return snapshots;
  }

  /**
   * The decision once its effects were performed: a refusal that asked for snapshots becomes
   * advice when every one of them was kept (the command may run, and the advice names the
   * restore command), and stays a refusal, saying why, when one was not. Call it with the
   * reports of {@link #act} before answering.
   *
   * @param decision the decision as judged
   * @param reports the reports of its effects
   * @return the decision to answer with; the same one when no snapshot was asked for
   */
  public static Decision settle(Decision decision, List<EffectReport> reports) {
    return SnapshotSettlement.settle(decision, reports);
  }

  /** {@return the environment the host was built with (immutable); never the process's own} */
  public Map<String, String> environment() {
    return environment;
  }

  /** {@return the clock facts and effects read the time from} */
  public Clock clock() {
    return clock;
  }

  /**
   * The removal-loss settings of a configuration: the globs of
   * {@code branches.cleanup_after_merge.regenerable} and the directory of
   * {@code scratch.directory}. The facts of every event carry them as {@link Regenerable#FACT},
   * and prune reads the same, so the guard and prune judge a removal alike.
   *
   * @param config the effective configuration of a workspace
   * @return the setting the loss judgements read
   */
  public static Regenerable regenerable(EffectiveConfig config) {
    return config.get(BRANCHES).cleanupAfterMerge().regenerable(config.get(SCRATCH).directory());
  }

  /**
   * Adds a could-not-judge verdict under {@link #CONFIGURATION_NOTE} for each note.
   *
   * @param decision the decision as judged
   * @param notes one line per setting that could not be used
   * @return the decision with a verdict per note; the same decision when there are none
   */
  public static Decision withNotes(Decision decision, List<String> notes) {
    if (notes.isEmpty()) {
      return decision;
    }
    List<Verdict> verdicts = new ArrayList<>(decision.verdicts());
    notes.forEach(note -> verdicts.add(Verdict.couldNotJudge(CONFIGURATION_NOTE, note)));
    return Decision.of(verdicts, decision.explanation());
  }

  /**
   * Adds whole verdicts, such as the trust report, after the rules' own.
   *
   * @param decision the decision as judged
   * @param reports the verdicts to add
   * @return the decision with them; the same decision when there are none
   */
  public static Decision withReports(Decision decision, List<Verdict> reports) {
    if (reports.isEmpty()) {
      return decision;
    }
    List<Verdict> verdicts = new ArrayList<>(decision.verdicts());
    verdicts.addAll(reports);
    return Decision.of(verdicts, decision.explanation());
  }

  /** Builds a {@link Host}; every setting has a default. */
  @API(status = API.Status.EXPERIMENTAL)
  public static final class Builder {
    private Map<String, String> environment = Map.of();
    private Clock clock = Clock.systemUTC();
    private final List<Path> pluginPaths = new ArrayList<>();
    private Consumer<PolicyBuilder> customizer = builder -> { };
    private ClassLoader classLoader = Host.class.getClassLoader();
    private final List<EffectPerformer> performers = new ArrayList<>();
    private boolean discoverPerformers = true;
    private PolicyCache policyCache = PolicyCache.create();
    private LongSupplier nanoTime = System::nanoTime;
    private DecisionLog decisionLog;

    private Builder() {}

    /**
     * The monotonic nanosecond counter rules and calls are timed with; {@code System::nanoTime}
     * by default.
     *
     * @param nanoTime the counter
     * @return this builder
     */
    public Builder nanoTime(LongSupplier nanoTime) {
      this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
      return this;
    }

    /**
     * Where {@link Host#handle} records decisions; by default the state directory the
     * environment names ({@link DecisionLog#forEnvironment}).
     *
     * @param log the log
     * @return this builder
     */
    public Builder decisionLog(DecisionLog log) {
      this.decisionLog = Objects.requireNonNull(log, "log");
      return this;
    }

    /**
     * The variables the host reads (HOME, XDG_CONFIG_HOME, GROUNDSKEEPER_HOME) and passes to git;
     * never the process's own unless given here.
     *
     * @param environment the variables, copied
     * @return this builder
     */
    public Builder environment(Map<String, String> environment) {
      this.environment = Map.copyOf(environment);
      return this;
    }

    /**
     * The clock rules and effects read; the UTC system clock by default.
     *
     * @param clock the clock
     * @return this builder
     */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Rule jars (or directories of jars) besides those the configuration names. Each call adds
     * to the earlier ones; the paths are checked when a policy is loaded, not here.
     *
     * @param paths the jars or directories, made absolute
     * @return this builder
     */
    public Builder pluginPaths(List<Path> paths) {
      paths.forEach(path -> pluginPaths.add(path.toAbsolutePath().normalize()));
      return this;
    }

    /**
     * Applied to every policy builder (filters, explicit rules) before it builds. Policies are
     * cached per customizer too, so pass the same instance to share a cache.
     *
     * @param customizer changes the builder in place
     * @return this builder
     */
    public Builder customizePolicy(Consumer<PolicyBuilder> customizer) {
      this.customizer = Objects.requireNonNull(customizer, "customizer");
      return this;
    }

    /**
     * The loader the built-in rule providers and effect performers are discovered through, and
     * the parent of the plugin jars' loader; this class's own loader by default.
     *
     * @param classLoader the loader
     * @return this builder
     */
    public Builder classLoader(ClassLoader classLoader) {
      this.classLoader = Objects.requireNonNull(classLoader, "classLoader");
      return this;
    }

    /**
     * An effect performer after the built-in ones: it gets only the effects no earlier performer
     * handles.
     *
     * @param performer the performer
     * @return this builder
     */
    public Builder effectPerformer(EffectPerformer performer) {
      performers.add(Objects.requireNonNull(performer, "performer"));
      return this;
    }

    /**
     * Whether {@link ServiceLoader} adds the performers it finds (yes by default).
     *
     * @param discover false to use only the built-in and explicitly added performers
     * @return this builder
     */
    public Builder discoverEffectPerformers(boolean discover) {
      this.discoverPerformers = discover;
      return this;
    }

    /**
     * The cache of built policies; a process that makes a host per call passes one cache to all
     * of them so that nothing is rebuilt while the configuration is unchanged.
     *
     * @param cache the cache; a new one per host by default
     * @return this builder
     */
    public Builder policyCache(PolicyCache cache) {
      this.policyCache = Objects.requireNonNull(cache, "cache");
      return this;
    }

    /** {@return a new host with these settings; the builder may be reused} */
    public Host build() {
      return new Host(this);
    }
  }
}
