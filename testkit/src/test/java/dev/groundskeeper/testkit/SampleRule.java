package dev.groundskeeper.testkit;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Fact;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import java.util.List;
import java.util.Set;

/**
 * A small rule for the test kit's own tests: denies {@code rm -rf} of a path the
 * {@link #KEPT} fact names, advises on any other {@code rm -rf}, allows other commands.
 */
final class SampleRule implements Rule {

  static final String ID = "sample.keep-paths";
  static final Fact<Set<String>> KEPT = Fact.of("sample.kept", "paths that must stay");

  private static final RuleInfo INFO = new RuleInfo(ID, "Keep paths",
      "Refuses to remove kept paths.", Mode.BLOCK, Set.of(Event.CommandEvent.class),
      "rules/" + ID + ".md");

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.CommandEvent command)) {
      return Verdict.notApplicable(ID);
    }
    String text = command.command().trim();
    if (!text.startsWith("rm -rf ")) {
      return Verdict.allow(ID);
    }
    String path = text.substring("rm -rf ".length()).trim();
    if (facts.get(KEPT).contains(path)) {
      return Verdict.deny(ID, path + " is kept; removing it loses work",
          Remedy.run("Move it aside instead:", "mv " + path + " " + path + ".old"))
          .withFindings(List.of(Finding.of(Finding.Kind.PATH, path)));
    }
    return Verdict.advise(ID, "rm -rf of " + path + " cannot be undone");
  }
}
