package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.FactsBuilder;
import dev.groundskeeper.api.files.ContextUsage;
import dev.groundskeeper.api.files.EntryKind;
import dev.groundskeeper.api.files.FileEntry;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.files.ListingBudget;
import dev.groundskeeper.api.files.NudgeState;
import dev.groundskeeper.api.files.ScratchSpace;
import dev.groundskeeper.api.files.TreeListing;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** An in-memory checkout for the file facts: files with sizes and times, a clock, a transcript. */
final class MemoryFiles {

  static final Path ROOT = Path.of("/work/repo");
  static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");

  private final TreeMap<String, FileEntry> files = new TreeMap<>();
  private final Set<String> links = new java.util.HashSet<>();
  private final Map<Path, NudgeState> states = new HashMap<>();
  private Optional<ContextUsage> usage = Optional.empty();

  MemoryFiles file(String path, Duration age) {
    return file(path, 100, age);
  }

  MemoryFiles file(String path, long size, Duration age) {
    files.put(path, new FileEntry(path, EntryKind.FILE, size, NOW.minus(age)));
    return this;
  }

  MemoryFiles link(String path, Duration age) {
    files.put(path, new FileEntry(path, EntryKind.SYMLINK, 10, NOW.minus(age)));
    links.add(path);
    return this;
  }

  MemoryFiles usage(long tokens) {
    usage = Optional.of(new ContextUsage(tokens));
    return this;
  }

  MemoryFiles state(Path file, NudgeState state) {
    states.put(file, state);
    return this;
  }

  Facts facts() {
    return builder().build();
  }

  FactsBuilder builder() {
    return Facts.builder()
        .value(Facts.NOW, NOW)
        .value(FileFacts.WORKTREE_ROOT, ROOT)
        .value(FileFacts.PATHS, path -> exists(relative(path)))
        .value(FileFacts.TREES, this::list)
        .value(FileFacts.TRANSCRIPTS, transcript -> usage)
        .value(FileFacts.NUDGE_STATES, file -> Optional.ofNullable(states.get(file)))
        .value(FileFacts.SCRATCH_SPACES, this::spaces);
  }

  private boolean exists(String path) {
    return files.containsKey(path) || files.keySet().stream().anyMatch(f -> f.startsWith(path + "/"));
  }

  private static String relative(Path path) {
    Path absolute = ROOT.resolve(path).normalize();
    return ROOT.relativize(absolute).toString();
  }

  private TreeListing list(Path directory, ListingBudget budget, Set<String> prune) {
    String prefix = relative(directory) + "/";
    Path root = ROOT.resolve(directory).normalize();
    List<FileEntry> entries = new ArrayList<>();
    Set<String> directories = new java.util.LinkedHashSet<>();
    for (FileEntry file : files.values()) {
      if (!file.path().startsWith(prefix)) {
        continue;
      }
      String below = file.path().substring(prefix.length());
      if (prune.stream().anyMatch(p -> below.startsWith(p + "/"))) {
        continue;
      }
      int slash = below.indexOf('/');
      while (slash > 0) {
        directories.add(below.substring(0, slash));
        slash = below.indexOf('/', slash + 1);
      }
      entries.add(new FileEntry(below, file.kind(), file.size(), file.modified()));
    }
    if (entries.isEmpty()) {
      return TreeListing.missing(root);
    }
    for (String dir : directories) {
      entries.add(new FileEntry(dir, EntryKind.DIRECTORY, 0, NOW.minus(Duration.ofDays(400))));
    }
    if (entries.size() > budget.maxEntries()) {
      return new TreeListing(root, true, entries.subList(0, budget.maxEntries()),
          Optional.of(TreeListing.Stop.ENTRIES), 0);
    }
    return TreeListing.complete(root, entries);
  }

  private List<ScratchSpace> spaces(Path parent, ListingBudget budget) {
    String prefix = relative(parent) + "/";
    Map<String, List<FileEntry>> byName = new TreeMap<>();
    for (FileEntry file : files.values()) {
      if (file.path().startsWith(prefix)) {
        String below = file.path().substring(prefix.length());
        String name = below.contains("/") ? below.substring(0, below.indexOf('/')) : below;
        byName.computeIfAbsent(name, n -> new ArrayList<>()).add(file);
      }
    }
    List<ScratchSpace> spaces = new ArrayList<>();
    byName.forEach((name, entries) -> {
      Instant newest = entries.stream().map(FileEntry::modified).max(Instant::compareTo)
          .orElseThrow();
      boolean link = links.contains(prefix + name);
      spaces.add(new ScratchSpace(ROOT.resolve(prefix + name), name, link, newest,
          entries.size(), entries.size() <= budget.maxEntries()));
    });
    return spaces;
  }
}
