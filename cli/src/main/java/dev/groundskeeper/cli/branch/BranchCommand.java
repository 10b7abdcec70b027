package dev.groundskeeper.cli.branch;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.cli.Progress;
import dev.groundskeeper.host.Host;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code groundskeeper branch}: park a branch that waits on something, and delete the branches
 * that are provably finished. The verbs act on the repository holding the working directory.
 */
@API(status = API.Status.INTERNAL)
@Command(name = "branch", mixinStandardHelpOptions = true,
    description = "Parks waiting branches and deletes provably finished ones.")
public final class BranchCommand implements Callable<Integer> {

  /** Exit code when the verb could not do its work (bad input, not a repository, refused). */
  static final int CANNOT_RUN = 2;
  /** Exit code when the main work was done but a follow-up (a push, a deletion) failed. */
  static final int PARTLY_DONE = 1;

  private final BranchContext context;

  @Spec
  private CommandSpec spec;

  /**
   * The {@code branch} command; its verbs read and act only when they run.
   *
   * @param out where the verbs print their reports (standard output)
   * @param err where usage, refusals and failed follow-ups go (standard error)
   * @param workingDirectory the directory whose repository the verbs act on
   * @param host the runtime (asked for when a verb runs) the verbs read and act through (its environment is what git sees
   *     on top of this process's own)
   * @param policy the policy of the repository holding a directory
   */
  public BranchCommand(PrintStream out, PrintStream err, Path workingDirectory,
      Supplier<Host> host,
      Function<Path, Policy> policy) {
    this.context = new BranchContext(out, err, workingDirectory, host, policy);
  }

  /**
   * Where {@code clean} says what it is doing while it reads and judges the branches (standard
   * error on a terminal).
   *
   * @param progress a new progress line for each run
   * @return this command
   */
  public BranchCommand progress(Supplier<Progress> progress) {
    context.progress = java.util.Objects.requireNonNull(progress, "progress");
    return this;
  }

  /**
   * The command with its subcommands, ready to register under the root command.
   *
   * @return a new command line for {@code branch} with {@code park} and {@code clean}
   */
  public CommandLine commandLine() {
    return new CommandLine(this)
        .addSubcommand(new ParkCommand(context))
        .addSubcommand(new CleanCommand(context));
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(context.err);
    return CANNOT_RUN;
  }
}
