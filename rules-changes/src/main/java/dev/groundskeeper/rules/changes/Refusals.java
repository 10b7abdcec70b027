package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.ChangeFacts;
import dev.groundskeeper.api.repo.SnapshotEffect;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The judging tail the guards over uncommitted work share: the lines of what would be lost, said
 * once under one opening with the principle, the way out, and in {@code snapshot} mode the copies
 * that let the command run instead.
 */
final class Refusals {

  /** Said when a snapshot-mode verdict cannot be settled by a snapshot. */
  static final String SNAPSHOT_NOTE = "In snapshot mode the host keeps a copy of these files"
      + " outside the repository before the command runs and then lets it run (groundskeeper"
      + " undo brings them back); when the copy cannot be written in full, the command stays"
      + " refused.";

  /**
   * Said in snapshot mode when a refusal's loss is commits (a stash entry, what only a reflog
   * holds, a remote branch's commits): a snapshot copies files, so it cannot settle it.
   */
  static final String COMMITS_NOTE = "Snapshot mode does not cover this: a snapshot keeps"
      + " files, and what this command drops is commits, so it stays refused. Put each commit on a"
      + " branch first (git branch <name> <commit>; the way out names them), then run it: a"
      + " branch keeps them for as long as you want, and deleting it later is your choice.";

  private Refusals() {}

  /**
   * The refusal with {@link #COMMITS_NOTE} added, when a guard over files runs in snapshot mode
   * and the refusal is a commit loss that no snapshot takes.
   */
  static Verdict commitsNoted(Verdict refusal, boolean snapshotMode) {
    if (!snapshotMode || refusal.outcome() != dev.groundskeeper.api.Outcome.DENY) {
      return refusal;
    }
    return new Verdict(refusal.ruleId(), refusal.outcome(), refusal.reason() + "\n"
        + COMMITS_NOTE, refusal.remedy(), refusal.findings(), refusal.effects());
  }

  /** Whether {@code config} runs a guard over files in snapshot mode. */
  static boolean snapshotting(ChangesConfig config) {
    return config.discard().equals(ChangesConfig.SNAPSHOT)
        || config.delete().equals(ChangesConfig.SNAPSHOT);
  }

  /** The line for a repository no fact source describes. */
  static String nothingKnown(String unproven) {
    return "- nothing is known about the repository here (no source offers "
        + ChangeFacts.QUERIES.id() + "), so nothing proves " + unproven;
  }

  /** The line for a fact that could not be read: a loss guard fails closed. */
  static String nothingProven(RuntimeException e) {
    return "- nothing could be proven: " + e.getMessage();
  }

  /** The line for a command that names its place in a way no rule can read. */
  static String cannotBeJudged(String text, String why) {
    return "- `" + text + "` cannot be judged: " + why;
  }

  /** The refusal: {@code opening}, the lines, the principle; then the way out and findings. */
  static Verdict deny(String ruleId, String opening, List<String> lines, Remedy remedy,
      List<Finding> findings) {
    String reason = opening + ":\n" + String.join("\n", lines) + "\n" + Texts.PRINCIPLE;
    return Verdict.deny(ruleId, reason, remedy).withFindings(findings);
  }

  /**
   * What a snapshot would have to keep for a verdict to let the command run: the files of each
   * worktree, and whether every line of the refusal is such a file loss (a dropped stash entry, a
   * .git, or a command that cannot be read is not, and keeps the verdict a plain refusal).
   */
  static final class Keep {
    private final Map<Path, Set<String>> paths = new LinkedHashMap<>();
    private final Map<Path, Set<String>> scopes = new LinkedHashMap<>();
    private boolean complete = true;

    /** Files of {@code top} whose loss one line reported, and the scopes of tracked changes. */
    void files(Path top, List<String> lost, List<String> overwritten) {
      paths.computeIfAbsent(top, t -> new LinkedHashSet<>()).addAll(lost);
      scopes.computeIfAbsent(top, t -> new LinkedHashSet<>()).addAll(overwritten);
    }

    /** A line that no copy of files can answer. */
    void notFiles() {
      complete = false;
    }

    boolean complete() {
      return complete && !paths.isEmpty();
    }

    /** One effect per worktree. */
    List<Effect> effects(String command, String sessionId, SnapshotEffect.Limits limits) {
      List<Effect> effects = new ArrayList<>();
      for (Map.Entry<Path, Set<String>> entry : paths.entrySet()) {
        effects.add(new SnapshotEffect(entry.getKey(), command, sessionId,
            List.copyOf(entry.getValue()), List.copyOf(scopes.get(entry.getKey())), limits));
      }
      return effects;
    }
  }

  /**
   * In snapshot mode, the refusal carrying the snapshots that settle it, when every loss it names
   * is a file loss; otherwise the refusal as it is.
   */
  static Verdict snapshotting(Verdict refusal, boolean snapshotMode, Keep keep, String command,
      String sessionId, SnapshotEffect.Limits limits) {
    if (!snapshotMode || !keep.complete()) {
      return refusal;
    }
    Verdict noted = new Verdict(refusal.ruleId(), refusal.outcome(), refusal.reason() + "\n"
        + SNAPSHOT_NOTE, refusal.remedy(), refusal.findings(), refusal.effects());
    return noted.withEffects(keep.effects(command, sessionId, limits));
  }
}
