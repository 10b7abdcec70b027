package dev.groundskeeper.cli.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.shell.ShellQuoting;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads recorded sessions into the events the hook would have judged, in order.
 *
 * <p>Two shapes are known. Claude Code's transcript JSONL (one JSON object a line:
 * {@code type} {@code user}, {@code assistant}, {@code system}, {@code summary}, ...; with
 * {@code sessionId}, {@code cwd}, and in a sub-agent's transcript {@code agentId} and
 * {@code isSidechain: true}): every {@code tool_use} item of an assistant message's content
 * ({@code Bash}, {@code Write}, {@code Edit}, {@code MultiEdit}, {@code Task}/{@code Agent}) is a
 * tool call; a {@code system} line of subtype {@code compact_boundary} is a start after
 * compaction. Codex's rollout JSONL ({@code {"timestamp", "type", "payload"}} with {@code type}
 * {@code session_meta}, {@code turn_context}, {@code response_item}, {@code compacted},
 * {@code event_msg}): {@code function_call} items named {@code shell}, {@code shell_command},
 * {@code exec_command} or {@code apply_patch}, {@code local_shell_call} and
 * {@code custom_tool_call} {@code apply_patch} items are tool calls.
 *
 * <p>Each transcript starts with a session start ({@code startup}; a sub-agent's with a sub-agent
 * start). A stop (a sub-agent's: a sub-agent stop) is judged where the transcript records the end
 * of a turn, as the runner's Stop hook fires there: Claude Code's {@code system} lines of subtype
 * {@code stop_hook_summary} or {@code turn_duration}, Codex's {@code event_msg}
 * {@code task_complete}; two with nothing judged between them are one stop. A transcript whose
 * last calls no recorded stop follows ends with one, as the session ended there.
 * Whether a written file existed is known from earlier writes in the same transcript, else from
 * the file system. A line that cannot be read is reported with its number and why; the rest is
 * still read.
 */
final class Transcripts {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private Transcripts() {}

  /** One event of a transcript, with the line it came from. */
  record Step(Path transcript, int line, Event event) {}

  /** A line that could not be read, and why. */
  record Unreadable(Path transcript, int line, String why) {}

  /** What one transcript held. */
  record Read(Path transcript, String shape, List<Step> steps, List<Unreadable> unreadable,
      Optional<Path> firstCwd) {}

  /**
   * Reads {@code transcript}; {@code relocate} maps a path of the recording (a cwd, a written
   * file) to where it is judged now (the identity without {@code --repo}).
   */
  static Read read(Path transcript, Function<Path, Path> relocate) throws IOException {
    List<JsonNode> nodes = new ArrayList<>();
    List<Integer> numbers = new ArrayList<>();
    List<Unreadable> unreadable = new ArrayList<>();
    // Lines are split on line feeds and decoded one by one: a line that is not UTF-8 is reported
    // with its number and the rest is still read (a reader decoding the whole file stopped at
    // the first bad byte and dropped everything in the block before it too, denials included:
    // found by ReplayFuzzTest).
    try (InputStream in = new BufferedInputStream(Files.newInputStream(transcript))) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      int number = 0;
      for (int b = in.read(); ; b = in.read()) {
        if (b != -1 && b != '\n') {
          bytes.write(b);
          continue;
        }
        if (b == -1 && bytes.size() == 0) {
          break;
        }
        number++;
        Optional<String> line = utf8(bytes.toByteArray());
        bytes.reset();
        if (line.isEmpty()) {
          unreadable.add(new Unreadable(transcript, number, "not UTF-8 text"));
        } else if (!line.get().isBlank()) {
          try {
            JsonNode node = MAPPER.readTree(line.get());
            if (node == null || !node.isObject()) {
              unreadable.add(new Unreadable(transcript, number, "not a JSON object"));
            } else {
              nodes.add(node);
              numbers.add(number);
            }
          } catch (IOException e) {
            unreadable.add(new Unreadable(transcript, number, "not JSON: "
                + firstLine(e.getMessage())));
          }
        }
        if (b == -1) {
          break;
        }
      }
    }
    boolean codex = nodes.stream().anyMatch(node -> node.has("payload")
        && List.of("session_meta", "response_item", "turn_context", "event_msg", "compacted")
            .contains(node.path("type").asText()));
    Reader reader = codex ? new CodexReader(transcript, relocate)
        : new ClaudeReader(transcript, relocate);
    for (int i = 0; i < nodes.size(); i++) {
      try {
        reader.line(nodes.get(i), numbers.get(i));
      } catch (Problem e) {
        unreadable.add(new Unreadable(transcript, numbers.get(i), e.getMessage()));
      }
    }
    reader.end(numbers.isEmpty() ? 0 : numbers.get(numbers.size() - 1));
    unreadable.sort(java.util.Comparator.comparingInt(Unreadable::line));
    return new Read(transcript, codex ? "codex" : "claude-code", reader.steps, unreadable,
        reader.firstCwd);
  }

  /** One line's bytes as text, a CR before its line feed left out; empty when not UTF-8. */
  private static Optional<String> utf8(byte[] line) {
    int length = line.length > 0 && line[line.length - 1] == '\r' ? line.length - 1
        : line.length;
    try {
      return Optional.of(StandardCharsets.UTF_8.newDecoder()
          .decode(ByteBuffer.wrap(line, 0, length)).toString());
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
  }

  /**
   * The sub-agent transcripts Claude Code keeps beside a session's transcript
   * ({@code <dir>/<session>/subagents/agent-*.jsonl}), in name order.
   */
  static List<Path> subagentTranscripts(Path transcript) throws IOException {
    String name = transcript.getFileName().toString();
    if (!name.endsWith(".jsonl")) {
      return List.of();
    }
    Path dir = transcript.resolveSibling(name.substring(0, name.length() - ".jsonl".length()))
        .resolve("subagents");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (var files = Files.list(dir)) {
      return files.filter(file -> file.getFileName().toString().endsWith(".jsonl")).sorted()
          .toList();
    }
  }

  private static String firstLine(String text) {
    return String.valueOf(text).lines().findFirst().orElse("");
  }

  /** A line that has a known shape but lacks what its event needs. */
  private static final class Problem extends RuntimeException {
    Problem(String message) {
      super(message, null, false, false);
    }
  }

  private abstract static class Reader {
    final Path transcript;
    final Function<Path, Path> relocate;
    final List<Step> steps = new ArrayList<>();
    final Set<Path> written = new HashSet<>();
    Optional<Path> firstCwd = Optional.empty();
    String session = "";
    String agent = "";
    Path cwd;
    boolean started;

    Reader(Path transcript, Function<Path, Path> relocate) {
      this.transcript = transcript;
      this.relocate = relocate;
    }

    abstract void line(JsonNode node, int number);

    void end(int lastLine) {
      stop(lastLine);
    }

    /**
     * A stop at {@code number}, unless nothing was judged since the last one (Claude Code writes
     * both a hook summary and a turn duration for one turn's end).
     */
    void stop(int number) {
      if (!started || !steps.isEmpty() && (steps.get(steps.size() - 1).event()
          instanceof Event.Stop || steps.get(steps.size() - 1).event()
          instanceof Event.SubagentStop)) {
        return;
      }
      EventContext context = context();
      steps.add(new Step(transcript, number, agent.isEmpty()
          ? new Event.Stop(context, false) : new Event.SubagentStop(context, "", false)));
    }

    EventContext context() {
      EventContext context = EventContext.of(session.isEmpty() ? "replay" : session, cwd)
          .withTranscript(transcript);
      return agent.isEmpty() ? context : context.withAgent(agent);
    }

    void setCwd(String text, int number) {
      Path recorded = path(text, number, "cwd");
      if (firstCwd.isEmpty()) {
        firstCwd = Optional.of(recorded);
      }
      cwd = relocate.apply(recorded);
    }

    Path path(String text, int number, String field) {
      try {
        Path path = Path.of(text);
        if (!path.isAbsolute()) {
          if (cwd == null) {
            throw new Problem(field + " '" + text + "' is relative and no cwd is known yet");
          }
          return cwd.resolve(path).normalize();
        }
        return path.normalize();
      } catch (InvalidPathException e) {
        throw new Problem(field + " is not a path: " + e.getMessage());
      }
    }

    void start(int number) {
      if (started) {
        return;
      }
      started = true;
      EventContext context = context();
      steps.add(new Step(transcript, number, agent.isEmpty()
          ? new Event.SessionStart(context, Event.StartSource.STARTUP)
          : new Event.SubagentStart(context, "")));
    }

    void add(int number, Event event) {
      steps.add(new Step(transcript, number, event));
    }

    void write(int number, String filePath, Event.WriteKind kind, Optional<String> content) {
      Path recorded = path(filePath, number, "file_path");
      Path path = relocate.apply(recorded);
      boolean exists = written.contains(path) || Files.exists(path);
      written.add(path);
      add(number, new Event.FileWriteEvent(context(), path, kind, exists, content));
    }

    void command(int number, String command) {
      add(number, new Event.CommandEvent(context(), command));
    }

    void needCwd(int number) {
      if (cwd == null) {
        throw new Problem("a tool call before any line names the session's cwd");
      }
      start(number);
    }

    static String text(JsonNode node, String field, String what) {
      JsonNode value = node.get(field);
      if (value == null || !value.isTextual()) {
        throw new Problem(what + " has no text field '" + field + "'");
      }
      return value.asText();
    }
  }

  private static final class ClaudeReader extends Reader {
    ClaudeReader(Path transcript, Function<Path, Path> relocate) {
      super(transcript, relocate);
    }

    @Override
    void line(JsonNode node, int number) {
      if (node.path("sessionId").isTextual() && session.isEmpty()) {
        session = node.get("sessionId").asText();
      }
      if (node.path("agentId").isTextual() && node.path("isSidechain").asBoolean(false)) {
        agent = node.get("agentId").asText();
      }
      if (node.path("cwd").isTextual()) {
        setCwd(node.get("cwd").asText(), number);
        start(number);
      }
      String type = node.path("type").asText("");
      String subtype = node.path("subtype").asText("");
      if (type.equals("system") && subtype.equals("compact_boundary")) {
        needCwd(number);
        add(number, new Event.SessionStart(context(), Event.StartSource.COMPACT));
        return;
      }
      if (type.equals("system") && List.of("stop_hook_summary", "turn_duration")
          .contains(subtype)) {
        stop(number);
        return;
      }
      if (!type.equals("assistant")) {
        return;
      }
      JsonNode content = node.path("message").path("content");
      if (!content.isArray()) {
        return;
      }
      for (JsonNode item : content) {
        if (item.path("type").asText("").equals("tool_use")) {
          tool(item, number);
        }
      }
    }

    private void tool(JsonNode use, int number) {
      String name = text(use, "name", "a tool_use");
      JsonNode input = use.path("input");
      String what = "the " + name + " tool_use";
      switch (name) {
        case "Bash" -> {
          needCwd(number);
          command(number, text(input, "command", what));
        }
        case "Write" -> {
          needCwd(number);
          write(number, text(input, "file_path", what), Event.WriteKind.WRITE,
              input.path("content").isTextual() ? Optional.of(input.get("content").asText())
                  : Optional.empty());
        }
        case "Edit", "MultiEdit" -> {
          needCwd(number);
          write(number, text(input, "file_path", what), Event.WriteKind.EDIT, Optional.empty());
        }
        case "Task", "Agent" -> {
          needCwd(number);
          Optional<String> isolation = input.path("isolation").isTextual()
              ? Optional.of(input.get("isolation").asText()).filter(s -> !s.isEmpty())
              : Optional.empty();
          add(number, new Event.AgentDispatch(context(), isolation,
              input.path("description").asText("")));
        }
        default -> { }
      }
    }
  }

  private static final class CodexReader extends Reader {
    CodexReader(Path transcript, Function<Path, Path> relocate) {
      super(transcript, relocate);
    }

    @Override
    void line(JsonNode node, int number) {
      String type = node.path("type").asText("");
      JsonNode payload = node.path("payload");
      switch (type) {
        case "session_meta" -> {
          if (payload.path("id").isTextual()) {
            session = payload.get("id").asText();
          }
          if (payload.path("cwd").isTextual()) {
            setCwd(payload.get("cwd").asText(), number);
          }
          if (cwd != null) {
            start(number);
          }
        }
        case "turn_context" -> {
          if (payload.path("cwd").isTextual()) {
            setCwd(payload.get("cwd").asText(), number);
          }
        }
        case "compacted" -> {
          needCwd(number);
          add(number, new Event.SessionStart(context(), Event.StartSource.COMPACT));
        }
        case "response_item" -> item(payload, number);
        case "event_msg" -> {
          if (payload.path("type").asText("").equals("task_complete")) {
            stop(number);
          }
        }
        default -> { }
      }
    }

    private void item(JsonNode item, int number) {
      String type = item.path("type").asText("");
      switch (type) {
        case "function_call" -> function(item, number);
        case "local_shell_call" -> {
          JsonNode action = item.path("action");
          needCwd(number);
          inDirectory(action.path("working_directory"), number,
              () -> command(number, argv(action.path("command"), "the local_shell_call")));
        }
        case "custom_tool_call" -> {
          if (item.path("name").asText("").equals("apply_patch")) {
            needCwd(number);
            patch(text(item, "input", "the apply_patch custom_tool_call"), number);
          }
        }
        default -> { }
      }
    }

    private void function(JsonNode call, int number) {
      String name = text(call, "name", "a function_call");
      if (!List.of("shell", "shell_command", "exec_command", "apply_patch").contains(name)) {
        return;
      }
      needCwd(number);
      JsonNode arguments;
      try {
        arguments = MAPPER.readTree(text(call, "arguments", "the " + name + " function_call"));
      } catch (IOException e) {
        throw new Problem("the " + name + " function_call's arguments are not JSON: "
            + firstLine(e.getMessage()));
      }
      if (arguments == null || !arguments.isObject()) {
        throw new Problem("the " + name + " function_call's arguments are not a JSON object");
      }
      String what = "the " + name + " arguments";
      switch (name) {
        case "shell" -> inDirectory(arguments.path("workdir"), number,
            () -> command(number, argv(arguments.path("command"), what)));
        case "shell_command" -> inDirectory(arguments.path("workdir"), number,
            () -> command(number, text(arguments, "command", what)));
        case "exec_command" -> inDirectory(arguments.path("workdir"), number,
            () -> command(number, arguments.path("cmd").isTextual()
                ? arguments.get("cmd").asText() : text(arguments, "command", what)));
        default -> patch(text(arguments, "input", what), number);
      }
    }

    /** An argv as the command line it runs: a shell's {@code -c} script as the script. */
    private static String argv(JsonNode command, String what) {
      if (!command.isArray() || command.isEmpty()) {
        throw new Problem(what + " has no command argv");
      }
      List<String> words = new ArrayList<>();
      for (JsonNode word : command) {
        if (!word.isTextual()) {
          throw new Problem(what + " has a command word that is not text");
        }
        words.add(word.asText());
      }
      String program = Path.of(words.get(0)).getFileName().toString();
      if (words.size() == 3 && List.of("bash", "sh", "zsh").contains(program)
          && List.of("-c", "-lc").contains(words.get(1))) {
        return words.get(2);
      }
      return String.join(" ", words.stream().map(ShellQuoting::word).toList());
    }

    private void inDirectory(JsonNode workdir, int number, Runnable action) {
      if (!workdir.isTextual() || workdir.asText().isEmpty()) {
        action.run();
        return;
      }
      Path saved = cwd;
      cwd = relocate.apply(path(workdir.asText(), number, "workdir"));
      try {
        action.run();
      } finally {
        cwd = saved;
      }
    }

    /** The files an apply_patch envelope adds ({@code *** Add File:}) or changes. */
    private void patch(String patch, int number) {
      for (String line : patch.lines().toList()) {
        if (line.startsWith("*** Add File: ")) {
          write(number, line.substring("*** Add File: ".length()).strip(),
              Event.WriteKind.WRITE, Optional.empty());
        } else if (line.startsWith("*** Update File: ")) {
          write(number, line.substring("*** Update File: ".length()).strip(),
              Event.WriteKind.EDIT, Optional.empty());
        }
      }
    }
  }
}
