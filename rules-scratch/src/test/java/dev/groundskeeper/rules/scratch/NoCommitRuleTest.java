package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.testkit.RuleTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NoCommitRuleTest {

  private final RuleTester tester = RuleTester.of(new ScratchRules(), ScratchConfig.DEFAULTS,
      NoCommitRule.ID);

  private static Event.CommandEvent scratch(String command) {
    return new Event.CommandEvent(Events.context().withMode(EventContext.SessionMode.SCRATCH),
        command);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "git commit -m wip", "git commit -am wip", "git -C sub commit -F m.txt",
      "git push", "git push origin HEAD:refs/heads/x", "git tag v1", "git tag -a v1 -m x",
      "git merge feature", "git cherry-pick abc123", "git revert HEAD", "git am < p.patch",
      "git rebase main", "gh pr create --fill", "gh pr edit 3 --title x", "gh pr merge 3",
      "gh pr ready 3", "gh pr comment 3 --body x", "gh release create v1",
      "gh release upload v1 a.tgz", "sh -c 'git commit -m x'", "bash -lc \"git push\"",
      "sudo git push", "env GIT_DIR=.git git commit -m x", "git status && git commit -m x",
      "eval 'git push origin main'", "(cd sub && git push)", "echo $(git commit -m x)",
      "git update-ref refs/heads/main abc123", "git update-ref -d refs/heads/x",
      "git update-ref --stdin < refs.txt", "git notes add -m measured HEAD",
      "git notes append -m more HEAD", "git notes edit HEAD", "git notes remove HEAD",
      "git notes copy HEAD HEAD~1", "git notes --ref=review add -m x HEAD"})
  void publishingCommandsAreDeniedInScratchMode(String command) {
    tester.given(scratch(command)).expectDeny()
        .reasonContains("This session runs in scratch mode",
            "never commits, pushes, tags, opens or edits a pull request, or publishes a release",
            "deliverable is its findings document, never a diff")
        .remedyDescriptionContains("findings document");
  }

  @ParameterizedTest
  @ValueSource(strings = {"git status", "git diff", "git log --oneline -5", "git tag",
      "git tag -l 'v*'", "git tag --contains HEAD", "git merge --abort", "git rebase --abort",
      "git cherry-pick --quit", "gh pr view 3", "gh pr list", "gh issue view 3",
      "git stash", "git switch -c spike", "ls -la", "mvn -q test", "git notes list",
      "git notes show HEAD", "git notes", "git notes get-ref"})
  void exploringIsAllowed(String command) {
    tester.given(scratch(command)).expectAllow();
  }

  @Test
  void theDenialNamesTheCommandAndWhatItWouldDo() {
    tester.given(scratch("git status && git push origin main")).expectDeny()
        .reasonContains("`git push origin main` is refused: it would publish commits");
    tester.given(scratch("gh pr create --fill")).expectDeny()
        .reasonContains("`gh pr create --fill` is refused: it would open a pull request");
  }

  @Test
  void aNormalSessionIsNotJudged() {
    tester.given(Events.command("git commit -m x && git push")).expectNotApplicable();
  }

  @Test
  void anUnreadableCommandInScratchModeCannotBeJudged() {
    tester.given(scratch("git status && echo 'unterminated")).expectCouldNotJudge();
    tester.given(scratch("echo 'unterminated")).expectAllow();
  }

  @Test
  void movingARefAndWritingANoteSayWhatTheyWouldDo() {
    tester.given(scratch("git update-ref refs/heads/main abc123")).expectDeny()
        .reasonContains("`git update-ref refs/heads/main abc123` is refused: it would move a "
            + "ref to another commit");
    tester.given(scratch("git notes add -m measured HEAD")).expectDeny()
        .reasonContains("it would record a commit on the notes ref");
  }

  @Test
  void outsideARepositoryItStillApplies() {
    tester.withFacts(dev.groundskeeper.api.Facts.builder().build())
        .given(scratch("gh pr create -R owner/repo --fill")).expectDeny();
  }
}
