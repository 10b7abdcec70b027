package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.ChangeFacts;
import dev.groundskeeper.api.repo.ChangeQueries;
import dev.groundskeeper.api.repo.ChangedFile;
import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.api.repo.WorktreeChanges;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Snapshot mode changes what a refusal carries, never what is judged: over generated worktrees
 * and commands, the outcome and the named paths are block mode's; a snapshot effect appears only
 * on a refusal, and names exactly the paths the refusal names, each inside its worktree.
 */
class SnapshotModePropertiesTest {

  private static final Path TOP = Path.of("/work/tree");
  private static final ChangesConfig SNAPSHOT = new ChangesConfig(ChangesConfig.SNAPSHOT,
      ChangesConfig.SNAPSHOT, Mode.BLOCK, Mode.BLOCK,
      ChangesConfig.Snapshots.DEFAULTS);

  @Provide
  Arbitrary<WorktreeChanges> worktrees() {
    Arbitrary<String> names = Arbitraries.of("a.txt", "b.txt", "sub/c.txt", "sub/d.md", "e.bin",
        "node_modules/x.js");
    Arbitrary<ChangedFile> tracked = Combinators.combine(names, Arbitraries.of(true, false),
        Arbitraries.of(true, false), Arbitraries.of(true, false)).as((path, staged, unstaged,
            held) -> new ChangedFile(path, staged || !unstaged, unstaged, 1, 0,
                held ? Optional.of("stash@{0}") : Optional.empty()));
    Arbitrary<ChangedFile> untracked = Arbitraries.of("new.txt", "sub/new.txt", "n/o.txt",
        "node_modules/y.js").map(p -> new ChangedFile(p, false, true, 1, 0, Optional.empty()));
    return Combinators.combine(tracked.list().ofMaxSize(4).uniqueElements(ChangedFile::path),
        untracked.list().ofMaxSize(3).uniqueElements(ChangedFile::path),
        Arbitraries.of(".env", "cache/", "logs/x.log").list().ofMaxSize(2).uniqueElements())
        .as((t, u, i) -> new WorktreeChanges(TOP, t, u, i, List.of()));
  }

  @Provide
  Arbitrary<String> commands() {
    return Arbitraries.of("git reset --hard", "git checkout -- .", "git restore sub",
        "git checkout -- a.txt", "git restore --staged .", "git reset --merge",
        "git clean -fdx", "git clean -fd", "rm -rf sub", "rm -r n", "rm -rf .git",
        "git stash clear", "git switch -f main", "git status", "rm a.txt",
        "git reset --hard HEAD~1", "git checkout HEAD~1", "git checkout -f HEAD~1 -- sub");
  }

  @Property(tries = 300)
  void snapshotModeJudgesAsBlockModeAndCarriesExactlyTheNamedPaths(
      @ForAll("worktrees") WorktreeChanges changes, @ForAll("commands") String command) {
    Facts facts = facts(changes);
    List<Rule[]> pairs = List.of(
        new Rule[] {new DiscardRule(ChangesConfig.DEFAULTS), new DiscardRule(SNAPSHOT)},
        new Rule[] {new DeleteRule(ChangesConfig.DEFAULTS), new DeleteRule(SNAPSHOT)});
    for (Rule[] pair : pairs) {
      Verdict block = judge(pair[0], command, facts);
      Verdict snapshot = judge(pair[1], command, facts);
      assertThat(snapshot.outcome()).isEqualTo(block.outcome());
      assertThat(snapshot.findings()).isEqualTo(block.findings());
      assertThat(block.effects()).isEmpty();
      if (snapshot.effects().isEmpty()) {
        continue;
      }
      assertThat(snapshot.outcome()).isEqualTo(Outcome.DENY);
      Set<String> carried = new TreeSet<>();
      for (var effect : snapshot.effects()) {
        SnapshotEffect s = (SnapshotEffect) effect;
        assertThat(s.top()).isEqualTo(TOP);
        s.paths().forEach(p -> carried.add(TOP.resolve(p).toString()));
      }
      Set<String> named = new TreeSet<>();
      for (Finding finding : snapshot.findings()) {
        named.add(finding.subject());
      }
      assertThat(carried).as(snapshot.message()).isEqualTo(named);
    }
  }

  private static Verdict judge(Rule rule, String command, Facts facts) {
    return rule.evaluate(new Event.CommandEvent(EventContext.of("s1", TOP), command), facts);
  }

  private static Facts facts(WorktreeChanges changes) {
    ChangeQueries queries = new ChangeQueries() {
      @Override
      public Optional<WorktreeChanges> changes(Path directory) {
        return directory.normalize().startsWith(TOP) ? Optional.of(changes) : Optional.empty();
      }

      @Override
      public Optional<WorktreeChanges> overwrittenUntracked(Path directory, String target) {
        // the target tracks a path at every untracked and ignored file
        return changes(directory).map(c -> new WorktreeChanges(c.top(), List.of(),
            c.untracked(), c.ignored(), List.of()));
      }

      @Override
      public List<String> cleanPreview(Path directory, List<String> options,
          List<String> pathspecs) {
        // what git clean -f[d][x] takes, read from the generated status
        List<String> gone = new ArrayList<>();
        changes.untracked().forEach(f -> gone.add(f.path()));
        if (options.contains("-x")) {
          gone.addAll(changes.ignored());
        }
        return gone;
      }
    };
    return Facts.builder().value(ChangeFacts.QUERIES, queries).build();
  }
}
