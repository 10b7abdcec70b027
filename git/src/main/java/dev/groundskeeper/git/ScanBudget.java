package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.RepositorySettings;

/**
 * The commits and time one reading may spend walking history. Once spent, every judgement still
 * open reads "not proven", never "merged". The time counts from the first commit visited or the
 * first check: opening the repository (in a new JVM, mostly loading JGit) is not walking, and a
 * slow start must not leave a small repository "not proven".
 */
final class ScanBudget {

  private final long maxCommits;
  private final long budgetNanos;
  private long deadlineNanos;
  private boolean started;
  private long visited;
  private boolean exhausted;

  ScanBudget(RepositorySettings.ScanLimits limits) {
    this.maxCommits = limits.maxCommits();
    this.budgetNanos = limits.budget().toNanos();
  }

  /** Counts one visited commit; false once the bound is reached. */
  boolean visit() {
    if (exhausted) {
      return false;
    }
    start();
    visited++;
    // The clock is read every 256 commits: cheap, and fine-grained enough for a 1 s budget.
    if (visited > maxCommits || (visited & 0xff) == 0 && System.nanoTime() > deadlineNanos) {
      exhausted = true;
    }
    return !exhausted;
  }

  /** False once the time is spent, for work counted in units other than commits. */
  boolean inTime() {
    start();
    if (!exhausted && System.nanoTime() > deadlineNanos) {
      exhausted = true;
    }
    return !exhausted;
  }

  private void start() {
    if (!started) {
      started = true;
      deadlineNanos = System.nanoTime() + budgetNanos;
    }
  }

  boolean exhausted() {
    return exhausted;
  }

  String describe() {
    return "scan bound reached (" + maxCommits + " commits or the time budget)";
  }
}
