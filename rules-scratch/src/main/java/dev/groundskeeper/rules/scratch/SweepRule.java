package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.files.FileFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code scratch.sweep}: reports the files under the roots that need a decision, at session start
 * and when a sweep is requested. It only ever advises.
 */
final class SweepRule implements Rule {

  static final String ID = "scratch.sweep";
  static final RuleInfo INFO = new RuleInfo(ID, "Scratch sweep",
      "Lists stale scratch files and files outside the scratch directory and the stores, each "
          + "with its three choices; silent on a clean tree.",
      Mode.ON, Set.of(Event.SweepRequest.class, Event.SessionStart.class),
      "rules/" + ID + ".md");

  private final ScratchConfig config;

  SweepRule(ScratchConfig config) {
    this.config = config;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    boolean asked = event instanceof Event.SweepRequest;
    // A compaction happens mid-work; the housekeeping list waits for the next session boundary.
    boolean sessionBoundary = event instanceof Event.SessionStart start
        && start.source() != Event.StartSource.COMPACT;
    if (!asked && !sessionBoundary) {
      return Verdict.notApplicable(ID);
    }
    // Outside a repository no source offers the trees: nothing to sweep, not a fault.
    if (facts.find(FileFacts.TREES).isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    SweepReport report = ScratchSweep.scan(config, facts);
    Optional<String> text = ScratchSweep.render(report, config);
    if (text.isEmpty()) {
      return Verdict.allow(ID);
    }
    List<Finding> findings = new ArrayList<>();
    for (SweepReport.Item item : report.listed()) {
      findings.add(new Finding(Finding.Kind.PATH, item.path(), ScratchSweep.why(item, config)));
    }
    return Verdict.advise(ID, text.get()).withFindings(findings);
  }
}
