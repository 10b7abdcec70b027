package dev.groundskeeper.cli;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.SafeText;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A short line on standard error saying what a slow verb is doing (a cold sweep, a prune, a
 * branch clean), shown only when standard error is a terminal and the work has taken longer than
 * {@link #DELAY}, and erased before the verb prints its result. Standard output never gets it,
 * so a {@code --json} document stays whole; a hook answer never gets it (the hook uses none, and
 * a served call's streams are never a terminal).
 */
@API(status = API.Status.INTERNAL)
public final class Progress implements AutoCloseable {

  /** How long a verb works before the line appears: quick runs print nothing. */
  public static final Duration DELAY = Duration.ofSeconds(1);

  private static final String ERASE = "\r\u001b[K";

  private final PrintStream err;
  private final String verb;
  private final Duration delay;
  private final boolean on;
  private String current = "";
  private boolean shown;
  private boolean closed;
  private Thread timer;

  private Progress(PrintStream err, String verb, Duration delay, boolean on) {
    this.err = err;
    this.verb = verb;
    this.delay = delay;
    this.on = on;
  }

  /**
   * No progress at all.
   *
   * @return a progress that prints nothing
   */
  public static Progress none() {
    return new Progress(null, "", Duration.ZERO, false);
  }

  /** The progress of {@code verb} in this run: on only when its standard error is a terminal. */
  static Progress of(Invocation invocation, String verb) {
    return new Progress(invocation.err(), verb, invocation.progressDelay(),
        invocation.errTerminal());
  }

  /**
   * Says what the verb does now; shown at once when the line is already up (or the delay is
   * zero), else once the delay has passed and the verb is still at work.
   *
   * @param what a few words, such as "judging the worktrees"
   */
  public synchronized void say(String what) {
    if (!on || closed) {
      return;
    }
    current = what;
    if (shown || delay.isZero()) {
      show();
    } else if (timer == null) {
      timer = new Thread(this::later, "groundskeeper-progress");
      timer.setDaemon(true);
      timer.start();
    }
  }

  private void later() {
    try {
      Thread.sleep(delay.toMillis());
    } catch (InterruptedException e) {
      return; // closed first
    }
    synchronized (this) {
      if (!closed) {
        show();
      }
    }
  }

  private void show() {
    err.print(ERASE + SafeText.escape("groundskeeper " + verb + ": " + current + "..."));
    err.flush();
    shown = true;
  }

  /** Erases the line, if it was shown; later {@link #say} calls print nothing. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (timer != null) {
      timer.interrupt();
    }
    if (shown) {
      err.print(ERASE);
      err.flush();
    }
  }

  /**
   * Whether this process's standard error is a terminal. Java 17 cannot ask for one stream, so
   * on Linux the descriptor's target tells ({@code /dev/pts/N}, {@code /dev/ttyN}); elsewhere a
   * console (standard input and output both terminals) stands for it.
   */
  static boolean stderrIsTerminal() {
    try {
      Path fd = Path.of("/proc/self/fd/2");
      if (Files.isSymbolicLink(fd)) {
        String target = Files.readSymbolicLink(fd).toString();
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
      }
    } catch (IOException | RuntimeException e) {
      // no /proc here: fall back on the console
    }
    return System.console() != null;
  }
}
