package dev.groundskeeper.cli;

import dev.groundskeeper.api.GroundskeeperException;
import dev.groundskeeper.api.shell.ShellQuoting;
import dev.groundskeeper.host.GitCommand;
import dev.groundskeeper.host.Host;
import dev.groundskeeper.host.PolicyLoader;
import dev.groundskeeper.host.TrustList;
import dev.groundskeeper.host.Workspace;
import dev.groundskeeper.host.worktree.Worktrees;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "trust", mixinStandardHelpOptions = true,
    description = {
        "Trusts a repository's own configuration, or lists or removes trusted repositories.",
        "",
        "A repository's .groundskeeper.yaml may always tighten rules. Until you trust the"
            + " repository it may not load plugins, switch off or weaken a loss guard, or move the"
            + " worktree store; those settings keep your own values and the hook says so once per"
            + " session. Trusting records the checkout's location and the repository's root commit"
            + " in trusted.json beside your config.yaml (for a repository without a commit: until"
            + " its first commit). Run it yourself: it refuses to run inside an agent's session."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:done (or listed)", "2:not in a repository, inside an agent's session, or"
        + " the trust list cannot be written"})
final class TrustCommand implements Callable<Integer> {

  /** Variables the agent runners set in the shell of the commands they run. */
  static final List<String> AGENT_VARIABLES = List.of("CLAUDECODE", "GEMINI_CLI",
      "CODEX_SANDBOX");

  private final Invocation invocation;

  @Parameters(arity = "0..1", paramLabel = "PATH",
      description = "A directory in the repository (default: the current directory).")
  private Path path;

  @Option(names = "--list", description = "List the trusted repositories.")
  private boolean list;

  @Option(names = "--remove", description = "Stop trusting the repository at PATH.")
  private boolean remove;

  TrustCommand(Invocation invocation) {
    this.invocation = invocation;
  }

  @Override
  public Integer call() {
    try {
      if (list) {
        return list();
      }
      return remove ? remove() : trust();
    } catch (GroundskeeperException | CliException e) {
      invocation.err().println("groundskeeper trust: " + e.getMessage());
      return Main.CANNOT_RUN;
    }
  }

  private Integer list() {
    TrustList trust = TrustList.read(invocation.environment());
    trust.problem().ifPresent(problem -> invocation.err().println("groundskeeper trust: "
        + problem));
    if (trust.entries().isEmpty()) {
      invocation.out().println("No repository is trusted.");
      return 0;
    }
    for (TrustList.Entry entry : trust.entries()) {
      invocation.out().println(entry.location() + "  (root commit " + entry.rootCommit() + ")");
    }
    return 0;
  }

  private Integer remove() {
    TrustList trust = TrustList.read(invocation.environment());
    Path location = checkout().map(TrustList::location)
        .orElse(TrustList.location(directory()));
    if (trust.entry(location).isEmpty()) {
      invocation.out().println(location + " was not trusted; nothing changed.");
      return 0;
    }
    trust.without(location).write();
    invocation.out().println("No longer trusted: " + location);
    return 0;
  }

  private Integer trust() {
    refuseInsideAnAgent();
    Path root = checkout().orElseThrow(() -> new CliException(directory()
        + " is in no git repository; only a repository's configuration needs trust"));
    Path location = TrustList.location(root);
    String rootCommit = rootCommit(location);
    Host host = invocation.host();
    PolicyLoader.Loaded loaded = host.policies().loadReported(Workspace.locate(location));
    TrustList trust = TrustList.read(invocation.environment());
    trust.problem().ifPresent(problem -> {
      throw new CliException(problem + "; fix or remove it first");
    });
    trust.with(new TrustList.Entry(location, rootCommit)).write();
    invocation.out().println("Trusted " + location + " (root commit " + rootCommit + ").");
    if (!loaded.refused().isEmpty()) {
      invocation.out().println("Its configuration now applies in full, including:");
      loaded.refused().forEach(line -> invocation.out().println("  " + line));
    }
    invocation.out().println(invocation.host().program().render("Undo with: groundskeeper trust"
        + " --remove " + ShellQuoting.word(location.toString())));
    return 0;
  }

  private void refuseInsideAnAgent() {
    for (String variable : AGENT_VARIABLES) {
      if (invocation.env(variable).isPresent()) {
        throw new CliException("refused: " + variable + " is set, so this runs inside an agent's"
            + " session; trust is the person's decision, so run it in your own terminal");
      }
    }
  }

  private String rootCommit(Path checkout) {
    Optional<String> root;
    try {
      root = Worktrees.store(invocation.host().policies().builtIns().config(),
          invocation.environment()).rootCommitOf(checkout);
    } catch (RuntimeException e) {
      root = Optional.empty();
    }
    if (root.isPresent()) {
      return root.get();
    }
    GitCommand.Run head = GitCommand.run(checkout, invocation.environment(), GitCommand.READ,
        List.of("rev-parse", "--verify", "--quiet", "HEAD^{commit}"));
    GitCommand.Run repository = GitCommand.run(checkout, invocation.environment(),
        GitCommand.READ, List.of("rev-parse", "--git-dir"));
    if (head.ok() || !repository.ok()) {
      throw new CliException("the root commit of " + checkout + " could not be read; run git"
          + " log --max-parents=0 there to see what git says");
    }
    return TrustList.NO_COMMIT;
  }

  private Path directory() {
    Path given = path == null ? invocation.workingDirectory()
        : invocation.workingDirectory().resolve(path);
    return given.toAbsolutePath().normalize();
  }

  private Optional<Path> checkout() {
    return Workspace.locate(directory()).root();
  }
}
