package dev.groundskeeper.cli.snapshot;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.cli.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The {@code --json} of {@code snapshot list} and {@code snapshot show}: the same facts as their
 * text, in the one JSON style (cli {@link Json}); every {@code groundskeeper VERB} command in it
 * is rendered as the caller runs it.
 */
final class SnapshotJson {

  private SnapshotJson() {}

  /** The listing: the worktree, each snapshot newest first, the damaged directories. */
  static ObjectNode list(SnapshotContext context, Path dir, List<Snapshot> snapshots) {
    ObjectNode report = Json.object();
    report.put("worktree", context.snapshots().worktree(dir).toString());
    report.put("keep_days", context.keepDays());
    ArrayNode rows = report.putArray("snapshots");
    int expired = 0;
    for (Snapshot snapshot : snapshots) {
      rows.add(summary(context, snapshot));
      expired += SnapshotCommand.expired(context, snapshot) ? 1 : 0;
    }
    Json.strings(report, "damaged", context.snapshots().damaged(dir));
    if (expired > 0) {
      report.put("drop_expired", "groundskeeper snapshot drop --expired --yes");
    }
    return render(context, report);
  }

  /** One snapshot in detail: its summary, each path and what a restore does, the diffs shown. */
  static ObjectNode show(SnapshotContext context, Snapshot snapshot, Snapshot.Restore plan,
      List<String> paths, List<SnapshotCommand.Shown> diffs, List<SnapshotCommand.Shown> staged,
      SnapshotCommand.Tally tally) {
    ObjectNode report = summary(context, snapshot);
    report.put("worktree", snapshot.top().toString());
    ArrayNode files = report.putArray("files");
    for (Snapshot.File file : snapshot.files()) {
      if (!paths.isEmpty() && !paths.contains(file.path())) {
        continue;
      }
      ObjectNode row = files.addObject()
          .put("path", file.path())
          .put("kind", file.kind().name().toLowerCase(Locale.ROOT));
      if (file.kind() == Snapshot.Kind.FILE) {
        row.put("size", file.size());
      }
      row.put("staged", file.staged());
      row.put("restore", plan.conflicts().contains(file.path()) ? "conflict"
          : plan.unchanged().contains(file.path()) ? "unchanged" : "write");
    }
    diffs(report.putArray("diff"), diffs);
    diffs(report.putArray("staged_diff"), staged);
    if (tally.left > 0) {
      report.putObject("not_shown")
          .put("lines", tally.left)
          .put("paths", tally.pathsLeft)
          .put("command", "groundskeeper snapshot show " + snapshot.id() + " --full");
    }
    report.put("restore_refused", plan.refused());
    report.put("restore_command", "groundskeeper snapshot restore " + snapshot.id());
    return render(context, report);
  }

  private static ObjectNode summary(SnapshotContext context, Snapshot snapshot) {
    ObjectNode row = Json.object()
        .put("id", snapshot.id())
        .put("created", snapshot.created().toString());
    if (!snapshot.sessionId().isEmpty()) {
      row.put("session", snapshot.sessionId());
    }
    return row.put("command", snapshot.command())
        .put("paths", snapshot.files().size())
        .put("bytes", snapshot.bytes())
        .put("expired", SnapshotCommand.expired(context, snapshot));
  }

  private static void diffs(ArrayNode array, List<SnapshotCommand.Shown> shown) {
    for (SnapshotCommand.Shown part : shown) {
      ObjectNode row = array.addObject().put("path", part.diff().path())
          .put("binary", part.diff().binary());
      Json.strings(row, "lines", part.diff().lines().subList(0, part.lines()));
      int left = part.diff().lines().size() - part.lines();
      if (left > 0) {
        row.put("lines_not_shown", left);
      }
    }
  }

  /**
   * The commands written as this call runs them. The snapshot's own command and its paths are
   * data, and stay as they were: only the report's recommendations are rendered.
   */
  private static ObjectNode render(SnapshotContext context, ObjectNode report) {
    for (String field : List.of("drop_expired", "restore_command")) {
      if (report.has(field)) {
        report.put(field, context.program().render(report.get(field).asText()));
      }
    }
    if (report.has("not_shown")) {
      ObjectNode notShown = (ObjectNode) report.get("not_shown");
      notShown.put("command", context.program().render(notShown.get("command").asText()));
    }
    return report;
  }
}
