package dev.groundskeeper.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.host.HostException;
import dev.groundskeeper.host.Snapshots;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The snapshots section of {@code sweep}: how many snapshots the worktree keeps, the oldest, the
 * ones past {@code changes.snapshots.keep_days} and the command that drops those. It lists and
 * never deletes: an expired snapshot stays until a person drops it, and the bulk drop it names
 * needs {@code --yes}.
 */
record SnapshotListing(Path top, List<Snapshot> snapshots, List<String> damaged, int keepDays,
    List<Snapshot> expired, Optional<String> problem) {

  /** How many expired snapshots the text names one by one; the rest are counted. */
  static final int NAMED = 5;
  static final String DROP_EXPIRED = "groundskeeper snapshot drop --expired --yes";

  /**
   * The listing for the worktree holding {@code directory}; empty outside a worktree, or when
   * it keeps no snapshot (sweep then says nothing about snapshots).
   */
  static Optional<SnapshotListing> of(Snapshots store, Path directory, int keepDays,
      Instant now) {
    Path top;
    try {
      top = store.worktree(directory);
    } catch (HostException e) {
      return Optional.empty(); // not a worktree: no snapshot can belong to it
    }
    List<Snapshot> snapshots;
    List<String> damaged;
    try {
      snapshots = store.list(directory);
      damaged = store.damaged(directory);
    } catch (HostException e) {
      return Optional.of(new SnapshotListing(top, List.of(), List.of(), keepDays, List.of(),
          Optional.of(e.getMessage())));
    }
    if (snapshots.isEmpty() && damaged.isEmpty()) {
      return Optional.empty();
    }
    Instant cutoff = now.minus(Duration.ofDays(keepDays));
    List<Snapshot> expired = snapshots.stream().filter(s -> s.created().isBefore(cutoff))
        .toList();
    return Optional.of(new SnapshotListing(top, snapshots, damaged, keepDays, expired,
        Optional.empty()));
  }

  /** The oldest snapshot (the list is newest first). */
  Optional<Snapshot> oldest() {
    return snapshots.isEmpty() ? Optional.empty()
        : Optional.of(snapshots.get(snapshots.size() - 1));
  }

  void print(PrintStream out) {
    out.println();
    if (problem.isPresent()) {
      out.println(SafeText.escape("[snapshots] could not be listed: " + problem.get()));
      return;
    }
    long bytes = snapshots.stream().mapToLong(Snapshot::bytes).sum();
    out.println(SafeText.escape("[snapshots] " + count(snapshots.size(), "snapshot") + " of "
        + top + " (" + bytes + " bytes)" + oldest().map(s -> ", the oldest " + s.id()
            + " from " + s.created()).orElse("") + "; " + (expired.isEmpty()
            ? "none is older than " + keepDays + " days"
            : count(expired.size(), "snapshot") + " older than " + keepDays + " days"
                + " (changes.snapshots.keep_days), kept until you drop "
                + (expired.size() == 1 ? "it" : "them"))));
    for (int i = 0; i < Math.min(NAMED, expired.size()); i++) {
      Snapshot s = expired.get(expired.size() - 1 - i); // oldest first
      out.println(SafeText.escape("  - expired " + s.id() + ": " + count(s.files().size(),
          "path") + ", before `" + s.command() + "`"));
    }
    if (expired.size() > NAMED) {
      out.println("  - and " + (expired.size() - NAMED) + " more expired");
    }
    if (!damaged.isEmpty()) {
      out.println("  - " + count(damaged.size(), "damaged snapshot directory")
          .replace("directorys", "directories") + " (no readable manifest)");
    }
    out.println("  See them: groundskeeper snapshot list; one in detail: groundskeeper"
        + " snapshot show <id>.");
    if (!expired.isEmpty()) {
      out.println("  Drop the expired ones (this cannot be undone): " + DROP_EXPIRED);
      out.println("  Or one at a time: groundskeeper snapshot drop <id>");
    }
  }

  void json(ObjectNode node) {
    node.put("worktree", top.toString());
    problem.ifPresent(p -> node.put("problem", p));
    node.put("count", snapshots.size());
    node.put("bytes", snapshots.stream().mapToLong(Snapshot::bytes).sum());
    node.put("keep_days", keepDays);
    oldest().ifPresent(s -> node.put("oldest", s.id()));
    ArrayNode ids = node.putArray("expired");
    expired.forEach(s -> ids.add(s.id()));
    ArrayNode broken = node.putArray("damaged");
    damaged.forEach(broken::add);
    if (!expired.isEmpty()) {
      node.put("drop_expired", DROP_EXPIRED);
    }
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
