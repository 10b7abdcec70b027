package dev.groundskeeper.cli;

import dev.groundskeeper.host.Workspace;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.RuleInfo;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "rules", mixinStandardHelpOptions = true,
    description = {
        "Lists every rule with its mode, summary and documentation page.",
        "",
        "Rules are discovered from the built-in modules and the plugins; the mode is the one the"
            + " configuration of the current repository gives each rule."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:listed", "2:the configuration or a plugin is unusable"})
final class RulesCommand implements Callable<Integer> {

  private final Invocation invocation;

  @Option(names = "--json", description = "Print the rules as a JSON array.")
  private boolean json;

  @Option(names = "--pretty", description = "With --json: indent the JSON.")
  private boolean pretty;

  RulesCommand(Invocation invocation) {
    this.invocation = invocation;
  }

  @Override
  public Integer call() {
    List<ConfiguredRule> rules = invocation.host().policies().load(
          Workspace.locate(invocation.workingDirectory())).rules();
    if (json) {
      ArrayNode array = Json.array();
      for (ConfiguredRule rule : rules) {
        RuleInfo info = rule.rule().info();
        ObjectNode node = array.addObject()
            .put("id", info.id())
            .put("title", info.title())
            .put("mode", rule.mode().word())
            .put("default_mode", info.defaultMode().word())
            .put("summary", info.summary())
            .put("docs", docsPath(info));
        ArrayNode events = node.putArray("events");
        info.events().stream().map(Class::getSimpleName).sorted().forEach(events::add);
      }
      invocation.out().println(Json.text(array, pretty));
    } else if (rules.isEmpty()) {
      invocation.out().println("No rules found.");
    } else {
      int idWidth = rules.stream().mapToInt(rule -> rule.id().length()).max().orElse(0);
      int modeWidth = rules.stream().mapToInt(rule -> rule.mode().word().length()).max()
          .orElse(0);
      for (ConfiguredRule rule : rules) {
        RuleInfo info = rule.rule().info();
        invocation.out().println(pad(info.id(), idWidth) + "  " + pad(rule.mode().word(),
            modeWidth) + "  " + info.summary() + "  (" + docsPath(info) + ")");
      }
    }
    return 0;
  }

  static String docsPath(RuleInfo info) {
    return "docs/" + info.docsPage();
  }

  private static String pad(String text, int width) {
    return text + " ".repeat(width - text.length());
  }
}
