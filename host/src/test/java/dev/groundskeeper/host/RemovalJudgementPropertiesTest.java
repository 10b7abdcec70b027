package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.rules.branches.BranchRules;
import dev.groundskeeper.rules.worktree.RemovalRefusal;
import dev.groundskeeper.testkit.repo.InMemoryRepository;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The hook's force-removal guard and prune judge what a worktree removal would delete with one
 * judgement and the same settings, so over any worktree they never disagree: prune keeps exactly
 * the worktrees whose forced removal the guard refuses, and every worktree whose plain removal the
 * guard refuses. The settings are generated too (a narrowed {@code regenerable}, a moved
 * {@code scratch.directory}).
 */
class RemovalJudgementPropertiesTest {

  private static final Path WORKTREE = Path.of("/work/w/feature");

  private static final List<String> PATHS = List.of("a.txt", "src/B.java", "__pycache__/x.pyc",
      "pkg/__pycache__/y.pyc", "sub/.coverage", ".coverage", "node_modules/left-pad/index.js",
      ".venv/bin/python", "build/out.o", "target/classes/A.class", "dist/app.js", "keep.log",
      "untracked/scratch/notes.md", "untracked/notes/plan.md", "untracked/", "build/",
      "build/scratch/n.md", "venv/lib/x.py",
      "x.egg-info/PKG-INFO", ".tox/py3/log");

  /** A worktree's status, and the configuration in force. */
  record Case(WorktreeStatus status, List<String> globs, String scratch) {}

  @Provide
  Arbitrary<Case> cases() {
    Arbitrary<List<String>> paths = Arbitraries.of(PATHS).list().uniqueElements().ofMaxSize(4);
    Arbitrary<WorktreeStatus> status = Combinators.combine(paths, paths, paths, paths)
        .as(WorktreeStatus::new);
    Arbitrary<List<String>> globs = Arbitraries.of(Regenerable.DEFAULT_GLOBS).list()
        .uniqueElements().ofMaxSize(Regenerable.DEFAULT_GLOBS.size());
    Arbitrary<String> scratch = Arbitraries.of("untracked/scratch/", "untracked/notes/",
        "build/scratch/");
    return Combinators.combine(status, globs, scratch).as(Case::new);
  }

  private static Policy policy(Case c) {
    String yaml = "branches:\n  cleanup_after_merge:\n    regenerable: ["
        + c.globs().stream().map(g -> "\"" + g + "\"").collect(Collectors.joining(", "))
        + "]\nscratch:\n  roots: [\"untracked/\", \"build/\"]\n  directory: \"" + c.scratch()
        + "\"\n";
    return Policy.builder().provider(new BranchRules())
        .provider(new dev.groundskeeper.rules.scratch.ScratchRules())
        .config(ConfigLayer.ofText("generated", yaml)).build();
  }

  /** The facts as the host composes them: the settings in force over the repository's facts. */
  private static Facts facts(Policy policy, WorktreeStatus status) {
    InMemoryRepository repo = InMemoryRepository.builder()
        .branch("feature").worktree(WORKTREE, "feature").status(WORKTREE, status).build();
    return Facts.builder().value(Regenerable.FACT, Host.regenerable(policy.config()))
        .fallback(repo.facts()).build();
  }

  private static boolean guardRefuses(Case c, String command) {
    Policy policy = policy(c);
    Facts facts = facts(policy, c.status());
    Path root = facts.get(dev.groundskeeper.api.repo.RepoFacts.LAYOUT).workTree()
        .orElseThrow();
    Decision decision = policy.evaluate(new Event.CommandEvent(EventContext.of("s", root),
        command), facts);
    return decision.verdicts().stream().anyMatch(v -> v.ruleId()
        .equals("branches.force-removal") && v.outcome() == Outcome.DENY);
  }

  private static boolean pruneKeeps(Case c) {
    return RemovalRefusal.of(Optional.of(c.status()), Optional.empty(),
        Host.regenerable(policy(c).config())).isPresent();
  }

  @Property
  void pruneKeepsExactlyWhatTheGuardRefusesToRemoveByForce(@ForAll("cases") Case c) {
    assertThat(pruneKeeps(c)).as("prune keeps %s", c)
        .isEqualTo(guardRefuses(c, "git worktree remove --force " + WORKTREE));
  }

  @Property
  void whatTheGuardRefusesToRemovePlainlyPruneKeeps(@ForAll("cases") Case c) {
    if (guardRefuses(c, "git worktree remove " + WORKTREE)) {
      assertThat(pruneKeeps(c)).as("prune keeps %s", c).isTrue();
    }
  }

  @Example
  void theIssuesExamplesGetOneAnswer() {
    WorktreeStatus caches = new WorktreeStatus(List.of(), List.of(), List.of(),
        List.of("__pycache__/x.pyc", "sub/.coverage"));
    Case defaults = new Case(caches, Regenerable.DEFAULT_GLOBS, "untracked/scratch/");
    assertThat(pruneKeeps(defaults)).isFalse();
    assertThat(guardRefuses(defaults, "git worktree remove --force " + WORKTREE)).isFalse();
    Case narrowed = new Case(caches, List.of(".venv/**"), "untracked/scratch/");
    assertThat(pruneKeeps(narrowed)).isTrue();
    assertThat(guardRefuses(narrowed, "git worktree remove " + WORKTREE)).isTrue();
    Case movedScratch = new Case(new WorktreeStatus(List.of(), List.of(), List.of(),
        List.of("build/scratch/n.md")), List.of("build/**"), "build/scratch/");
    assertThat(pruneKeeps(movedScratch)).isTrue();
    assertThat(guardRefuses(movedScratch, "git worktree remove " + WORKTREE)).isTrue();
  }
}
