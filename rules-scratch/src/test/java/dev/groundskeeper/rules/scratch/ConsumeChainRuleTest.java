package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.testkit.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConsumeChainRuleTest {

  private static final String FILE = "untracked/scratch/commit-1.txt";
  private final RuleTester tester = RuleTester.of(new ScratchRules(), ScratchConfig.DEFAULTS,
      ConsumeChainRule.ID).withFacts(new MemoryFiles().facts());

  private Verdict judge(String command) {
    return tester.given(Events.command(command)).verdict();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "git commit -F " + FILE + " && rm " + FILE,
      "git commit -F " + FILE + " && git push && rm " + FILE,
      "git commit -F " + FILE + " && rm -f " + FILE,
      "git commit -F " + FILE + " && rm -- " + FILE,
      "git commit -F " + FILE + " && rm -f -- " + FILE + " other.txt",
      "git commit --file=" + FILE + " && rm -- " + FILE,
      "git commit -qF " + FILE + " && rm -- " + FILE,
      "git merge --no-ff -F untracked/scratch/merge-1.txt && rm untracked/scratch/merge-1.txt",
      "git tag -a v1 -F untracked/scratch/tag-1.txt && rm untracked/scratch/tag-1.txt",
      "gh issue create --title t --body-file untracked/scratch/issue-1.md && rm untracked/scratch/issue-1.md",
      "gh pr comment 12 -F untracked/scratch/comment-1.md && rm untracked/scratch/comment-1.md",
      "gh release create v1 --notes-file untracked/scratch/notes.txt && rm untracked/scratch/notes.txt",
      "cd untracked/scratch && git commit -F commit-1.txt && rm commit-1.txt",
      "cd untracked/scratch && git commit -F commit-1.txt && cd ../.. && rm " + FILE
  })
  void aRemovalChainedWithAndOnlySatisfiesTheRule(String command) {
    tester.given(Events.command(command)).expectAllow();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "git commit -F docs/commit-template.txt",
      "git commit -F -",
      "git commit -m 'fix the cache'",
      "git commit -m \"$(cat " + FILE + ")\"",
      "gh api repos/o/r/issues -F body=@" + FILE,
      "cat " + FILE,
      "ls -la"
  })
  void commandsThatConsumeNoScratchFileAreNotJudged(String command) {
    tester.given(Events.command(command)).expectNotApplicable();
  }

  @Test
  void anUnchainedConsumerIsDeniedWithEveryPartOfTheText() {
    tester.given(Events.command("git commit -F " + FILE)).expectDeny()
        .reasonContains("git commit reads " + FILE,
            "from the scratch directory untracked/scratch/",
            "gone exactly when the command it fed succeeded",
            "a failure keeps it for the retry", "a success leaves nothing for the sweep")
        .remedyCommands("git commit -F " + FILE + " && rm -- " + FILE)
        .findings(new Finding(Finding.Kind.PATH, FILE, "git commit -F"));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "git commit -F " + FILE + "; rm " + FILE,
      "git commit -F " + FILE + " || rm " + FILE,
      "git commit -F " + FILE + " && git push; rm " + FILE,
      "git commit -F " + FILE + "\nrm " + FILE,
      "git commit -F " + FILE + " & rm " + FILE,
      "rm " + FILE + " && git commit -F " + FILE,
      "git commit -F " + FILE + " && rm other.txt",
      "git commit -F " + FILE + " && rm untracked/scratch/commit-2.txt"
  })
  void aRemovalAfterAnythingButAndOrOfAnotherFileDoesNotCount(String command) {
    tester.given(Events.command(command)).expectDeny();
  }

  @Test
  void theFileIsWrittenAsTheCommandWroteIt() {
    tester.given(Events.command("git commit -F 'untracked/scratch/commit one.txt'"))
        .expectDeny().remedyCommands("git commit -F 'untracked/scratch/commit one.txt' && rm -- "
            + "'untracked/scratch/commit one.txt'");
    tester.given(Events.command("cd untracked/scratch && git commit --file=commit-1.txt"))
        .expectDeny().remedyCommands(
            "cd untracked/scratch && git commit --file=commit-1.txt && rm -- commit-1.txt");
    tester.given(Events.command("gh pr create --title x --body-file=untracked/scratch/pr-1.md"))
        .expectDeny().remedyCommands("gh pr create --title x --body-file=untracked/scratch/pr-1.md"
            + " && rm -- untracked/scratch/pr-1.md");
  }

  @Test
  void aTrailingSemicolonIsDroppedAndALaterOrGetsTheRemovalBeforeIt() {
    tester.given(Events.command("git commit -F " + FILE + ";  ")).expectDeny()
        .remedyCommands("git commit -F " + FILE + " && rm -- " + FILE);
    tester.given(Events.command("git commit -F " + FILE + " || echo failed")).expectDeny()
        .remedyCommands("git commit -F " + FILE + " && rm -- " + FILE + " || echo failed");
  }

  @Test
  void theRemovalMayNameTheSameFileSpelledAnotherWay() {
    String absolute = "/work/repo/" + FILE;
    for (String command : List.of(
        "git commit -F " + absolute + " && rm " + FILE,
        "git commit -F " + FILE + " && rm -- " + absolute,
        "git -C /work/repo commit -F " + FILE + " && rm " + FILE,
        "git commit -F ./" + FILE + " && rm untracked/./scratch/commit-1.txt")) {
      tester.given(Events.command(command)).expectAllow();
    }
    tester.given(Events.command("git commit -F " + absolute
        + " && rm untracked/scratch/other.txt")).expectDeny();
  }

  @Test
  void aRemovalThatRunsWhenTheConsumerFailedIsCutFromTheCorrection() {
    tester.given(Events.command("git commit -F " + FILE + " || rm " + FILE)).expectDeny()
        .remedyCommands("git commit -F " + FILE + " && rm -- " + FILE);
    tester.given(Events.command("git commit -F " + FILE + "; rm -f " + FILE)).expectDeny()
        .remedyCommands("git commit -F " + FILE + " && rm -- " + FILE);
    tester.given(Events.command("git commit -F " + FILE + " || rm " + FILE + "; git log -1"))
        .expectDeny().remedyCommands("git commit -F " + FILE + " && rm -- " + FILE
            + "; git log -1");
  }

  @Test
  void aSecondRemovalThatRunsWhateverTheConsumerDidIsRefusedBesideTheChainedOne() {
    // the trap removes the file when the shell exits, also after a failed commit
    tester.given(Events.command("trap 'rm -f " + FILE + "' EXIT; git commit -F " + FILE
        + " && rm " + FILE)).expectDeny()
        .reasonContains("git commit reads " + FILE + " from the scratch directory"
            + " untracked/scratch/, and besides the removal chained with && another one runs"
            + " whatever the consumer did: `rm -f " + FILE + "` (a trap action, run when the"
            + " shell exits). If the consumer fails, that one takes the file before the retry.")
        .remedyDescriptionContains("Drop `rm -f " + FILE + "` (a trap action, run when the"
            + " shell exits) from the command and keep the removal joined to the git commit"
            + " command by && only.")
        .findingSubjects(FILE);
    // a plain second removal after ; is cut from the corrected command
    tester.given(Events.command("git commit -F " + FILE + " && rm " + FILE + "; rm -f " + FILE))
        .expectDeny().reasonContains("another one runs whatever the consumer did: `rm -f "
            + FILE + "`")
        .remedyCommands("git commit -F " + FILE + " && rm " + FILE);
    // a trap set only once the consumer succeeded removes nothing a retry needs
    tester.given(Events.command("git commit -F " + FILE + " && trap 'rm -f " + FILE + "' EXIT"))
        .expectAllow();
    tester.given(Events.command("trap 'rm -f other.txt' EXIT; git commit -F " + FILE
        + " && rm " + FILE)).expectAllow();
  }

  @Test
  void everyConsumerOfTheIssueIsCovered() {
    for (String command : List.of(
        "git merge -F untracked/scratch/merge-1.txt feature",
        "git tag -a v1 --file untracked/scratch/tag-1.txt",
        "gh issue create --body-file untracked/scratch/issue-1.md",
        "gh issue comment 3 -F untracked/scratch/comment-1.md",
        "gh issue edit 3 --body-file untracked/scratch/issue-1.md",
        "gh issue close 3 -F untracked/scratch/close-1.md",
        "gh pr create -F untracked/scratch/pr-1.md",
        "gh pr comment 4 --body-file untracked/scratch/comment-1.md",
        "gh pr edit 4 -F untracked/scratch/pr-1.md",
        "gh pr close 4 --body-file untracked/scratch/close-1.md",
        "gh release create v1 -F untracked/scratch/notes.txt",
        "gh release edit v1 --notes-file untracked/scratch/notes.txt")) {
      Verdict verdict = judge(command);
      assertThat(verdict.outcome()).as(command).isEqualTo(dev.groundskeeper.api.Outcome.DENY);
      assertThat(verdict.remedy().orElseThrow().commands()).as(command).hasSize(1);
      assertThat(judge(verdict.remedy().orElseThrow().commands().get(0)).outcome()).as(command)
          .isEqualTo(dev.groundskeeper.api.Outcome.ALLOW);
    }
  }

  @Test
  void insideAShellStringTheRemovalStillHasToBeChained() {
    Verdict verdict = judge("bash -c 'git commit -F " + FILE + "'");
    assertThat(verdict.outcome()).isEqualTo(dev.groundskeeper.api.Outcome.DENY);
    tester.given(Events.command("bash -c 'git commit -F " + FILE + " && rm -- " + FILE + "'"))
        .expectAllow();
  }

  @Test
  void configuredConsumersAreJudgedToo() {
    ScratchConfig d = ScratchConfig.DEFAULTS;
    ScratchConfig config = new ScratchConfig(d.roots(), d.directory(), d.shapes(), d.stores(),
        d.shapeDeny(), new ScratchConfig.ConsumeChain(Mode.BLOCK,
            List.of("mkplan.bash --journal * * {file}", "git notes add -F {file}")),
        d.sweep(), d.spaces(), d.orientation());
    RuleTester custom = RuleTester.of(new ScratchRules(), config, ConsumeChainRule.ID)
        .withFacts(new MemoryFiles().facts());
    custom.given(Events.command(
            "./scripts/mkplan.bash --journal 00560 decision untracked/scratch/journal-a.md"))
        .expectDeny().remedyCommands("./scripts/mkplan.bash --journal 00560 decision "
            + "untracked/scratch/journal-a.md && rm -- untracked/scratch/journal-a.md");
    custom.given(Events.command("git notes add -Funtracked/scratch/n.txt HEAD"))
        .expectDeny().remedyCommands("git notes add -Funtracked/scratch/n.txt HEAD && rm -- "
            + "untracked/scratch/n.txt");
    custom.given(Events.command("mkplan.bash --journal 00560 decision "
        + "untracked/scratch/journal-a.md && rm untracked/scratch/journal-a.md")).expectAllow();
    custom.given(Events.command("mkplan.bash --list")).expectNotApplicable();
  }

  @Test
  void anUnreadableCommandCannotPassButWhatWasReadStillCounts() {
    tester.given(Events.command("git commit -F " + FILE + " && rm " + FILE + " && echo 'oops"))
        .expectCouldNotJudge().reasonContains("could not be read in full");
    tester.given(Events.command("git commit -F " + FILE + " && echo 'oops")).expectDeny();
  }

  @Test
  void gitDashCMovesGitButNotTheShellSoTheRemovalNamesTheFileFromTheShell() {
    tester.given(Events.command("git -C untracked/scratch commit -F commit-1.txt")).expectDeny()
        .remedyCommands("git -C untracked/scratch commit -F commit-1.txt && rm -- " + FILE);
    tester.given(Events.command("git -C untracked/scratch commit -F commit-1.txt && rm -- "
        + "commit-1.txt")).expectDeny();
    tester.given(Events.command("(cd untracked/scratch && git commit -F commit-1.txt)"))
        .expectDeny().remedyCommands("(cd untracked/scratch && git commit -F commit-1.txt) && rm"
            + " -- " + FILE);
    tester.given(Events.command("cd untracked && git -C scratch commit -F commit-1.txt"))
        .expectDeny().remedyCommands("cd untracked && git -C scratch commit -F commit-1.txt && rm"
            + " -- scratch/commit-1.txt");
  }

  @Test
  void whereTheShellsDirectoryIsUncertainTheRemovalIsAbsolute() {
    tester.given(Events.command("cd untracked; git -C scratch commit -F commit-1.txt"))
        .expectDeny().remedyCommands("cd untracked; git -C scratch commit -F commit-1.txt && rm"
            + " -- /work/repo/" + FILE);
  }

  @Test
  void aConsumerThatFeedsAPipeNeedsPipefailBecauseThePipelineStatusIsTheLastCommands() {
    tester.given(Events.command("git commit -F " + FILE + " | cat")).expectDeny()
        .reasonContains("a pipeline's status is its last command's",
            "counts only with pipefail set before it")
        .remedyCommands("(set -o pipefail; git commit -F " + FILE + " | cat) && rm -- " + FILE);
    tester.given(Events.command("git commit -F " + FILE + " | cat && rm -- " + FILE))
        .expectDeny();
    tester.given(Events.command("git commit -F " + FILE + " | tail -3; echo done")).expectDeny()
        .remedyCommands("(set -o pipefail; git commit -F " + FILE + " | tail -3) && rm -- " + FILE
            + "; echo done");
    for (String allowed : List.of(
        "set -o pipefail; git commit -F " + FILE + " | cat && rm -- " + FILE,
        "set -euo pipefail && git commit -F " + FILE + " | tail -3 && rm " + FILE,
        "(set -o pipefail; git commit -F " + FILE + " | cat) && rm -- " + FILE,
        "cat x | git commit -F " + FILE + " && rm -- " + FILE,
        "shopt -so pipefail; git commit -F " + FILE + " | cat && rm -- " + FILE,
        "shopt -s -o pipefail && git commit -F " + FILE + " | cat && rm -- " + FILE,
        "set -o pipefail || exit 1; git commit -F " + FILE + " | cat && rm -- " + FILE)) {
      tester.given(Events.command(allowed)).expectAllow();
    }
    for (String denied : List.of(
        "set -o pipefail; set +o pipefail; git commit -F " + FILE + " | cat && rm " + FILE,
        "(set -o pipefail); git commit -F " + FILE + " | cat && rm " + FILE,
        "git commit -F " + FILE + " | cat && set -o pipefail && rm " + FILE,
        "set -o pipefail; git commit -F " + FILE + " | rm " + FILE,
        "set -o pipefail; git commit -F " + FILE + " | cat | rm -- " + FILE,
        // switched off again by shopt, set only when a test passed, or set in a pipeline's
        // subshell
        "set -o pipefail; shopt -u -o pipefail; git commit -F " + FILE + " | cat && rm " + FILE,
        "set -o pipefail; shopt -uo pipefail; git commit -F " + FILE + " | cat && rm " + FILE,
        "test -n \"$CI\" && set -o pipefail; git commit -F " + FILE + " | cat && rm " + FILE,
        "set -o pipefail; true && set +o pipefail; git commit -F " + FILE + " | cat && rm "
            + FILE,
        "set -o pipefail | true; git commit -F " + FILE + " | cat && rm " + FILE,
        "shopt -o pipefail; git commit -F " + FILE + " | cat && rm " + FILE)) {
      tester.given(Events.command(denied)).expectDeny();
    }
  }

  @Test
  void controlBytesInTheFileNameAreEscapedInTheReasonAndQuotedForBashInTheCommand() {
    Verdict verdict = judge("git -C untracked commit -F \"scratch/commit-\u001b[31m.txt\"");
    assertThat(verdict.reason()).doesNotContain("\u001b").contains("\\x1b[31m");
    assertThat(verdict.remedy().orElseThrow().commands()).containsExactly(
        "git -C untracked commit -F \"scratch/commit-\u001b[31m.txt\" && rm -- "
            + "$'untracked/scratch/commit-\\x1b[31m.txt'");
  }

  @Test
  void outsideACheckoutThereIsNoScratchDirectoryToJudge() {
    RuleTester outside = RuleTester.of(new ScratchRules(), ScratchConfig.DEFAULTS,
        ConsumeChainRule.ID).withFacts(dev.groundskeeper.api.Facts.builder().build());
    outside.given(Events.command("git commit -F " + FILE)).expectNotApplicable();
  }
}
