package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.WorktreeStoreFacts;
import dev.groundskeeper.api.shell.Argv;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code worktrees.placement}: a {@code git worktree add <path>} whose path is outside the
 * worktree store and outside {@code worktrees.allowed_roots} is answered with the
 * {@code groundskeeper worktree add <name>} to run instead, so agent checkouts land where they
 * are listed and reclaimed rather than beside the person's projects.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class PlacementRule implements Rule {

  /** The rule's id, also the key of its mode in the configuration. */
  public static final String ID = "worktrees.placement";

  private static final RuleInfo INFO = new RuleInfo(ID, "Worktrees go in the store",
      "A git worktree add outside the worktree store and the allowed roots gets the"
          + " groundskeeper worktree add to run instead.",
      Mode.ADVISE, Set.of(Event.CommandEvent.class), "rules/worktrees.placement.md");

  private final List<String> allowedRoots;

  /**
   * Creates the rule.
   *
   * @param allowedRoots directories besides the store where a worktree may be added without
   *     advice; {@code ~/} is the home directory, and a relative one is taken from the command's
   *     working directory
   */
  public PlacementRule(List<String> allowedRoots) {
    this.allowedRoots = List.copyOf(allowedRoots);
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.CommandEvent command)) {
      return Verdict.notApplicable(ID);
    }
    Script script = command.script(facts);
    List<GitCommand> adds = script.gitCommands().stream()
        .filter(git -> git.is("worktree", "add")).toList();
    if (adds.isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    Optional<Path> home = facts.find(WorktreeStoreFacts.USER_HOME);
    Path store = facts.get(WorktreeStoreFacts.STORE_WORKTREES).normalize();
    Path cwd = command.context().cwd();
    List<Finding> findings = new ArrayList<>();
    List<String> instead = new ArrayList<>();
    for (GitCommand add : adds) {
      Optional<Word> target = add.arguments().operand(0);
      if (target.isEmpty()) {
        continue;
      }
      if (!writtenOut(target.get())) {
        return Verdict.couldNotJudge(ID, "the path of git worktree add is not written out ("
            + target.get().source() + "), so its place cannot be judged");
      }
      Optional<Path> path = add.directory().resolveFile(target.get().value(), cwd, home);
      if (path.isEmpty()) {
        return Verdict.couldNotJudge(ID, "git worktree add runs in a directory that cannot be"
            + " known before it runs, so its place cannot be judged");
      }
      if (path.get().startsWith(store) || allowed(path.get(), cwd, home)) {
        continue;
      }
      findings.add(new Finding(Finding.Kind.PATH, path.get().toString(),
          "outside the worktree store"));
      instead.add(replacement(add.arguments(), path.get()));
    }
    if (findings.isEmpty()) {
      return Verdict.allow(ID);
    }
    String where = findings.size() == 1 ? findings.get(0).subject()
        : findings.size() + " places";
    return Verdict.deny(ID, "git worktree add would place a worktree at " + where
        + ", outside the worktree store (" + store + ") and the allowed roots; worktrees"
        + " there are never listed or reclaimed and pile up beside your projects.",
        new Remedy("Add it to the store instead and work in the path it prints:", instead))
        .withFindings(findings);
  }

  /** Static, or a plain {@code ~/...} whose only expansion is the home directory. */
  private static boolean writtenOut(Word word) {
    String value = word.value();
    return word.isStatic() || ((value.equals("~") || value.startsWith("~/"))
        && value.equals(word.source()) && value.chars().noneMatch(c -> "$`*?[{".indexOf(c) >= 0));
  }

  private boolean allowed(Path path, Path cwd, Optional<Path> home) {
    for (String root : allowedRoots) {
      Optional<Path> resolved;
      if (root.equals("~") || root.startsWith("~/")) {
        resolved = home.map(h -> Path.of(h + root.substring(1)));
      } else {
        resolved = Optional.of(cwd.resolve(root));
      }
      if (resolved.map(Path::normalize).filter(path::startsWith).isPresent()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The store command that does what this add meant: the same branch, a name from the path. The
   * store names a branch it creates after the worktree, so a new branch that cannot be a worktree
   * name ({@code feat/x}, or one written with an expansion) is made first with
   * {@code git branch} and then checked out with {@code --branch}. Branches are written as the
   * command wrote them, so the way out expands and quotes them the same way.
   */
  private static String replacement(Argv arguments, Path path) {
    String name = WorktreeNames.suggest(String.valueOf(path.getFileName()))
        .orElse("my-worktree");
    Optional<Word> newBranch = arguments.value("-b", "-B");
    Optional<Word> second = arguments.operand(1);
    if (newBranch.isEmpty()) {
      return "groundskeeper worktree add " + name
          + second.map(branch -> " --branch " + branch.source()).orElse("");
    }
    Word branch = newBranch.get();
    if (branch.isStatic() && WorktreeNames.valid(branch.value()) && second.isEmpty()) {
      return "groundskeeper worktree add " + branch.value();
    }
    return "git branch " + branch.source() + second.map(start -> " " + start.source()).orElse("")
        + " && groundskeeper worktree add " + name + " --branch " + branch.source();
  }
}
