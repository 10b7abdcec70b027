package dev.groundskeeper.rules.branches.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.git.GitFacts;
import dev.groundskeeper.rules.branches.BranchRules;
import dev.groundskeeper.rules.branches.BranchesConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import net.jqwik.api.statistics.Statistics;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.TreeFormatter;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * Over generated repositories (branches cut from each other, some pushed, some tagged), a forced
 * deletion or a forced move the rule allows never makes a commit unreachable.
 *
 * <p>Each try builds a repository and reads it through the git module, so the tries are not
 * jqwik's default: {@code groundskeeper.real.tries} per property, 40 in the default build and
 * 200 under {@code -Pslow} (200 each took about 49 s for the three).
 */
@AddLifecycleHook(value = LosslessDeletionPropertyTest.RealTries.class,
    propagateTo = PropagationMode.ALL_DESCENDANTS)
class LosslessDeletionPropertyTest {

  /**
   * Sets the tries of every property here from {@code groundskeeper.real.tries} (as cli's
   * RealRepositoryTries does from jqwik's default; this one keeps -Pslow at the former 200).
   */
  static final class RealTries implements AroundPropertyHook {
    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context,
        PropertyExecutor property) {
      context.attributes().setTries(Integer.getInteger("groundskeeper.real.tries", 40));
      return property.execute();
    }
  }

  /** One generated branch: where it is cut, how many commits it adds, and who else holds it. */
  record Plan(int base, int commits, boolean pushed, boolean tagged) {}

  private static final Rule RULE = new BranchRules().rules(BranchesConfig.DEFAULTS).stream()
      .filter(r -> r.id().equals("branches.force-removal")).map(ConfiguredRule::rule)
      .findFirst().orElseThrow();

  @Property
  void anAllowedForcedDeletionNeverLosesACommit(@ForAll("plans") List<Plan> plans,
      @ForAll("picks") List<Integer> picks) throws IOException {
    judgeThenRun(plans, (repo, names) -> {
      Set<String> doomed = new HashSet<>();
      for (int pick : picks) {
        doomed.add(names.get(pick % names.size()));
      }
      return new Step("git branch -D " + String.join(" ", doomed), () -> {
        for (String name : doomed) {
          RefUpdate update = repo.updateRef(Constants.R_HEADS + name);
          update.setForceUpdate(true);
          update.delete();
        }
      });
    });
  }

  /** The same for a forced move of a branch to another's tip ({@code git branch -f a b}). */
  @Property
  void anAllowedForcedMoveNeverLosesACommit(@ForAll("plans") List<Plan> plans,
      @ForAll("picks") List<Integer> picks) throws IOException {
    judgeThenRun(plans, (repo, names) -> {
      String moved = names.get(picks.get(0) % names.size());
      String to = picks.size() > 1 ? names.get(picks.get(1) % names.size()) : "main";
      return new Step("git branch -f " + moved + " " + to, () -> {
        RefUpdate update = repo.updateRef(Constants.R_HEADS + moved);
        update.setNewObjectId(repo.resolve(Constants.R_HEADS + to));
        update.setForceUpdate(true);
        update.forceUpdate();
      });
    });
  }

  /**
   * The same for the other routes that point a ref elsewhere or delete it: a rename over a
   * branch, {@code update-ref} with a new value, a tag deleted, a forced push to the repository
   * itself, a forced move to HEAD (HEAD is on main).
   */
  @Property
  void anAllowedRefDropNeverLosesACommit(@ForAll("plans") List<Plan> plans,
      @ForAll("picks") List<Integer> picks, @ForAll @net.jqwik.api.constraints.IntRange(
          min = 0, max = 4) int route) throws IOException {
    judgeThenRun(plans, (repo, names) -> {
      String a = names.get(picks.get(0) % names.size());
      String b = picks.size() > 1 ? names.get(picks.get(1) % names.size()) : "main";
      int tag = picks.get(0) % plans.size();
      switch (route) {
        case 0:
          return new Step("git branch -M " + a + " " + b, () -> {
            if (!a.equals(b)) {
              force(repo, b, repo.resolve(Constants.R_HEADS + a));
              RefUpdate delete = repo.updateRef(Constants.R_HEADS + a);
              delete.setForceUpdate(true);
              delete.delete();
            }
          });
        case 1:
          return new Step("git update-ref refs/heads/" + a + " refs/heads/" + b,
              () -> force(repo, a, repo.resolve(Constants.R_HEADS + b)));
        case 2:
          return new Step("git tag -d t" + tag, () -> {
            if (repo.exactRef(Constants.R_TAGS + "t" + tag) != null) {
              RefUpdate delete = repo.updateRef(Constants.R_TAGS + "t" + tag);
              delete.setForceUpdate(true);
              delete.delete();
            }
          });
        case 3:
          return new Step("git push . +" + b + ":" + a,
              () -> force(repo, a, repo.resolve(Constants.R_HEADS + b)));
        default:
          return new Step("git branch -f " + a,
              () -> force(repo, a, repo.resolve(Constants.R_HEADS + "main")));
      }
    });
  }

  private static void force(Repository repo, String branch, ObjectId to) throws IOException {
    RefUpdate update = repo.updateRef(Constants.R_HEADS + branch);
    update.setNewObjectId(to);
    update.setForceUpdate(true);
    update.forceUpdate();
  }

  /** A command for the rule to judge and what it does to the repository, done when allowed. */
  record Step(String command, RepositoryAction action) {}

  interface RepositoryAction {
    void run() throws IOException;
  }

  interface StepPlan {
    Step plan(Repository repo, List<String> names) throws IOException;
  }

  /**
   * Builds the planned repository, has the rule judge the step's command and, when it allows,
   * performs the step and checks that every commit reachable before still is; anything not
   * allowed must be a denial.
   */
  private static void judgeThenRun(List<Plan> plans, StepPlan steps) throws IOException {
    Path dir = Files.createTempDirectory("gk-lossless");
    try (Repository repo = FileRepositoryBuilder.create(dir.resolve(".git").toFile())) {
      repo.create();
      List<String> names = build(repo, plans);
      Step step = steps.plan(repo, names);
      Verdict verdict = RULE.evaluate(new Event.CommandEvent(EventContext.of("s", dir),
          step.command()), GitFacts.forDirectory(dir,
              BranchesConfig.DEFAULTS.repositorySettings()));
      Statistics.collect(verdict.outcome());
      Set<ObjectId> before = reachable(repo);
      if (verdict.outcome() == Outcome.ALLOW) {
        step.action().run();
        assertThat(reachable(repo)).as(step.command()).isEqualTo(before);
      } else {
        assertThat(verdict.outcome()).as(step.command()).isEqualTo(Outcome.DENY);
      }
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  @Provide
  Arbitrary<List<Plan>> plans() {
    return Combinators.combine(Arbitraries.integers().between(0, 6),
        Arbitraries.integers().between(0, 3), Arbitraries.of(true, false),
        Arbitraries.of(true, false)).as(Plan::new).list().ofMinSize(1).ofMaxSize(6);
  }

  @Provide
  Arbitrary<List<Integer>> picks() {
    return Arbitraries.integers().between(0, 50).list().ofMinSize(1).ofMaxSize(3);
  }

  /** Builds main with one commit and the planned branches; returns the branch names. */
  private static List<String> build(Repository repo, List<Plan> plans) throws IOException {
    Map<String, ObjectId> tips = new LinkedHashMap<>();
    try (ObjectInserter inserter = repo.newObjectInserter()) {
      ObjectId tree = inserter.insert(new TreeFormatter());
      ObjectId main = commit(inserter, tree, null, "main");
      setRef(repo, Constants.R_HEADS + "main", main);
      repo.updateRef(Constants.HEAD).link(Constants.R_HEADS + "main");
      List<ObjectId> known = new ArrayList<>(List.of(main));
      for (int i = 0; i < plans.size(); i++) {
        Plan plan = plans.get(i);
        ObjectId tip = known.get(plan.base() % known.size());
        for (int c = 0; c < plan.commits(); c++) {
          tip = commit(inserter, tree, tip, "b" + i + " commit " + c);
          known.add(tip);
        }
        String name = "b" + i;
        tips.put(name, tip);
        setRef(repo, Constants.R_HEADS + name, tip);
        if (plan.pushed()) {
          setRef(repo, Constants.R_REMOTES + "origin/" + name, tip);
        }
        if (plan.tagged()) {
          setRef(repo, Constants.R_TAGS + "t" + i, tip);
        }
      }
      inserter.flush();
    }
    return new ArrayList<>(tips.keySet());
  }

  private static ObjectId commit(ObjectInserter inserter, ObjectId tree, ObjectId parent,
      String message) throws IOException {
    CommitBuilder commit = new CommitBuilder();
    commit.setTreeId(tree);
    if (parent != null) {
      commit.setParentId(parent);
    }
    PersonIdent who = new PersonIdent("Test", "test@groundskeeper.invalid", 1_767_225_600_000L, 0);
    commit.setAuthor(who);
    commit.setCommitter(who);
    commit.setMessage(message);
    return inserter.insert(commit);
  }

  private static void setRef(Repository repo, String ref, ObjectId id) throws IOException {
    RefUpdate update = repo.updateRef(ref);
    update.setNewObjectId(id);
    update.setForceUpdate(true);
    update.update();
  }

  private static Set<ObjectId> reachable(Repository repo) throws IOException {
    Set<ObjectId> seen = new HashSet<>();
    try (RevWalk walk = new RevWalk(repo)) {
      for (Ref ref : repo.getRefDatabase().getRefs()) {
        if (ref.getObjectId() != null && !ref.isSymbolic()) {
          walk.markStart(walk.parseCommit(ref.getObjectId()));
        }
      }
      for (RevCommit commit : walk) {
        seen.add(commit.copy());
      }
    }
    return seen;
  }
}
