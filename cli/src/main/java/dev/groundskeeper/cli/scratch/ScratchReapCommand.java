package dev.groundskeeper.cli.scratch;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.files.RemoveScratchSpace;
import dev.groundskeeper.host.EffectReport;
import dev.groundskeeper.host.ScratchSpaces;
import dev.groundskeeper.rules.scratch.ScratchConfig;
import dev.groundskeeper.rules.scratch.ScratchReaper;
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
@API(status = API.Status.INTERNAL)
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
public final class ScratchReapCommand implements Callable<Integer> {

  private final ScratchCommand.Context context;

  @Option(names = "--dry-run", description = "Only list; wins over --yes.")
  private boolean dryRun;

  @Option(names = "--yes", description = "Remove the idle spaces.")
  private boolean yes;

  public ScratchReapCommand(ScratchCommand.Context context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    ScratchConfig config = ScratchCommand.config(context);
    PrintStream out = context.out();
    Optional<String> outside = ScratchCommand.outsideRepository(context);
    if (outside.isPresent()) {
      out.println("No per-session scratch spaces to reap: " + outside.get() + ".");
      return 0;
    }
    ScratchReaper.ReapPlan plan = ScratchReaper.plan(config, ScratchCommand.facts(context));
    if (!plan.configured()) {
      out.println("No per-session scratch spaces to reap: scratch.spaces.pattern is not set.");
      return 0;
    }
    String parent = plan.parent().orElseThrow();
    int ttl = config.spaces().ttlDays();
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
      return 0;
    }
    if (dryRun || !yes) {
      out.println(context.program().render("Nothing removed. Run `groundskeeper scratch reap"
          + " --yes` to remove " + (plan.idle().size() == 1 ? "it." : "them.")));
      return 0;
    }
    boolean allApplied = true;
    List<RemoveScratchSpace> removals = plan.effects();
    List<EffectReport> reports = ScratchSpaces.remove(ScratchCommand.base(context), removals);
    for (int i = 0; i < removals.size(); i++) {
      EffectReport report = reports.get(i);
      out.println((report.done() ? "removed " : "kept ") + removals.get(i).space()
          + (report.done() ? "" : ": " + report.message()));
      allApplied &= report.done();
    }
    return allApplied ? 0 : 1;
  }

  private static String days(Duration quiet) {
    long days = quiet.toDays();
    return days + (days == 1 ? " day" : " days");
  }
}
