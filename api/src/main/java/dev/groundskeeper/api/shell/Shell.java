package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Memo;
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
 * {@link Script#problems()}. Scripts are immutable and safe to share between threads. A rule
 * reads the command of the event it judges through {@link #parse(String, Facts)} (or
 * {@code CommandEvent.script(facts)}), so that the rules judging one event share one parse: the
 * evaluation's {@link Memo} keeps it under {@link #SCRIPT}.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Shell {

  /** The name of the memo entry holding a parsed command ({@code shell.script[<command>]}). */
  public static final String SCRIPT = "shell.script";

  private Shell() {}

  /**
   * Reads {@code command}, every call anew.
   *
   * @param command shell text
   * @return the script; check {@link Script#complete()} before trusting it
   */
  public static Script parse(String command) {
    return parseFresh(command);
  }

  /**
   * Reads {@code command} once per evaluation: the first rule of an evaluation to ask parses it,
   * the others reuse that script (see {@link Facts#memo()}).
   *
   * @param command shell text
   * @param facts the evaluation's facts, whose memo holds the script
   * @return the script
   */
  public static Script parse(String command, Facts facts) {
    Objects.requireNonNull(command, "command");
    return facts.memo().get(Memo.Key.pure(SCRIPT, command), () -> parseFresh(command));
  }

  /**
   * Reads {@code command}, every call anew (for benchmarks and tests).
   *
   * @param command shell text
   * @return the script
   */
  public static Script parseFresh(String command) {
    Objects.requireNonNull(command, "command");
    return Script.of(command, Parser.parse(command));
  }
}
