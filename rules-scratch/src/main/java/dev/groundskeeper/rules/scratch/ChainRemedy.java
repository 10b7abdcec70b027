package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.shell.ConsumedFile;
import dev.groundskeeper.api.shell.Removal;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import dev.groundskeeper.api.shell.SimpleCommand;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The corrected command of a consume-chain denial: the original text followed by
 * {@code && rm -- <file>} (each file as the command wrote it). When something after the consumer
 * is joined by {@code ;}, {@code ||} or a pipe, the removal goes directly after the consumer
 * instead. A removal of the consumed file that would run when the consumer failed
 * ({@code git commit -F f || rm f}) is cut from the text first, so the correction never deletes
 * the file unless the consumer succeeded. A correction is offered only when the rule itself
 * accepts it and no such removal is left.
 */
final class ChainRemedy {

  private ChainRemedy() {}

  static Optional<String> correct(String command, List<ConsumedFile> files,
      ConsumeChainRule rule, CommandPaths paths) {
    Set<String> written = new LinkedHashSet<>();
    for (ConsumedFile file : files) {
      written.add(file.path().source());
    }
    String removal = " && rm -- " + String.join(" ", written);
    command = withoutUnsafeRemovals(command, files, paths);
    files = rescan(command, rule, paths).orElse(files);
    String appended = trimEnd(command) + removal;
    if (accepted(appended, rule, paths)) {
      return Optional.of(appended);
    }
    if (files.size() == 1) {
      int end = files.get(0).command().end();
      if (end > 0 && end <= command.length()) {
        String inserted = command.substring(0, end) + removal + command.substring(end);
        if (accepted(inserted, rule, paths)) {
          return Optional.of(inserted);
        }
      }
    }
    return Optional.empty();
  }

  private static boolean accepted(String candidate, ConsumeChainRule rule, CommandPaths paths) {
    Script script = Shell.parseFresh(candidate);
    List<ConsumedFile> files = rule.scratchFiles(script, paths);
    return script.complete() && ConsumeChainRule.unchained(script, files, paths).isEmpty()
        && unsafeRemovals(script, files, paths).isEmpty();
  }

  /** The consumed files of {@code command} after a cut, so the insertion point is current. */
  private static Optional<List<ConsumedFile>> rescan(String command, ConsumeChainRule rule,
      CommandPaths paths) {
    Script script = Shell.parseFresh(command);
    List<ConsumedFile> files = rule.scratchFiles(script, paths);
    return script.complete() && !files.isEmpty() ? Optional.of(files) : Optional.empty();
  }

  /** Removals of a consumed file, after its consumer, not joined to it by {@code &&} only. */
  static List<Removal> unsafeRemovals(Script script, List<ConsumedFile> files,
      CommandPaths paths) {
    List<Removal> unsafe = new ArrayList<>();
    for (Removal removal : script.removals()) {
      for (ConsumedFile file : files) {
        if (ConsumeChainRule.after(removal, file)
            && ConsumeChainRule.removes(removal, file, paths)
            && !script.andChained(file.command(), removal.command())) {
          unsafe.add(removal);
          break;
        }
      }
    }
    return unsafe;
  }

  /**
   * Cuts each unsafe removal that is a plain top-level step, together with the operator before
   * it; anything else is left (and the candidate then fails {@link #accepted}).
   */
  private static String withoutUnsafeRemovals(String command, List<ConsumedFile> files,
      CommandPaths paths) {
    Script script = Shell.parseFresh(command);
    List<SimpleCommand> steps = script.commands();
    StringBuilder text = new StringBuilder(command);
    List<Removal> unsafe = unsafeRemovals(script, files, paths);
    for (int i = unsafe.size() - 1; i >= 0; i--) {
      SimpleCommand rm = unsafe.get(i).command();
      int at = steps.indexOf(rm);
      if (at <= 0 || !rm.nesting().isEmpty() || !steps.get(at - 1).nesting().isEmpty()
          || rm.end() > text.length()) {
        continue;
      }
      text.delete(steps.get(at - 1).end(), rm.end());
    }
    return text.toString();
  }

  /** Without trailing blanks and a final {@code ;}, which {@code &&} cannot follow. */
  private static String trimEnd(String command) {
    String text = command.stripTrailing();
    while (text.endsWith(";") && !text.endsWith("\\;") && !text.endsWith(";;")) {
      text = text.substring(0, text.length() - 1).stripTrailing();
    }
    return text;
  }
}
