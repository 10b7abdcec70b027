package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * The entry point of the shell command model: reads bash command text into a {@link Script}.
 *
 * <pre>{@code
 * Script script = Shell.parse("git commit -F commit-1.txt && git push && rm commit-1.txt");
 * for (ConsumedFile file : script.consumedFiles()) {
 *   boolean cleaned = script.chainedRemoval(file).isPresent();   // true here
 * }
 * }</pre>
 *
 * <p>Parsing never throws on any text: what cannot be read in full is reported by
 * {@link Script#problems()}. The last script parsed is remembered, so the many rules judging one
 * event share one parse; scripts are immutable and safe to share between threads.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Shell {

  private static volatile Script last;

  private Shell() {}

  /** Reads {@code command}; the same text asked for twice in a row is parsed once. */
  public static Script parse(String command) {
    Objects.requireNonNull(command, "command");
    Script memo = last;
    if (memo != null && memo.source().equals(command)) {
      return memo;
    }
    Script script = parseFresh(command);
    last = script;
    return script;
  }

  /** Reads {@code command} without consulting or updating the memo (for benchmarks and tests). */
  public static Script parseFresh(String command) {
    Objects.requireNonNull(command, "command");
    return Script.of(command, Parser.parse(command));
  }
}
