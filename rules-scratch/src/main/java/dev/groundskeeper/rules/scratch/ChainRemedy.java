package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.shell.ConsumedFile;
import dev.groundskeeper.api.shell.Directory;
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
 * {@code && rm -- <file>}. The file is written as the command wrote it when the removal runs in
 * the consumer's directory, else as the shell sees it where the removal runs: {@code git -C}
 * moves git, not the shell, so {@code git -C untracked/scratch commit -F commit-1.txt} gets
 * {@code && rm -- untracked/scratch/commit-1.txt}, and where that directory cannot be known the
 * path is absolute. When the consumer feeds a pipe, the pipeline is wrapped as
 * {@code (set -o pipefail; …)} with the removal after it, because a pipeline's status is its last
 * command's. When something after the consumer is joined by {@code ;} or {@code ||}, the removal
 * goes directly after the consumer instead. A removal of the consumed file that would run when
 * the consumer failed ({@code git commit -F f || rm f}) is cut from the text first, so the
 * correction never deletes the file unless the consumer succeeded; when the chained removal was
 * there already, the cut is the whole correction. A correction is offered only when the rule
 * itself accepts it and no such removal is left.
 */
final class ChainRemedy {

  /** Stands for the removal's operands while finding the directory the removal runs in. */
  private static final String PLACEHOLDER = "groundskeeper-removal-placeholder";

  private ChainRemedy() {}

  static Optional<String> correct(String command, List<ConsumedFile> files,
      ConsumeChainRule rule, CommandPaths paths) {
    command = withoutUnsafeRemovals(command, files, paths);
    if (accepted(command, rule, paths)) {
      return Optional.of(command); // the chained removal was there: the cut was all it needed
    }
    Script script = Shell.parseFresh(command);
    files = rescan(script, rule, paths).orElse(files);
    List<int[]> places = new ArrayList<>();
    pipeline(script, files).ifPresent(places::add);
    String trimmed = trimEnd(command);
    places.add(new int[] {trimmed.length(), command.length(), 0});
    if (files.size() == 1 && !Chaining.feedsPipe(script, files.get(0).command())) {
      int end = files.get(0).command().end();
      if (end > 0 && end <= command.length()) {
        places.add(new int[] {end, end, 0});
      }
    }
    for (int[] place : places) {
      Optional<String> candidate = withRemoval(command, place, files, paths)
          .filter(text -> accepted(text, rule, paths));
      if (candidate.isPresent()) {
        return candidate;
      }
    }
    return Optional.empty();
  }

  /** True when a consumer of {@code files} feeds a pipe with no pipefail set before it. */
  static boolean feedsPipe(String command, List<ConsumedFile> files) {
    Script script = Shell.parseFresh(command);
    for (ConsumedFile file : files) {
      SimpleCommand consumer = script.commands().get(file.command().index());
      if (Chaining.feedsPipe(script, consumer) && !Chaining.pipefail(script, consumer)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Where the pipeline the consumer feeds starts and ends ({@code {start, end, 1}}, 1 meaning
   * "wrap it"), when there is one consumer, it feeds a pipe and no pipefail is set before it.
   */
  private static Optional<int[]> pipeline(Script script, List<ConsumedFile> files) {
    SimpleCommand consumer = files.get(0).command();
    for (ConsumedFile file : files) {
      if (file.command().pipeline() != consumer.pipeline()) {
        return Optional.empty();
      }
    }
    if (!Chaining.feedsPipe(script, consumer) || Chaining.pipefail(script, consumer)) {
      return Optional.empty();
    }
    int start = Integer.MAX_VALUE;
    int end = -1;
    for (SimpleCommand c : script.commands()) {
      if (c.pipeline() == consumer.pipeline()) {
        start = Math.min(start, c.start());
        end = Math.max(end, c.end());
      }
    }
    return end > start ? Optional.of(new int[] {start, end, 1}) : Optional.empty();
  }

  /**
   * {@code command} with the removal at {@code place} ({@code {from, to, wrap}}: the text from
   * {@code from} to {@code to} is replaced; with {@code wrap} 1, the pipeline ending at
   * {@code from} is wrapped first), each file spelled for the directory the removal runs in.
   */
  private static Optional<String> withRemoval(String command, int[] place,
      List<ConsumedFile> files, CommandPaths paths) {
    String before = place[2] == 1
        ? command.substring(0, place[0]) + "(set -o pipefail; "
            + command.substring(place[0], place[1]) + ")"
        : command.substring(0, place[0]);
    String after = command.substring(place[1]);
    Script probe = Shell.parseFresh(before + " && rm -- " + PLACEHOLDER + after);
    Optional<Removal> removal = probe.removals().stream()
        .filter(r -> r.paths().stream().anyMatch(w -> w.value().equals(PLACEHOLDER)))
        .findFirst();
    if (removal.isEmpty()) {
      return Optional.empty();
    }
    Directory directory = removal.get().command().directory();
    Set<String> spelled = new LinkedHashSet<>();
    for (ConsumedFile file : files) {
      spelled.add(spelling(file, directory, paths));
    }
    return Optional.of(before + " && rm -- " + String.join(" ", spelled) + after);
  }

  /** The file as a command running in {@code directory} must write it. */
  private static String spelling(ConsumedFile file, Directory directory, CommandPaths paths) {
    String value = file.path().value();
    if (file.directory().equals(directory) || value.startsWith("/")) {
      return file.path().source();
    }
    return paths.relative(file.path(), file.directory())
        .map(relative -> Texts.shellWord(paths.spell(relative, directory)))
        .orElse(file.path().source());
  }

  private static boolean accepted(String candidate, ConsumeChainRule rule, CommandPaths paths) {
    Script script = Shell.parseFresh(candidate);
    List<ConsumedFile> files = rule.scratchFiles(script, paths);
    return script.complete() && ConsumeChainRule.unchained(script, files, paths).isEmpty()
        && ConsumeChainRule.unsafeRemovals(script, files, paths).isEmpty();
  }

  /** The consumed files of {@code command} after a cut, so the insertion point is current. */
  private static Optional<List<ConsumedFile>> rescan(Script script, ConsumeChainRule rule,
      CommandPaths paths) {
    List<ConsumedFile> files = rule.scratchFiles(script, paths);
    return script.complete() && !files.isEmpty() ? Optional.of(files) : Optional.empty();
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
    List<Removal> unsafe = ConsumeChainRule.unsafeRemovals(script, files, paths);
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
