package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Issue 17: a loss guard never allows what it refuses written more simply. {@code rm -rf} of the
 * repository by name is refused (it holds the .git); any spelling of a directory above it,
 * from wherever the agent stands, deletes the same repository and is refused too, while a
 * directory beside it that holds none of its worktrees is not.
 */
class AncestorDeletionPropertyTest {

  enum Place { MAIN, SUBDIRECTORY, LINKED }

  enum Spelling { RELATIVE, ABSOLUTE, CD_THEN_DOT, FIND_DELETE, GLOB_INSIDE }

  record Case(Place place, int levels, Spelling spelling, boolean work) {}

  @Provide
  Arbitrary<Case> cases() {
    return Combinators.combine(Arbitraries.of(Place.class), Arbitraries.integers().between(1, 3),
        Arbitraries.of(Spelling.class), Arbitraries.of(true, false)).as(Case::new);
  }

  @Property(tries = 15)
  void aDirectoryAboveTheRepositoryIsRefusedAsTheRepositoryIs(@ForAll("cases") Case example)
      throws IOException {
    Path temp = Files.createTempDirectory("gk-ancestor-property").toRealPath();
    try {
      Repo repo = Repo.create(temp.resolve("r"));
      Path linked = repo.work.resolveSibling("wt-linked");
      repo.git("worktree", "add", "-q", "-b", "side", linked.toString());
      if (example.work()) {
        repo.write("notes.txt", "work\n");
      }
      Path cwd = switch (example.place()) {
        case MAIN -> repo.work;
        case SUBDIRECTORY -> Files.createDirectories(repo.work.resolve("sub"));
        case LINKED -> linked;
      };
      DeleteRule rule = new DeleteRule(ChangesConfig.DEFAULTS);
      Verdict direct = repo.judge(rule, "rm -rf " + repo.work, cwd);
      assertThat(direct.outcome()).isEqualTo(Outcome.DENY);

      int levels = Math.min(example.levels(), cwd.getNameCount());
      Path above = cwd;
      for (int i = 0; i < levels && above.getParent() != null; i++) {
        above = above.getParent();
      }
      String up = "..";
      for (int i = 1; i < levels; i++) {
        up += "/..";
      }
      String command = switch (example.spelling()) {
        case RELATIVE -> "rm -rf " + up;
        case ABSOLUTE -> "rm -rf " + above;
        case CD_THEN_DOT -> "cd " + up + " && rm -rf .";
        case FIND_DELETE -> "find " + up + " -delete";
        case GLOB_INSIDE -> "rm -rf " + up + "/*";
      };
      boolean takesTheRepository = repo.work.startsWith(above) && (example.spelling()
          != Spelling.GLOB_INSIDE || !above.equals(repo.work));
      Verdict verdict = repo.judge(rule, command, cwd);
      if (takesTheRepository || example.work()) {
        assertThat(verdict.outcome()).as(example + ": " + command + ": " + verdict.message())
            .isEqualTo(Outcome.DENY);
      }

      Path beside = Files.createDirectories(temp.resolve("elsewhere"));
      Files.writeString(beside.resolve("x.txt"), "not ours\n");
      Verdict besideVerdict = repo.judge(rule, "rm -rf " + beside, cwd);
      assertThat(besideVerdict.outcome()).as(besideVerdict.message())
          .isIn(Outcome.ALLOW, Outcome.NOT_APPLICABLE);
    } finally {
      Repo.deleteTree(temp);
    }
  }
}
