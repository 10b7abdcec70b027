package dev.groundskeeper.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class TextBudgetTest {

  static final String PRINCIPLE = "Limits exist so that work finishes, never so that it disappears.";

  static Decision denial(String... reasons) {
    List<Verdict> verdicts = new ArrayList<>();
    for (int i = 0; i < reasons.length; i++) {
      verdicts.add(Verdict.deny("r" + i, reasons[i], Remedy.run("do it", "git push")));
    }
    return Decision.of(verdicts, Optional.empty());
  }

  static String list(String prefix, int n) {
    StringBuilder text = new StringBuilder(prefix);
    for (int i = 0; i < n; i++) {
      text.append("\n- branch-").append(i);
    }
    return text.toString();
  }

  @Test
  void aShortAnswerIsUntouched() {
    Decision decision = denial("one thing is wrong");
    assertThat(decision.message()).isEqualTo("[r0] " + decision.verdicts().get(0).message());
  }

  @Test
  void aParagraphSeveralVerdictsShareIsSaidOnce() {
    String message = denial("cap reached\n\n" + PRINCIPLE, "dormant branches\n\n" + PRINCIPLE,
        "duplicate stem\n\n" + PRINCIPLE).message();
    assertThat(message.split(java.util.regex.Pattern.quote(PRINCIPLE), -1)).hasSize(2);
    assertThat(message).contains("[r0] cap reached", "[r1] dormant branches", "[r2] duplicate stem");
  }

  @Test
  void longListsAreCutToTheBudgetWithACountAndTheCommandThatShowsEverything() {
    Decision decision = denial(list("cap reached", 200), list("dormant", 300));
    String message = decision.message();
    String full = "[r0] " + decision.verdicts().get(0).message() + "\n\n[r1] " + decision.verdicts().get(1).message();
    assertThat(message.lines().count()).isLessThanOrEqualTo(Decision.MESSAGE_MAX_LINES);
    assertThat(TextBudget.bytes(message)).isLessThanOrEqualTo(Decision.MESSAGE_MAX_BYTES);
    assertThat(message).contains("[r0] cap reached", "[r1] dormant", "more lines left out", TextBudget.FULL_TEXT);
    int shown = (int) message.lines().filter(l -> l.startsWith("- branch-")).count();
    long all = full.lines().count();
    int said = Integer.parseInt(message.replaceAll("(?s).*\\[(\\d+) more lines left out.*", "$1"));
    assertThat(message.lines().count() - 2 + said).as("every line is shown or counted").isEqualTo(all);
    assertThat(shown).isPositive();
  }

  @Test
  void aLineOfEveryRefIsClipped() {
    String refs = "contained in " + "refs/remotes/origin/feature-x, ".repeat(250);
    String message = denial(refs).message();
    assertThat(message.lines()).allMatch(l -> l.length() <= TextBudget.MAX_LINE_CHARS);
    assertThat(message).contains("contained in refs/remotes/origin/feature-x").contains("…");
  }

  @Test
  void theByteBoundHoldsForWideLines() {
    String wide = list("wide", 0) + ("\n" + "é".repeat(280)).repeat(30);
    String message = denial(wide).message();
    assertThat(TextBudget.bytes(message)).isLessThanOrEqualTo(Decision.MESSAGE_MAX_BYTES);
    assertThat(message).startsWith("[r0] wide").contains("more lines left out");
  }

  @Property(tries = 200)
  void everyAnswerIsInsideItsBudget(@ForAll @Size(min = 1, max = 8) List<@IntRange(min = 0, max = 120) Integer> sizes,
      @ForAll @StringLength(max = 400) String line) {
    String[] reasons = new String[sizes.size()];
    for (int i = 0; i < reasons.length; i++) {
      reasons[i] = list("verdict " + i + " " + line, sizes.get(i)) + "\n\n" + PRINCIPLE;
    }
    String message = denial(reasons).message();
    assertThat(message.split("\n", -1).length).isLessThanOrEqualTo(Decision.MESSAGE_MAX_LINES);
    assertThat(TextBudget.bytes(message)).isLessThanOrEqualTo(Decision.MESSAGE_MAX_BYTES);
    assertThat(message).startsWith("[r0] verdict 0");
  }
}
