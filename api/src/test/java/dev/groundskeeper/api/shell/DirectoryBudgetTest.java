package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A chain of moves is followed within a budget (issue 17): each {@code cd x} makes a path one
 * segment longer than the last, so the paths of a long chain grow with the square of its
 * length. The fuzzer's 1 MiB of {@code cd x && …} exhausted a 1 GB heap in the parser. Past the
 * budget the directory is unknown and the script has a problem, so loss guards refuse it.
 */
class DirectoryBudgetTest {

  private static final String BUDGET_PROBLEM = "the command changes directory too often or too"
      + " deep to follow";

  @Test
  void aMebibyteOfNestedMovesIsCutShortWithAProblem() {
    String unit = "cd x && ";
    String text = unit.repeat((1 << 20) / unit.length()) + "rm -rf .git";
    Script script = Shell.parseFresh(text);
    assertThat(script.complete()).isFalse();
    assertThat(script.problems()).singleElement().satisfies(p -> {
      assertThat(p.reason()).startsWith(BUDGET_PROBLEM).contains("run the later commands");
      assertThat(p.offset()).isBetween(0, text.length());
    });
    SimpleCommand rm = script.commands().get(script.commands().size() - 1);
    assertThat(rm.directory().certainty()).isEqualTo(Directory.Certainty.UNKNOWN);
    // the loss itself is still read
    assertThat(script.removals()).singleElement().satisfies(
        r -> assertThat(r.paths().get(0).value()).isEqualTo(".git"));
    for (SimpleCommand c : script.commands()) {
      assertThat(c.directory().path().orElse("").length())
          .isLessThanOrEqualTo(Parser.MAX_DIRECTORY_CHARS);
    }
  }

  @Test
  void aMebibyteOfPushdIsCutShortWithAProblem() {
    String text = "pushd x; ".repeat((1 << 20) / 9) + "git branch -D feat";
    Script script = Shell.parseFresh(text);
    assertThat(script.problems()).anySatisfy(
        p -> assertThat(p.reason()).startsWith(BUDGET_PROBLEM));
    assertThat(script.deletedBranches()).singleElement().satisfies(
        d -> assertThat(d.name().value()).isEqualTo("feat"));
  }

  @Test
  void ordinaryMovesAreFollowedInFull() {
    // thousands of moves in sequence that go back up cost little: each path stays short
    String text = "cd a/b && cd ../c && cd .. && cd .. && ".repeat(2_000) + "cd w && rm -rf x";
    Script script = Shell.parseFresh(text);
    assertThat(script.problems()).isEmpty();
    SimpleCommand rm = script.commands().get(script.commands().size() - 1);
    assertThat(rm.directory().certainty()).isEqualTo(Directory.Certainty.CERTAIN);
    assertThat(rm.directory().path()).contains("w");
  }

  @Test
  void aDeepButRealPathIsFollowed() {
    String text = "cd " + "node_modules/pkg/".repeat(100) + " && rm -rf dist";
    Script script = Shell.parseFresh(text);
    assertThat(script.problems()).isEmpty();
    assertThat(script.commands().get(1).directory().certainty())
        .isEqualTo(Directory.Certainty.CERTAIN);
  }

  @Test
  void aPathPastTheLongestACallNamesIsAProblem() {
    String text = "cd " + "d/".repeat(Parser.MAX_DIRECTORY_CHARS) + " && rm -rf x";
    Script script = Shell.parseFresh(text);
    assertThat(script.problems()).singleElement().satisfies(
        p -> assertThat(p.reason()).startsWith(BUDGET_PROBLEM));
    assertThat(script.commands().get(1).directory().certainty())
        .isEqualTo(Directory.Certainty.UNKNOWN);
  }
}
