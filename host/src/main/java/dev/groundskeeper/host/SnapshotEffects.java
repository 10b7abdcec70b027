package dev.groundskeeper.host;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.api.shell.ShellQuoting;
import dev.groundskeeper.git.store.StoreRefusal;
import java.time.Clock;
import java.util.ArrayList;
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

  @Override
  public List<EffectReport> perform(List<Effect> effects, EffectContext context) {
    List<EffectReport> reports = new ArrayList<>();
    for (Effect effect : effects) {
      SnapshotEffect snapshot = (SnapshotEffect) effect;
      try {
        Snapshot taken = snapshots.store().take(snapshot, clock.instant());
        reports.add(EffectReport.done(effect, "kept snapshot " + taken.id() + " ("
            + taken.files().size() + (taken.files().size() == 1 ? " path, " : " paths, ")
            + taken.bytes() + " bytes) of " + taken.top(), List.of(restoreCommand(taken))));
      } catch (StoreRefusal | HostException e) {
        reports.add(EffectReport.refused(effect, e.getMessage()));
      }
    }
    return reports;
  }

  /** The command that puts {@code snapshot} back, as it runs from any directory. */
  static String restoreCommand(Snapshot snapshot) {
    return "cd " + ShellQuoting.path(snapshot.top().toString())
        + " && groundskeeper snapshot restore " + snapshot.id();
  }
}
