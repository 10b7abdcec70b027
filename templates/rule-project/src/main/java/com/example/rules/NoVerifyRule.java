package com.example.rules;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.shell.Argv;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import dev.groundskeeper.api.shell.Word;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Denies {@code git commit} and {@code git push} with {@code --no-verify} (and {@code commit -n}):
 * the repository's hooks are how its owner keeps broken work out, and an agent should fix what
 * they report rather than skip them. The way out is the same command without the flag.
 */
public final class NoVerifyRule implements Rule {

  public static final String ID = "example.no-verify";

  private static final RuleInfo INFO = new RuleInfo(ID,
      "Agents do not skip git hooks",
      "Denies git commit or git push with --no-verify; the hooks' findings are fixed instead.",
      Mode.BLOCK, Set.of(Event.CommandEvent.class), "rules/" + ID + ".md");

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.CommandEvent commandEvent)) {
      return Verdict.notApplicable(ID);
    }
    String command = commandEvent.command();
    Script script = Shell.parse(command);
    List<Argv.Option> skips = new ArrayList<>();
    for (GitCommand git : script.gitCommands()) {
      if (git.is("commit")) {
        skips.addAll(git.arguments().all("--no-verify", "-n"));
      } else if (git.is("push")) {
        skips.addAll(git.arguments().all("--no-verify"));
      }
    }
    if (skips.isEmpty()) {
      // A command read only in part may hide the flag: say so instead of allowing it.
      return script.complete() || !command.contains("-n") ? Verdict.allow(ID)
          : Verdict.couldNotJudge(ID, "the command could not be read in full ("
              + script.problems().get(0).reason() + "), so a skipped hook cannot be ruled out");
    }
    String reason = "This command skips the repository's git hooks (--no-verify): what they "
        + "check stays unchecked.";
    String without = "Run it with the hooks and fix what they report.";
    return withoutSkips(command, skips)
        .map(corrected -> Verdict.deny(ID, reason, Remedy.run(without, corrected)))
        .orElseGet(() -> Verdict.deny(ID, reason,
            Remedy.describe(without + " Drop --no-verify and -n from the git command.")));
  }

  /**
   * The command with each skipping word removed, when each is a word of its own found at its
   * offsets in the text (not a cluster such as {@code -an}, not inside an {@code sh -c} string).
   */
  private static Optional<String> withoutSkips(String command, List<Argv.Option> skips) {
    List<Word> words = new ArrayList<>();
    for (Argv.Option skip : skips) {
      Word word = skip.word();
      boolean alone = word.value().equals(skip.name()) && word.end() <= command.length()
          && command.substring(word.start(), word.end()).equals(word.source());
      if (!alone) {
        return Optional.empty();
      }
      words.add(word);
    }
    StringBuilder text = new StringBuilder(command);
    words.sort(Comparator.comparingInt(Word::start).reversed());
    for (Word word : words) {
      int start = word.start();
      while (start > 0 && command.charAt(start - 1) == ' ') {
        start--;
      }
      text.delete(start, word.end());
    }
    return Optional.of(text.toString());
  }
}
