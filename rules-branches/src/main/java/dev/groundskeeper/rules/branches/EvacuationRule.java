package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.BranchTip;
import dev.groundskeeper.api.repo.DefaultBranch;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.shell.DeletedBranch;
import dev.groundskeeper.api.shell.Evacuation;
import dev.groundskeeper.api.shell.FileTarget;
import dev.groundskeeper.api.shell.Removal;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.SimpleCommand;
import dev.groundskeeper.api.shell.Word;
import dev.groundskeeper.api.shell.WorktreeRemoval;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Evacuate then destroy: saving a worktree's or branch's work as a patch in a file outside git's
 * history, then removing that worktree or deleting that branch. Refused when both happen in one
 * command, and when the destruction comes later in the same turn (evacuations are recorded after
 * they run, and a record expires with its turn, so yesterday's review patch never blocks today's
 * cleanup). The right move is to commit the work where it belongs.
 */
@dev.groundskeeper.api.LossGuard
final class EvacuationRule implements Rule {

  static final String ID = "branches.evacuation";

  static final RuleInfo INFO = new RuleInfo(ID, "Evacuate then destroy",
      "Refuses removing a worktree or deleting a branch after its work was saved as a patch"
          + " file outside git's history, in the same command or the same turn.",
      Mode.BLOCK, Set.of(Event.CommandEvent.class, Event.CommandCompleted.class,
          Event.PromptSubmitted.class), "rules/" + ID + ".md");

  private final BranchesConfig config;

  EvacuationRule(BranchesConfig config) {
    this.config = config;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  /**
   * One evacuation as this rule reads it: what it read and where the patch went, only the
   * destinations git keeps no history of (a patch written into a tracked file is not evacuated).
   */
  private record Read(SimpleCommand command, Optional<Worktree> worktree, Set<String> branches,
      List<Target> targets, String text) {

    List<String> paths() {
      return targets.stream().map(Target::path).toList();
    }

    List<String> described() {
      return targets.stream().map(t -> t.path() + " (" + t.kind().words + ")").toList();
    }
  }

  /** Where one patch went and what git makes of that place. */
  private record Target(String path, Destinations.Kind kind) {}

  /** One destruction: what it removes; neither a worktree nor a branch when that is unknown. */
  private record Destroy(SimpleCommand command, Optional<Path> worktree, Optional<String> branch,
      String text) {

    boolean unknown() {
      return worktree.isEmpty() && branch.isEmpty();
    }
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (event instanceof Event.PromptSubmitted prompt) {
      return prompt.context().isMainThread() && facts.find(BranchLedger.FACT).isPresent()
          ? Verdict.allow(ID).withEffects(List.of(
              new LedgerEffect.StartTurn(prompt.context().sessionId())))
          : Verdict.notApplicable(ID);
    }
    if (event instanceof Event.CommandCompleted completed) {
      return completed.succeeded() ? record(completed, facts) : Verdict.notApplicable(ID);
    }
    if (!(event instanceof Event.CommandEvent command)) {
      return Verdict.notApplicable(ID);
    }
    Script script = command.script(facts);
    List<Destroy> destroys = destructions(script, command.context().cwd(), facts);
    if (destroys.isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    List<Read> reads = evacuations(script, command.context().cwd(), facts);
    for (Destroy destroy : destroys) {
      for (Read read : reads) {
        if (read.command().index() < destroy.command().index() && hits(destroy, read)) {
          return refusal("`" + read.text() + "`", read.described(), destroy, read.worktree(),
              read.branches(), facts);
        }
      }
    }
    if (destroys.stream().allMatch(Destroy::unknown)) {
      return Verdict.notApplicable(ID); // nothing named that an earlier evacuation could hit
    }
    Optional<BranchLedger> ledger = facts.find(BranchLedger.FACT);
    if (ledger.isEmpty()) {
      return Verdict.allow(ID);
    }
    EventContext context = command.context();
    for (BranchLedger.Evacuated earlier : ledger.get().evacuations(context.sessionId(),
        turn(context, ledger.get()))) {
      for (Destroy destroy : destroys) {
        boolean sameWorktree = destroy.worktree().isPresent() && earlier.worktree()
            .filter(w -> Path.of(w).equals(destroy.worktree().get())).isPresent();
        boolean sameBranch = destroy.branch().filter(earlier.branches()::contains).isPresent();
        if (sameWorktree || sameBranch) {
          Set<String> branches = new LinkedHashSet<>(earlier.branches());
          return refusal("`" + earlier.command() + "`, run earlier in this turn,", List.of(
              earlier.target()), destroy, Optional.empty(), branches, facts)
              .withFindings(List.of(new Finding(Finding.Kind.PATH, earlier.target(),
                  "patch written earlier in this turn")));
        }
      }
    }
    return Verdict.allow(ID);
  }

  /** The turn an evacuation belongs to: a sub-agent's lifetime, else the runner's turn. */
  static String turn(EventContext context, BranchLedger ledger) {
    if (!context.isMainThread()) {
      return "agent:" + context.agentId();
    }
    return context.turnId().map(t -> "turn:" + t)
        .orElseGet(() -> "prompt:" + ledger.prompts(context.sessionId()));
  }

  private Verdict record(Event.CommandCompleted completed, Facts facts) {
    Optional<BranchLedger> ledger = facts.find(BranchLedger.FACT);
    Script script = completed.script(facts);
    if (ledger.isEmpty() || script.evacuations().stream().noneMatch(Evacuation::landsInFile)) {
      return Verdict.notApplicable(ID);
    }
    EventContext context = completed.context();
    String turn = turn(context, ledger.get());
    List<Effect> effects = new ArrayList<>();
    for (Read read : evacuations(script, context.cwd(), facts)) {
      for (String target : read.paths()) {
        effects.add(new LedgerEffect.RecordEvacuation(context.sessionId(), turn,
            new BranchLedger.Evacuated(read.worktree().map(w -> w.path().toString()),
                List.copyOf(read.branches()), target, read.text())));
      }
    }
    return effects.isEmpty() ? Verdict.notApplicable(ID) : Verdict.allow(ID).withEffects(effects);
  }

  private static boolean hits(Destroy destroy, Read read) {
    if (destroy.unknown()) {
      // a removal of paths known only when it runs may take the worktree the patch came from
      return read.worktree().isPresent();
    }
    boolean sameWorktree = destroy.worktree().isPresent()
        && read.worktree().filter(w -> w.path().normalize().equals(destroy.worktree().get()))
            .isPresent();
    boolean sameBranch = destroy.branch().filter(read.branches()::contains).isPresent();
    return sameWorktree || sameBranch;
  }

  private List<Read> evacuations(Script script, Path cwd, Facts facts) {
    List<Read> reads = new ArrayList<>();
    List<Evacuation> evacuations = script.evacuations();
    if (evacuations.stream().noneMatch(Evacuation::landsInFile)) {
      return reads;
    }
    List<Worktree> worktrees = facts.get(RepoFacts.WORKTREES);
    List<BranchTip> tips = facts.get(RepoFacts.BRANCH_TIPS);
    Destinations destinations = new Destinations(facts);
    for (Evacuation evacuation : evacuations) {
      if (!evacuation.landsInFile()) {
        continue;
      }
      Optional<Worktree> worktree = Checkouts.holding(worktrees, evacuation.git().directory(),
          cwd);
      Set<String> branches = new LinkedHashSet<>();
      worktree.flatMap(Worktree::branch).ifPresent(branches::add);
      for (Word operand : evacuation.git().arguments().operands()) {
        if (operand.isStatic()) {
          for (String name : operand.value().split("\\.{2,3}")) {
            String bare = name.startsWith("^") ? name.substring(1) : name;
            if (tips.stream().anyMatch(t -> t.name().equals(bare))) {
              branches.add(bare);
            }
          }
        }
      }
      List<Target> targets = new ArrayList<>();
      for (FileTarget target : evacuation.outputs()) {
        Optional<Path> resolved = target.path().isStatic() ? target.directory()
            .resolveFile(target.path().value(), cwd, Optional.empty()) : Optional.empty();
        Destinations.Kind kind = resolved.map(path -> destinations.of(path,
            target.route() == FileTarget.Route.OUTPUT_DIRECTORY))
            .orElse(Destinations.Kind.UNKNOWN);
        if (kind.outsideHistory()) {
          targets.add(new Target(resolved.map(Path::toString).orElse(target.path().source()),
              kind));
        }
      }
      if (!targets.isEmpty()) {
        reads.add(new Read(evacuation.git().command(), worktree, branches, targets,
            script.text(evacuation.git().command())));
      }
    }
    return reads;
  }

  private List<Destroy> destructions(Script script, Path cwd, Facts facts) {
    List<Destroy> destroys = new ArrayList<>();
    List<WorktreeRemoval> removals = script.worktreeRemovals();
    List<Removal> deletions = script.removals();
    for (WorktreeRemoval removal : removals) {
      if (removal.path().isStatic()) {
        removal.git().directory().resolveFile(removal.path().value(), cwd, Optional.empty())
            .ifPresent(path -> destroys.add(new Destroy(removal.git().command(),
                Optional.of(path), Optional.empty(), script.text(removal.git().command()))));
      }
    }
    for (DeletedBranch deleted : script.deletedBranches()) {
      if (deleted.name().isStatic() && deleted.route() != DeletedBranch.Route.PUSH_DELETE
          && !deleted.remoteTracking()) {
        destroys.add(new Destroy(deleted.git().command(), Optional.empty(),
            Optional.of(deleted.name().value()), script.text(deleted.git().command())));
      }
    }
    if (deletions.stream().anyMatch(Removal::recursive)) {
      List<Worktree> worktrees = facts.get(RepoFacts.WORKTREES);
      for (Removal removal : deletions) {
        if (!removal.recursive()) {
          continue;
        }
        for (Word path : removal.paths()) {
          // a pattern or an expansion removes what lies under its static directory part
          // (rm -rf ../wt1/* empties that worktree); with none, or where the shell's directory
          // is unknown (cd -), what it removes is known only when it runs
          Optional<String> written = path.isStatic() ? Optional.of(path.value())
              : staticDirectory(path.value());
          Optional<Path> resolved = written.flatMap(p -> removal.command().directory()
              .resolveFile(p, cwd, Optional.empty()));
          if (resolved.isEmpty()) {
            destroys.add(new Destroy(removal.command(), Optional.empty(), Optional.empty(),
                script.text(removal.command())));
            continue;
          }
          for (Worktree worktree : worktrees) {
            if (!worktree.main() && worktree.path().normalize().startsWith(resolved.get())) {
              destroys.add(new Destroy(removal.command(), Optional.of(worktree.path()
                  .normalize()), Optional.empty(), script.text(removal.command())));
            }
          }
        }
      }
    }
    return destroys;
  }

  /**
   * The directory a non-static path's static part names ({@code ../wt1} for {@code ../wt1/*},
   * {@code build} for {@code build/$X}), or empty when nothing before the first pattern or
   * expansion character names a directory ({@code $(…)}, {@code {}}, {@code *.log}).
   */
  static Optional<String> staticDirectory(String value) {
    int end = 0;
    while (end < value.length() && "*?[{$`~\\".indexOf(value.charAt(end)) < 0) {
      end++;
    }
    int slash = value.lastIndexOf('/', end - 1);
    if (end == 0 || slash < 0) {
      return Optional.empty();
    }
    return Optional.of(slash == 0 ? "/" : value.substring(0, slash));
  }

  private static String defaultBranchName(Facts facts) {
    try {
      return facts.find(RepoFacts.DEFAULT_BRANCH).map(DefaultBranch::name).orElse("");
    } catch (FactUnavailableException e) {
      return ""; // then only the configured protected names and lines are left out
    }
  }

  private Verdict refusal(String evacuation, List<String> targets, Destroy destroy,
      Optional<Worktree> worktree, Set<String> branches, Facts facts) {
    String what = destroy.unknown() ? "paths known only when it runs, which may be the worktree"
        : destroy.worktree().map(p -> "the worktree " + p)
            .orElseGet(() -> "the branch " + destroy.branch().orElse(""));
    String reason = evacuation + " saves work as a patch outside git's history, in "
        + String.join(", ", targets) + ", and `" + destroy.text() + "` then destroys " + what
        + " it came from. A patch file is not a safe home for work: nothing tracks it, and"
        + " nothing reminds anyone to apply it.";
    // The way out keeps the work on its own lane: never a commit on, or a push of, the default
    // branch, an integration line or a protected name (where the evacuating checkout may sit).
    String defaultName = defaultBranchName(facts);
    Set<String> lanes = new LinkedHashSet<>(branches);
    destroy.branch().ifPresent(lanes::add);
    lanes.removeIf(branch -> config.protects(branch, defaultName));
    List<String> commands = new ArrayList<>();
    Optional<Path> place = destroy.worktree().or(() -> worktree
        .filter(w -> w.branch().filter(b -> !config.protects(b, defaultName)).isPresent())
        .map(Worktree::path));
    place.ifPresent(p -> commands.add("git -C " + p + " add -A && git -C " + p
        + " commit -m \"<what this work is>\""));
    Pushing pushing = Pushing.of(facts, config.remote());
    for (String branch : lanes) {
      pushing.command(branch).ifPresent(commands::add);
    }
    Remedy remedy = new Remedy("Commit the work on the branch of the lane it serves and push"
        + " it; remove the worktree or branch afterwards through the lossless checks. If it"
        + " should be thrown away, ask a person." + (pushing.possible() ? ""
            : " " + pushing.instead()), commands);
    return Verdict.deny(ID, BranchPrinciple.appendTo(reason), remedy)
        .withFindings(List.of(destroy.unknown()
            ? new Finding(Finding.Kind.WORKTREE, worktree.map(w -> w.path().toString())
                .orElse(destroy.text()), "may be destroyed after its patch was saved")
            : new Finding(destroy.worktree().isPresent() ? Finding.Kind.WORKTREE
                : Finding.Kind.BRANCH, destroy.worktree().map(Path::toString)
                    .orElse(destroy.branch().orElse("")), "destroyed after its patch was saved")));
  }
}
