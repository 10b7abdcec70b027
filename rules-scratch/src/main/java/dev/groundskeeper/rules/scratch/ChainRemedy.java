package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.shell.ConsumedFile;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The corrected command of a consume-chain denial: the original text followed by
 * {@code && rm -- <file>} (each file as the command wrote it). When something after the consumer
 * is joined by {@code ;}, {@code ||} or a pipe, the removal goes directly after the consumer
 * instead. A correction is offered only when the rule itself accepts it.
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
    return script.complete()
        && ConsumeChainRule.unchained(script, rule.scratchFiles(script, paths)).isEmpty();
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
