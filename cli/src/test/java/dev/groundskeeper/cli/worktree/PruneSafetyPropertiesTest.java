package dev.groundskeeper.cli.worktree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.git.store.AddedWorktree;
import dev.groundskeeper.host.worktree.PruneReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Over generated lanes of real worktrees in every state, a real prune removes only worktrees that
 * pass the proof of belonging, are clean, and are merged, and never deletes a branch. Each try
 * builds one real repository with its lane (about half a second), so the property runs
 * {@code jqwik.tries.default} divided by {@link RealRepositoryTries#FACTOR} (at least
 * {@link RealRepositoryTries#MINIMUM}): 10 tries in the default build, 1,000 under
 * {@code -Pslow}. The pure judgement's property (PrunePropertiesTest in
 * groundskeeper-rules-worktree) runs the full default.
 */
class PruneSafetyPropertiesTest {

  enum State { MERGED, SQUASHED, UNMERGED, FRESH, DIRTY_MERGED, LOCKED_MERGED, STRAY, OUTSIDE,
    DETACHED }

  @Provide
  Arbitrary<List<State>> lanes() {
    return Arbitraries.of(State.class).list().ofMinSize(1).ofMaxSize(6);
  }

  @Property
  @AddLifecycleHook(RealRepositoryTries.class)
  void pruneRemovesOnlyWhatIsProvenMergedCleanAndOwn(
      @ForAll("lanes") @Size(min = 1, max = 6) List<State> states) throws IOException {
    TRIES.incrementAndGet();
    Path base = Files.createTempDirectory("gk-prune-property");
    try {
      check(base, states);
    } finally {
      deleteTree(base);
    }
  }

  private static final AtomicInteger TRIES = new AtomicInteger();

  /** The number of tries follows the build's default, scaled down; a try never runs unseen. */
  @AfterContainer
  static void theTriesFollowTheBuildsDefault() {
    assertThat(TRIES.get()).isGreaterThanOrEqualTo(RealRepositoryTries.tries());
  }

  private void check(Path base, List<State> states) throws IOException {
    Fixture fixture = Fixture.withCommit(base);
    StoreVerbs store = fixture.store();
    Map<String, State> byName = new TreeMap<>();
    Map<String, Path> paths = new TreeMap<>();
    for (int i = 0; i < states.size(); i++) {
      State state = states.get(i);
      String name = "w" + i;
      byName.put(name, state);
      paths.put(name, make(fixture, store, name, state));
    }
    List<String> branchesBefore = branches(fixture);

    PruneReport report = store.prune(fixture.repo, false, Set.of());

    for (Map.Entry<String, State> entry : byName.entrySet()) {
      Path path = paths.get(entry.getKey());
      boolean removable = entry.getValue() == State.MERGED
          || entry.getValue() == State.SQUASHED;
      if (!removable) {
        assertThat(path).as("%s (%s) must stay; report %s", entry.getKey(), entry.getValue(),
            report.rows()).exists();
      } else {
        assertThat(path).as("%s (%s) is reclaimed", entry.getKey(), entry.getValue())
            .doesNotExist();
      }
    }
    assertThat(branches(fixture)).isEqualTo(branchesBefore);
    assertThat(report.exitCode()).isEqualTo(byName.containsValue(State.MERGED)
        || byName.containsValue(State.SQUASHED) ? 0 : 1);
  }

  private static Path make(Fixture fixture, StoreVerbs store, String name, State state)
      throws IOException {
    switch (state) {
      case STRAY -> {
        Path stray = fixture.lane().resolve(name);
        Files.createDirectories(stray);
        Files.writeString(stray.resolve("keep.txt"), "not a worktree\n");
        return stray;
      }
      case OUTSIDE -> {
        Path outside = fixture.base.resolve("projects").resolve(name);
        fixture.git(fixture.repo, "worktree", "add", "-q", "-b", name, outside.toString());
        fixture.commit(outside, name + ".txt", name + "\n", "outside " + name);
        fixture.git(fixture.repo, "merge", "-q", "--no-ff", "-m", "merge " + name, name);
        return outside;
      }
      default -> { }
    }
    AddedWorktree added = store.add(fixture.repo, name, Optional.empty());
    Path path = added.path();
    if (state == State.FRESH) {
      return path;
    }
    fixture.commit(path, name + ".txt", name + "\n", "work " + name);
    switch (state) {
      case MERGED, DIRTY_MERGED, LOCKED_MERGED ->
          fixture.git(fixture.repo, "merge", "-q", "--no-ff", "-m", "merge " + name, name);
      case SQUASHED -> {
        fixture.git(fixture.repo, "merge", "-q", "--squash", name);
        fixture.git(fixture.repo, "commit", "-q", "-m", "squash " + name);
      }
      case DETACHED -> {
        fixture.git(path, "checkout", "-q", "--detach");
        fixture.git(fixture.repo, "merge", "-q", "--no-ff", "-m", "merge " + name, name);
      }
      default -> { }
    }
    if (state == State.DIRTY_MERGED) {
      fixture.write(path, "wip.txt", "uncommitted\n");
    }
    if (state == State.LOCKED_MERGED) {
      fixture.git(fixture.repo, "worktree", "lock", path.toString());
    }
    return path;
  }

  private static List<String> branches(Fixture fixture) {
    return List.of(fixture.git(fixture.repo, "for-each-ref", "--format=%(refname) %(objectname)",
        "refs/heads").split("\n"));
  }

  private static void deleteTree(Path root) throws IOException {
    List<Path> all = new ArrayList<>();
    try (var walk = Files.walk(root)) {
      walk.forEach(all::add);
    }
    for (int i = all.size() - 1; i >= 0; i--) {
      Files.deleteIfExists(all.get(i));
    }
  }
}
