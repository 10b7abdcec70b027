package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Nested strings are re-read within a budget: every wrapper inside a re-read string is re-read
 * again, so a chain of them costs the power of its depth. The fuzzer's run that exhausted a 6 GB
 * heap read this shape; bash itself would run it.
 */
class ReparseBudgetTest {

  private static final String BUDGET_PROBLEM = "the command nests shell strings too often";

  @Test
  void aChainOfWrappersInSubstitutionsIsCutShortWithAProblem() {
    String unit = "watch -n 1 'git status --short'$(";
    String text = unit.repeat(1_200) + "git branch -D feat";
    Script script = Shell.parseFresh(text);
    assertThat(script.problems()).isNotEmpty();
    assertThat(script.complete()).isFalse();
  }

  @Test
  void aClosedChainPastTheBudgetSaysSoAndNamesTheWayOut() {
    // closed, so that only the budget can stop the reading
    int depth = 60;
    String text = "watch -n 1 'true'$(".repeat(depth) + "git branch -D feat"
        + ")".repeat(depth);
    Script script = Shell.parseFresh(text);
    assertThat(script.problems()).anySatisfy(p -> {
      assertThat(p.reason()).startsWith(BUDGET_PROBLEM)
          .contains("run the inner commands as plain shell commands");
      assertThat(p.offset()).isBetween(0, text.length());
    });
    assertThat(script.complete()).isFalse();
  }

  @Test
  void ordinaryNestingIsReadInFull() {
    Script script = Shell.parseFresh(
        "sh -c \"bash -c 'timeout 5 env X=1 sh -c \\\"git branch -D feat\\\"'\"");
    assertThat(script.problems()).isEmpty();
    assertThat(script.deletedBranches()).anySatisfy(
        d -> assertThat(d.name().value()).isEqualTo("feat"));
  }

  @Test
  void manyNestedStringsInSequenceStayWithinTheBudget() {
    // each string is re-read once and its wrappers once more: linear in the script's length
    String text = "sh -c 'watch -n 1 \"git status\"'; ".repeat(2_000) + "git branch -D feat";
    Script script = Shell.parseFresh(text);
    assertThat(script.problems()).isEmpty();
    assertThat(script.deletedBranches()).anySatisfy(
        d -> assertThat(d.name().value()).isEqualTo("feat"));
  }
}
