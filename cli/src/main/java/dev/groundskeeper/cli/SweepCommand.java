package dev.groundskeeper.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.host.Workspace;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.Verdict;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "sweep", mixinStandardHelpOptions = true,
    description = {
        "Reports on the repository you are in; changes nothing.",
        "",
        "Each rule with something to say adds its section: what it found and the commands that"
            + " deal with it. Outside a repository it reports what needs no repository."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:reported (even when there are findings)",
        "2:the configuration or a plugin is unusable (the message says what and where)"})
final class SweepCommand implements Callable<Integer> {

  static final String SESSION_ID = "groundskeeper-sweep";

  private final Invocation invocation;

  @Option(names = "--json", description = "Print the report as JSON.")
  private boolean json;

  @Option(names = "--pretty", description = "With --json: indent the JSON.")
  private boolean pretty;

  SweepCommand(Invocation invocation) {
    this.invocation = invocation;
  }

  @Override
  public Integer call() {
    Workspace workspace = Workspace.locate(invocation.workingDirectory());
    Policy policy;
    Event.SweepRequest request;
    Facts facts;
    Decision decision;
    Optional<SnapshotListing> snapshots;
    // erased before anything is printed, and on a failure before its message
    try (Progress progress = Progress.of(invocation, "sweep")) {
      progress.say("loading the policy");
      policy = invocation.host().policies().load(workspace);
      EventContext context = EventContext.of(SESSION_ID, workspace.directory())
          .withMode(HookCommand.sessionMode(invocation));
      request = new Event.SweepRequest(context);
      facts = invocation.host().facts(workspace, policy, request);
      progress.say("judging " + workspace.root().map(Object::toString).orElse("the directory"));
      decision = invocation.host().program().render(policy.evaluate(request, facts));
      progress.say("listing the snapshots");
      snapshots = SnapshotListing.of(invocation.host().snapshots(), workspace.directory(),
          policy.config().get(Main.CHANGES).snapshots().keepDays(),
          invocation.clock().instant());
    }
    Debug.ruleFailures(invocation, "sweep", policy, request, facts, decision);
    List<Verdict> sections = decision.verdicts().stream().filter(SweepCommand::speaks).toList();
    int ran = decision.verdicts().size();
    if (json) {
      ObjectNode report = Json.object();
      report.put("directory", workspace.directory().toString());
      workspace.root().ifPresent(root -> report.put("repository", root.toString()));
      report.put("rules_run", ran);
      ArrayNode array = report.putArray("sections");
      sections.forEach(verdict -> array.add(Json.verdict(verdict)));
      snapshots.ifPresent(listing -> listing.json(report.putObject("snapshots")));
      invocation.out().println(Json.text(report, pretty));
    } else {
      printText(invocation.out(), workspace, sections, ran);
      snapshots.ifPresent(listing -> listing.print(invocation.out()));
    }
    return 0;
  }

  private static boolean speaks(Verdict verdict) {
    return verdict.outcome() == Outcome.ADVISE || verdict.outcome() == Outcome.DENY
        || verdict.outcome() == Outcome.COULD_NOT_JUDGE;
  }

  private static String spoke(int count) {
    return switch (count) {
      case 0 -> "none has anything to say";
      case 1 -> "1 has something to say";
      default -> count + " have something to say";
    };
  }

  /** Rule texts quote branch names and paths others control: escaped before the terminal. */
  private static void printText(PrintStream out, Workspace workspace, List<Verdict> sections,
      int ran) {
    String where = workspace.root().map(root -> "repository " + root)
        .orElse(workspace.directory() + " (not in a git repository)");
    out.println("Sweep of " + where + ": " + ran + (ran == 1 ? " rule" : " rules")
        + " looked, " + spoke(sections.size()) + ".");
    for (Verdict verdict : sections) {
      out.println();
      String prefix = verdict.outcome() == Outcome.COULD_NOT_JUDGE ? "could not judge: " : "";
      // Control characters are escaped, backslashes kept: a remedy may quote a file name in
      // bash's $'…' form, which must still work when pasted.
      out.println(SafeText.escapeControls("[" + verdict.ruleId() + "] " + prefix
          + verdict.reason()));
      for (Finding finding : verdict.findings()) {
        // The JSON report keeps every finding; the text does not repeat one that the
        // section's own text already names with the same detail.
        if (!names(verdict.reason(), finding)) {
          out.println(SafeText.escape("  - " + Json.word(finding.kind()) + " "
              + finding.subject() + (finding.detail().isEmpty() ? "" : ": " + finding.detail())));
        }
      }
      verdict.remedy().ifPresent(remedy -> out.println(
          SafeText.escapeControls(remedy.render().indent(2).stripTrailing())));
    }
  }

  private static boolean names(String text, Finding finding) {
    String subject = SafeText.escape(finding.subject());
    return (text.contains(finding.subject()) || text.contains(subject))
        && text.contains(finding.detail());
  }
}
