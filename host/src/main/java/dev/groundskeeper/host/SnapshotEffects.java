package dev.groundskeeper.host;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.api.shell.ShellQuoting;
import dev.groundskeeper.git.store.StoreRefusal;
import java.time.Clock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.List;

/**
 * Takes the snapshots {@code snapshot} mode asks for, before the command runs. A snapshot that
 * cannot be taken in full is reported refused or failed, and {@link Host#settle} then keeps the
 * verdict a refusal: no command is let through on a copy that was not written.
 */
final class SnapshotEffects implements EffectPerformer {

  private final Snapshots snapshots;
  private final Clock clock;

  SnapshotEffects(Snapshots snapshots, Clock clock) {
    this.snapshots = snapshots;
    this.clock = clock;
  }

  @Override
  public boolean handles(Effect effect) {
    return effect instanceof SnapshotEffect;
  }

  /**
   * One snapshot per worktree for the whole call: `git reset --hard && git clean -fdx` asks
   * through two rules, and one `groundskeeper undo` must bring back both halves.
   */
  @Override
  public List<EffectReport> perform(List<Effect> effects, EffectContext context) {
    Map<Path, List<SnapshotEffect>> byWorktree = new LinkedHashMap<>();
    for (Effect effect : effects) {
      SnapshotEffect snapshot = (SnapshotEffect) effect;
      byWorktree.computeIfAbsent(snapshot.top(), top -> new ArrayList<>()).add(snapshot);
    }
    Map<Effect, EffectReport> reports = new IdentityHashMap<>();
    // the one regenerable setting the guards judged with: no loss to them, so not copied
    Regenerable regenerable = regenerable(context);
    for (List<SnapshotEffect> asked : byWorktree.values()) {
      SnapshotEffect merged = merge(asked);
      EffectReport.Status status;
      String message;
      List<String> restore = List.of();
      try {
        Snapshot taken = snapshots.store().take(merged, clock.instant(), regenerable::covers);
        status = EffectReport.Status.DONE;
        message = "kept snapshot " + taken.id() + " (" + taken.files().size()
            + (taken.files().size() == 1 ? " path, " : " paths, ") + taken.bytes()
            + " bytes) of " + taken.top();
        restore = List.of(restoreCommand(taken));
      } catch (StoreRefusal | HostException e) {
        status = EffectReport.Status.REFUSED;
        message = e.getMessage();
      }
      for (SnapshotEffect effect : asked) {
        reports.put(effect, new EffectReport(effect, status, message, restore));
      }
    }
    List<EffectReport> ordered = new ArrayList<>();
    effects.forEach(effect -> ordered.add(reports.get(effect)));
    return ordered;
  }

  private static Regenerable regenerable(EffectContext context) {
    try {
      return context.facts().find(Regenerable.FACT).orElse(Regenerable.defaults());
    } catch (RuntimeException e) {
      return Regenerable.of(java.util.List.of(), Regenerable.DEFAULT_SCRATCH_DIRECTORY);
    }
  }

  /** The paths and scopes of every effect on one worktree, under the first one's caps. */
  private static SnapshotEffect merge(List<SnapshotEffect> asked) {
    if (asked.size() == 1) {
      return asked.get(0);
    }
    Set<String> paths = new LinkedHashSet<>();
    Set<String> scopes = new LinkedHashSet<>();
    for (SnapshotEffect effect : asked) {
      paths.addAll(effect.paths());
      scopes.addAll(effect.scopes());
    }
    SnapshotEffect first = asked.get(0);
    return new SnapshotEffect(first.top(), first.command(), first.sessionId(),
        List.copyOf(paths), List.copyOf(scopes), first.limits());
  }

  /** The command that puts {@code snapshot} back, as it runs from any directory. */
  static String restoreCommand(Snapshot snapshot) {
    return "cd " + ShellQuoting.path(snapshot.top().toString())
        + " && groundskeeper snapshot restore " + snapshot.id();
  }
}
