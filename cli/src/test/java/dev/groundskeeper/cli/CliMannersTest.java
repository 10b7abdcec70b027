package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * The manners of the command line people expect from the tools they know: help as a verb, the
 * nearest name for a typo, no colour off a terminal or under NO_COLOR, no exception class names
 * in messages, and each verb's --help telling the exit codes docs/cli.md tells.
 */
class CliMannersTest {

  @TempDir
  Path temp;

  private CliRunner.Result run(String... args) {
    return CliRunner.builtInRulesOnly(temp).run(temp, args);
  }

  @Test
  void helpIsAVerbPrintingAVerbsUsage() {
    CliRunner.Result help = run("help", "sweep");
    CliRunner.Result option = run("sweep", "--help");

    assertThat(help.exit()).isZero();
    assertThat(help.out()).isEqualTo(option.out()).startsWith("Usage: groundskeeper sweep");
    assertThat(run("help").out()).startsWith("Usage: groundskeeper").contains("help");
    assertThat(run("help", "scratch", "sweep").out())
        .isEqualTo(run("scratch", "sweep", "--help").out());
    CliRunner.Result unknown = run("help", "polish");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.error()).isEqualTo("groundskeeper help: no verb 'polish' (see "
        + "groundskeeper --help)");
  }

  @Test
  void aMistypedVerbOrOptionIsAnsweredWithTheNearestName() {
    CliRunner.Result verb = run("swep");
    assertThat(verb.exit()).isEqualTo(2);
    assertThat(verb.error()).isEqualTo("groundskeeper: Unmatched argument at index 0: 'swep'; "
        + "did you mean sweep? (see groundskeeper --help)");

    CliRunner.Result option = run("sweep", "--jsn");
    assertThat(option.exit()).isEqualTo(2);
    assertThat(option.error()).contains("Unknown option: '--jsn'; did you mean --json?");

    assertThat(run("polish").error()).as("nothing near: no suggestion")
        .isEqualTo("groundskeeper: Unmatched argument at index 0: 'polish' "
            + "(see groundskeeper --help)");
  }

  @Test
  void theVersionComesAsTextOrAsJson() throws Exception {
    CliRunner.Result text = run("--version");
    assertThat(text.exit()).isZero();
    assertThat(text.out()).isEqualTo("groundskeeper " + Version.current() + "\nJava "
        + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")\n");

    CliRunner.Result json = run("--version", "--json");
    assertThat(json.exit()).isZero();
    assertThat(Json.MAPPER.readTree(json.out())).isEqualTo(Json.object()
        .put("version", Version.current()).put("java", System.getProperty("java.version"))
        .put("vm", System.getProperty("java.vm.name")));
    assertThat(run("-V").out()).isEqualTo(text.out());
    assertThat(run("--help").out()).contains("-V, --version").contains("--json");
  }

  @Test
  void completionScriptsComeFromTheCommandModel() {
    CliRunner.Result bash = run("completion", "bash");
    assertThat(bash.exit()).isZero();
    assertThat(bash.out()).contains("complete -F _complete_groundskeeper", "sweep", "worktree");

    CliRunner.Result zsh = run("completion", "zsh");
    assertThat(zsh.out()).startsWith("autoload -U +X compinit && compinit\n"
        + "autoload -U +X bashcompinit && bashcompinit\n").contains("_complete_groundskeeper");

    CliRunner.Result fish = run("completion", "fish");
    assertThat(fish.exit()).isZero();
    assertThat(fish.out())
        .contains("complete -c groundskeeper -n '__fish_use_subcommand' -a 'sweep' -d ")
        .contains("complete -c groundskeeper -n '__fish_seen_subcommand_from sweep' -l json")
        .contains("-a 'reap'")
        .doesNotContain("-a 'help' -d ''");
    assertThat(fish.out().lines().filter(l -> l.contains("-l plugin-path")
        && l.contains("from serve'"))).as("serve's hidden --plugin-path is not offered").isEmpty();

    CliRunner.Result other = run("completion", "tcsh");
    assertThat(other.exit()).isEqualTo(2);
    assertThat(other.error()).isEqualTo("groundskeeper completion: no completion for shell "
        + "'tcsh'; give bash, zsh or fish");
  }

  @Test
  void onlyNamesATypoAwayAreSuggested() {
    assertThat(Main.near("swep", List.of("sweep", "replay"))).containsExactly("sweep");
    assertThat(Main.near("--jsn=1", List.of("--json"))).containsExactly("--json");
    assertThat(Main.near("polish", List.of("snapshot"))).isEmpty();
    assertThat(Main.near("x", List.of("log", "y"))).containsExactly("y");
  }

  @Test
  void aWrongValueIsExplainedWithoutAnExceptionsName() {
    CliRunner.Result wrong = run("serve", "--idle-timeout", "5x");

    assertThat(wrong.exit()).isEqualTo(2);
    assertThat(wrong.error()).isEqualTo("groundskeeper serve: Invalid value for option "
        + "'--idle-timeout': not a duration: `5x` (examples: 90s, 30m, 2h, 1d, 0) "
        + "(see groundskeeper serve --help)");
  }

  @Test
  void serveOffersNoPluginPathAndStillRefusesItWithTheReason() {
    assertThat(run("serve", "--help").out()).doesNotContain("--plugin-path=");
    CliRunner.Result refused = run("serve", "--plugin-path", temp.toString(), "--status");
    assertThat(refused.exit()).isEqualTo(2);
    assertThat(refused.error()).contains("--plugin-path belongs to the hook command");
    assertThat(run("sweep", "--help").out()).contains("--plugin-path=");
  }

  @ParameterizedTest
  @ValueSource(strings = {"--help", "sweep --help", "help serve"})
  void helpOffATerminalHasNoEscapeCodes(String args) {
    CliRunner.Result help = CliRunner.builtInRulesOnly(temp).env("NO_COLOR", "")
        .run(temp, args.split(" "));

    assertThat(help.out()).isNotBlank().doesNotContain("\u001b[");
  }

  @Test
  void colourOnlyOnATerminalAndNeverUnderNoColor() {
    assertThat(Main.ansi(Optional.empty(), true)).isEqualTo(CommandLine.Help.Ansi.AUTO);
    assertThat(Main.ansi(Optional.empty(), false)).isEqualTo(CommandLine.Help.Ansi.OFF);
    assertThat(Main.ansi(Optional.of("1"), true)).isEqualTo(CommandLine.Help.Ansi.OFF);
  }

  /**
   * Each verb whose section of docs/cli.md has an exit table: the same codes in its --help (for
   * verbs sharing one section and table, separated by {@code |}, the codes of all their helps).
   */
  @ParameterizedTest
  @ValueSource(strings = {"hook", "check", "replay", "log", "sweep", "scratch sweep|scratch reap",
      "install|uninstall|doctor", "serve", "completion|help"})
  void theExitCodesOfEachHelpAreTheOnesDocsCliMdTells(String verbs) throws IOException {
    List<String> group = List.of(verbs.split("\\|"));
    Set<String> documented = documentedExitCodes(group.get(0));
    Set<String> helped = new TreeSet<>();
    for (String verb : group) {
      Set<String> codes = helpExitCodes(run((verb + " --help").split(" ")).out());
      assertThat(documented).as("docs/cli.md tells every exit code of `%s --help`", verb)
          .containsAll(codes);
      helped.addAll(codes);
    }

    assertThat(documented).as("exit codes in docs/cli.md for %s", verbs).isNotEmpty();
    assertThat(helped).as("exit codes in the --help of %s", verbs).isEqualTo(documented);
  }

  private static Set<String> helpExitCodes(String help) {
    Set<String> codes = new TreeSet<>();
    String list = help.substring(help.indexOf("Exit codes:"));
    Matcher m = Pattern.compile("^  (\\d+(?:, \\d+)*)\\s", Pattern.MULTILINE).matcher(list);
    while (m.find()) {
      codes.addAll(List.of(m.group(1).split(", ")));
    }
    return codes;
  }

  /** The codes of the first exit table after the heading that names the verb. */
  private static Set<String> documentedExitCodes(String verb) throws IOException {
    String page = Files.readString(Path.of("../docs/cli.md"));
    Map<String, Integer> headings = new LinkedHashMap<>();
    Matcher heading = Pattern.compile("^### (.*)$", Pattern.MULTILINE).matcher(page);
    while (heading.find()) {
      headings.put(heading.group(1), heading.end());
    }
    String words = verb.contains(" ") ? verb.substring(verb.indexOf(' ') + 1) : verb;
    String root = verb.split(" ")[0];
    int start = headings.entrySet().stream()
        .filter(h -> h.getKey().contains("`" + root) && h.getKey().contains(words))
        .mapToInt(Map.Entry::getValue).findFirst().orElseThrow();
    int end = page.indexOf("\n## ", start);
    String section = page.substring(start, end < 0 ? page.length() : end);
    int table = section.indexOf("| exit | meaning |");
    Set<String> codes = new TreeSet<>();
    if (table < 0) {
      return codes;
    }
    Matcher row = Pattern.compile("^\\| (\\d+(?:, \\d+)*) \\|", Pattern.MULTILINE)
        .matcher(section.substring(table));
    int last = 0;
    while (row.find() && (last == 0 || row.start() - last < 400)) {
      codes.addAll(List.of(row.group(1).split(", ")));
      last = row.end();
    }
    return codes;
  }
}
