package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.shell.Evacuation;
import dev.groundskeeper.api.shell.FileTarget;
import dev.groundskeeper.api.shell.Redirection;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.SimpleCommand;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * {@code scratch.shape}: a new file under an ignored root must be a scratch-shaped file in the
 * scratch directory (seed 000, D4 and D5). Only new files are judged: a write whose path does not
 * exist yet, or a file a shell command creates by redirection, {@code tee} or a heredoc. Edits,
 * overwrites and appends are never judged, so an existing backlog never blocks work.
 */
final class ShapeRule implements Rule {

  static final String ID = "scratch.shape";
  static final RuleInfo INFO = new RuleInfo(ID, "Scratch-shape whitelist for new files",
      "A new file under an ignored root must be scratch-shaped and inside the scratch "
          + "directory; linked worktrees and paths outside the roots are never judged.",
      Mode.BLOCK, Set.of(Event.FileWriteEvent.class, Event.CommandEvent.class),
      "rules/" + ID + ".md");

  /** The ways a command creates a file whose name it chose; appends never create one to judge. */
  private static final Set<FileTarget.Route> CREATING = Collections.unmodifiableSet(
      EnumSet.of(FileTarget.Route.REDIRECT, FileTarget.Route.TEE, FileTarget.Route.OUTPUT_OPTION));

  private final ScratchConfig config;

  ShapeRule(ScratchConfig config) {
    this.config = config;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (event instanceof Event.FileWriteEvent write) {
      if (write.kind() != Event.WriteKind.WRITE || write.exists()) {
        return Verdict.notApplicable(ID);
      }
      // The roots are repository-relative: outside a checkout no path lies under one.
      return facts.find(FileFacts.WORKTREE_ROOT)
          .flatMap(root -> ScratchPaths.relativize(root, write.context().cwd(), write.path()))
          .map(path -> judge(path, ScratchPaths.place(path, config), write::content))
          .orElseGet(() -> Verdict.notApplicable(ID));
    }
    if (event instanceof Event.CommandEvent command && mayCreate(command.command())) {
      return judge(command, facts);
    }
    return Verdict.notApplicable(ID);
  }

  private Verdict judge(Event.CommandEvent event, Facts facts) {
    Optional<CommandPaths> checkout = CommandPaths.of(event, facts);
    if (checkout.isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    CommandPaths paths = checkout.get();
    Script script = event.script(facts);
    boolean judged = false;
    for (FileTarget target : created(script)) {
      if (!CREATING.contains(target.route())) {
        continue;
      }
      Optional<String> relative = paths.relative(target.path(), target.directory());
      if (relative.isEmpty()) {
        continue;
      }
      ScratchPaths.Placement placement = ScratchPaths.place(relative.get(), config);
      if (!placement.judged()
          || facts.get(FileFacts.PATHS).exists(paths.root().resolve(relative.get()))) {
        continue;
      }
      Verdict verdict = judge(relative.get(), placement, () -> heredocBody(script, target));
      if (verdict.outcome() == Outcome.DENY) {
        return verdict;
      }
      judged = true;
    }
    if (!script.complete()) {
      return Verdict.couldNotJudge(ID, "the command could not be read in full ("
          + script.problems().get(0) + "), so the files it creates are not all known");
    }
    return judged ? Verdict.allow(ID) : Verdict.notApplicable(ID);
  }

  /**
   * False when the text cannot create a file the way this rule sees files created: without a
   * {@code >}, {@code tee} or an {@code --output} option there is nothing to parse for.
   */
  static boolean mayCreate(String command) {
    return command.indexOf('>') >= 0 || command.contains("tee") || command.contains("--output");
  }

  /** Files the script writes by redirection or tee, and output files named by an option. */
  private static List<FileTarget> created(Script script) {
    if (!script.source().contains("--output")) {
      return script.writtenFiles();
    }
    List<FileTarget> all = new ArrayList<>(script.writtenFiles());
    for (Evacuation evacuation : script.evacuations()) {
      all.addAll(evacuation.outputs());
    }
    return all;
  }

  /**
   * The verdict on one new file at a repository-relative path with its placement; the written
   * text is read only for a denial's suggested home.
   */
  private Verdict judge(String path, ScratchPaths.Placement placement,
      Supplier<Optional<String>> content) {
    if (!placement.judged()) {
      return Verdict.notApplicable(ID);
    }
    if (placement.allowed()) {
      return Verdict.allow(ID);
    }
    return Verdict.deny(ID, ShapeTexts.reason(placement, path, config),
            ShapeTexts.remedy(placement, path, config, content.get()))
        .withFindings(List.of(new Finding(Finding.Kind.PATH, path, placement.name())));
  }

  /** The heredoc the written text comes from, for the suggested home only. */
  private static Optional<String> heredocBody(Script script, FileTarget target) {
    if (!target.fromHeredoc()) {
      return Optional.empty();
    }
    for (SimpleCommand command : script.commands()) {
      if (command.pipeline() != target.command().pipeline()
          || command.pipelinePosition() > target.command().pipelinePosition()) {
        continue;
      }
      for (Redirection redirection : command.redirections()) {
        if (redirection.heredocBody().isPresent()) {
          return redirection.heredocBody();
        }
      }
    }
    return Optional.empty();
  }
}
