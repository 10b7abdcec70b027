package dev.groundskeeper.host;

import dev.groundskeeper.api.SafeText;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Explanation;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.config.LogConfig;
import dev.groundskeeper.git.files.ExclusiveLock;
import dev.groundskeeper.git.store.Redactor;
import dev.groundskeeper.git.store.StoreLevels;
import dev.groundskeeper.git.store.StoreLocation;
import dev.groundskeeper.git.store.StoreRefusal;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The local decision log: one JSON line per recorded hook decision, appended to
 * {@code decisions.log} in the state directory ({@code $GROUNDSKEEPER_HOME/state}, else
 * {@code $XDG_STATE_HOME/groundskeeper}, else {@code ~/.groundskeeper/state}), never inside the
 * working tree of the event's repository.
 *
 * <p>Writing never fails and never waits: an entry that cannot be written (no place, a full disk,
 * a read-only directory, the file inside the repository) is dropped and counted; the next entry
 * written carries the count in its {@code dropped} field, and {@link #dropped()} says how many
 * this process lost. A file that would grow past {@code log.max_bytes} is rotated to
 * {@code decisions.log.1} (older ones shift up, {@code log.keep} are kept) by whichever writer
 * gets the lock at once; a writer that does not get it appends anyway. Commands and paths are
 * redacted by the shared {@link Redactor} before they are written.
 *
 * <p>Thread-safe: one log may be shared by every thread and host of a process, and several
 * processes may append to one file.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class DecisionLog {

  /** The name of the current log file in the state directory; rotated files add {@code .1}, ... */
  public static final String FILE_NAME = "decisions.log";
  static final int SCHEMA_VERSION = 1;
  /** The longest subject stored: one entry always fits well inside the smallest file. */
  static final int MAX_SUBJECT_CHARS = 1000;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Optional<Path> directory;
  /** The topmost level this log owns: it and every level below it are never followed. */
  private final Optional<Path> owned;
  private final Opener opener;
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong droppedSinceWrite = new AtomicLong();
  private final AtomicReference<String> problem = new AtomicReference<>("");

  /** How the log file is opened for appending; tests hand in a device that is always full. */
  @FunctionalInterface
  interface Opener {
    FileChannel open(Path file) throws IOException;
  }

  private DecisionLog(Optional<Path> directory, Optional<Path> owned, Opener opener) {
    this.directory = directory.map(dir -> dir.toAbsolutePath().normalize());
    this.owned = owned.map(dir -> dir.toAbsolutePath().normalize());
    this.opener = Objects.requireNonNull(opener, "opener");
  }

  /**
   * The log in a directory of the caller's choosing, which it owns: the directory is made with
   * mode 0700 when missing, and a link or another account's directory there is refused.
   *
   * @param directory the directory that holds {@value #FILE_NAME}
   * @return the log; nothing is created until the first entry is written
   */
  public static DecisionLog in(Path directory) {
    return in(directory, DecisionLog::openNoFollow);
  }

  static DecisionLog in(Path directory, Opener opener) {
    return new DecisionLog(Optional.of(directory), Optional.of(directory), opener);
  }

  /**
   * The log at the place the environment names; without one every entry is dropped. The levels
   * Groundskeeper makes there ({@code $GROUNDSKEEPER_HOME} and its {@code state},
   * {@code $XDG_STATE_HOME/groundskeeper}, {@code ~/.groundskeeper} and its {@code state}) are
   * its own, and a link at any of them is refused.
   *
   * @param environment the variables read: {@code GROUNDSKEEPER_HOME}, {@code XDG_STATE_HOME},
   *     {@code HOME}
   * @return the log; nothing is created until the first entry is written
   */
  public static DecisionLog forEnvironment(Map<String, String> environment) {
    Optional<Path> directory = directory(environment);
    Optional<Path> owned = absolute(environment.get("GROUNDSKEEPER_HOME"))
        .or(() -> absolute(environment.get("XDG_STATE_HOME")).map(state -> state.resolve(
            "groundskeeper")))
        .or(() -> absolute(environment.get("HOME")).map(home -> home.resolve(".groundskeeper")));
    return new DecisionLog(directory, owned, DecisionLog::openNoFollow);
  }

  /**
   * The state directory: {@code $GROUNDSKEEPER_HOME/state}, else
   * {@code $XDG_STATE_HOME/groundskeeper}, else {@code $HOME/.groundskeeper/state}; empty when
   * none of them is set to an absolute path.
   *
   * @param environment the variables read: {@code GROUNDSKEEPER_HOME}, {@code XDG_STATE_HOME},
   *     {@code HOME}
   * @return the directory, which need not exist; empty when the environment names none
   */
  public static Optional<Path> directory(Map<String, String> environment) {
    Optional<Path> home = absolute(environment.get("GROUNDSKEEPER_HOME"));
    if (home.isPresent()) {
      return Optional.of(home.get().resolve("state"));
    }
    Optional<Path> state = absolute(environment.get("XDG_STATE_HOME"));
    if (state.isPresent()) {
      return Optional.of(state.get().resolve("groundskeeper"));
    }
    return absolute(environment.get("HOME")).map(dir -> dir.resolve(".groundskeeper")
        .resolve("state"));
  }

  private static Optional<Path> absolute(String value) {
    if (value == null || value.isEmpty()) {
      return Optional.empty();
    }
    try {
      Path path = Path.of(value);
      return path.isAbsolute() ? Optional.of(path.normalize()) : Optional.empty();
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /** {@return the current log file, when the log has a place} */
  public Optional<Path> file() {
    return directory.map(dir -> dir.resolve(FILE_NAME));
  }

  /** {@return how many entries this log object could not write} */
  public long dropped() {
    return dropped.get();
  }

  /**
   * Why the last entry that could not be written was dropped, when the reason is one a person
   * can mend (a link or a file where the log's directory should be); empty otherwise.
   *
   * @return the reason with what to do about it; empty again once an entry is written
   */
  public Optional<String> problem() {
    String last = problem.get();
    return last.isEmpty() ? Optional.empty() : Optional.of(last);
  }

  /**
   * One rule's part in a logged decision.
   *
   * @param id the rule id
   * @param mode the rule's mode, such as {@code block}; empty for a verdict outside the rules'
   *     run (a configuration note)
   * @param reported the outcome the rule reported, such as {@code deny}
   * @param outcome the outcome after its mode, as delivered
   * @param nanos how long it ran, in nanoseconds; -1 when it was not timed
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record RuleEntry(String id, String mode, String reported, String outcome, long nanos) {
    /**
     * Checks that no text is null.
     *
     * @param id the rule id
     * @param mode the rule's mode; may be empty
     * @param reported the outcome the rule reported
     * @param outcome the outcome after its mode
     * @param nanos how long it ran, in nanoseconds; -1 when it was not timed
     * @throws NullPointerException if a text is null
     */
    public RuleEntry {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(mode, "mode");
      Objects.requireNonNull(reported, "reported");
      Objects.requireNonNull(outcome, "outcome");
    }
  }

  /**
   * One logged decision: when, which runner, the event's kind and redacted subject, the session
   * and agent, the combined outcome, each rule, the whole call's time, and how many entries were
   * dropped just before this one.
   *
   * @param time when the decision was made
   * @param runner the runner whose hook reported the event, or {@code embedder}
   * @param event the event's kind ({@link EventSubject#kind})
   * @param subject the event's subject, redacted and cut to 1000 characters
   * @param session the session id
   * @param agent the agent id; empty for the main thread
   * @param outcome the combined outcome, such as {@code allow} or {@code could-not-judge}
   * @param rules each rule's part
   * @param nanos the whole call's time, judging and effects, in nanoseconds; -1 when untimed
   * @param dropped how many entries could not be written just before this one
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Entry(Instant time, String runner, String event, String subject, String session,
      String agent, String outcome, List<RuleEntry> rules, long nanos, long dropped) {
    /**
     * Checks that no component is null and keeps an immutable copy of the rules.
     *
     * @param time when the decision was made
     * @param runner the runner whose hook reported the event
     * @param event the event's kind
     * @param subject the event's subject, redacted
     * @param session the session id
     * @param agent the agent id; empty for the main thread
     * @param outcome the combined outcome
     * @param rules each rule's part
     * @param nanos the whole call's time in nanoseconds; -1 when untimed
     * @param dropped how many entries could not be written just before this one
     * @throws NullPointerException if a component or a rule is null
     */
    public Entry {
      Objects.requireNonNull(time, "time");
      Objects.requireNonNull(runner, "runner");
      Objects.requireNonNull(event, "event");
      Objects.requireNonNull(subject, "subject");
      Objects.requireNonNull(session, "session");
      Objects.requireNonNull(agent, "agent");
      Objects.requireNonNull(outcome, "outcome");
      rules = List.copyOf(rules);
    }

    /** {@return this entry as one JSON object} */
    public ObjectNode toJson() {
      ObjectNode node = MAPPER.createObjectNode();
      node.put("v", SCHEMA_VERSION);
      node.put("time", time.toString());
      node.put("runner", runner);
      node.put("event", event);
      node.put("subject", subject);
      node.put("session", session);
      node.put("agent", agent);
      node.put("outcome", outcome);
      ArrayNode array = node.putArray("rules");
      for (RuleEntry rule : rules) {
        array.addObject().put("id", rule.id()).put("mode", rule.mode())
            .put("reported", rule.reported()).put("outcome", rule.outcome())
            .put("nanos", rule.nanos());
      }
      node.put("nanos", nanos);
      node.put("dropped", dropped);
      return node;
    }

    static Entry fromJson(JsonNode node) {
      List<RuleEntry> rules = new ArrayList<>();
      for (JsonNode rule : node.path("rules")) {
        rules.add(new RuleEntry(text(rule, "id"), text(rule, "mode"), text(rule, "reported"),
            text(rule, "outcome"), rule.path("nanos").asLong(-1)));
      }
      return new Entry(Instant.parse(text(node, "time")), text(node, "runner"),
          text(node, "event"), text(node, "subject"), text(node, "session"),
          text(node, "agent"), text(node, "outcome"), rules, node.path("nanos").asLong(-1),
          node.path("dropped").asLong(0));
    }

    private static String text(JsonNode node, String field) {
      JsonNode value = node.get(field);
      if (value == null || !value.isTextual()) {
        throw new IllegalArgumentException("no text field '" + field + "'");
      }
      return value.asText();
    }
  }

  /**
   * The entry for a decision: {@code decision}'s explanation gives each rule's mode, reported
   * outcome and time; verdicts without a step (configuration notes) are listed untimed.
   *
   * @param time when the decision was made
   * @param runner the runner whose hook reported the event
   * @param event the event
   * @param decision its decision, with an explanation for the rules to be timed
   * @param nanos the whole call's time in nanoseconds
   * @param redactor replaces secrets in the event's subject
   * @return the entry, with no dropped count (the log adds it when writing)
   */
  public static Entry entry(Instant time, String runner, Event event, Decision decision,
      long nanos, Redactor redactor) {
    EventSubject subject = EventSubject.of(event);
    List<RuleEntry> rules = new ArrayList<>();
    List<String> explained = new ArrayList<>();
    for (Explanation.Step step : decision.explanation().map(Explanation::steps)
        .orElse(List.of())) {
      explained.add(step.ruleId());
      rules.add(new RuleEntry(step.ruleId(), step.mode().toString(), word(step.reported()),
          word(step.verdict().outcome()), step.elapsed().toNanos()));
    }
    for (Verdict verdict : decision.verdicts()) {
      if (!explained.contains(verdict.ruleId())) {
        rules.add(new RuleEntry(verdict.ruleId(), "", word(verdict.outcome()),
            word(verdict.outcome()), -1));
      }
    }
    String shown = redactor.redact(subject.subject());
    if (shown.length() > MAX_SUBJECT_CHARS) {
      shown = shown.substring(0, MAX_SUBJECT_CHARS) + "…";
    }
    return new Entry(time, runner, subject.kind(), shown, event.context().sessionId(),
        event.context().agentId(), word(decision.outcome()), rules, nanos, 0);
  }

  static String word(Outcome outcome) {
    return outcome.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  static String word(Mode mode) {
    return mode.toString();
  }

  /**
   * Appends {@code entry} when {@code config} records {@code decision}; never throws. Returns
   * whether it was written (false when not recorded or dropped).
   *
   * @param entry the entry to append
   * @param decision the decision it records, which {@code config} filters on
   * @param config the {@code log:} block in force: what is recorded, the rotation size and count
   * @param workingTree the event's working tree; the log is never written inside it
   * @return true when the entry was written
   */
  public boolean record(Entry entry, Decision decision, LogConfig config,
      Optional<Path> workingTree) {
    try {
      if (!config.records(decision)) {
        return false;
      }
      return append(entry, config, workingTree);
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      drop();
      return false;
    }
  }

  /**
   * Appends {@code entry} whatever the configuration records; never throws. An entry that
   * cannot be written is counted and its count carried by the next one written.
   *
   * @param entry the entry to append
   * @param config the {@code log:} block in force, for the rotation size and count
   * @param workingTree the event's working tree; the log is never written inside it
   * @return true when the entry was written, false when it was dropped
   */
  public boolean append(Entry entry, LogConfig config, Optional<Path> workingTree) {
    try {
      if (directory.isEmpty()) {
        drop();
        return false;
      }
      Path dir = directory.get();
      if (workingTree.isPresent() && dir.startsWith(workingTree.get().toAbsolutePath()
          .normalize())) {
        // The log must never become an untracked file of the repository it judges.
        drop();
        return false;
      }
      long before = droppedSinceWrite.get();
      Entry stamped = new Entry(entry.time(), entry.runner(), entry.event(), entry.subject(),
          entry.session(), entry.agent(), entry.outcome(), entry.rules(), entry.nanos(),
          entry.dropped() + before);
      byte[] line = line(stamped);
      ensureDirectory(owned.orElse(dir), dir);
      Path file = dir.resolve(FILE_NAME);
      rotateIfFull(dir, file, line.length, config);
      write(opener, file, line);
      droppedSinceWrite.addAndGet(-before);
      problem.set("");
      return true;
    } catch (Refusal e) {
      problem.set(e.getMessage());
      drop();
      return false;
    } catch (IOException | RuntimeException | LinkageError | StackOverflowError e) {
      drop();
      return false;
    }
  }

  /** A place the log will not write to, and what to do about it. */
  static final class Refusal extends IOException {
    private static final long serialVersionUID = 1L;

    Refusal(String message) {
      super(message);
    }
  }

  /** Counts one entry that could not be written. */
  void drop() {
    dropped.incrementAndGet();
    droppedSinceWrite.incrementAndGet();
  }

  /**
   * Makes {@code dir} and the levels above it down from {@code top} through the store's own level
   * walk ({@link StoreLevels}: mode 0700 where missing, each level read without following links
   * and refused when it is a link, not a directory, another account's or writable by others),
   * because following such a level would append the log to a place someone else chose. Levels
   * above {@code top} belong to the account (its home) and are only created when missing.
   */
  static void ensureDirectory(Path top, Path dir) throws IOException {
    Path first = dir.startsWith(top) ? top : dir;
    Path above = first.getParent();
    if (above != null && !Files.exists(above)) {
      Files.createDirectories(above);
    }
    try {
      levels(first).ensure(segments(first, dir));
    } catch (StoreRefusal e) {
      throw refusal(e);
    }
  }

  /** Judges the levels from {@code top} down to {@code dir} that exist, creating nothing. */
  static void judgeExisting(Path top, Path dir) throws IOException {
    Path first = dir.startsWith(top) ? top : dir;
    try {
      levels(first).exists(segments(first, dir));
    } catch (StoreRefusal e) {
      throw refusal(e);
    }
  }

  private static StoreLevels levels(Path top) {
    return new StoreLevels(new StoreLocation(top, Optional.empty()));
  }

  private static List<String> segments(Path top, Path dir) {
    List<String> segments = new ArrayList<>();
    for (Path name : top.relativize(dir)) {
      if (!name.toString().isEmpty()) {
        segments.add(name.toString());
      }
    }
    return segments;
  }

  private static Refusal refusal(StoreRefusal e) {
    // the store's words for a level, said of the log's directory
    return new Refusal(e.reason().replace("the store level ", "the decision log's directory ")
        .replace("the store never follows", "the log never follows") + "; nothing was written. "
        + capitalized(e.remedy()));
  }

  private static String capitalized(String text) {
    return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  /** Opens the log file for appending, refusing a link in its place (no-follow). */
  static FileChannel openNoFollow(Path file) throws IOException {
    EnumSet<StandardOpenOption> options = EnumSet.of(StandardOpenOption.CREATE,
        StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    Set<java.nio.file.OpenOption> noFollow = new java.util.HashSet<>(options);
    noFollow.add(LinkOption.NOFOLLOW_LINKS);
    if (Files.isSymbolicLink(file)) {
      throw new Refusal("the decision log " + file + " is a symbolic link, and the log never"
          + " follows links; nothing was written. Remove the link");
    }
    try {
      return FileChannel.open(file, noFollow,
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      // A file system without POSIX permissions (not a stub): opened with its defaults.
      return FileChannel.open(file, noFollow);
    }
  }

  /**
   * Appends {@code line} whole or not at all, as far as this writer can tell: a write the disk
   * cuts short (ENOSPC after some blocks) is cut back off, since a torn line would otherwise be
   * glued to the next writer's entry and make both unreadable. A tail torn earlier (a writer
   * killed mid-write) gets a line break first, so this entry stays a line of its own.
   */
  private static void write(Opener opener, Path file, byte[] line) throws IOException {
    try (FileChannel open = opener.open(file)) {
      long start = open.size();
      ByteBuffer buffer = ByteBuffer.wrap(line);
      if (start > 0 && !endsWithLineBreak(file, start)) {
        buffer = ByteBuffer.allocate(line.length + 1).put((byte) '\n').put(line).flip();
      }
      try {
        while (buffer.hasRemaining()) {
          open.write(buffer);
        }
      } catch (IOException e) {
        cutBack(open, start, buffer.position());
        throw e;
      }
    }
  }

  /** Read apart from the appending channel: Java opens none for both APPEND and READ. */
  private static boolean endsWithLineBreak(Path file, long size) {
    try (FileChannel read = FileChannel.open(file, StandardOpenOption.READ,
        LinkOption.NOFOLLOW_LINKS)) {
      ByteBuffer last = ByteBuffer.allocate(1);
      return read.read(last, size - 1) != 1 || last.get(0) == '\n';
    } catch (IOException | RuntimeException e) {
      // unreadable (a device standing in for the file, say): append as it is
      return true;
    }
  }

  /** Removes this writer's partial bytes, unless another writer appended after them. */
  private static void cutBack(FileChannel open, long start, int written) {
    if (written == 0) {
      return;
    }
    try {
      if (open.size() == start + written) {
        open.truncate(start);
      }
    } catch (IOException | RuntimeException e) {
      // the reader skips a torn line, and the next append starts on a line of its own
    }
  }

  /**
   * One entry as a line of UTF-8 JSON. A text with a lone surrogate (a name's byte that is not
   * UTF-8, as {@link dev.groundskeeper.api.RawText} holds it) has no UTF-8 form, and encoding it
   * wrote {@code ?} in its place; such a line is written with every character past ASCII
   * escaped, which reads back as the same name.
   */
  static byte[] line(Entry entry) throws IOException {
    String json = MAPPER.writeValueAsString(entry.toJson());
    if (json.chars().anyMatch(c -> Character.isSurrogate((char) c))) {
      json = MAPPER.writer().with(com.fasterxml.jackson.core.json.JsonWriteFeature
          .ESCAPE_NON_ASCII).writeValueAsString(entry.toJson());
    }
    return (json + "\n").getBytes(StandardCharsets.UTF_8);
  }

  private static void rotateIfFull(Path dir, Path file, int adding, LogConfig config)
      throws IOException {
    long size;
    try {
      size = Files.size(file);
    } catch (NoSuchFileException e) {
      return;
    }
    if (size + adding <= config.maxBytes()) {
      return;
    }
    // One writer rotates; a writer that finds another rotating appends to whichever file is
    // current and leaves the rotation to it.
    try (ExclusiveLock held = ExclusiveLock.acquire(dir.resolve(FILE_NAME + ".lock"),
        Duration.ZERO)) {
      // Another writer may have rotated between the size read and the lock.
      if (!Files.exists(file) || Files.size(file) + adding <= config.maxBytes()) {
        return;
      }
      Files.deleteIfExists(rotated(dir, config.keep()));
      for (int i = config.keep() - 1; i >= 1; i--) {
        Path from = rotated(dir, i);
        if (Files.exists(from, LinkOption.NOFOLLOW_LINKS)) {
          Files.move(from, rotated(dir, i + 1), StandardCopyOption.REPLACE_EXISTING);
        }
      }
      Files.move(file, rotated(dir, 1), StandardCopyOption.REPLACE_EXISTING);
    } catch (ExclusiveLock.Busy e) {
      // rotating already
    }
  }

  static Path rotated(Path dir, int generation) {
    return dir.resolve(FILE_NAME + "." + generation);
  }

  /**
   * What {@link #read} found: the entries, oldest first, and the lines it could not read.
   *
   * @param entries the entries, oldest first
   * @param unreadable one line per line or file that could not be read, as a person reads it
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Listing(List<Entry> entries, List<String> unreadable) {
    /**
     * Keeps immutable copies of the lists.
     *
     * @param entries the entries, oldest first
     * @param unreadable one line per line or file that could not be read
     * @throws NullPointerException if a list or an element is null
     */
    public Listing {
      entries = List.copyOf(entries);
      unreadable = List.copyOf(unreadable);
    }
  }

  /**
   * Every entry of the log and its rotated files, oldest first. A line that is not an entry is
   * reported by file and line number, never fatal; a file that cannot be read is reported too.
   *
   * @return the entries and the problems; both empty when nothing was logged yet
   */
  public Listing read() {
    List<Entry> entries = new ArrayList<>();
    List<String> unreadable = new ArrayList<>();
    if (directory.isEmpty()) {
      unreadable.add("the decision log has no place: set GROUNDSKEEPER_HOME, XDG_STATE_HOME"
          + " or HOME");
      return new Listing(entries, unreadable);
    }
    Path dir = directory.get();
    try {
      judgeExisting(owned.orElse(dir), dir);
    } catch (IOException e) {
      // As the writer refuses it: a link here would show another place's lines as this log's.
      unreadable.add(SafeText.failure(e));
      return new Listing(entries, unreadable);
    }
    List<Path> files = new ArrayList<>();
    for (int i = LogConfig.DEFAULTS.keep() + 20; i >= 1; i--) {
      Path older = rotated(dir, i);
      if (Files.isRegularFile(older)) {
        files.add(older);
      }
    }
    files.add(dir.resolve(FILE_NAME));
    for (Path file : files) {
      if (Files.isSymbolicLink(file)) {
        unreadable.add(file.getFileName() + ": a symbolic link, which the log never follows;"
            + " not read (remove it: " + file + ")");
        continue;
      }
      if (!Files.exists(file)) {
        continue;
      }
      try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        String line;
        int number = 0;
        while ((line = reader.readLine()) != null) {
          number++;
          if (line.isBlank()) {
            continue;
          }
          try {
            entries.add(Entry.fromJson(MAPPER.readTree(line)));
          } catch (IOException | RuntimeException e) {
            unreadable.add(file.getFileName() + " line " + number + ": not a log entry ("
                + SafeText.failure(e) + ")");
          }
        }
      } catch (IOException | RuntimeException e) {
        unreadable.add(file.getFileName() + ": cannot be read (" + SafeText.failure(e) + ")");
      }
    }
    return new Listing(entries, unreadable);
  }
}
