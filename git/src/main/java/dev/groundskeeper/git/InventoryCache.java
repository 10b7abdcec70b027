package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.ParkMarker;
import dev.groundskeeper.git.files.LeftTemporaries;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import org.eclipse.jgit.lib.AnyObjectId;
import org.eclipse.jgit.lib.ObjectId;

/**
 * What the branch inventory found that never changes for the same commits, kept on disk in the
 * repository's common directory ({@code groundskeeper/branch-inventory.cache}) so that the next
 * process starts from it: per tip commit its date, park marker and subject's plan tokens; per
 * (tip, targets) the merged judgements, ahead and behind; per (tip, remote-tracking refs) where a
 * remote holds it. A branch whose tip or targets moved has no entry and is judged again.
 *
 * <p>The file is text, one record per line, tab-separated with backslash escapes, a header
 * naming the schema version and a closing line counting the records. It is replaced whole
 * through a rename, so a reader sees the old file or the new one, never a mix; a file that does
 * not parse in full, or names another version, is ignored (read as empty) and replaced by the
 * next write. It is a cache: losing it costs time, never a judgement.
 */
final class InventoryCache {

  static final String DIRECTORY = "groundskeeper";
  static final String FILE = "branch-inventory.cache";
  static final int SCHEMA = 1;
  static final String HEADER = "groundskeeper-branch-inventory";

  /** What a tip commit says about its branch: its date, park marker and linked plan or issue. */
  record TipFacts(Instant committed, Optional<ParkMarker> park, List<String> subjectTokens) {
    TipFacts {
      subjectTokens = List.copyOf(subjectTokens);
    }
  }

  /** Why a cache file was not used. */
  enum Load { READ, MISSING, IGNORED }

  // Keyed by object id, whose hash is four bytes of the id: a lookup per branch stays cheap.
  private final Map<ObjectId, TipFacts> tips = new HashMap<>();
  /** By targets key, then by tip. */
  private final Map<String, Map<ObjectId, InventoryBuilder.Analysis>> analyses = new HashMap<>();
  private final Map<ObjectId, Containment> contained = new HashMap<>();
  /**
   * How far an unfinished containment scan got per tip, under the same remote refs: the next
   * reading continues from it. One count and the holders found per tip, so it stays small.
   */
  private final Map<ObjectId, ContainmentScanner.Progress> progress = new HashMap<>();
  private String containmentKey = "";
  private Load load = Load.MISSING;
  private boolean dirty;

  /** The cache file of the repository whose common directory is {@code commonDir}. */
  static Path fileFor(Path commonDir) {
    return commonDir.resolve(DIRECTORY).resolve(FILE);
  }

  /** Reads the cache; a missing, unreadable, corrupt or other-version file gives an empty cache. */
  static InventoryCache load(Path file) {
    InventoryCache cache = new InventoryCache();
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      return cache;
    } catch (IOException e) {
      cache.load = Load.IGNORED;
      return cache;
    }
    try {
      cache.parse(new String(bytes, StandardCharsets.UTF_8));
      cache.load = Load.READ;
    } catch (RuntimeException e) {
      cache.tips.clear();
      cache.analyses.clear();
      cache.contained.clear();
      cache.progress.clear();
      cache.containmentKey = "";
      cache.load = Load.IGNORED;
    }
    return cache;
  }

  Load loaded() {
    return load;
  }

  synchronized Optional<TipFacts> tip(AnyObjectId commit) {
    return Optional.ofNullable(tips.get(commit));
  }

  synchronized void tip(AnyObjectId commit, TipFacts facts) {
    if (!facts.equals(tips.put(commit.copy(), facts))) {
      dirty = true;
    }
  }

  synchronized Optional<InventoryBuilder.Analysis> analysis(AnyObjectId tip, String targetsKey) {
    Map<ObjectId, InventoryBuilder.Analysis> byTip = analyses.get(targetsKey);
    return byTip == null ? Optional.empty() : Optional.ofNullable(byTip.get(tip));
  }

  synchronized void analysis(AnyObjectId tip, String targetsKey, InventoryBuilder.Analysis analysis) {
    if (!analysis.equals(analyses.computeIfAbsent(targetsKey, k -> new HashMap<>()).put(tip.copy(), analysis))) {
      dirty = true;
    }
  }

  /** Known containment of {@code tip} while the remote-tracking refs digest to {@code refsKey}. */
  synchronized Optional<Containment> containment(String refsKey, AnyObjectId tip) {
    return refsKey.equals(containmentKey) ? Optional.ofNullable(contained.get(tip)) : Optional.empty();
  }

  synchronized void containment(String refsKey, Containment containment) {
    useContainmentKey(refsKey);
    ObjectId tip = ObjectId.fromString(containment.tip());
    boolean unfinishedDropped = progress.remove(tip) != null;
    if (!containment.equals(contained.put(tip, containment)) || unfinishedDropped) {
      dirty = true;
    }
  }

  /** How far an unfinished scan of {@code tip} got while the remote refs digest to {@code refsKey}. */
  synchronized Optional<ContainmentScanner.Progress> progress(String refsKey, AnyObjectId tip) {
    return refsKey.equals(containmentKey) ? Optional.ofNullable(progress.get(tip))
        : Optional.empty();
  }

  synchronized void progress(String refsKey, AnyObjectId tip, ContainmentScanner.Progress reached) {
    useContainmentKey(refsKey);
    if (!reached.equals(progress.put(tip.copy(), reached))) {
      dirty = true;
    }
  }

  private void useContainmentKey(String refsKey) {
    if (!refsKey.equals(containmentKey)) {
      containmentKey = refsKey;
      contained.clear();
      progress.clear();
    }
  }

  synchronized boolean dirty() {
    return dirty;
  }

  /**
   * Forgets what no longer describes the repository: tips no ref points at, and judgements against
   * other targets than {@code targetsKey}.
   */
  synchronized void retainOnly(Set<? extends AnyObjectId> liveTips, String targetsKey) {
    int before = size();
    tips.keySet().retainAll(liveTips);
    analyses.keySet().retainAll(Set.of(targetsKey));
    analyses.values().forEach(byTip -> byTip.keySet().retainAll(liveTips));
    contained.keySet().retainAll(liveTips);
    progress.keySet().retainAll(liveTips);
    if (size() != before) {
      dirty = true;
    }
  }

  private int size() {
    int size = tips.size() + contained.size() + progress.size();
    for (Map<ObjectId, InventoryBuilder.Analysis> byTip : analyses.values()) {
      size += byTip.size();
    }
    return size;
  }

  /**
   * Writes the cache through a unique temporary file and a rename over {@code file}: concurrent
   * writers each replace the file whole, the last one wins, and no reader sees a torn file.
   * Writers take no lock, so a temporary another left is removed only once it is
   * {@link LeftTemporaries#LOCKLESS} old: a killed writer's.
   */
  synchronized void save(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    Path temporary = file.resolveSibling(FILE + "." + ProcessHandle.current().pid() + "."
        + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
    try {
      try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
        // the open made it: its time is the file system's "now" for the leftovers' age
        LeftTemporaries.remove(file.getParent(), FILE + ".*.tmp", temporary,
            LeftTemporaries.LOCKLESS);
        out.write(format());
      }
      try {
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
      }
      dirty = false;
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  /** Takes every entry of {@code other} this cache does not have (the file another process wrote). */
  synchronized void addMissing(InventoryCache other) {
    other.tips.forEach(tips::putIfAbsent);
    other.analyses.forEach((targets, byTip) -> byTip.forEach((tip, analysis) ->
        analyses.computeIfAbsent(targets, k -> new HashMap<>()).putIfAbsent(tip, analysis)));
    if (other.containmentKey.equals(containmentKey)) {
      other.contained.forEach(contained::putIfAbsent);
      other.progress.forEach((tip, reached) -> {
        ContainmentScanner.Progress mine = progress.get(tip);
        if (!contained.containsKey(tip) && (mine == null || reached.walked() > mine.walked())) {
          progress.put(tip, reached);
        }
      });
    }
  }

  /**
   * The file's text. Judgement targets and details repeat across branches, so each distinct text
   * is written once ({@code text} records) and referred to by number.
   */
  String format() {
    List<String> lines = new ArrayList<>();
    lines.add(line(HEADER, Integer.toString(SCHEMA)));
    // Sorted, so that the same content always gives the same text.
    new TreeMap<>(tips).forEach((commit, facts) -> {
      List<String> fields = new ArrayList<>(List.of("tip", commit.name(),
          Long.toString(facts.committed().getEpochSecond()), Integer.toString(facts.committed().getNano()),
          Integer.toString(facts.subjectTokens().size())));
      fields.addAll(facts.subjectTokens());
      facts.park().ifPresentOrElse(p -> fields.addAll(List.of("parked", p.reason(), p.parkedBy(),
          Long.toString(p.since().getEpochSecond()), Integer.toString(p.since().getNano()), p.commit())),
          () -> fields.add("-"));
      lines.add(line(fields.toArray(String[]::new)));
    });
    Map<String, Integer> texts = new HashMap<>();
    int targetIndex = 0;
    for (Map.Entry<String, Map<ObjectId, InventoryBuilder.Analysis>> byTargets : new TreeMap<>(analyses).entrySet()) {
      int index = targetIndex++;
      lines.add(line("targets", Integer.toString(index), byTargets.getKey()));
      for (Map.Entry<ObjectId, InventoryBuilder.Analysis> entry : new TreeMap<>(byTargets.getValue()).entrySet()) {
        InventoryBuilder.Analysis a = entry.getValue();
        List<String> fields = new ArrayList<>(List.of("analysis", entry.getKey().name(), Integer.toString(index),
            a.mergedState() == null ? "-" : a.mergedState().name(), optional(a.ahead()), optional(a.behind()),
            Integer.toString(a.judgements().size())));
        for (MergeJudgement j : a.judgements()) {
          fields.addAll(List.of(text(j.target(), texts, lines), j.result().name(),
              j.method().map(Enum::name).orElse("-"), text(j.detail(), texts, lines)));
        }
        lines.add(line(fields.toArray(String[]::new)));
      }
    }
    if (!contained.isEmpty() || !progress.isEmpty()) {
      lines.add(line("remote-refs", containmentKey));
      new TreeMap<>(contained).forEach((tip, c) -> {
        List<String> fields = new ArrayList<>(List.of("contained", tip.name(),
            Integer.toString(c.containingRefs().size())));
        fields.addAll(c.containingRefs());
        lines.add(line(fields.toArray(String[]::new)));
      });
      new TreeMap<>(progress).forEach((tip, reached) -> {
        List<String> fields = new ArrayList<>(List.of("scanned", tip.name(),
            Integer.toString(reached.walked()), Integer.toString(reached.holders().size())));
        fields.addAll(reached.holders());
        lines.add(line(fields.toArray(String[]::new)));
      });
    }
    lines.add(line("end", Integer.toString(lines.size() - 1)));
    return String.join("\n", lines) + "\n";
  }

  /** The number of {@code value} in the text table, adding its record before first use. */
  private static String text(String value, Map<String, Integer> texts, List<String> lines) {
    Integer index = texts.get(value);
    if (index == null) {
      index = texts.size();
      texts.put(value, index);
      lines.add(line("text", Integer.toString(index), value));
    }
    return Integer.toString(index);
  }

  private void parse(String text) {
    if (!text.endsWith("\n")) {
      throw new IllegalArgumentException("truncated");
    }
    String[] lines = text.substring(0, text.length() - 1).split("\n", -1);
    List<String> header = fields(lines[0]);
    if (!header.equals(List.of(HEADER, Integer.toString(SCHEMA)))) {
      throw new IllegalArgumentException("another schema: " + lines[0]);
    }
    List<String> end = fields(lines[lines.length - 1]);
    if (!end.equals(List.of("end", Integer.toString(lines.length - 2)))) {
      throw new IllegalArgumentException("no closing line");
    }
    Map<String, String> targets = new HashMap<>();
    List<String> texts = new ArrayList<>();
    Map<MergeJudgement, MergeJudgement> judgementPool = new HashMap<>();
    for (int i = 1; i < lines.length - 1; i++) {
      Fields f = new Fields(fields(lines[i]));
      switch (f.next()) {
        case "tip" -> {
          ObjectId commit = f.commit();
          Instant committed = Instant.ofEpochSecond(f.number(), f.number());
          List<String> tokens = f.list();
          Optional<ParkMarker> park = f.next().equals("parked")
              ? Optional.of(new ParkMarker(f.next(), f.next(), Instant.ofEpochSecond(f.number(), f.number()),
                  f.commit().name()))
              : Optional.empty();
          tips.put(commit, new TipFacts(committed, park, tokens));
        }
        case "targets" -> targets.put(f.next(), f.next());
        case "text" -> {
          if (!f.next().equals(Integer.toString(texts.size()))) {
            throw new IllegalArgumentException("texts out of order");
          }
          texts.add(f.next());
        }
        case "analysis" -> {
          ObjectId tip = f.commit();
          String key = targets.get(f.next());
          if (key == null) {
            throw new IllegalArgumentException("unknown targets");
          }
          String state = f.next();
          OptionalInt ahead = f.optional();
          OptionalInt behind = f.optional();
          int count = (int) f.number();
          List<MergeJudgement> judgements = new ArrayList<>();
          for (int j = 0; j < count; j++) {
            String target = texts.get((int) f.number());
            MergeJudgement.Result result = MergeJudgement.Result.valueOf(f.next());
            String method = f.next();
            MergeJudgement judgement = new MergeJudgement(target, result,
                method.equals("-") ? Optional.empty() : Optional.of(MergeJudgement.Method.valueOf(method)),
                texts.get((int) f.number()));
            judgements.add(judgementPool.computeIfAbsent(judgement, k -> k));
          }
          analyses.computeIfAbsent(key, k -> new HashMap<>()).put(tip, new InventoryBuilder.Analysis(judgements,
              state.equals("-") ? null : BranchState.valueOf(state), ahead, behind));
        }
        case "remote-refs" -> containmentKey = f.next();
        case "contained" -> {
          ObjectId tip = f.commit();
          contained.put(tip, new Containment(tip.name(), f.list(), true));
        }
        case "scanned" -> {
          ObjectId tip = f.commit();
          int walked = (int) f.number();
          progress.put(tip, new ContainmentScanner.Progress(walked, f.list()));
        }
        default -> throw new IllegalArgumentException("unknown record");
      }
      f.requireEnd();
    }
  }

  private static String optional(OptionalInt value) {
    return value.isPresent() ? Integer.toString(value.getAsInt()) : "-";
  }

  private static String line(String... fields) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < fields.length; i++) {
      if (i > 0) {
        out.append('\t');
      }
      String field = fields[i];
      for (int k = 0; k < field.length(); k++) {
        char c = field.charAt(k);
        switch (c) {
          case '\\' -> out.append("\\\\");
          case '\t' -> out.append("\\t");
          case '\n' -> out.append("\\n");
          case '\r' -> out.append("\\r");
          default -> out.append(c);
        }
      }
    }
    return out.toString();
  }

  private static List<String> fields(String line) {
    List<String> fields = new ArrayList<>();
    if (line.indexOf('\\') < 0) {
      int start = 0;
      for (int tab = line.indexOf('\t'); tab >= 0; tab = line.indexOf('\t', start)) {
        fields.add(line.substring(start, tab));
        start = tab + 1;
      }
      fields.add(line.substring(start));
      return fields;
    }
    StringBuilder field = new StringBuilder();
    for (int k = 0; k < line.length(); k++) {
      char c = line.charAt(k);
      if (c == '\t') {
        fields.add(field.toString());
        field.setLength(0);
      } else if (c == '\\') {
        char escaped = line.charAt(++k);
        field.append(switch (escaped) {
          case '\\' -> '\\';
          case 't' -> '\t';
          case 'n' -> '\n';
          case 'r' -> '\r';
          default -> throw new IllegalArgumentException("bad escape");
        });
      } else {
        field.append(c);
      }
    }
    fields.add(field.toString());
    return fields;
  }

  /** The fields of one record, read in order; any shortfall or excess is a corrupt file. */
  private static final class Fields {
    private final List<String> fields;
    private int next;

    Fields(List<String> fields) {
      this.fields = fields;
    }

    String next() {
      return fields.get(next++);
    }

    long number() {
      return Long.parseLong(next());
    }

    ObjectId commit() {
      String id = next();
      if (!ObjectId.isId(id)) {
        throw new IllegalArgumentException("not an object id: " + id);
      }
      return ObjectId.fromString(id);
    }

    OptionalInt optional() {
      String value = next();
      return value.equals("-") ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(value));
    }

    List<String> list() {
      int count = (int) number();
      List<String> values = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        values.add(next());
      }
      return values;
    }

    void requireEnd() {
      if (next != fields.size()) {
        throw new IllegalArgumentException("extra fields");
      }
    }
  }
}
