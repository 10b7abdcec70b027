package dev.groundskeeper.cli.scratch;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.config.ConfigSpec;
import dev.groundskeeper.api.config.EffectiveConfig;
import dev.groundskeeper.host.ScratchSpaces;
import dev.groundskeeper.rules.scratch.ScratchConfig;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code groundskeeper scratch}: the scratch verbs, {@code sweep} and {@code reap}. The main
 * command registers it with {@link #commandLine(Context)}; the context supplies, when a verb
 * runs, where it runs and the workspace's effective configuration.
 */
@API(status = API.Status.INTERNAL)
@Command(name = "scratch", mixinStandardHelpOptions = true,
    description = {"Scratch files: the sweep report alone, and the per-session space reaper."})
public final class ScratchCommand implements Runnable {

  static final ConfigSpec<ScratchConfig> SPEC =
      new ConfigSpec<>("scratch", ScratchConfig.class, ScratchConfig.DEFAULTS);

  private final Context context;

  /**
   * The {@code scratch} group, printing its usage when run without a subcommand.
   *
   * @param context what its verbs read
   */
  public ScratchCommand(Context context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  /**
   * The {@code scratch} command with its {@code sweep} and {@code reap} subcommands.
   *
   * @param context what its verbs read
   * @return the command line to add to the root command
   */
  public static CommandLine commandLine(Context context) {
    return new CommandLine(new ScratchCommand(context))
        .addSubcommand(new ScratchSweepCommand(context))
        .addSubcommand(new ScratchReapCommand(context));
  }

  @Override
  public void run() {
    context.out().println(new CommandLine(this).getUsageMessage());
  }

  /** What a scratch verb needs from the CLI; every method is called when the verb runs. */
  @API(status = API.Status.INTERNAL)
  public interface Context {

    /**
     * The directory the command runs in.
     *
     * @return the working directory
     */
    Path directory();

    /**
     * The top-level directory of the checkout containing it, if any.
     *
     * @return the checkout's root, or empty outside a repository
     */
    Optional<Path> root();

    /**
     * The workspace's effective configuration (every layer and plugin applied).
     *
     * @return the configuration in force
     */
    EffectiveConfig config();

    /**
     * Where the verb reports.
     *
     * @return standard output
     */
    PrintStream out();

    /**
     * The clock idle ages are measured with.
     *
     * @return the clock
     */
    Clock clock();

    /**
     * The word commands this verb prints start with, as the host renders remedies.
     *
     * @return by default the bare {@code groundskeeper}, whatever launcher runs
     */
    default dev.groundskeeper.host.ProgramWord program() {
      return dev.groundskeeper.host.ProgramWord.bare();
    }
  }

  /** The scratch block in force. */
  static ScratchConfig config(Context context) {
    return context.config().get(SPEC);
  }

  /**
   * Why a verb has nothing to do here, outside a git repository: the scratch roots and the
   * spaces pattern are repository-relative, so the rules do not apply (as in the hook).
   */
  static Optional<String> outsideRepository(Context context) {
    return context.root().isPresent() ? Optional.empty()
        : Optional.of(SafeText.escape(context.directory().toString())
            + " is not in a git repository, and the scratch roots ("
            + String.join(", ", config(context).roots()) + ") are repository-relative");
  }

  /** The checkout's top level, or the directory itself outside a repository. */
  static Path base(Context context) {
    return context.root().orElse(context.directory()).toAbsolutePath().normalize();
  }

  /** The file facts of the workspace and the clock. */
  static Facts facts(Context context) {
    return ScratchSpaces.facts(base(context), context.clock().instant());
  }
}
