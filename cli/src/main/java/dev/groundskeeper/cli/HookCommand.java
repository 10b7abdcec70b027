package dev.groundskeeper.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext.SessionMode;
import dev.groundskeeper.api.Explanation;
import dev.groundskeeper.api.GroundskeeperException;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.cli.explain.Explainer;
import dev.groundskeeper.host.EffectRegistry;
import dev.groundskeeper.host.Host;
import dev.groundskeeper.host.runner.RunnerAdapter;
import dev.groundskeeper.host.runner.RunnerAnswer;
import dev.groundskeeper.host.runner.Runners;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "hook", mixinStandardHelpOptions = true,
    description = {
        "Answers one agent runner's hook (payload on stdin, answer on stdout).",
        "",
        "Reads the hook's JSON payload from standard input, judges it against the policy of the"
            + " repository containing the payload's cwd, and writes the runner's answer to"
            + " standard output. The runner (Claude Code, Codex CLI, Gemini CLI or Cursor) is"
            + " named with --runner or told from the payload's shape.",
        "",
        "Set GROUNDSKEEPER_SESSION_MODE=scratch for a session that must never commit or push.",
        "Set GROUNDSKEEPER_EXPLAIN=1 to explain every decision on standard error."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:answered (a denial is part of the answer); with invalid configuration files the"
            + " answer is judged on the embedded defaults and says so; a payload too large to"
            + " read is answered as a call no guard judged",
        "1:the payload or its runner is unusable or unknown, or an internal error; one line on"
            + " standard error, and every runner lets the action continue",
        "2:only for Claude Code's WorktreeCreate: a rule or the worktree store refused the"
            + " worktree (the reason is on standard error)"})
final class HookCommand implements Callable<Integer> {

  static final int FAILED = 1;
  static final String SESSION_MODE_VARIABLE = "GROUNDSKEEPER_SESSION_MODE";
  /** Set to 1 for an explanation of every decision on standard error (issue 19). */
  static final String EXPLAIN_VARIABLE = "GROUNDSKEEPER_EXPLAIN";
  /** The id under which an unusable configuration is reported (not a rule: it never denies). */
  static final String CONFIGURATION_NOTE = Host.CONFIGURATION_NOTE;
  /** The largest payload read, as the launcher caps it; a larger one is not judged. */
  static final int MAX_PAYLOAD = 8 * 1024 * 1024;

  private final Invocation invocation;

  @Option(names = "--runner", paramLabel = "RUNNER",
      description = "The runner whose hook this is: claude, codex, gemini or cursor (default:"
          + " told from the payload's shape).")
  private String runner;

  HookCommand(Invocation invocation) {
    this.invocation = invocation;
  }

  @Override
  public Integer call() {
    HookReply reply;
    try {
      reply = answer();
    } catch (CliException | GroundskeeperException e) {
      reply = failure(e.getMessage());
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      // Words only, as every verb says an internal error; --debug, which only a person gives (the
      // installed settings never do), adds the stack trace after the line.
      reply = failure(Main.internalError(e, invocation.debug()));
      if (invocation.debug()) {
        invocation.err().println(reply.stderr());
        e.printStackTrace(invocation.err());
        invocation.err().flush();
        return reply.exitCode();
      }
    }
    if (!reply.stdout().isEmpty()) {
      invocation.out().println(reply.stdout());
    }
    if (!reply.stderr().isEmpty()) {
      invocation.err().println(reply.stderr());
    }
    return reply.exitCode();
  }

  private HookReply answer() {
    Optional<RunnerAdapter> named = named();
    byte[] input = readCapped(invocation.in());
    if (input.length > MAX_PAYLOAD) {
      return tooLarge(named, input);
    }
    JsonNode payload = parse(input);
    if (!payload.isObject()) {
      throw new CliException("the hook payload must be a JSON object, not "
          + payload.getNodeType().toString().toLowerCase(Locale.ROOT));
    }
    RunnerAdapter adapter = named.or(() -> Runners.detect(payload))
        .orElseThrow(() -> new CliException("no runner this build knows sends a payload of this"
            + " shape (no string field `hook_event_name`), so nothing was judged; name the"
            + " runner with"
            + " --runner " + Runners.names()));
    List<String> notes = new ArrayList<>();
    SessionMode mode;
    try {
      mode = sessionMode(invocation);
    } catch (CliException e) {
      // As with an invalid configuration: a typo must not switch every guard off.
      mode = SessionMode.NORMAL;
      notes.add(e.getMessage() + "; judged as a normal session");
      invocation.err().println("groundskeeper hook: " + SafeText.escape(notes.get(0)));
    }
    RunnerAdapter.Call call = adapter.map(payload, mode, invocation.workingDirectory());
    if (call.events().isEmpty()) {
      return reply(adapter.nothing(call.hook()));
    }
    Host host = invocation.host();
    boolean explain = invocation.env(EXPLAIN_VARIABLE).filter("1"::equals).isPresent();
    // One call may carry several events (a patch writing several files): each goes through the
    // host's one runtime (judged, acted on, recorded in the decision log under this runner's
    // name), and the answer combines their verdicts.
    List<Verdict> verdicts = new ArrayList<>();
    Optional<Explanation> explanation = Optional.empty();
    Host.Handled first = null;
    long dropped = host.decisionLog().dropped();
    for (Event event : call.events()) {
      Host.Handled handled = host.handle(event, adapter.name());
      Decision decision = handled.decision();
      if (explain) {
        // To standard error only: the runner's answer on standard output stays as it is.
        invocation.err().println(Explainer.text(Explainer.rows(handled.policy(), event,
            decision), decision));
      }
      Debug.ruleFailures(invocation, "hook", handled.policy(), event, handled.facts(), decision);
      EffectRegistry.print(handled.effects(), invocation.err());
      for (Verdict verdict : decision.verdicts()) {
        // Every event of one call is judged on the same configuration: its notes once.
        if (!verdict.ruleId().startsWith(Decision.ENGINE_PREFIX) || !verdicts.contains(verdict)) {
          verdicts.add(verdict);
        }
      }
      explanation = explanation.or(decision::explanation);
      if (first == null) {
        first = handled;
      }
    }
    if (host.decisionLog().dropped() > dropped) {
      // The log is never part of the answer; a place it refuses is still worth a line here.
      host.decisionLog().problem().ifPresent(problem -> invocation.err().println(
          "groundskeeper hook: the decision log was not written: "
              + SafeText.escape(oneLine(problem))));
    }
    // An invalid file never makes the runner go ahead with every guard off: the host judged on
    // the embedded defaults, and the note says why, to the agent and here.
    for (Verdict verdict : verdicts) {
      if (verdict.ruleId().equals(CONFIGURATION_NOTE)) {
        String note = verdict.reason();
        int cut = note.lastIndexOf("\nEvery rule ran");
        invocation.err().println("groundskeeper hook: "
            + SafeText.escape(oneLine(cut < 0 ? note : note.substring(0, cut)))
            + "; judged on the embedded defaults");
      }
    }
    Decision decision = withConfigurationNotes(Decision.of(verdicts, explanation), notes);
    if (call.events().get(0) instanceof Event.WorktreeCreate create
        && !decision.denied()) {
      return HookWorktrees.create(create, invocation, first.workspace(), first.policy(),
          first.facts());
    }
    // The verdicts were rendered by the host; the note of a message cut to its budget is the api's.
    return reply(host.program().render(adapter.answer(call, decision)));
  }

  private Optional<RunnerAdapter> named() {
    if (runner == null) {
      return Optional.empty();
    }
    return Optional.of(Runners.named(runner).orElseThrow(() -> new CliException(
        "unknown runner `" + runner + "`: expected one of " + Runners.names().replace('|', ' ')
            + " (see groundskeeper hook --help)")));
  }

  /**
   * A payload over the cap is not read further, so no guard judged it: the runner and the hook
   * are told from its start, and the runner gets its "could not judge" answer.
   */
  private HookReply tooLarge(Optional<RunnerAdapter> named, byte[] input) {
    String why = "the hook payload is larger than " + MAX_PAYLOAD + " bytes";
    JsonNode start = Runners.topLevel(input, MAX_PAYLOAD);
    Optional<RunnerAdapter> adapter = named.or(() -> Runners.detect(start));
    if (adapter.isEmpty()) {
      throw new CliException(why + " and its start is no runner's payload, so nothing was"
          + " judged");
    }
    String hook = start.path("hook_event_name").asText("");
    RunnerAnswer answer = adapter.get().cannotJudge(hook, why);
    return reply(answer.withError("groundskeeper hook: cannot judge this call: " + why));
  }

  private static HookReply reply(RunnerAnswer answer) {
    return new HookReply(answer.stdout(), answer.stderr(), answer.exitCode());
  }

  /** Standard input up to one byte past the cap (which tells a payload over it). */
  private static byte[] readCapped(InputStream in) {
    try {
      return in.readNBytes(MAX_PAYLOAD + 1);
    } catch (IOException e) {
      throw new CliException("cannot read the hook payload from standard input: "
          + e.getMessage());
    }
  }

  /** The decision with a note for each setting that could not be used, and why. */
  static Decision withConfigurationNotes(Decision decision, List<String> notes) {
    return Host.withNotes(decision, notes);
  }

  /** The session mode the runner launched the agent in, from the environment. */
  static SessionMode sessionMode(Invocation invocation) {
    String value = invocation.env(SESSION_MODE_VARIABLE).orElse("normal");
    try {
      return SessionMode.valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new CliException(SESSION_MODE_VARIABLE + " must be `normal` or `scratch`, not `"
          + value + "`");
    }
  }

  private static JsonNode parse(byte[] input) {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(input);
    } catch (JsonProcessingException e) {
      JsonLocation where = e.getLocation();
      throw new CliException("the hook payload is not valid JSON: " + e.getOriginalMessage()
          + (where == null ? "" : " (line " + where.getLineNr() + ", column "
              + where.getColumnNr() + ")"));
    } catch (IOException e) {
      throw new CliException("cannot read the hook payload from standard input: "
          + e.getMessage());
    }
    if (root == null || root.isMissingNode()) {
      throw new CliException("no hook payload on standard input (expected one JSON object)");
    }
    return root;
  }

  /** One line on standard error and exit 1: every runner then lets the action continue. */
  private static HookReply failure(String message) {
    return new HookReply("", "groundskeeper hook: " + SafeText.escape(oneLine(message)), FAILED);
  }

  static String oneLine(String message) {
    return message.strip().replaceAll(":\\s*\\R\\s*", ": ").replaceAll("\\s*\\R\\s*", "; ");
  }
}
