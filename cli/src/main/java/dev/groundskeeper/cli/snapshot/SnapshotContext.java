package dev.groundskeeper.cli.snapshot;

import dev.groundskeeper.api.API;
import dev.groundskeeper.host.Snapshots;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;

/** What the snapshot verbs need from the CLI; every method is called when a verb runs. */
@API(status = API.Status.INTERNAL)
public interface SnapshotContext {

  /**
   * The directory the command runs in.
   *
   * @return the working directory
   */
  Path directory();

  /**
   * The snapshots of this run's state directory.
   *
   * @return the snapshot store
   */
  Snapshots snapshots();

  /**
   * The days after which a snapshot is listed as expired ({@code changes.snapshots.keep_days}).
   *
   * @return the number of days
   */
  int keepDays();

  /**
   * Where the verb reports.
   *
   * @return standard output
   */
  PrintStream out();

  /**
   * Where refusals and failures go.
   *
   * @return standard error
   */
  PrintStream err();

  /**
   * The clock snapshot ages are measured with.
   *
   * @return the clock
   */
  Clock clock();

  /**
   * The word commands this verb prints start with, as the host renders remedies.
   *
   * @return the host's program word; the bare name unless the CLI says otherwise
   */
  default dev.groundskeeper.host.ProgramWord program() {
    return dev.groundskeeper.host.ProgramWord.bare();
  }
}
