package dev.groundskeeper.host;

import dev.groundskeeper.api.SafeText;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.Effect;
import dev.groundskeeper.git.files.ExclusiveLock;
import dev.groundskeeper.git.files.LeftTemporaries;
import dev.groundskeeper.rules.branches.BranchLedger;
import dev.groundskeeper.rules.branches.LedgerEffect;
import java.io.IOException;
import java.time.Duration;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The branch ledger kept as one JSON file in the repository's common directory
 * ({@code <common-dir>/groundskeeper/branch-ledger.json}), so every worktree of a repository sees
 * the same ledger. {@link #read} gives the {@link BranchLedger} fact (a missing or unreadable file
 * reads as empty, so a damaged ledger never blocks an agent); {@link #apply} performs the
 * {@link LedgerEffect}s a decision returned.
 *
 * <p>Many hook calls of one repository run at once (parallel tool calls, several sessions), so a
 * write is a read-modify-write under an exclusive lock of {@code branch-ledger.json.lock}
 * ({@link ExclusiveLock}: it holds across processes and between threads of one), then an
 * atomic replace of the file, so a reader never sees half a file and no writer's record is lost.
 * The lock is waited for a bounded time ({@link #LOCK_WAIT}); past it the write fails with an
 * {@link IOException} that says so, and the caller reports the lost record.
 */
final class BranchLedgerStore implements BranchLedger {

  /** The most abandoned-branch records kept; older ones are dropped first. */
  static final int MAX_ABANDONED = 100;

  /** How long a write waits for the ledger's lock before it gives up and says so. */
  static final Duration LOCK_WAIT = Duration.ofSeconds(3);

  private static final ObjectMapper JSON = warmed(new ObjectMapper());

  private final ObjectNode root;

  private BranchLedgerStore(ObjectNode root) {
    this.root = root;
  }

  /**
   * Jackson builds its serializers on first use; doing that here, not while the lock is held,
   * keeps the time other writers wait to the write itself.
   */
  private static ObjectMapper warmed(ObjectMapper mapper) {
    try {
      ObjectNode probe = mapper.createObjectNode();
      probe.putObject("o").put("n", 1);
      probe.putArray("a").addObject().put("s", "x");
      mapper.readTree(mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(probe));
    } catch (IOException e) {
      throw new IllegalStateException("Jackson cannot write a small tree", e);
    }
    return mapper;
  }

  /**
   * Where the ledger of a repository lives.
   *
   * @param commonDir the repository's common directory (shared by its worktrees)
   * @return the ledger file's path; it need not exist
   */
  public static Path fileFor(Path commonDir) {
    return commonDir.resolve("groundskeeper").resolve("branch-ledger.json");
  }

  /**
   * Reads a ledger. Never throws: a damaged ledger must not block an agent.
   *
   * @param file the ledger file
   * @return the ledger; empty when the file is missing or unreadable
   */
  public static BranchLedgerStore read(Path file) {
    try {
      JsonNode node = JSON.readTree(file.toFile());
      if (node instanceof ObjectNode object) {
        return new BranchLedgerStore(object);
      }
    } catch (IOException e) {
      // a missing or damaged ledger reads as empty
    }
    return new BranchLedgerStore(JSON.createObjectNode());
  }

  /**
   * Performs the ledger effects among {@code effects} (others are left to their executors) and
   * writes the file under the ledger's lock.
   *
   * @param file the ledger file; its directory is made when missing
   * @param effects a decision's effects, of any kind
   * @return how many ledger effects were performed; 0 (and nothing written) when there are none
   * @throws IOException when the lock is not had within {@link #LOCK_WAIT} or the file cannot be
   *     written (the previous file is left as it was)
   */
  public static int apply(Path file, List<? extends Effect> effects) throws IOException {
    return apply(file, effects, step -> { });
  }

  /**
   * A point before one step of a ledger write, where LedgerFaultTest makes the write fail or
   * stop dead (issue 17); in use the points do nothing.
   */
  @FunctionalInterface
  interface Faults {
    /** Called just before {@code step}; throws to make it fail. */
    void before(String step) throws IOException;
  }

  /** {@link #apply(Path, List)}, passing each step through {@code faults}. */
  static int apply(Path file, List<? extends Effect> effects, Faults faults) throws IOException {
    List<LedgerEffect> changes = new ArrayList<>();
    for (Effect effect : effects) {
      if (effect instanceof LedgerEffect change) {
        changes.add(change);
      }
    }
    if (changes.isEmpty()) {
      return 0;
    }
    faults.before("ledger:lock");
    Files.createDirectories(file.getParent());
    Path lockFile = file.resolveSibling(file.getFileName() + ".lock");
    try (ExclusiveLock lock = ExclusiveLock.acquire(lockFile, LOCK_WAIT)) {
      BranchLedgerStore ledger = readForWrite(file);
      changes.forEach(ledger::change);
      ledger.write(file, faults);
    } catch (ExclusiveLock.Busy e) {
      throw new IOException("the ledger lock " + lockFile + " stayed held for more than "
          + LOCK_WAIT.toSeconds() + " s", e);
    }
    return changes.size();
  }

  /**
   * The ledger a write starts from, read under the lock. Unlike {@link #read}, a file that is
   * there but cannot be read is not taken for an empty ledger: replacing it would erase every
   * record in it. A read that fails is tried again (a passing failure, such as too many open
   * files); a file that stays unreadable, or holds no JSON object, is kept beside it as
   * {@code branch-ledger.json.damaged-<ms>} before the write starts afresh.
   */
  private static BranchLedgerStore readForWrite(Path file) throws IOException {
    IOException last = null;
    for (int attempt = 0; attempt < 3; attempt++) {
      try {
        JsonNode node = JSON.readTree(Files.readAllBytes(file));
        if (node instanceof ObjectNode object) {
          return new BranchLedgerStore(object);
        }
        break; // empty, or JSON that is no ledger: not a passing failure
      } catch (java.nio.file.NoSuchFileException e) {
        return new BranchLedgerStore(JSON.createObjectNode());
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        break;
      } catch (IOException e) {
        last = e;
      }
    }
    Path aside = file.resolveSibling(file.getFileName() + ".damaged-"
        + System.currentTimeMillis());
    try {
      Files.move(file, aside);
    } catch (java.nio.file.NoSuchFileException e) {
      // gone meanwhile: nothing to keep
    } catch (IOException e) {
      IOException failed = new IOException("the branch ledger " + file + " cannot be read ("
          + (last == null ? "not a ledger" : SafeText.failure(last)) + ") nor moved aside ("
          + SafeText.failure(e) + "); nothing was written, so no record in it is lost", e);
      throw failed;
    }
    return new BranchLedgerStore(JSON.createObjectNode());
  }

  private void change(LedgerEffect effect) {
    if (effect instanceof LedgerEffect.CountBlockedStop count) {
      ObjectNode stops = object("blocked_stops");
      stops.put(count.actor(), stops.path(count.actor()).asInt(0) + 1);
    } else if (effect instanceof LedgerEffect.ResetBlockedStops reset) {
      object("blocked_stops").remove(reset.actor());
    } else if (effect instanceof LedgerEffect.NoteAtStop note) {
      object("stop_notes").put(note.sessionId(), note.at().toString());
    } else if (effect instanceof LedgerEffect.StartTurn start) {
      ObjectNode prompts = object("prompts");
      prompts.put(start.sessionId(), prompts.path(start.sessionId()).asInt(0) + 1);
      // The main thread's evacuations expire with its turn; a sub-agent's live as long as it.
      JsonNode turns = object("evacuations").path(start.sessionId());
      if (turns instanceof ObjectNode byTurn) {
        Iterator<Map.Entry<String, JsonNode>> fields = byTurn.fields();
        while (fields.hasNext()) {
          if (!fields.next().getKey().startsWith("agent:")) {
            fields.remove();
          }
        }
      }
    } else if (effect instanceof LedgerEffect.RecordEvacuation record) {
      ObjectNode sessions = object("evacuations");
      ObjectNode byTurn = sessions.has(record.sessionId())
          ? (ObjectNode) sessions.get(record.sessionId()) : sessions.putObject(record.sessionId());
      ArrayNode list = byTurn.has(record.turn()) ? (ArrayNode) byTurn.get(record.turn())
          : byTurn.putArray(record.turn());
      Evacuated e = record.evacuated();
      ObjectNode item = list.addObject();
      e.worktree().ifPresent(w -> item.put("worktree", w));
      ArrayNode branches = item.putArray("branches");
      e.branches().forEach(branches::add);
      item.put("target", e.target());
      item.put("command", e.command());
    } else if (effect instanceof LedgerEffect.RecordAbandoned record) {
      ArrayNode list = root.has("abandoned") ? (ArrayNode) root.get("abandoned")
          : root.putArray("abandoned");
      Abandoned a = record.abandoned();
      ObjectNode item = list.addObject();
      item.put("branch", a.branch());
      item.put("actor", a.actor());
      item.put("check", a.check());
      item.put("at", a.at().toString());
      while (list.size() > MAX_ABANDONED) {
        list.remove(0);
      }
    }
  }

  private ObjectNode object(String field) {
    JsonNode node = root.get(field);
    return node instanceof ObjectNode object ? object : root.putObject(field);
  }

  private void write(Path file, Faults faults) throws IOException {
    Files.createDirectories(file.getParent());
    faults.before("ledger:temp");
    Path temp = Files.createTempFile(file.getParent(), ".branch-ledger", ".tmp");
    try {
      // Only the holder of the ledger's lock writes a temporary, and this runs under that lock:
      // any other found now is a writer's killed between its temporary and the move.
      LeftTemporaries.remove(file.getParent(), ".branch-ledger*.tmp", temp,
          LeftTemporaries.UNDER_LOCK);
      JSON.writerWithDefaultPrettyPrinter().writeValue(temp.toFile(), root);
      faults.before("ledger:replace");
      try {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  @Override
  public int blockedStops(String actor) {
    return root.path("blocked_stops").path(actor).asInt(0);
  }

  @Override
  public Optional<Instant> lastStopNote(String sessionId) {
    return instant(root.path("stop_notes").path(sessionId));
  }

  @Override
  public int prompts(String sessionId) {
    return root.path("prompts").path(sessionId).asInt(0);
  }

  @Override
  public List<Evacuated> evacuations(String sessionId, String turn) {
    List<Evacuated> out = new ArrayList<>();
    for (JsonNode item : root.path("evacuations").path(sessionId).path(turn)) {
      List<String> branches = new ArrayList<>();
      item.path("branches").forEach(b -> branches.add(b.asText()));
      out.add(new Evacuated(item.hasNonNull("worktree")
          ? Optional.of(item.get("worktree").asText()) : Optional.empty(), branches,
          item.path("target").asText(""), item.path("command").asText("")));
    }
    return out;
  }

  @Override
  public List<Abandoned> abandoned() {
    List<Abandoned> out = new ArrayList<>();
    for (JsonNode item : root.path("abandoned")) {
      instant(item.path("at")).ifPresent(at -> out.add(new Abandoned(
          item.path("branch").asText(""), item.path("actor").asText(""),
          item.path("check").asText(""), at)));
    }
    return out;
  }

  private static Optional<Instant> instant(JsonNode node) {
    if (!node.isTextual()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Instant.parse(node.asText()));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
