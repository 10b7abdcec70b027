package dev.groundskeeper.cli.scratch;

import dev.groundskeeper.cli.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.files.RemoveScratchSpace;
import dev.groundskeeper.host.EffectReport;
import dev.groundskeeper.host.ScratchSpaces;
import dev.groundskeeper.rules.scratch.ScratchConfig;
import dev.groundskeeper.rules.scratch.ScratchReaper;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code groundskeeper scratch reap [--dry-run] [--yes]}: lists the per-session scratch spaces
 * idle longer than {@code scratch.spaces.ttl_days}, and removes them only with {@code --yes}.
 */
@Command(name = "reap", mixinStandardHelpOptions = true,
    description = {
        "Lists per-session scratch spaces idle longer than scratch.spaces.ttl_days; removes them"
            + " only with --yes.",
        "",
        "Never follows a symbolic link and never touches anything outside the directory"
            + " scratch.spaces.pattern names; each removal re-checks that nothing changed."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:listed, or every idle space removed",
        "1:a removal was refused or failed (the message says which and why)",
        "2:the configuration or a plugin is unusable, or bad usage"})
final class ScratchReapCommand implements Callable<Integer> {

  private final ScratchCommand.Context context;

  @Option(names = "--dry-run", description = "Only list; wins over --yes.")
  private boolean dryRun;

  @Option(names = "--yes", description = "Remove the idle spaces.")
  private boolean yes;

  @Option(names = "--json", description = "Print what is idle, kept, removed and refused as one"
      + " JSON object.")
  private boolean json;

  @Option(names = "--pretty", description = "With --json: indent the JSON.")
  private boolean pretty;

  
  /** The --json report: every field present from the start, filled as the run goes. */
  private final ObjectNode report = Json.object();

  ScratchReapCommand(ScratchCommand.Context context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    ScratchConfig config = ScratchCommand.config(context);
    PrintStream out = json ? new PrintStream(OutputStream.nullOutputStream()) : context.out();
    int ttl = config.spaces().ttlDays();
    report.put("configured", false).put("parent", "").put("ttl_days", ttl)
        .put("dry_run", dryRun || !yes);
    ArrayNode idleNode = report.putArray("idle");
    ArrayNode keptNode = report.putArray("kept");
    ArrayNode removedNode = report.putArray("removed");
    ArrayNode refusedNode = report.putArray("refused");
    report.put("message", "");
    Optional<String> outside = ScratchCommand.outsideRepository(context);
    if (outside.isPresent()) {
      return done(out, "No per-session scratch spaces to reap: " + outside.get() + ".", 0);
    }
    ScratchReaper.ReapPlan plan = ScratchReaper.plan(config, ScratchCommand.facts(context));
    if (!plan.configured()) {
      return done(out, "No per-session scratch spaces to reap: scratch.spaces.pattern is not"
          + " set.", 0);
    }
    String parent = plan.parent().orElseThrow();
    report.put("configured", true).put("parent", parent);
    for (ScratchReaper.Idle idle : plan.idle()) {
      idleNode.addObject().put("name", idle.space().name())
          .put("path", parent + idle.space().name()).put("idle_days", idle.quiet().toDays())
          .put("entries", idle.space().entries());
    }
    for (ScratchReaper.Kept kept : plan.kept()) {
      keptNode.addObject().put("name", kept.space().name())
          .put("path", parent + kept.space().name()).put("why", kept.why());
    }
    if (plan.idle().isEmpty()) {
      out.println("No scratch space under " + parent + " has been idle longer than " + ttl
          + (ttl == 1 ? " day." : " days."));
    } else {
      out.println(plan.idle().size() + (plan.idle().size() == 1 ? " space" : " spaces")
          + " under " + parent + " idle longer than " + ttl + (ttl == 1 ? " day:" : " days:"));
      for (ScratchReaper.Idle idle : plan.idle()) {
        out.println("  - " + parent + idle.space().name() + " (idle " + days(idle.quiet())
            + ", " + idle.space().entries() + (idle.space().entries() == 1 ? " entry)"
            : " entries)"));
      }
    }
    for (ScratchReaper.Kept kept : plan.kept()) {
      out.println("  kept " + parent + kept.space().name() + ": " + kept.why());
    }
    if (plan.idle().isEmpty()) {
      report.put("message", "No scratch space under " + parent + " has been idle longer than "
          + ttl + (ttl == 1 ? " day." : " days."));
      return done(out, "", 0);
    }
    if (dryRun || !yes) {
      return done(out, context.program().render("Nothing removed. Run `groundskeeper scratch"
          + " reap --yes` to remove " + (plan.idle().size() == 1 ? "it." : "them.")), 0);
    }
    boolean allApplied = true;
    List<RemoveScratchSpace> removals = plan.effects();
    List<EffectReport> reports = ScratchSpaces.remove(ScratchCommand.base(context), removals);
    for (int i = 0; i < removals.size(); i++) {
      EffectReport report = reports.get(i);
      out.println((report.done() ? "removed " : "kept ") + removals.get(i).space()
          + (report.done() ? "" : ": " + report.message()));
      allApplied &= report.done();
      if (report.done()) {
        removedNode.addObject().put("path", removals.get(i).space().toString());
      } else {
        refusedNode.addObject().put("path", removals.get(i).space().toString())
            .put("why", report.message());
      }
    }
    report.put("message", allApplied ? "Every idle space removed."
        : "A removal was refused or failed; see refused.");
    return done(out, "", allApplied ? 0 : 1);
  }

  /**
   * Ends the run: {@code line} (when not empty) for a person, and kept as the JSON's message;
   * with --json the one object on standard output instead.
   */
  private int done(PrintStream out, String line, int code) {
    if (!line.isEmpty()) {
      out.println(line);
      report.put("message", line);
    }
    if (json) {
      context.out().println(Json.text(report, pretty));
    }
    return code;
  }

  private static String days(Duration quiet) {
    long days = quiet.toDays();
    return days + (days == 1 ? " day" : " days");
  }
}
