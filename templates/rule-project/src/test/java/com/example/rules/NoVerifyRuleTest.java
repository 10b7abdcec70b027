package com.example.rules;

import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import org.junit.jupiter.api.Test;

/** Each case the rule knows, with its texts: they are what the agent reads. */
class NoVerifyRuleTest {

  private final RuleTester tester = RuleTester.of(new ExampleRulesProvider(),
      dev.groundskeeper.api.NoConfig.INSTANCE);

  @Test
  void aCommitThatSkipsTheHooksIsDeniedWithTheCommandWithoutTheFlag() {
    tester.given(Events.command("git add -A && git commit --no-verify -m 'wip'"))
        .expectDeny()
        .reasonIs("This command skips the repository's git hooks (--no-verify): what they "
            + "check stays unchecked.")
        .remedyCommands("git add -A && git commit -m 'wip'");
  }

  @Test
  void theShortFlagOfCommitAndThePushFlagCountToo() {
    tester.given(Events.command("git commit -n -m x")).expectDeny()
        .remedyCommands("git commit -m x");
    tester.given(Events.command("git push --no-verify origin main")).expectDeny()
        .remedyCommands("git push origin main");
  }

  @Test
  void aClusteredFlagIsDeniedAndTheRemedySaysWhatToDrop() {
    tester.given(Events.command("git commit -an -m x")).expectDeny()
        .remedyDescriptionContains("Drop --no-verify and -n");
  }

  @Test
  void pushDashNIsADryRunAndOtherCommandsPass() {
    tester.given(Events.command("git push -n origin main")).expectAllow();
    tester.given(Events.command("git commit -m 'fix'")).expectAllow();
    tester.given(Events.write("notes.md")).expectNotApplicable();
  }

  @Test
  void aCommandReadOnlyInPartIsJudgedOnWhatCouldBeRead() {
    // The skip is seen before the unterminated quote: denied.
    tester.given(Events.command("git commit --no-verify -m \"unterminated")).expectDeny();
    // Nothing seen, but the text could hide one: not judged rather than allowed.
    tester.given(Events.command("git commit -m \"wip -n")).expectCouldNotJudge();
  }
}
