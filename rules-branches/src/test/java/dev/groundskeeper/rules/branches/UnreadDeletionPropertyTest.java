package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * branches.force-removal fails closed on text the shell model cannot read: a forced deletion
 * written after an unclosed quote is in no reading, and is refused wherever it stands, while
 * unread text with no deletion in it is never refused for being unread.
 */
class UnreadDeletionPropertyTest {

  private static final RuleTester TESTER = tester();

  private static RuleTester tester() {
    Repo repo = Repo.create();
    repo.branch("pushed");
    return RuleTester.of(new BranchRules(), BranchesConfig.DEFAULTS, ForceRemovalRule.ID)
        .withFacts(repo.facts());
  }

  @Property
  void aSafeForcedDeletionAfterAnUnclosedQuoteIsRefused(@ForAll("deletions") String deletion,
      @ForAll("noise") String before, @ForAll("noise") String after,
      @ForAll("quotes") String quote) {
    assertThat(TESTER.given(Events.command(deletion)).verdict().outcome())
        .isEqualTo(Outcome.ALLOW);
    String command = "echo " + quote + before + " && " + deletion + after;
    TESTER.given(Events.command(command)).expectDeny()
        .reasonContains("could not be read past offset 5");
  }

  @Property
  void unreadTextWithoutDeletionWordsIsNotRefused(@ForAll("noise") String before,
      @ForAll("noise") String after, @ForAll("quotes") String quote) {
    String command = "echo " + quote + before + " && git status" + after;
    assertThat(TESTER.given(Events.command(command)).verdict().outcome())
        .isNotEqualTo(Outcome.DENY);
  }

  @Provide
  Arbitrary<String> deletions() {
    return Arbitraries.of("git branch -D pushed", "git branch -d --force pushed",
        "git branch --delete -f pushed", "git branch -Dq pushed", "git branch --del --forc pushed",
        "git update-ref -d refs/heads/pushed", "sudo git branch -D pushed");
  }

  /** Text that closes no quote and holds no deletion word. */
  @Provide
  Arbitrary<String> noise() {
    return Arbitraries.strings().withChars(" abcxyz;&|-=./").ofMaxLength(20);
  }

  @Provide
  Arbitrary<String> quotes() {
    return Arbitraries.of("\"", "'", "`");
  }
}
