package dev.groundskeeper.examples.forcepush;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import dev.groundskeeper.testkit.repo.InMemoryRepository;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProtectedForcePushRuleTest {

  private final RuleTester tester = RuleTester.of(new ProtectedForcePush());

  @TestFactory
  Stream<DynamicTest> goldenCases() {
    return tester.goldenCases("golden/example.protected-force-push.yaml");
  }

  @Nested
  class Denied {

    @Test
    void theDenialNamesBranchRemoteAndTheLeasedCommand() {
      tester.given(Events.command("git push --force upstream main"))
          .expectDeny()
          .reasonIs("A force push replaces the history of main on upstream: commits pushed "
              + "there since your last fetch would be lost.")
          .remedyIs(Remedy.run("Push with a lease: it updates only what you last fetched.",
              "git push --force-with-lease upstream main"))
          .findings(new Finding(Finding.Kind.BRANCH, "main", "force push to upstream"))
          .hasNoEffects()
          .readNoFacts();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "git push -f origin main                  | git push --force-with-lease origin main",
        "git push origin main --force             | git push origin main --force-with-lease",
        "git push -uf origin main                 | git push --force-with-lease -u origin main",
        "git push -fu origin main                 | git push --force-with-lease -u origin main",
        "git push origin +main                    | git push --force-with-lease origin main",
        "git push origin +HEAD:main               | git push --force-with-lease origin HEAD:main",
        "git push origin +feat:refs/heads/main    | git push --force-with-lease origin feat:refs/heads/main",
        "git push --force --force-with-lease origin main | git push --force-with-lease origin main",
        "git push --force-with-lease origin +main | git push --force-with-lease origin main",
        "git push -f -f origin main               | git push --force-with-lease origin main",
        "git -C app push -f origin main           | git -C app push --force-with-lease origin main",
        "git -c push.default=simple push -f origin main | git -c push.default=simple push --force-with-lease origin main",
        "GIT_TRACE=1 git push -f origin main      | GIT_TRACE=1 git push --force-with-lease origin main",
        "/usr/bin/git push -f origin main         | /usr/bin/git push --force-with-lease origin main",
        "git push -f origin 'main'                | git push --force-with-lease origin 'main'",
        "git push --force origin --all            | git push --force-with-lease origin --all",
        "git push -o ci.skip -f origin main       | git push -o ci.skip --force-with-lease origin main",
        "git push -fo ci.skip origin main         | git push --force-with-lease -o ci.skip origin main",
        "git push -f origin main 2>&1             | git push --force-with-lease origin main 2>&1",
    })
    void everyWayOfForcingIsDeniedAndCorrected(String command, String corrected) {
      tester.given(Events.command(command)).expectDeny().remedyCommands(corrected);
    }

    @Test
    void onlyTheOffendingPushOfAChainIsRewritten() {
      tester.given(Events.command(
          "git commit -m 'rewrite' && git push -f origin feat && git push -f origin main"))
          .expectDeny()
          .remedyCommands("git commit -m 'rewrite' && git push -f origin feat && "
              + "git push --force-with-lease origin main");
    }

    @Test
    void withoutABranchTheCheckedOutOneIsJudged() {
      RuleTester onMain = tester.withFacts(InMemoryRepository.builder().build().facts());

      onMain.given(Events.command("git push -f"))
          .expectDeny()
          .reasonIs("A force push replaces the history of main on its upstream remote: "
              + "commits pushed there since your last fetch would be lost.")
          .remedyCommands("git push --force-with-lease")
          .readFacts(RepoFacts.LAYOUT);
      onMain.given(Events.command("git push --force origin HEAD")).expectDeny()
          .remedyCommands("git push --force-with-lease origin HEAD");
      onMain.given(Events.command("git push origin +HEAD")).expectDeny()
          .remedyCommands("git push --force-with-lease origin HEAD");
    }

    @Test
    void withoutABranchAnUnprotectedOrDetachedCheckoutIsAllowed() {
      tester.given(Events.command("git push -f"))
          .withFacts(onBranch("feature"))
          .expectAllow();
      tester.given(Events.command("git push -f origin"))
          .withFacts(detached())
          .expectAllow();
    }

    @Test
    void pushesInsideSubshellsAndSubstitutionsAreSeen() {
      tester.given(Events.command("(cd app && git push -f origin main)"))
          .expectDeny()
          .remedyCommands("(cd app && git push --force-with-lease origin main)");
      tester.given(Events.command("echo $(git push -f origin main)"))
          .expectDeny()
          .remedyCommands("echo $(git push --force-with-lease origin main)");
    }

    @Test
    void aPushInsideAShellStringIsCorrectedInPlace() {
      tester.given(Events.command("sh -c 'git push -f origin main'"))
          .expectDeny()
          .remedyCommands("sh -c 'git push --force-with-lease origin main'");
    }

    @Test
    void aPushWhoseWordsCannotBeMappedBackIsCorrectedOnItsOwn() {
      tester.given(Events.command("sh -c \"git push -f origin \\\"main\\\"\""))
          .expectDeny()
          .remedyCommands("git push --force-with-lease origin \"main\"");
    }

    @Test
    void protectedBranchesMayBeGlobs() {
      tester.given(Events.command("git push -f origin release/2.1")).expectDeny()
          .findingSubjects("release/2.1");
      tester.given(Events.command("git push -f origin refs/heads/release/2.1")).expectDeny()
          .findingSubjects("release/2.1");
      tester.given(Events.command("git push -f origin release/2.1/hotfix")).expectAllow();
    }

    @Test
    void severalProtectedBranchesAreAllNamed() {
      tester.given(Events.command("git push -f origin main master"))
          .expectDeny()
          .reasonContains("the history of main, master on origin")
          .findingSubjects("main", "master")
          .remedyCommands("git push --force-with-lease origin main master");
    }

    @Test
    void forcingEveryBranchForcesTheProtectedOnes() {
      tester.given(Events.command("git push --force --all origin"))
          .expectDeny()
          .findingSubjects("main", "master", "release/*");
      tester.given(Events.command("git push --mirror origin")).expectDeny()
          .findingSubjects("main", "master", "release/*");
      tester.given(Events.command("git push origin '+refs/heads/*:refs/heads/*'")).expectDeny()
          .findingSubjects("main", "master", "release/*");
    }
  }

  @Nested
  class Allowed {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "git push --force-with-lease origin main",
        "git push --force-with-lease=main:abc123 origin main",
        "git push --force-with-lease --force-if-includes origin main",
        "git push origin main",
        "git push -u origin main",
        "git push -f origin feat/login",
        "git push origin +feat/login",
        "git push origin --delete old",
        "git push -f origin main-backup",
        "git push -f origin maintenance",
        "git push --follow-tags origin main",
    })
    void pushesThatCannotRewriteAProtectedBranch(String command) {
      tester.given(Events.command(command)).expectAllow();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "git status",
        "echo 'git push -f origin main'",
        "git log --grep push",
        "ls -f",
        "# git push -f origin main",
        "''",
    })
    void commandsThatDoNotPushAreOutsideTheRule(String command) {
      tester.given(Events.command(command)).expectNotApplicable();
    }
  }

  @Nested
  class CouldNotJudge {

    private static final String UNKNOWN = "the branch this force push updates cannot be known "
        + "before it runs; name it, as in `git push --force-with-lease origin <branch>`";

    @Test
    void aForcedPushFoundBeforeAnUnreadablePartIsStillDenied() {
      tester.given(Events.command("git push -f origin main 'unclosed")).expectDeny();
    }

    @Test
    void aForcedPushNamingNoBranchCannotBeJudgedWithoutRepositoryFacts() {
      tester.given(Events.command("git push -f"))
          .expectCouldNotJudge()
          .reasonIs(UNKNOWN)
          .readFacts(RepoFacts.LAYOUT);
      tester.given(Events.command("git push --force origin")).expectCouldNotJudge();
      tester.given(Events.command("git push -f origin HEAD")).expectCouldNotJudge();
    }

    @Test
    void afterMovingElsewhereTheCheckedOutBranchIsNotKnown() {
      tester.given(Events.command("cd ../other && git push -f origin"))
          .withFacts(onBranch("feature"))
          .expectCouldNotJudge()
          .readNoFacts();
    }

    @Test
    void aBranchHeldInAVariableCannotBeJudged() {
      tester.given(Events.command("git push -f origin \"$BRANCH\""))
          .expectCouldNotJudge()
          .reasonIs(UNKNOWN);
    }

    @Test
    void aLeaseNamingNoBranchIsFine() {
      tester.given(Events.command("git push --force-with-lease")).expectAllow();
    }

    @Test
    void anUnreadableCommandMentioningPushCannotBeJudged() {
      tester.given(Events.command("echo \"unclosed && git push -f origin main"))
          .expectCouldNotJudge()
          .reasonStartsWith("the command could not be read in full (")
          .reasonContains("so a force push in it cannot be ruled out");
    }
  }

  @Nested
  class Modes {

    @Test
    void underAdviseTheEngineDeliversTheDenialAsAdvice() {
      RuleTester advising = tester.withMode(Mode.ADVISE);

      assertThat(advising.mode()).isEqualTo(Mode.ADVISE);
      assertThat(advising.given(Events.command("git push -f origin main")).decision().outcome())
          .isEqualTo(Outcome.ADVISE);
    }

    @Test
    void offMeansTheEngineNeverRunsIt() {
      RuleTester off = tester.withMode(Mode.OFF);

      assertThat(off.given(Events.command("git push -f origin main")).decision().verdicts())
          .isEmpty();
    }
  }

  /** Repository facts of a checkout of {@code branch}. */
  private static Facts onBranch(String branch) {
    Path checkout = Path.of("/work/" + branch);
    return InMemoryRepository.builder().branch(branch).worktree(checkout, branch)
        .currentWorktree(checkout).build().facts();
  }

  private static Facts detached() {
    Path checkout = Path.of("/work/detached");
    return InMemoryRepository.builder()
        .detachedWorktree(checkout, InMemoryRepository.commitId("somewhere"))
        .currentWorktree(checkout).build().facts();
  }
}
