package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Over generated sets of untracked and ignored files and the commands that write another tree's
 * files, on real repositories with git as the oracle: changes.discard refuses exactly when a run
 * of the command in a copy loses some content that existed before.
 */
class TreeSwitchPropertyTest {

  /** What may lie in the worktree: a path, its content, and whether other tracks it. */
  record Loose(String path, String content) {}

  static final List<Loose> LOOSE = List.of(
      new Loose("u.txt", "untracked where other tracks a file\n"),
      new Loose("ig.log", "ignored where other tracks a file\n"),
      new Loose("dd", "a file where other has a directory\n"),
      new Loose("fd/inner.txt", "in a directory where other has a file\n"),
      new Loose("secrets/key.txt", "in an ignored directory, where other tracks it\n"),
      new Loose("secrets/mine.txt", "in an ignored directory, other does not track it\n"),
      new Loose("notes.txt", "untracked, other does not track it\n"));

  record Case(List<Loose> present, String command) {}

  @Provide
  Arbitrary<Case> cases() {
    List<String> commands = new ArrayList<>(TreeSwitchTest.FORCED);
    commands.addAll(TreeSwitchTest.PLAIN);
    return Arbitraries.of(LOOSE).set().ofMaxSize(4).flatMap(present -> Arbitraries
        .of(commands).map(command -> new Case(List.copyOf(present), command)));
  }

  @Property(tries = 10)
  void refusedExactlyWhenGitLosesSomething(@ForAll("cases") Case example) throws IOException {
    Path temp = Files.createTempDirectory("gk-tree-switch");
    try {
      Repo repo = Repo.create(temp.resolve("r"));
      TreeSwitchTest.otherBranch(repo);
      for (Loose loose : example.present()) {
        repo.write(loose.path(), loose.content());
      }
      boolean refused = repo.judge(new DiscardRule(), example.command()).outcome()
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
}
