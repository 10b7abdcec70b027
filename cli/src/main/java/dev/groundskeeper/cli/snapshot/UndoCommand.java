package dev.groundskeeper.cli.snapshot;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.repo.Snapshot;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code groundskeeper undo}: restores the latest snapshot of this worktree (or of a session). */
@API(status = API.Status.INTERNAL)
@Command(name = "undo", mixinStandardHelpOptions = true,
    description = {"Restores the latest snapshot of this worktree, as groundskeeper snapshot"
        + " restore does: nothing changed since the discard is overwritten."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:restored (or would be, with --dry-run)",
        "1:refused: a path changed since, or no snapshot to restore",
        "2:not in a worktree, or the store is unusable"})
public final class UndoCommand implements Callable<Integer> {

  private final SnapshotContext context;
  @CommandLine.Mixin
  SnapshotCommand.Where where = new SnapshotCommand.Where();
  @Option(names = "--session", paramLabel = "ID", description = "The latest snapshot of this"
      + " session only.")
  String session;
  @Option(names = {"-n", "--dry-run"}, description = "Say what would be restored; write"
      + " nothing.")
  boolean dryRun;

  /**
   * The {@code undo} command; it restores nothing until it runs.
   *
   * @param context the snapshot store, the directory {@code -C} is resolved against and the
   *     streams it reports on
   */
  public UndoCommand(SnapshotContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Path dir = where.of(context);
    Optional<Snapshot> latest = context.snapshots().latest(dir, Optional.ofNullable(session));
    if (latest.isEmpty()) {
      context.err().println("groundskeeper undo: no snapshot of "
          + context.snapshots().worktree(dir) + (session == null ? "" : " from session "
              + SafeText.escape(session)) + " to restore (snapshots are taken only in snapshot"
          + " mode: changes.discard: snapshot)");
      return SnapshotCommand.REFUSED;
    }
    Snapshot snapshot = latest.get();
    return SnapshotCommand.report(context, snapshot,
        context.snapshots().restore(dir, snapshot.id(), dryRun), dryRun);
  }
}
