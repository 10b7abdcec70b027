package com.example.rules;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.testkit.CommandArbitraries;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The rule's own invariants, over generated commands. */
class NoVerifyPropertiesTest {

  private final RuleTester tester = RuleTester.of(new NoVerifyRule());

  @Property
  void aSkippedHookAfterAnyCommandIsDenied(@ForAll("commands") String before) {
    tester.given(Events.command(before + " && git commit --no-verify -m done")).expectDeny();
  }

  @Property
  void theWayOutIsAllowed(@ForAll("commands") String before) {
    Verdict denial = tester.given(Events.command(
        before + " ; git push --no-verify origin main")).expectDeny().verdict();
    assertTrue(denial.remedy().isPresent(), "a denial names the way out");
    for (String corrected : denial.remedy().orElseThrow().commands()) {
      assertNotEquals(Outcome.DENY, tester.given(Events.command(corrected)).verdict().outcome(),
          corrected);
    }
  }

  @Property
  void commandsWithoutTheFlagAreNeverDenied(@ForAll("commands") String command) {
    String plain = command;
    while (plain.contains("-n")) {
      plain = plain.replace("-n", "");
    }
    assertNotEquals(Outcome.DENY, tester.given(Events.command(plain)).verdict().outcome(), plain);
  }

  @Provide
  Arbitrary<String> commands() {
    return CommandArbitraries.gitCommands();
  }
}
