package dev.groundskeeper.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext.SessionMode;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.GroundskeeperException;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.cli.explain.Explainer;
import dev.groundskeeper.host.EffectRegistry;
import dev.groundskeeper.host.Host;
import dev.groundskeeper.host.Workspace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "hook", mixinStandardHelpOptions = true,
    description = {
        "Answers one Claude Code hook (payload on stdin, answer on stdout).",
        "",
        "Reads the hook's JSON payload from standard input, judges it against the policy of the"
            + " repository containing the payload's cwd, and writes Claude Code's answer to"
            + " standard output ({} when there is nothing to say).",
        "",
        "Set GROUNDSKEEPER_SESSION_MODE=scratch for a session that must never commit or push.",
        "Set GROUNDSKEEPER_EXPLAIN=1 to explain every decision on standard error."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:answered (a denial is part of the answer); with invalid configuration files the"
            + " answer is judged on the embedded defaults and says so",
        "1:the payload or a plugin is unusable, or an internal error; one line on standard"
            + " error, and Claude Code lets the action continue",
        "2:WorktreeCreate refused by a rule or by the store (the reason is on standard error)"})
final class HookCommand implements Callable<Integer> {

  static final int FAILED = 1;
  static final String SESSION_MODE_VARIABLE = "GROUNDSKEEPER_SESSION_MODE";
  /** Set to 1 for an explanation of every decision on standard error (issue 19). */
  static final String EXPLAIN_VARIABLE = "GROUNDSKEEPER_EXPLAIN";
  /** The id under which an unusable configuration is reported (not a rule: it never denies). */
  static final String CONFIGURATION_NOTE = Host.CONFIGURATION_NOTE;

  private final Invocation invocation;

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
      reply = failure("internal error: " + e);
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
    ClaudeCodeEvents.Mapped mapped =
        ClaudeCodeEvents.map(readPayload(), mode, invocation.workingDirectory());
    if (mapped.event().isEmpty()) {
      return ClaudeCodeAnswers.nothing(mapped.hookEventName());
    }
    Event event = mapped.event().get();
    Host host = invocation.host();
    Workspace workspace = host.workspace(event.context().cwd());
    // Failing on an invalid file would make Claude Code go ahead with every guard off; the host
    // judges on the embedded defaults instead, and the note says why, to the agent and here.
    List<String> configuration = new ArrayList<>();
    List<Verdict> reports = new ArrayList<>();
    Policy policy = host.policyOrDefaults(workspace, event, configuration, reports);
    configuration.forEach(note -> invocation.err().println("groundskeeper hook: "
        + SafeText.escape(oneLine(note.substring(0,
            Math.max(0, note.lastIndexOf("\nEvery rule ran")))))
        + "; judged on the embedded defaults"));
    notes.addAll(configuration);
    Facts facts = host.facts(workspace, policy, event);
    boolean explain = invocation.env(EXPLAIN_VARIABLE).filter("1"::equals).isPresent();
    Decision decision = Host.withReports(withConfigurationNotes(explain
        ? policy.explain(event, facts, host.nanoTime()) : policy.evaluate(event, facts), notes),
        reports);
    if (explain) {
      // To standard error only: the runner's answer on standard output stays as it is.
      invocation.err().println(Explainer.text(Explainer.rows(policy, event, decision), decision));
    }
    EffectRegistry.print(host.act(decision, workspace, facts), invocation.err());
    if (event instanceof Event.WorktreeCreate create && !decision.denied()) {
      return HookWorktrees.create(create, invocation, workspace, policy, facts);
    }
    return ClaudeCodeAnswers.answer(mapped.hookEventName(), event, decision);
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

  private JsonNode readPayload() {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(invocation.in());
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

  /** One line on standard error and exit 1: Claude Code then lets the action continue. */
  private static HookReply failure(String message) {
    return new HookReply("", "groundskeeper hook: " + SafeText.escape(oneLine(message)), FAILED);
  }

  static String oneLine(String message) {
    return message.strip().replaceAll(":\\s*\\R\\s*", ": ").replaceAll("\\s*\\R\\s*", "; ");
  }
}
