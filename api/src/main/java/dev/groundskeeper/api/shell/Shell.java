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

  /**
   * The most simple commands a script rules judge may hold. A longer one (a command of a
   * megabyte, generated or mutated) is handed to the rules with no commands and one problem, so
   * loss guards refuse it and workflow guards step aside, each in bounded time: the rules
   * compare commands in pairs, and with tens of thousands of them one hook call ran past every
   * runner's timeout, which the runners read as "go ahead" (issue 17).
   */
  public static final int MAX_JUDGED_COMMANDS = 1000;

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
   * the others reuse that script (see {@link Facts#memo()}). A script of more than
   * {@link #MAX_JUDGED_COMMANDS} simple commands comes back without commands, with one problem
   * that says so.
   *
   * @param command shell text
   * @param facts the evaluation's facts, whose memo holds the script
   * @return the script
   */
  public static Script parse(String command, Facts facts) {
    Objects.requireNonNull(command, "command");
    return facts.memo().get(Memo.Key.pure(SCRIPT, command), () -> judged(parseFresh(command)));
  }

  /** {@code script} as rules may judge it: itself, or none of it past the bound. */
  static Script judged(Script script) {
    if (script.commands().size() <= MAX_JUDGED_COMMANDS) {
      return script;
    }
    SimpleCommand first = script.commands().get(MAX_JUDGED_COMMANDS);
    return script.withoutCommands(new ParseProblem("the command holds "
        + script.commands().size() + " simple commands, more than the " + MAX_JUDGED_COMMANDS
        + " a rule judges, so none of it was judged; run it in smaller parts",
        first.start()));
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
