package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchTip;
import dev.groundskeeper.api.repo.RepoFacts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Warns when a new branch looks like an open one: the same stem, or a shared issue or plan
 * number. A heuristic, so it only ever advises.
 */
final class DuplicateStemRule implements Rule {

  static final String ID = "branches.duplicate-stem";

  static final RuleInfo INFO = new RuleInfo(ID, "New branch duplicates an open one",
      "Advises continuing on the open branch when a new branch has the same stem or shares an"
          + " issue or plan number with it; never refuses.",
      Mode.WARN, Creations.EVENTS, "rules/" + ID + ".md");

  private final BranchesConfig config;

  DuplicateStemRule(BranchesConfig config) {
    this.config = config;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    Creations.Reading reading = Creations.read(event, facts);
    if (!reading.creates() || reading.names().isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    Scope scope = Scopes.of(config, facts);
    String remote = config.remote();
    List<BranchTip> tips = facts.get(RepoFacts.BRANCH_TIPS);
    Optional<BranchInventory> inventory = Scopes.inventory(facts);
    Instant now = facts.get(Facts.NOW);
    List<String> lines = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    List<String> commands = new ArrayList<>();
    TipsIndex index = TipsIndex.of(tips, scope, config, facts);
    for (String name : reading.names()) {
      String stem = Stems.stem(name, remote);
      Map<String, String> similar = new LinkedHashMap<>();
      if (!stem.isEmpty()) {
        index.withStem(stem).forEach(t -> similar.putIfAbsent(t.name(),
            "has the same stem `" + stem + "`"));
      }
      for (String number : Stems.numberTokens(name, remote)) {
        index.withNumber(number).forEach(t -> similar.putIfAbsent(t.name(),
            "shares the number " + number));
      }
      similar.remove(name);
      for (Map.Entry<String, String> entry : similar.entrySet()) {
        String other = entry.getKey();
        String why = entry.getValue();
        Optional<BranchTip> tip = index.withStem(Stems.stem(other, remote)).stream()
            .filter(t -> t.name().equals(other)).findFirst()
            .or(() -> tips.stream().filter(t -> t.name().equals(other)).findFirst());
        Optional<BranchRecord> record = inventory.map(found -> IdleIndex.byName(found, facts))
            .map(records -> records.get(other));
        String described = record.map(r -> BranchLines.line(r, now)).orElse(other);
        // "the same stem as" a branch, but "shares a number with" it.
        String joiner = why.startsWith("shares") ? " with " : " as ";
        lines.add("- `" + name + "` " + why + joiner + described);
        findings.add(new Finding(Finding.Kind.BRANCH, other, why));
        boolean local = tip.map(BranchTip::local).orElse(true);
        commands.add(record.flatMap(BranchRecord::worktree)
            .map(path -> "cd " + path)
            .orElse(local ? "git switch " + BranchLines.word(other)
                : "git switch --track " + BranchLines.word(remote + "/" + other)));
      }
    }
    if (lines.isEmpty()) {
      return Verdict.allow(ID);
    }
    String reason = "This new branch looks like work that is already open:\n"
        + String.join("\n", lines)
        + "\nContinue there instead of starting over, unless it really is separate work.";
    return Verdict.advise(ID, reason)
        .withRemedy(new Remedy("Continue on the open branch:", commands))
        .withFindings(findings);
  }
}
