package dev.groundskeeper.cli.scratch;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.cli.Json;
import dev.groundskeeper.rules.scratch.ScratchConfig;
import dev.groundskeeper.rules.scratch.ScratchSweep;
import dev.groundskeeper.rules.scratch.SweepReport;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code groundskeeper scratch sweep [--json]}: the scratch section of the sweep alone.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
    description = {
        "Lists the files under the scratch roots that need a decision; changes nothing.",
        "",
        "Stale scratch files and files outside the scratch directory and the registered stores,"
            + " each with its three choices. Silent on a clean tree apart from one line saying so."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:reported (even when there are findings)",
        "2:the configuration or a plugin is unusable, or bad usage"})
final class ScratchSweepCommand implements Callable<Integer> {

  private final ScratchCommand.Context context;

  @Option(names = "--json", description = "Print the report as JSON.")
  private boolean json;

  @Option(names = "--pretty", description = "With --json: indent the JSON.")
  private boolean pretty;

  ScratchSweepCommand(ScratchCommand.Context context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    ScratchConfig config = ScratchCommand.config(context);
    Optional<String> outside = ScratchCommand.outsideRepository(context);
    if (outside.isPresent()) {
      context.out().println(json ? json(new SweepReport(List.of(), 0, 0, Optional.empty(),
          List.of()), config) : "Scratch sweep: " + outside.get() + ": nothing to sweep.");
      return 0;
    }
    SweepReport report = ScratchSweep.scan(config, ScratchCommand.facts(context));
    if (json) {
      context.out().println(json(report, config));
    } else {
      // File names are others' text: no control character reaches the terminal, while the
      // backslashes of a $'…'-quoted name stay, so the printed rm commands work when pasted.
      context.out().println(SafeText.escapeControls(ScratchSweep.render(report, config).orElse(
          "Scratch sweep: nothing under " + String.join(", ", config.roots())
              + " needs a decision.")));
    }
    return 0;
  }

  private String json(SweepReport report, ScratchConfig config) {
    ObjectNode root = Json.object();
    context.root().ifPresent(r -> root.put("root", ScratchCommand.base(context).toString()));
    ArrayNode roots = root.putArray("roots");
    config.roots().forEach(roots::add);
    root.put("directory", config.directory());
    root.put("total", report.total());
    ArrayNode files = root.putArray("files");
    for (SweepReport.Item item : report.listed()) {
      ObjectNode file = files.addObject();
      file.put("path", item.path());
      file.put("kind", item.kind().name().toLowerCase(Locale.ROOT));
      file.put("size", item.size());
      file.put("modified", item.modified().toString());
      file.put("age_hours", item.age().toHours());
    }
    root.put("predating_baseline", report.predatingBaseline());
    report.baseline().ifPresent(b -> root.put("baseline", b.toString()));
    root.put("complete", report.complete());
    ArrayNode incomplete = root.putArray("incomplete_roots");
    report.incompleteRoots().forEach(incomplete::add);
    return Json.text(root, pretty);
  }
}
