package dev.groundskeeper.git;

import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.repo.BranchProvenance;
import dev.groundskeeper.api.repo.ParkMarker;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.shell.ShellQuoting;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.ConfigConstants;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * Performs the {@link RepoEffect}s rules return, re-checking each one's proof at the moment it
 * acts: ref updates compare and swap on the tip the rule saw, a branch a worktree holds is never
 * deleted, {@code git worktree remove} never runs with {@code --force}, and nothing here can start
 * a garbage collection (no JGit porcelain command runs; objects are written and refs moved
 * directly).
 */
@API(status = API.Status.EXPERIMENTAL)
public final class EffectExecutor {

  /**
   * How long one record write may wait, in all, for other writers of the repository's config:
   * a hook answers within seconds, and a record lost is a branch counted as someone else's.
   */
  static final java.time.Duration CONFIG_BUDGET = java.time.Duration.ofSeconds(3);

  private final GitRepository repo;
  private final Faults faults;

  private EffectExecutor(GitRepository repo, Faults faults) {
    this.repo = repo;
    this.faults = faults;
  }

  /**
   * {@return the executor for the repository holding {@code cwd}}
   *
   * @param cwd a directory inside the repository
   */
  public static EffectExecutor forDirectory(Path cwd) {
    return forDirectory(cwd, Faults.NONE);
  }

  /** The same, passing each step of an effect through {@code faults} (EffectFaultTest). */
  static EffectExecutor forDirectory(Path cwd, Faults faults) {
    try {
      return new EffectExecutor(GitRepositories.forDirectory(cwd)
          .orElseThrow(() -> new IllegalArgumentException(cwd + " is not inside a git repository")),
          faults);
    } catch (IOException e) {
      throw new IllegalArgumentException("the repository at " + cwd + " could not be opened: " + SafeText.failure(e), e);
    }
  }

  /**
   * Performs each repository effect in order; other effects are refused as not ours.
   *
   * @param effects the effects, in the order to perform them
   * @return one result per effect, in the same order
   */
  public List<EffectResult> performAll(List<? extends Effect> effects) {
    List<EffectResult> results = new ArrayList<>();
    for (Effect effect : effects) {
      results.add(effect instanceof RepoEffect repoEffect ? perform(repoEffect)
          : EffectResult.refused(effect, "not a repository effect; the git executor does not perform it"));
    }
    return results;
  }

  /**
   * Performs one repository effect, re-checking its proof (the expected tip) as it acts.
   *
   * @param effect the effect
   * @return what happened: done, refused (the proof no longer held, or git refused), or failed
   */
  public EffectResult perform(RepoEffect effect) {
    Objects.requireNonNull(effect, "effect");
    Optional<String> named = branchOf(effect).filter(b -> !RefNames.passable(b));
    if (named.isPresent()) {
      return EffectResult.refused(effect, "branch " + named.get() + " is left as it is: "
          + RefNames.whyNotPassable(named.get()) + "; rename it with git branch -m");
    }
    try {
      synchronized (repo) {
        if (effect instanceof RepoEffect.DeleteBranch delete) {
          return deleteBranch(delete);
        } else if (effect instanceof RepoEffect.ParkBranch park) {
          return emptyCommit(park, park.branch(), park.expectedTip(), park.commitMessage(), "park");
        } else if (effect instanceof RepoEffect.UnparkBranch unpark) {
          return emptyCommit(unpark, unpark.branch(), unpark.expectedTip(), unpark.commitMessage(), "unpark");
        } else if (effect instanceof RepoEffect.RecordCreator creator) {
          return recordCreator(creator);
        } else if (effect instanceof RepoEffect.RecordTouch touch) {
          return recordTouch(touch);
        } else if (effect instanceof RepoEffect.AddWorktree add) {
          return addWorktree(add);
        } else if (effect instanceof RepoEffect.RemoveWorktree remove) {
          return removeWorktree(remove);
        }
        return EffectResult.refused(effect, "unknown repository effect");
      }
    } catch (IOException | RuntimeException e) {
      return EffectResult.failed(effect, effect.describe() + " failed: " + SafeText.failure(e));
    }
  }

  /** The branch an effect acts on by name, if it does. */
  private static Optional<String> branchOf(RepoEffect effect) {
    if (effect instanceof RepoEffect.DeleteBranch delete) {
      return Optional.of(delete.branch());
    } else if (effect instanceof RepoEffect.ParkBranch park) {
      return Optional.of(park.branch());
    } else if (effect instanceof RepoEffect.UnparkBranch unpark) {
      return Optional.of(unpark.branch());
    } else if (effect instanceof RepoEffect.RecordCreator creator) {
      return Optional.of(creator.branch());
    } else if (effect instanceof RepoEffect.RecordTouch touch) {
      return Optional.of(touch.branch());
    } else if (effect instanceof RepoEffect.AddWorktree add) {
      return Optional.of(add.branch());
    }
    return Optional.empty();
  }

  private EffectResult deleteBranch(RepoEffect.DeleteBranch effect) throws IOException {
    Repository jgit = repo.jgit();
    String refName = Constants.R_HEADS + effect.branch();
    Ref ref = jgit.exactRef(refName);
    if (ref == null || ref.getObjectId() == null) {
      return EffectResult.refused(effect, "branch " + effect.branch() + " no longer exists; nothing deleted");
    }
    if (!ref.getObjectId().name().equals(effect.expectedTip())) {
      return EffectResult.refused(effect, "branch " + effect.branch() + " moved from " + effect.expectedTip()
          + " to " + ref.getObjectId().name() + " since it was judged; nothing deleted");
    }
    Optional<Worktree> holder = repo.worktrees().stream()
        .filter(w -> w.branch().filter(effect.branch()::equals).isPresent()).findFirst();
    if (holder.isPresent()) {
      return EffectResult.refused(effect, "branch " + effect.branch() + " is checked out in " + holder.get().path()
          + "; nothing deleted");
    }
    faults.before("delete:ref");
    RefUpdate update = jgit.updateRef(refName);
    update.setExpectedOldObjectId(ObjectId.fromString(effect.expectedTip()));
    update.setForceUpdate(true);
    RefUpdate.Result result = update.delete();
    if (result != RefUpdate.Result.FORCED && result != RefUpdate.Result.FAST_FORWARD
        && result != RefUpdate.Result.NO_CHANGE) {
      return EffectResult.refused(effect, "branch " + effect.branch() + " was not deleted (" + result
          + "): it changed or is locked");
    }
    // git branch -d drops the branch's config section with it; so do we (a failure changes nothing).
    // The branch is gone by now: whatever happens to the section, the report must still be the
    // deletion's, with its restore line (a failure here once turned it into a bare "failed").
    String left = "";
    try {
      faults.before("delete:config");
      GitCli.run(repo.commandDirectory(), GitCli.WRITE_TIMEOUT,
          List.of("config", "--remove-section", "branch." + effect.branch()));
    } catch (IOException | RuntimeException e) {
      left = "; its settings (branch." + effect.branch() + ") were left: " + SafeText.failure(e);
    }
    return EffectResult.done(effect, "deleted branch " + effect.branch() + " (was " + effect.expectedTip() + ")"
        + left, List.of("git branch " + quote(effect.branch()) + " " + effect.expectedTip()));
  }

  private EffectResult emptyCommit(RepoEffect effect, String branch, String expectedTip, String message, String verb)
      throws IOException {
    Repository jgit = repo.jgit();
    String refName = Constants.R_HEADS + branch;
    Ref ref = jgit.exactRef(refName);
    if (ref == null || ref.getObjectId() == null || !ref.getObjectId().name().equals(expectedTip)) {
      return EffectResult.refused(effect, "branch " + branch + " is no longer at " + expectedTip
          + "; not " + verb + "ed");
    }
    ObjectId commitId;
    try (ObjectInserter inserter = jgit.newObjectInserter(); RevWalk walk = new RevWalk(jgit)) {
      RevCommit tip = walk.parseCommit(ref.getObjectId());
      if (verb.equals("park") && isParkCommit(walk, tip)) {
        // a second park commit on top of the first would only stack markers
        return EffectResult.refused(effect, "branch " + branch + " is already parked at "
            + tip.name().substring(0, 12) + " ("
            + Trailers.parse(tip.getFullMessage()).last(ParkMarker.REASON_TRAILER).orElse("")
            + "); no second park commit was made (to change the reason, unpark it first)");
      }
      PersonIdent who = identity(jgit);
      CommitBuilder commit = new CommitBuilder();
      commit.setTreeId(tip.getTree());
      commit.setParentId(tip);
      commit.setAuthor(who);
      commit.setCommitter(who);
      commit.setMessage(message);
      faults.before(verb + ":object");
      commitId = inserter.insert(commit);
      inserter.flush();
    }
    faults.before(verb + ":ref");
    RefUpdate update = jgit.updateRef(refName);
    update.setExpectedOldObjectId(ObjectId.fromString(expectedTip));
    update.setNewObjectId(commitId);
    update.setRefLogMessage("groundskeeper: " + verb, false);
    RefUpdate.Result result = update.update();
    if (result != RefUpdate.Result.FAST_FORWARD && result != RefUpdate.Result.FORCED) {
      return EffectResult.refused(effect, "branch " + branch + " was not " + verb + "ed (" + result
          + "): it moved or is locked");
    }
    return EffectResult.done(effect, verb + "ed branch " + branch + " with commit " + commitId.name(),
        List.of("git update-ref " + quote(refName) + " " + expectedTip + " " + commitId.name()));
  }

  /** True when {@code tip} is an empty commit carrying a park marker and no unpark marker. */
  private static boolean isParkCommit(RevWalk walk, RevCommit tip) throws IOException {
    if (tip.getParentCount() != 1) {
      return false;
    }
    RevCommit parent = walk.parseCommit(tip.getParent(0));
    if (!parent.getTree().equals(tip.getTree())) {
      return false;
    }
    Trailers trailers = Trailers.parse(tip.getFullMessage());
    return trailers.has(ParkMarker.REASON_TRAILER) && !trailers.has(ParkMarker.UNPARKED_TRAILER);
  }

  private static PersonIdent identity(Repository jgit) {
    String name = jgit.getConfig().getString("user", null, "name");
    String email = jgit.getConfig().getString("user", null, "email");
    return new PersonIdent(name == null || name.isBlank() ? "Groundskeeper" : name,
        email == null || email.isBlank() ? "groundskeeper@localhost" : email);
  }

  private EffectResult recordCreator(RepoEffect.RecordCreator effect) throws IOException {
    if (repo.jgit().exactRef(Constants.R_HEADS + effect.branch()) == null) {
      return EffectResult.refused(effect, "branch " + effect.branch() + " does not exist; nothing recorded");
    }
    String section = "branch." + effect.branch() + ".";
    for (String[] entry : List.of(
        new String[] {BranchProvenance.CREATOR_KEY, effect.creator()},
        new String[] {BranchProvenance.CREATED_KEY, Long.toString(effect.created().getEpochSecond())},
        new String[] {BranchProvenance.ROUTE_KEY, effect.route()})) {
      faults.before("record:" + entry[0]);
      Optional<String> failure = config(List.of("config", section + entry[0], entry[1]));
      if (failure.isPresent()) {
        return EffectResult.failed(effect, "NOT RECORDED: the creator of " + effect.branch()
            + " could not be written, so the branch counts as another person's until it is: "
            + failure.get() + "; run: git config " + quote(section + entry[0]) + " "
            + quote(entry[1]));
      }
    }
    return EffectResult.done(effect, "recorded " + effect.creator() + " as creator of " + effect.branch(), List.of());
  }

  private EffectResult recordTouch(RepoEffect.RecordTouch effect) throws IOException {
    if (repo.jgit().exactRef(Constants.R_HEADS + effect.branch()) == null) {
      return EffectResult.refused(effect, "branch " + effect.branch() + " does not exist; nothing recorded");
    }
    String[] known = repo.jgit().getConfig().getStringList(ConfigConstants.CONFIG_BRANCH_SECTION,
        effect.branch(), BranchProvenance.TOUCHED_BY_KEY);
    if (Arrays.asList(known).contains(effect.toucher())) {
      return EffectResult.done(effect, effect.toucher() + " was already recorded on " + effect.branch(), List.of());
    }
    faults.before("touch:config");
    Optional<String> failure = config(List.of("config", "--add",
        "branch." + effect.branch() + "." + BranchProvenance.TOUCHED_BY_KEY, effect.toucher()));
    return failure.isPresent()
        ? EffectResult.failed(effect, "NOT RECORDED: the touch of " + effect.branch() + " by "
            + effect.toucher() + " could not be written: " + failure.get() + "; run: git config"
            + " --add " + quote("branch." + effect.branch() + "." + BranchProvenance.TOUCHED_BY_KEY)
            + " " + quote(effect.toucher()))
        : EffectResult.done(effect, "recorded " + effect.toucher() + " on " + effect.branch(), List.of());
  }

  /**
   * Runs a {@code git config} write. git takes {@code config.lock} for each write and gives up at
   * once when another writer holds it ("could not lock config file … File exists"); agents
   * running at once record their branches at the same moment, so a write that meets a lock is
   * tried again, with growing, jittered pauses, until {@link #CONFIG_BUDGET} is spent. A write
   * git could not make for another reason (a full disk: "failed to write new configuration
   * file") is not retried. What still fails is returned as a failure that says so, never
   * dropped.
   */
  private Optional<String> config(List<String> args) {
    long start = System.nanoTime();
    long deadline = start + CONFIG_BUDGET.toNanos();
    long pause = 2;
    String last = "";
    int attempts = 0;
    while (true) {
      attempts++;
      BoundedProcess.Result result = GitCli.run(repo.commandDirectory(), GitCli.WRITE_TIMEOUT, args);
      if (result.ok()) {
        return Optional.empty();
      }
      last = result.stderr().strip();
      if (!last.contains("could not lock config file")) {
        // Not another writer: git took the lock and could not write the new file (a full disk,
        // a read-only directory). Trying again would only spend the budget.
        if (last.contains("failed to write new configuration file")) {
          last = "git could not write the repository's configuration (is the disk full or the"
              + " directory read-only?): " + last;
        }
        break;
      }
      long leftMillis = (deadline - System.nanoTime()) / 1_000_000L;
      if (leftMillis <= 0) {
        last = "another writer held the repository's config lock through " + attempts
            + " tries in " + CONFIG_BUDGET.toMillis() + " ms (" + last + ")";
        break;
      }
      try {
        Thread.sleep(Math.min(leftMillis,
            pause + java.util.concurrent.ThreadLocalRandom.current().nextLong(pause + 1)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      pause = Math.min(pause * 2, 8);
    }
    return Optional.of(last.isEmpty() ? "git config failed" : last);
  }

  private EffectResult addWorktree(RepoEffect.AddWorktree effect) {
    List<String> args = new ArrayList<>(List.of("worktree", "add"));
    if (effect.createsBranch()) {
      args.addAll(List.of("-b", effect.branch(), "--", effect.path().toString(), effect.startPoint().get()));
    } else {
      args.addAll(List.of("--", effect.path().toString(), effect.branch()));
    }
    BoundedProcess.Result result = GitCli.run(repo.commandDirectory(), GitCli.WRITE_TIMEOUT, args);
    if (!result.ok()) {
      return EffectResult.refused(effect, "git worktree add refused: " + reasonLine(result.stderr()));
    }
    return EffectResult.done(effect, "added worktree " + effect.path() + " on branch " + effect.branch(),
        List.of("git worktree remove " + quote(effect.path().toString())));
  }

  private EffectResult removeWorktree(RepoEffect.RemoveWorktree effect) throws IOException {
    Path wanted = effect.path().toAbsolutePath().normalize();
    Optional<Worktree> listed = repo.worktrees().stream().filter(w -> samePath(w.path(), wanted)).findFirst();
    if (listed.isEmpty()) {
      return EffectResult.refused(effect, "git lists no worktree at " + wanted + "; nothing removed");
    }
    Worktree worktree = listed.get();
    if (worktree.main()) {
      return EffectResult.refused(effect, wanted + " is the main worktree; it is never removed");
    }
    if (effect.expectedHead().isPresent() && !worktree.head().equals(effect.expectedHead())) {
      return EffectResult.refused(effect, "the worktree at " + wanted + " moved to "
          + worktree.head().orElse("an unborn branch") + " since it was judged; nothing removed");
    }
    if (java.nio.file.Files.isSymbolicLink(wanted) || java.nio.file.Files.isSymbolicLink(worktree.path())) {
      // git would delete what the link points at, not the worktree that was judged
      return EffectResult.refused(effect, wanted + " is a symbolic link now, not the worktree that was"
          + " judged; nothing removed");
    }
    BoundedProcess.Result result = GitCli.run(repo.commandDirectory(), GitCli.WRITE_TIMEOUT,
        List.of("worktree", "remove", worktree.path().toString()));
    if (!result.ok()) {
      return EffectResult.refused(effect, "git worktree remove refused: " + reasonLine(result.stderr()));
    }
    String restoreTarget = worktree.branch().orElseGet(() -> worktree.head().orElse(""));
    List<String> restore = restoreTarget.isEmpty() ? List.of()
        : List.of("git worktree add " + (worktree.branch().isEmpty() ? "--detach " : "")
            + quote(worktree.path().toString()) + " " + quote(restoreTarget));
    return EffectResult.done(effect, "removed worktree " + worktree.path(), restore);
  }

  private static boolean samePath(Path listed, Path wanted) {
    if (listed.equals(wanted)) {
      return true;
    }
    try {
      return listed.toRealPath().equals(wanted.toRealPath());
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The line of git's standard error that says why: its {@code fatal:} or {@code error:} line,
   * not a progress line such as "Preparing worktree" printed before it, and never git's advice to
   * force, which an agent must not follow.
   */
  static String reasonLine(String stderr) {
    List<String> lines = stderr.lines().map(String::strip).filter(line -> !line.isEmpty())
        .filter(line -> !line.startsWith("hint:")).toList();
    return lines.stream().filter(line -> line.startsWith("fatal:") || line.startsWith("error:"))
        .findFirst().or(() -> lines.stream().findFirst()).orElse("(git said nothing)")
        .replaceAll(",? ?use --force[^.;]*", "").replaceAll("\\s+\\.$", ".");
  }

  /** Quotes a word for a shell when it holds anything but plainly safe characters. */
  static String quote(String word) {
    return ShellQuoting.word(word);
  }
}
