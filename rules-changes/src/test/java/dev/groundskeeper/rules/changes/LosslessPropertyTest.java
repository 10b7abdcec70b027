package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Combinators;

/**
 * Over generated repository states and commands, on real repositories: the two guards refuse
 * exactly what loses work. After an allowed command every uncommitted content that existed is
 * still reachable (from a ref, a stash entry, the index or the worktree); a refused command, run
 * in a copy, in fact loses some.
 */
class LosslessPropertyTest {

  enum State { CLEAN, UNSTAGED, STAGED, BOTH, DELETED }

  static final List<String> TRACKED = List.of("a.txt", "b.txt", "sub/c.txt");

  static final List<String> COMMANDS = List.of("git reset --hard", "git checkout -- a.txt",
      "git checkout HEAD -- a.txt", "git restore b.txt", "git restore --staged a.txt",
      "git restore --staged --worktree sub", "git rm -q -f b.txt", "git checkout -f main",
      "git checkout -- .", "git clean -f", "git clean -fd", "rm -rf sub", "rm a.txt",
      "git reset --merge HEAD~0", "git checkout .", "git stash drop");

  record Case(Map<String, State> states, boolean untrackedTop, boolean untrackedSub,
      String command) {}

  @Provide
  Arbitrary<Case> cases() {
    Arbitrary<State> state = Arbitraries.of(State.class);
    return Combinators.combine(state, state, state, Arbitraries.of(true, false),
        Arbitraries.of(true, false), Arbitraries.of(COMMANDS))
        .as((a, b, c, top, sub, command) -> new Case(Map.of("a.txt", a, "b.txt", b,
            "sub/c.txt", c), top, sub, command));
  }

  @Property(tries = 12)
  void refusedExactlyWhenWorkIsLost(@ForAll("cases") Case example) throws IOException {
    Path temp = Files.createTempDirectory("gk-changes-property");
    try {
      Repo repo = Repo.create(temp.resolve("r"));
      for (String path : TRACKED) {
        apply(repo, path, example.states().get(path));
      }
      if (example.untrackedTop()) {
        repo.write("n.txt", "untracked top\n");
      }
      if (example.untrackedSub()) {
        repo.write("sub/n.txt", "untracked sub\n");
      }
      boolean refused = repo.judge(new DiscardRule(), example.command()).outcome()
          == Outcome.DENY
          || repo.judge(new DeleteRule(ChangesConfig.DEFAULTS), example.command()).outcome()
          == Outcome.DENY;

      Repo copy = repo.copyTo(temp.resolve("copy"));
      Set<String> before = copy.uncommittedContents();
      copy.sh(example.command());
      Set<String> lost = copy.lostSince(before);

      assertThat(refused).as(example + " lost " + lost).isEqualTo(!lost.isEmpty());
    } finally {
      Repo.deleteTree(temp);
    }
  }

  private static void apply(Repo repo, String path, State state) throws IOException {
    switch (state) {
      case CLEAN -> { }
      case UNSTAGED -> repo.write(path, "unstaged " + path + "\n");
      case STAGED -> {
        repo.write(path, "staged " + path + "\n");
        repo.git("add", path);
      }
      case BOTH -> {
        repo.write(path, "staged " + path + "\n");
        repo.git("add", path);
        repo.write(path, "then edited " + path + "\n");
      }
      case DELETED -> Files.delete(repo.work.resolve(path));
    }
  }
}
