package dev.groundskeeper.examples.docs;

// snippet: rule
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import java.util.List;
import java.util.Set;

/** Denies writing a secrets file such as {@code .env}; the agent should ask for the values. */
final class EnvFileRule implements Rule {

  static final String ID = "secrets.env-files";

  private static final RuleInfo INFO = new RuleInfo(ID,
      "Agents do not write secrets files",
      "Denies creating or changing .env files; secrets come from the person, not the agent.",
      Mode.BLOCK, Set.of(Event.FileWriteEvent.class), "rules/" + ID + ".md");

  private final Set<String> fileNames;

  EnvFileRule(List<String> fileNames) {
    this.fileNames = Set.copyOf(fileNames);
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.FileWriteEvent write)) {
      return Verdict.notApplicable(ID);
    }
    String name = write.path().getFileName().toString();
    if (!fileNames.contains(name)) {
      return Verdict.allow(ID);
    }
    return Verdict.deny(ID, name + " holds secrets, which an agent should never write.",
            Remedy.describe("Write the keys without values to " + name + ".example and ask "
                + "the person to fill in " + name + "."))
        .withFindings(List.of(Finding.of(Finding.Kind.PATH, write.path().toString())));
  }
}
// end snippet
