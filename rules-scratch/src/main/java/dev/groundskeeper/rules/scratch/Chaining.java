package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.shell.ListOperator;
import dev.groundskeeper.api.shell.Nesting;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.SimpleCommand;
import dev.groundskeeper.api.shell.Word;
import java.util.List;
import java.util.Optional;

/**
 * Whether a later command runs only when an earlier one succeeded. Every operator between them
 * must be {@code &&} ({@link Script#andChained}). A pipe is accepted in one case only: the
 * earlier command feeds a pipeline whose status, with {@code pipefail} set in the same shell
 * before it, is a failure whenever any member failed. Without {@code pipefail} a pipeline's
 * status is its last member's, so {@code git commit -F f | cat && rm -- f} removes the file
 * even when the commit failed.
 */
final class Chaining {

  private Chaining() {}

  static boolean onSuccess(Script script, SimpleCommand from, SimpleCommand to) {
    if (script.andChained(from, to)) {
      return true;
    }
    if (from.index() >= to.index() || from.isInside(Nesting.Kind.NEGATION)
        || !pipefail(script, from)) {
      return false;
    }
    List<SimpleCommand> commands = script.commands();
    for (int i = from.index() + 1; i <= to.index(); i++) {
      SimpleCommand c = commands.get(i);
      // A later member of the consumer's pipeline runs alongside it, never after it: only the
      // commands before the removal may be joined by a pipe.
      boolean piped = i < to.index() && c.operator().isPipe() && c.pipeline() == from.pipeline();
      if (c.operator() != ListOperator.AND && !piped) {
        return false;
      }
      if (i < to.index() && c.isInside(Nesting.Kind.NEGATION)) {
        return false;
      }
    }
    return true;
  }

  /**
   * True when {@code command} is a pipeline member but not its last one: its own status is
   * not the pipeline's.
   */
  static boolean feedsPipe(Script script, SimpleCommand command) {
    for (SimpleCommand c : script.commands()) {
      if (c.index() > command.index() && c.pipeline() == command.pipeline()
          && c.pipelinePosition() > command.pipelinePosition()) {
        return true;
      }
    }
    return false;
  }

  /**
   * True when the last {@code set} or {@code shopt -o} that names {@code pipefail} before
   * {@code command}, in its shell or an enclosing one, switched it on ({@code set -o pipefail},
   * {@code set -euo pipefail}, {@code shopt -so pipefail}). One that switches it on counts only
   * when it surely ran: first in its and-or list ({@code false && set -o pipefail} may not run);
   * one that may switch it off always counts. A {@code set} in a pipeline runs in a subshell of
   * its own and changes nothing here.
   */
  static boolean pipefail(Script script, SimpleCommand command) {
    boolean on = false;
    for (SimpleCommand c : script.commands()) {
      if (c.index() >= command.index()) {
        break;
      }
      if (!c.isNamed("set", "shopt") || !enclosing(c.nesting(), command.nesting())
          || c.pipelinePosition() > 0 || feedsPipe(script, c)) {
        continue;
      }
      Optional<Boolean> switched = c.isNamed("set") ? setsPipefail(c.words())
          : shoptPipefail(c.words());
      if (switched.isEmpty()) {
        continue;
      }
      boolean surely = c.operator() != ListOperator.AND && c.operator() != ListOperator.OR;
      if (!switched.get()) {
        on = false;
      } else if (surely) {
        on = true;
      }
    }
    return on;
  }

  /** What {@code set -o pipefail} / {@code set +o pipefail} (clusters too) does, if it names it. */
  private static Optional<Boolean> setsPipefail(List<Word> words) {
    Optional<Boolean> switched = Optional.empty();
    for (int i = 2; i < words.size(); i++) {
      String option = words.get(i - 1).value();
      if (words.get(i).value().equals("pipefail") && option.length() > 1
          && option.indexOf('o') > 0 && (option.charAt(0) == '-' || option.charAt(0) == '+')
          && !option.startsWith("--")) {
        switched = Optional.of(option.charAt(0) == '-');
      }
    }
    return switched;
  }

  /** What {@code shopt -s -o pipefail} / {@code shopt -uo pipefail} does, if it names it. */
  private static Optional<Boolean> shoptPipefail(List<Word> words) {
    boolean setOption = false;
    boolean enable = false;
    boolean disable = false;
    boolean named = false;
    for (Word w : words.subList(1, words.size())) {
      String v = w.value();
      if (v.startsWith("-") && v.length() > 1 && !v.startsWith("--")) {
        setOption |= v.indexOf('o') > 0;
        enable |= v.indexOf('s') > 0;
        disable |= v.indexOf('u') > 0;
      } else {
        named |= v.equals("pipefail");
      }
    }
    if (!setOption || !named || enable == disable) {
      return Optional.empty(); // shopt -o pipefail only prints the setting
    }
    return Optional.of(enable);
  }

  /** True when the constructs {@code outer} lists are the first ones {@code inner} lists. */
  private static boolean enclosing(List<Nesting> outer, List<Nesting> inner) {
    return outer.size() <= inner.size() && inner.subList(0, outer.size()).equals(outer);
  }
}
