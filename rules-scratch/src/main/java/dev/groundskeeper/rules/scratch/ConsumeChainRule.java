package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.shell.ConsumedFile;
import dev.groundskeeper.api.shell.Nesting;
import dev.groundskeeper.api.shell.Removal;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Word;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code scratch.consume-chain} (seed 000 section 7): a command that feeds a scratch file to a
 * consumer must remove it in the same command, chained with {@code &&} only, so the file is gone
 * exactly when the command it fed succeeded. Stateless: one command at a time.
 */
final class ConsumeChainRule implements Rule {

  static final String ID = "scratch.consume-chain";
  static final RuleInfo INFO = new RuleInfo(ID, "Consume-then-remove",
      "A command that feeds a scratch file to git commit/merge/tag -F, gh … --body-file or "
          + "--notes-file (or a configured consumer) must end with && rm -- <file>.",
      Mode.BLOCK, Set.of(Event.CommandEvent.class), "rules/" + ID + ".md");

  private final ScratchConfig config;
  private final Consumption consumption;

  ConsumeChainRule(ScratchConfig config) {
    this.config = config;
    this.consumption = new Consumption(config.consumeChain());
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.CommandEvent command)
        || !consumption.mayConsume(command.command())) {
      return Verdict.notApplicable(ID);
    }
    Optional<CommandPaths> checkout = CommandPaths.of(event, facts);
    if (checkout.isEmpty()) {
      // The scratch directory is repository-relative: outside a checkout there is none.
      return Verdict.notApplicable(ID);
    }
    CommandPaths paths = checkout.get();
    Script script = command.script(facts);
    List<ConsumedFile> scratch = scratchFiles(script, paths);
    List<ConsumedFile> unchained = unchained(script, scratch, paths);
    if (!unchained.isEmpty()) {
      return deny(command.command(), unchained, paths);
    }
    List<Removal> unsafe = unsafeRemovals(script, scratch, paths);
    if (!unsafe.isEmpty()) {
      return denyUnsafe(command.command(), script, scratch, unsafe, paths);
    }
    if (!script.complete()) {
      return Verdict.couldNotJudge(ID, "the command could not be read in full ("
          + script.problems().get(0) + "), so the files it consumes are not all known");
    }
    return scratch.isEmpty() ? Verdict.notApplicable(ID) : Verdict.allow(ID);
  }

  /** The consumed files that resolve inside the scratch directory. */
  List<ConsumedFile> scratchFiles(Script script, CommandPaths paths) {
    List<ConsumedFile> found = new ArrayList<>();
    for (ConsumedFile file : consumption.of(script)) {
      Optional<String> relative = paths.relative(file.path(), file.directory());
      if (relative.isPresent() && relative.get().startsWith(config.directory())) {
        found.add(file);
      }
    }
    return found;
  }

  /**
   * Those of {@code files} that no later {@code rm} removes only when the consumer succeeded
   * (see {@link Chaining#onSuccess}).
   */
  static List<ConsumedFile> unchained(Script script, List<ConsumedFile> files,
      CommandPaths paths) {
    List<ConsumedFile> found = new ArrayList<>();
    for (ConsumedFile file : files) {
      boolean chained = script.chainedRemoval(file).isPresent()
          || script.removals().stream().anyMatch(removal -> after(removal, file)
              && Chaining.onSuccess(script, file.command(), removal.command())
              && removes(removal, file, paths));
      if (!chained) {
        found.add(file);
      }
    }
    return found;
  }

  /**
   * Removals of a consumed file that run when its consumer failed: after it but not joined to it
   * by {@code &&} only, or in a {@code trap} action set before it, which runs when the shell
   * exits whatever happened in between ({@code trap 'rm -f f' EXIT; git commit -F f && rm f}
   * loses the message of a failed commit although a chained removal is there too). A trap set
   * after the consumer on its success ({@code git commit -F f && trap 'rm -f f' EXIT}) is safe.
   */
  static List<Removal> unsafeRemovals(Script script, List<ConsumedFile> files,
      CommandPaths paths) {
    List<Removal> unsafe = new ArrayList<>();
    for (Removal removal : script.removals()) {
      for (ConsumedFile file : files) {
        boolean later = after(removal, file);
        if (removes(removal, file, paths) && (later
            ? !Chaining.onSuccess(script, file.command(), removal.command())
            : atExit(removal))) {
          unsafe.add(removal);
          break;
        }
      }
    }
    return unsafe;
  }

  /** True for a removal in a trap action: it runs when the shell exits, whatever came before. */
  static boolean atExit(Removal removal) {
    for (Nesting n : removal.command().nesting()) {
      if (n.kind() == Nesting.Kind.EVAL && n.detail().equals("trap")) {
        return true;
      }
    }
    return false;
  }

  static boolean after(Removal removal, ConsumedFile file) {
    return removal.command().index() > file.command().index();
  }

  /**
   * Whether {@code removal} removes {@code file}: the same text in the same directory, or the
   * same path in the checkout however the two spell it (absolute, relative, after a {@code cd}).
   */
  static boolean removes(Removal removal, ConsumedFile file, CommandPaths paths) {
    Optional<String> consumed = paths.relative(file.path(), file.directory());
    for (Word path : removal.paths()) {
      if (path.isStatic() && file.path().isStatic() && file.directory().sameFile(
          file.path().value(), removal.command().directory(), path.value())) {
        return true;
      }
      if (consumed.isPresent()
          && consumed.equals(paths.relative(path, removal.command().directory()))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The denial when every consumed file has its chained removal but another removal of one of
   * them runs whatever the consumer did.
   */
  private Verdict denyUnsafe(String command, Script script, List<ConsumedFile> files,
      List<Removal> unsafe, CommandPaths paths) {
    List<ConsumedFile> hit = new ArrayList<>();
    for (ConsumedFile file : files) {
      if (unsafe.stream().anyMatch(removal -> removes(removal, file, paths))) {
        hit.add(file);
      }
    }
    List<Finding> findings = new ArrayList<>();
    for (ConsumedFile file : hit) {
      findings.add(finding(file, paths));
    }
    Set<String> removals = new LinkedHashSet<>();
    for (Removal removal : unsafe) {
      removals.add("`" + SafeText.escape(script.text(removal.command())) + "`"
          + (atExit(removal) ? " (a trap action, run when the shell exits)" : ""));
    }
    ConsumedFile first = hit.get(0);
    String reason = first.consumer() + " reads " + written(hit)
        + " from the scratch directory " + config.directory() + ", and besides the removal"
        + " chained with && another one runs whatever the consumer did: "
        + String.join(", ", removals) + ". If the consumer fails, that one takes the file"
        + " before the retry. Keep only the removal chained with &&.";
    Optional<String> corrected = ChainRemedy.correct(command, hit, this, paths);
    Remedy remedy = corrected
        .map(text -> Remedy.run("Run it with only the chained removal:", text))
        .orElseGet(() -> Remedy.describe("Drop " + String.join(", ", removals) + " from the"
            + " command and keep the removal joined to the " + first.consumer()
            + " command by && only."));
    return Verdict.deny(ID, reason, remedy).withFindings(findings);
  }

  /** The files as the command wrote them, escaped for a message. */
  private static String written(List<ConsumedFile> files) {
    Set<String> written = new LinkedHashSet<>();
    for (ConsumedFile file : files) {
      written.add(SafeText.escape(file.path().source()));
    }
    return String.join(" ", written);
  }

  /** A denial's finding for one consumed file: its path in the checkout, and what read it. */
  private static Finding finding(ConsumedFile file, CommandPaths paths) {
    return new Finding(Finding.Kind.PATH, paths.relative(file.path(), file.directory())
        .orElse(file.path().value()), file.consumer() + " " + file.option());
  }

  private Verdict deny(String command, List<ConsumedFile> files, CommandPaths paths) {
    Set<String> absolute = new LinkedHashSet<>();
    List<Finding> findings = new ArrayList<>();
    for (ConsumedFile file : files) {
      paths.relative(file.path(), file.directory()).ifPresent(path -> absolute.add(
          Texts.shellWord(paths.root().resolve(path).toString())));
      findings.add(finding(file, paths));
    }
    ConsumedFile first = files.get(0);
    String names = written(files);
    String reason = first.consumer() + " reads " + names
        + " from the scratch directory " + config.directory() + " and nothing removes it"
        + " afterwards. Chain the removal with && so the file is gone exactly when the command"
        + " it fed succeeded: a failure keeps it for the retry, and a success leaves nothing"
        + " for the sweep. A removal after ;, after || or in a later command does not count.";
    if (ChainRemedy.feedsPipe(command, files)) {
      reason += " The consumer feeds a pipe, and a pipeline's status is its last command's:"
          + " a removal after the pipeline counts only with pipefail set before it.";
    }
    Optional<String> corrected = ChainRemedy.correct(command, files, this, paths);
    Remedy remedy = corrected
        .map(text -> Remedy.run("Run it with the removal chained:", text))
        .orElseGet(() -> Remedy.describe("Add `&& rm -- " + String.join(" ", absolute)
            + "` directly after the " + first.consumer() + " command, joined to it by && only"
            + " (with set -o pipefail before it when it feeds a pipe)."));
    return Verdict.deny(ID, reason, remedy).withFindings(findings);
  }
}
