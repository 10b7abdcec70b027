package dev.groundskeeper.cli.branch;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.cli.Progress;
import dev.groundskeeper.host.BranchCleaner;
import dev.groundskeeper.host.EffectReport;
import dev.groundskeeper.host.GitCommand;
import dev.groundskeeper.host.Host;
import dev.groundskeeper.host.Workspace;
import dev.groundskeeper.rules.branches.BranchesConfig;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What the {@code branch} verbs need from the outside: streams, the directory they run in, the
 * policy of the repository holding a directory, and the host, through which they read the
 * repository, perform effects and run git (always time-bounded).
 */
final class BranchContext {

  final PrintStream out;
  final PrintStream err;
  final Path directory;
  private final Supplier<Host> host;
  private final Function<Path, Policy> policy;
  /** A new progress line for a verb's slow part (none unless the program sets one). */
  Supplier<Progress> progress = Progress::none;

  BranchContext(PrintStream out, PrintStream err, Path directory, Supplier<Host> host,
      Function<Path, Policy> policy) {
    this.out = Objects.requireNonNull(out, "out");
    this.err = Objects.requireNonNull(err, "err");
    this.directory = directory.toAbsolutePath().normalize();
    this.host = Objects.requireNonNull(host, "host");
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /** The policy in force where the verb runs: its modes and excludes apply to the verbs too. */
  Policy policy() {
    return policy.apply(directory);
  }

  BranchesConfig config() {
    return policy().config().get(Host.BRANCHES);
  }

  java.time.Clock clock() {
    return host.get().clock();
  }

  /** The repository facts of the directory, read with the {@code branches:} settings. */
  Facts facts(Policy policy) {
    return host.get().repositoryFacts(directory, policy);
  }

  /** A command of this program as it runs where the verb was called (host ProgramWord). */
  String command(String text) {
    return host.get().program().render(text);
  }

  /** The host's executor of branch-clean plans. */
  BranchCleaner cleaner() {
    return new BranchCleaner(host.get());
  }

  /** Performs one effect through the host's executors, which re-check its proof as they act. */
  EffectReport perform(Effect effect, Facts facts) {
    return host.get().effects().perform(List.of(effect), Workspace.locate(directory), facts).get(0);
  }

  /**
   * Who git says the user is, from its configuration ({@code user.name} and {@code user.email}):
   * {@code Name <email>}, either one alone, or empty when neither is configured.
   */
  String identity() {
    String name = configured("user.name");
    String email = configured("user.email");
    if (name.isEmpty() || email.isEmpty()) {
      return name.isEmpty() ? email : name;
    }
    return name + " <" + email + ">";
  }

  private String configured(String key) {
    GitCommand.Run run = git(List.of("config", "--get", key), GitCommand.READ);
    String value = run.ok() ? run.output().strip() : "";
    return value.contains("\n") ? "" : value;
  }

  /** Runs git in the directory, without a shell, within the bound of a write. */
  GitCommand.Run git(List<String> args) {
    return git(args, GitCommand.WRITE);
  }

  private GitCommand.Run git(List<String> args, Duration bound) {
    return GitCommand.run(directory, host.get().environment(), bound, args);
  }
}
