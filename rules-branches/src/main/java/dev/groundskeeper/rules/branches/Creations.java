package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.shell.CreatedBranch;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The branches an event is about to create, by every route: the git commands of a shell command
 * (switch, checkout, branch, worktree add with or without a name), a sub-agent dispatched into a
 * worktree of its own, and a runner's worktree creation. The WIP cap, the duplicate-stem
 * warning, dormancy and the containment report all read the same answer.
 */
final class Creations {

  /**
   * One branch about to be created; the name is empty when only the running command (or the
   * runner, for a dispatched sub-agent) knows it. {@code command} is the git route
   * ({@code git switch}) when the branch comes from a shell command, else empty.
   */
  record NewBranch(Optional<String> name, Via via, String command) {}

  /** Where a new branch comes from; the refusal texts name each differently. */
  enum Via {
    /** A git command in a shell command. */
    COMMAND,
    /** A sub-agent dispatched into a worktree of its own: the runner names its branch. */
    DISPATCH,
    /** A worktree the runner creates (WorktreeCreate), with its branch. */
    RUNNER_WORKTREE
  }

  enum Kind { NONE, CREATES, UNREADABLE }

  record Reading(Kind kind, List<NewBranch> branches, String note) {
    static final Reading NONE = new Reading(Kind.NONE, List.of(), "");

    boolean creates() {
      return kind == Kind.CREATES;
    }

    List<String> names() {
      List<String> names = new ArrayList<>();
      for (NewBranch branch : branches) {
        branch.name().ifPresent(names::add);
      }
      return names;
    }

    /** Names for counting; a name only the command knows counts as a fresh one. */
    List<String> namesForCounting() {
      List<String> names = new ArrayList<>();
      for (int i = 0; i < branches.size(); i++) {
        names.add(branches.get(i).name().orElse("\0unnamed-" + i));
      }
      return names;
    }
  }

  /** A command that may hold a branch creation the parser could not read. */
  private static final Pattern MAYBE_CREATES =
      Pattern.compile("\\bgit\\b.*\\b(switch|checkout|branch|worktree)\\b", Pattern.DOTALL);

  /** The events that can create a branch. */
  static final Set<Class<? extends Event>> EVENTS = Set.of(Event.CommandEvent.class,
      Event.AgentDispatch.class, Event.WorktreeCreate.class);

  private Creations() {}

  static Reading read(Event event, Facts facts) {
    if (event instanceof Event.CommandEvent command) {
      return command(command.command(), command.context().cwd(), facts);
    }
    if (event instanceof Event.AgentDispatch dispatch) {
      return dispatch.isolatedInWorktree()
          ? new Reading(Kind.CREATES, List.of(new NewBranch(Optional.empty(), Via.DISPATCH,
              "")), "")
          : Reading.NONE;
    }
    if (event instanceof Event.WorktreeCreate create) {
      if (worktreeExists(create.name(), facts)) {
        // The runner fires again for a worktree it already made: nothing new is created.
        return Reading.NONE;
      }
      return new Reading(Kind.CREATES, List.of(new NewBranch(Optional.of(create.name()),
          Via.RUNNER_WORKTREE, "")), "");
    }
    return Reading.NONE;
  }

  private static Reading command(String text, Path cwd, Facts facts) {
    Script script = Shell.parse(text, facts);
    List<CreatedBranch> created = script.createdBranches();
    if (!script.complete() && MAYBE_CREATES.matcher(text).find()) {
      return new Reading(Kind.UNREADABLE, List.of(), "part of this command could not be read ("
          + script.problems().get(0).reason() + "), so the branches it may create were not"
          + " counted; the next sweep counts whatever it made");
    }
    if (created.isEmpty()) {
      return Reading.NONE;
    }
    boolean outside = Checkouts.outsideAnyRepository(facts);
    for (CreatedBranch branch : created) {
      // The count and the names read here are this repository's; a branch made in another one
      // is not judged against them.
      Optional<String> why = outside
          ? Optional.of("it runs against a repository other than " + cwd + ", which is in none;"
              + " run it from inside the checkout it acts on")
              .filter(reason -> Checkouts.aimedElsewhere(branch.git()))
          : Checkouts.elsewhere(branch.git(), cwd, facts);
      if (why.isPresent()) {
        return new Reading(Kind.UNREADABLE, List.of(), "`" + branch.git().command().text(text)
            + "` creates a branch that was not counted: " + why.get());
      }
    }
    if (outside) {
      return Reading.NONE; // git finds no repository here, so it creates nothing
    }
    Set<String> local = TipsIndex.localNames(facts.get(RepoFacts.BRANCH_TIPS), facts);
    List<NewBranch> branches = new ArrayList<>();
    for (CreatedBranch branch : created) {
      Optional<String> name = branch.name().isStatic()
          ? Optional.of(branch.name().value()) : Optional.empty();
      boolean existsLocally = name.isPresent() && local.contains(name.get());
      if (existsLocally && (branch.force() || branch.dwim())) {
        // -C/-B/-f reset an existing branch, and a bare `worktree add` checks it out.
        continue;
      }
      branches.add(new NewBranch(name, Via.COMMAND, route(branch)));
    }
    return branches.isEmpty() ? Reading.NONE : new Reading(Kind.CREATES, branches, "");
  }

  private static String route(CreatedBranch branch) {
    return switch (branch.route()) {
      case SWITCH, SWITCH_ORPHAN -> "git switch";
      case CHECKOUT, CHECKOUT_ORPHAN -> "git checkout";
      case BRANCH, BRANCH_COPY -> "git branch";
      case WORKTREE_ADD, WORKTREE_ADD_DWIM -> "git worktree add";
    };
  }

  private static boolean worktreeExists(String name, Facts facts) {
    Optional<List<Worktree>> worktrees = facts.find(RepoFacts.WORKTREES);
    if (worktrees.isEmpty()) {
      return false;
    }
    for (Worktree worktree : worktrees.get()) {
      Path last = worktree.path().getFileName();
      if (last != null && last.toString().equals(name)
          || worktree.branch().filter(name::equals).isPresent()) {
        return true;
      }
    }
    return false;
  }
}
