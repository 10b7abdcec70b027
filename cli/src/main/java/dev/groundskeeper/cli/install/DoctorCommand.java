package dev.groundskeeper.cli.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.API;
import dev.groundskeeper.cli.install.JsonText.Arr;
import dev.groundskeeper.cli.install.JsonText.Obj;
import dev.groundskeeper.git.BoundedProcess;
import dev.groundskeeper.host.ProgramWord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code groundskeeper doctor}: is every runner found registered, and does the hook answer. */
@API(status = API.Status.INTERNAL)
@Command(name = "doctor", mixinStandardHelpOptions = true,
    description = {
        "Checks that Groundskeeper guards every runner found on this machine, and says how to"
            + " fix what it finds.",
        "",
        "For each runner found (as install --runner all finds them): whether its settings register"
            + " the hook in some scope, and whether that registration matches what this version"
            + " installs (every event and matcher, a launcher that still exists, this"
            + " installation's), and the runner's own switches that keep a hook from running"
            + " (Claude Code's disableAllHooks, Gemini CLI's hooksConfig, Codex's [features]"
            + " flag and hook trust in config.toml); then one timed sample call, a pre-command payload of that"
            + " runner's shape through the launcher from a temporary directory. Also: whether the"
            + " launcher and its jar are there, whether the warm server answers (doctor never"
            + " starts one: without a server the sample runs with GROUNDSKEEPER_SERVE=off), and"
            + " the configuration in force with its problems. Each finding names the command that"
            + " fixes it."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:healthy", "1:findings (each with its fix)",
        "2:cannot run: this installation's launcher cannot be found"})
public final class DoctorCommand implements Callable<Integer> {

  /** How long the sample call may take before it counts as hung. */
  static final Duration SAMPLE_BOUND = Duration.ofSeconds(30);

  private final InstallContext context;

  @Option(names = "--json", description = "Print the report as JSON.")
  boolean json;

  @Option(names = "--pretty", description = "With --json: indent the JSON.")
  boolean pretty;

  /**
   * The {@code doctor} command; it checks nothing until it runs.
   *
   * @param context the environment, directories, streams and launcher it reads
   */
  public DoctorCommand(InstallContext context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  /** One thing wrong, and the command (or edit) that fixes it. */
  record Finding(String about, String problem, String fix) {}

  @Override
  public Integer call() {
    Optional<Path> found = context.launcher().get();
    if (found.isEmpty() || !Files.isExecutable(found.get())) {
      context.err().println("groundskeeper doctor: cannot find this installation's"
          + " bin/groundskeeper; run doctor through it (path/to/groundskeeper/bin/groundskeeper"
          + " doctor)");
      return 2;
    }
    Launcher launcher = new Launcher(found.get());
    List<Finding> findings = new ArrayList<>();
    ObjectNode report = JsonNodeFactory.instance.objectNode();
    report.put("launcher", launcher.path().toString());
    List<String> lines = new ArrayList<>();
    lines.add("launcher: " + launcher.path());
    if (!Files.isRegularFile(launcher.jar())) {
      findings.add(new Finding("launcher", launcher.jar() + " is missing, so every hook call"
          + " answers that it could not judge", launcher.path() + " --version"));
    }

    // Not a finding: remedies run either way. It says why they print a long path, and how to
    // make them short.
    Map<String, String> withLauncher = new HashMap<>(context.environment());
    withLauncher.put(ProgramWord.LAUNCHER_VARIABLE, launcher.path().toString());
    ProgramWord program = ProgramWord.of(withLauncher);
    report.put("on_path", program.onPath());
    lines.add(program.onPath() ? "PATH: groundskeeper runs this launcher"
        : "PATH: groundskeeper is not on PATH (or is another installation); remedies print the"
            + " launcher's absolute path. To print the bare name, link it onto PATH: "
            + Launcher.shellWord(launcher.path().toString()) + " install --link");

    InstallContext.ServerReport server = context.server().get();
    report.putObject("server").put("up", server.up()).put("status", server.text().strip());
    lines.add("warm server: " + (server.up() ? "up" : "not running (the first hook call starts"
        + " it)") + (server.text().isBlank() ? "" : ": " + firstLine(server.text())));

    ArrayNode runners = report.putArray("runners");
    boolean any = false;
    for (Runner runner : Runner.values()) {
      ObjectNode entry = runners.addObject().put("runner", runner.id);
      if (!runner.found(context.environment())) {
        entry.put("found", false);
        lines.add(runner.id + ": not found (" + runner.lookedFor(context.environment()) + ")");
        continue;
      }
      any = true;
      entry.put("found", true);
      checkRunner(runner, launcher, entry, findings, lines);
      sample(runner, launcher, server.up(), entry, findings, lines);
    }
    if (!any) {
      findings.add(new Finding("runners", "no runner found on this machine",
          launcher.path() + " install --runner claude (or codex, gemini, cursor)"));
    }

    InstallContext.ConfigurationReport config = context.configuration().get();
    ObjectNode configuration = report.putObject("configuration");
    ArrayNode files = configuration.putArray("files");
    config.files().forEach(files::add);
    ArrayNode problems = configuration.putArray("problems");
    config.problems().forEach(problems::add);
    lines.add("configuration: " + (config.files().isEmpty() ? "the embedded defaults"
        : String.join(", ", config.files()) + " over the embedded defaults")
        + (config.problems().isEmpty() ? "; valid" : ""));
    for (String problem : config.problems()) {
      findings.add(new Finding("configuration", problem, "edit the file named (the built-in"
          + " guards judge on the embedded defaults until it is valid); "
          + launcher.path() + " config show prints what is in force"));
    }

    ArrayNode list = report.putArray("findings");
    for (Finding finding : findings) {
      list.addObject().put("about", finding.about()).put("problem", finding.problem())
          .put("fix", finding.fix());
    }
    report.put("healthy", findings.isEmpty());
    if (json) {
      context.out().println(dev.groundskeeper.cli.Json.text(report, pretty));
    } else {
      lines.forEach(context.out()::println);
      if (findings.isEmpty()) {
        context.out().println("healthy");
      } else {
        context.out().println(findings.size()
            + (findings.size() == 1 ? " finding:" : " findings:"));
        for (Finding finding : findings) {
          context.out().println("  - " + finding.about() + ": " + finding.problem());
          context.out().println("    fix: " + finding.fix());
        }
      }
    }
    return findings.isEmpty() ? 0 : 1;
  }

  /** The runner's registration in each of its scopes. */
  private void checkRunner(Runner runner, Launcher launcher, ObjectNode entry,
      List<Finding> findings, List<String> lines) {
    List<Registration> wanted = InstallCommand.registrations(runner, context);
    ArrayNode scopes = entry.putArray("registrations");
    Optional<Path> project = context.project().get();
    boolean registered = false;
    Map<Scope, String> registeredTexts = new LinkedHashMap<>();
    for (Scope scope : runner.scopes()) {
      if (scope != Scope.USER && project.isEmpty()) {
        continue;
      }
      Path file = runner.file(scope, context.environment(), project);
      String about = runner.id + " " + scope.id;
      String fix = launcher.path() + " install --runner " + runner.id + " --scope " + scope.id;
      ObjectNode row = scopes.addObject().put("scope", scope.id).put("file", file.toString());
      Optional<String> text;
      try {
        text = SettingsFile.read(file);
      } catch (InstallException e) {
        row.put("state", "unreadable");
        findings.add(new Finding(about, e.getMessage(), "repair or move aside " + file
            + ", then " + fix));
        continue;
      }
      if (text.isEmpty()) {
        row.put("state", "absent");
        continue;
      }
      Registrar registrar = new Registrar(runner, file);
      List<String> drift;
      try {
        drift = drift(runner, registrar, text.get(), wanted, launcher);
      } catch (InstallException malformed) {
        row.put("state", "malformed");
        findings.add(new Finding(about, malformed.getMessage(), "repair " + file + ", then "
            + fix));
        continue;
      }
      if (runner == Runner.CLAUDE) {
        // Read even where nothing of Groundskeeper's is registered: the switch stops every hook.
        RunnerSwitches.claude(registrar, text.get(), file, about).ifPresent(findings::add);
      }
      if (drift == null) {
        row.put("state", "not registered");
        continue;
      }
      registered = true;
      registeredTexts.put(scope, text.get());
      row.put("state", drift.isEmpty() ? "ok" : "drift");
      ArrayNode rowDrift = row.putArray("drift");
      drift.forEach(rowDrift::add);
      lines.add(runner.id + ": registered in " + file + (drift.isEmpty() ? ""
          : " (" + drift.size() + " problem" + (drift.size() == 1 ? "" : "s") + ")"));
      for (String problem : drift) {
        findings.add(new Finding(about, problem, fix));
      }
      if (runner == Runner.GEMINI) {
        RunnerSwitches.gemini(registrar, text.get(), file, about).ifPresent(findings::add);
      }
    }
    entry.put("registered", registered);
    if (runner == Runner.CODEX) {
      RunnerSwitches.codex(context.environment(), registeredTexts, wanted, project, launcher,
          findings, lines);
    }
    if (!registered) {
      lines.add(runner.id + ": not registered");
      findings.add(new Finding(runner.id, runner.title + " is on this machine but does not call"
          + " Groundskeeper", launcher.path() + " install --runner " + runner.id));
    }
  }

  /**
   * What differs from what this version installs, or null when the file registers nothing of
   * Groundskeeper's at all.
   */
  static List<String> drift(Runner runner, Registrar registrar, String text,
      List<Registration> wanted, Launcher launcher) {
    Optional<Obj> hooks = registrar.hooks(text);
    if (hooks.isEmpty() || registrar.uninstall(text).equals(text)) {
      return null;
    }
    Set<String> problems = new LinkedHashSet<>();
    for (Registration registration : wanted) {
      List<Registrar.Found> ours = registrar.ours(text, registration.event());
      if (ours.isEmpty()) {
        problems.add(registration.event() + " is not registered");
        continue;
      }
      Arr entries = (Arr) hooks.get().member(registration.event()).orElseThrow().value();
      for (String tool : registration.tools()) {
        boolean covered = false;
        for (Registrar.Found found : ours) {
          JsonNode element = entries.elements().get(found.element()).node();
          covered |= covers(runner, element.path("matcher").asText(""), tool);
        }
        if (!covered) {
          problems.add(registration.event() + " does not match the tool " + tool);
        }
      }
    }
    for (String command : commands(runner, hooks.get())) {
      String program = Launcher.program(command).orElse(command);
      Path path = Path.of(program);
      if (!path.isAbsolute() || !Files.isExecutable(path)) {
        problems.add("the hook runs " + program + ", which "
            + (path.isAbsolute() ? "no longer exists" : "is not an absolute path"));
      } else if (!realPath(path).equals(launcher.path())) {
        problems.add("the hook runs another installation's launcher, " + program);
      }
    }
    if (problems.isEmpty()
        && !registrar.install(Optional.of(text), wanted, launcher.command(runner)).equals(text)) {
      problems.add("an entry differs from what this version installs (command, arguments or"
          + " timeout)");
    }
    return List.copyOf(problems);
  }

  private static boolean covers(Runner runner, String matcher, String tool) {
    if (matcher.isEmpty() || matcher.equals("*")) {
      return true;
    }
    try {
      Pattern pattern = Pattern.compile(matcher);
      return runner == Runner.GEMINI ? pattern.matcher(tool).find()
          : pattern.matcher(tool).matches();
    } catch (PatternSyntaxException notARegex) {
      return matcher.equals(tool);
    }
  }

  private static List<String> commands(Runner runner, Obj hooks) {
    List<String> commands = new ArrayList<>();
    for (JsonText.Member event : hooks.members()) {
      for (JsonNode element : event.value().node()) {
        List<JsonNode> candidates = new ArrayList<>();
        if (runner.grouped) {
          element.path("hooks").forEach(candidates::add);
        } else {
          candidates.add(element);
        }
        for (JsonNode hook : candidates) {
          Runner.command(hook).filter(Launcher::runsHook).filter(c -> !commands.contains(c))
              .ifPresent(commands::add);
        }
      }
    }
    return commands;
  }

  /** One call as the runner would make it, timed. */
  private void sample(Runner runner, Launcher launcher, boolean serverUp, ObjectNode entry,
      List<Finding> findings, List<String> lines) {
    Path directory;
    try {
      directory = Files.createTempDirectory("groundskeeper-doctor-");
    } catch (IOException e) {
      findings.add(new Finding(runner.id, "cannot make a temporary directory for the sample"
          + " call: " + e.getMessage(), "free space or fix permissions in "
          + System.getProperty("java.io.tmpdir")));
      return;
    }
    String session = "groundskeeper-doctor-" + Long.toHexString(System.nanoTime());
    byte[] payload = runner.samplePayload(session, directory, context.clock().instant().toString())
        .toString().getBytes(StandardCharsets.UTF_8);
    Map<String, String> env = new HashMap<>(context.environment());
    if (!serverUp) {
      env.put("GROUNDSKEEPER_SERVE", "off"); // doctor never starts a server
    }
    List<String> command = List.of(launcher.path().toString(), "hook", "--runner", runner.id);
    // the sample's own directory is gone by the time the person reads this: the temporary root
    String again = runner.samplePayload(session, Path.of(System.getProperty("java.io.tmpdir")),
        context.clock().instant().toString()).toString();
    String retry = "printf '%s' '" + again.replace("'", "'\\''") + "' | "
        + Launcher.shellWord(launcher.path().toString()) + " hook --runner " + runner.id;
    ObjectNode row = entry.putObject("sample");
    long started = System.nanoTime();
    try {
      BoundedProcess.Result result = BoundedProcess.run(command, directory, SAMPLE_BOUND, env,
          payload, "the sample " + runner.id + " hook call");
      long millis = (System.nanoTime() - started) / 1_000_000;
      row.put("milliseconds", millis).put("exit", result.exitCode())
          .put("through", serverUp ? "warm server" : "own JVM");
      Optional<String> wrong = judgeAnswer(result);
      row.put("ok", wrong.isEmpty());
      lines.add(runner.id + ": sample call " + millis + " ms (" + (serverUp ? "warm server"
          : "own JVM") + ", exit " + result.exitCode() + ")"
          + wrong.map(w -> ": " + w).orElse(""));
      wrong.ifPresent(w -> findings.add(new Finding(runner.id, "the sample call " + w,
          Files.isRegularFile(launcher.jar()) ? "see the whole answer: " + retry
              : launcher.path() + " --version")));
    } catch (BoundedProcess.Failure e) {
      row.put("ok", false).put("error", e.getMessage());
      lines.add(runner.id + ": sample call failed: " + e.getMessage());
      findings.add(new Finding(runner.id, "the sample call failed: " + e.getMessage(),
          "see the whole answer: " + retry));
    } finally {
      try {
        Files.deleteIfExists(directory);
      } catch (IOException ignored) {
        // an empty directory under the temporary directory
      }
    }
  }

  /** Why the hook's answer is not one a runner can use, if it is not. */
  static Optional<String> judgeAnswer(BoundedProcess.Result result) {
    String out = result.out().strip();
    if (result.exitCode() != 0) {
      return Optional.of("exited with " + result.exitCode()
          + (result.stderr().isBlank() ? "" : ": " + firstLine(result.stderr())));
    }
    if (out.contains("could not judge")) {
      return Optional.of("was answered without judging: " + firstLine(result.stderr().isBlank()
          ? out : result.stderr()));
    }
    if (!out.isEmpty()) {
      try {
        JsonNode answer = new ObjectMapper().readTree(out);
        if (answer == null || !answer.isObject()) {
          return Optional.of("answered something other than a JSON object: " + firstLine(out));
        }
      } catch (IOException notJson) {
        return Optional.of("answered something other than JSON: " + firstLine(out));
      }
    }
    return Optional.empty();
  }

  private static Path realPath(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException e) {
      return path;
    }
  }

  private static String firstLine(String text) {
    String stripped = text.strip();
    int end = stripped.indexOf('\n');
    return end < 0 ? stripped : stripped.substring(0, end);
  }
}
