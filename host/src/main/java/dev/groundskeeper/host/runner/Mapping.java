package dev.groundskeeper.host.runner;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.EventContext.SessionMode;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the adapters share: the payload's context, runner words as enums, JSON answers. */
final class Mapping {

  static final ObjectMapper MAPPER = new ObjectMapper();
  /**
   * Answers in ASCII, every other character as a JSON escape: the JVM encodes standard output by
   * the locale, and in the C locale a branch named {@code é-work} would reach the runner as
   * {@code ?-work}, a name that is not the branch's.
   */
  private static final com.fasterxml.jackson.databind.ObjectWriter ANSWER = MAPPER.writer()
      .with(com.fasterxml.jackson.core.json.JsonWriteFeature.ESCAPE_NON_ASCII);

  private Mapping() {}

  /** The payload as an object, or the error every runner gets for anything else. */
  static void requireObject(JsonNode root) {
    if (!root.isObject()) {
      throw new PayloadException("the hook payload must be a JSON object, not "
          + root.getNodeType().toString().toLowerCase(Locale.ROOT));
    }
  }

  /**
   * The context most runners send: the session ({@code sessionField}), {@code cwd}, and when
   * present {@code agent_id}, {@code transcript_path} and {@code turn_id}. All but the directory
   * only describe the call, so one that is missing, of another type or (a transcript) not a
   * usable path is left out (a session as the empty id) rather than making the whole payload
   * unusable: an unusable payload is answered with exit 1, on which every runner lets the call
   * run, and a stray type in a transcript path or a session id, or a NUL in a transcript path,
   * let {@code git branch -D} of unpushed work through (found by HookFuzzTest).
   */
  static EventContext context(Payload payload, String sessionField, Path cwd, SessionMode mode) {
    EventContext context = EventContext.of(descriptive(payload, sessionField).orElse(""), cwd)
        .withMode(mode);
    Optional<String> agent = descriptive(payload, "agent_id").filter(s -> !s.isEmpty());
    if (agent.isPresent()) {
      context = context.withAgent(agent.get());
    }
    Optional<Path> transcript = descriptive(payload, "transcript_path")
        .filter(s -> !s.isEmpty()).flatMap(value -> usablePath(cwd, value));
    if (transcript.isPresent()) {
      context = context.withTranscript(transcript.get());
    }
    Optional<String> turn = descriptive(payload, "turn_id");
    if (turn.isPresent()) {
      context = context.withTurn(turn.get());
    }
    return context;
  }

  /** {@code value} resolved against {@code base}; empty when it is no path (a NUL in it). */
  private static Optional<Path> usablePath(Path base, String value) {
    try {
      return Optional.of(base.resolve(value).normalize());
    } catch (java.nio.file.InvalidPathException e) {
      return Optional.empty();
    }
  }

  /** A string field that only describes the call; empty when absent or not a string. */
  private static Optional<String> descriptive(Payload payload, String field) {
    JsonNode node = payload.node(field);
    return node.isTextual() ? Optional.of(node.asText()) : Optional.empty();
  }

  /** A runner's lower-case word as an enum constant; empty for a word newer than this build. */
  static <E extends Enum<E>> Optional<E> word(Class<E> type, String word) {
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(word)) {
        return Optional.of(constant);
      }
    }
    return Optional.empty();
  }

  /** The status a text names last with {@code pattern} (one group of digits); empty if none. */
  static OptionalInt lastStatus(Pattern pattern, String text) {
    Matcher matcher = pattern.matcher(text);
    OptionalInt last = OptionalInt.empty();
    while (matcher.find()) {
      last = OptionalInt.of(Integer.parseInt(matcher.group(1)));
    }
    return last;
  }

  /** The status a text names first with {@code pattern} (one group of digits); empty if none. */
  static OptionalInt status(Pattern pattern, String text) {
    Matcher matcher = pattern.matcher(text);
    return matcher.find() ? OptionalInt.of(Integer.parseInt(matcher.group(1)))
        : OptionalInt.empty();
  }

  static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  static String compact(JsonNode node) {
    try {
      return ANSWER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree could not be written", e);
    }
  }

  /** {@code {"hookSpecificOutput":{"hookEventName":hook, field:text}}}. */
  static String specific(String hook, String field, String text) {
    ObjectNode root = object();
    root.putObject("hookSpecificOutput").put("hookEventName", hook).put(field, text);
    return compact(root);
  }

  /** One top-level text field: {@code {"systemMessage":"..."}} and the like. */
  static String field(String name, String text) {
    return compact(object().put(name, text));
  }

  /**
   * The decision's message as a runner shows it: the branch names, paths and commands in it are
   * someone else's text, and a runner decodes the JSON escapes and prints them, so every control
   * character and bidirectional override is escaped (line breaks kept): a branch named with
   * U+009B, which git accepts, reached the runner raw (found by ControlBytesInNamesTest).
   */
  static String message(Decision decision) {
    return SafeText.escapeControls(decision.message());
  }

  /** The text of a call no guard judged, as every adapter words it. */
  static String cannotJudgeText(String why) {
    return "groundskeeper could not judge this call, so no guard checked it: " + why;
  }

  /**
   * Whether {@code event} is a stop (of the agent or a sub-agent) and, if so, whether the runner
   * is already continuing because of an earlier refusal; empty for every other event.
   */
  static Optional<Boolean> stopHookActive(Event event) {
    if (event instanceof Event.Stop stop) {
      return Optional.of(stop.stopHookActive());
    }
    if (event instanceof Event.SubagentStop stop) {
      return Optional.of(stop.stopHookActive());
    }
    return Optional.empty();
  }

  /**
   * The answer to a stop in Claude Code's shape (Codex shares it): blocked only when a rule
   * denies and the runner is not already continuing because of an earlier block; otherwise
   * blocking again would loop, so the person sees the text instead.
   */
  static RunnerAnswer blockOrTell(boolean denied, String message, boolean stopHookActive) {
    if (denied && !stopHookActive) {
      return RunnerAnswer.json(compact(object().put("decision", "block").put("reason", message)));
    }
    return RunnerAnswer.json(field("systemMessage", message));
  }

  /** True for the events a runner reports before a tool call, whose answer may refuse it. */
  static boolean beforeTool(Event event) {
    return event instanceof Event.CommandEvent || event instanceof Event.FileWriteEvent
        || event instanceof Event.AgentDispatch;
  }
}
