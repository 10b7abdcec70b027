package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.files.FileFacts;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

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
      Mode.BLOCK, Set.of(Event.FileWriteEvent.class),
      "rules/" + ID + ".md");

  private final ScratchConfig config;

  ShapeRule(ScratchConfig config) {
    this.config = config;
  }

  /** A file about to be created, with its content when it is known. */
  record NewFile(Path path, Optional<String> content) {}

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
      return judge(List.of(new NewFile(write.path(), write.content())), event, facts);
    }
    return Verdict.notApplicable(ID);
  }

  private Verdict judge(List<NewFile> files, Event event, Facts facts) {
    Path cwd = event.context().cwd();
    Path root = facts.find(FileFacts.WORKTREE_ROOT).orElse(cwd);
    boolean judgedAny = false;
    for (NewFile file : files) {
      Optional<String> relative = ScratchPaths.relativize(root, cwd, file.path());
      if (relative.isEmpty()) {
        continue;
      }
      String path = relative.get();
      ScratchPaths.Placement placement = ScratchPaths.place(path, config);
      if (!placement.judged()) {
        continue;
      }
      if (!(event instanceof Event.FileWriteEvent)
          && facts.get(FileFacts.PATHS).exists(root.resolve(path))) {
        continue;
      }
      judgedAny = true;
      if (!placement.allowed()) {
        return Verdict.deny(ID, ShapeTexts.reason(placement, path, config),
                ShapeTexts.remedy(path, config, file.content()))
            .withFindings(List.of(new Finding(Finding.Kind.PATH, path, placement.name())));
      }
    }
    return judgedAny ? Verdict.allow(ID) : Verdict.notApplicable(ID);
  }
}
