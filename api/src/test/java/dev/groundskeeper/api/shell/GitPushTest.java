package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The push reading: refspecs, the branches a push forces, and the push made safe. */
class GitPushTest {

  private static final List<String> PROTECTED = List.of("main", "release/*");

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "main                      | false | main | main            | main",
      "+main                     | true  | main | main            | main",
      "+a:refs/heads/main        | true  | a    | refs/heads/main | main",
      "HEAD:refs/heads/release/1 | false | HEAD | refs/heads/release/1 | release/1",
      ":old                      | false | ''   | old             | old",
      "v1:refs/tags/v1           | false | v1   | refs/tags/v1    | ''",
      "+HEAD                     | true  | HEAD | HEAD            | ''",
      "refs/heads/*:refs/heads/* | false | refs/heads/* | refs/heads/* | ''",
  })
  void aRefspecIsReadAsGitReadsIt(String text, boolean forced, String source, String destination,
      String branch) {
    Refspec refspec = Refspec.of(Word.of(text));

    assertThat(refspec.forced()).isEqualTo(forced);
    assertThat(refspec.source()).isEqualTo(source);
    assertThat(refspec.destination()).isEqualTo(destination);
    assertThat(refspec.branch()).isEqualTo(branch.isEmpty() ? Optional.empty()
        : Optional.of(branch));
    assertThat(refspec.known()).isTrue();
  }

  @Test
  void theKindsOfRefspecAreTold() {
    assertThat(Refspec.of(Word.of(":old")).deletes()).isTrue();
    assertThat(Refspec.of(Word.of("old")).deletes()).isFalse();
    assertThat(Refspec.of(Word.of("+HEAD")).updatesCheckedOutBranch()).isTrue();
    assertThat(Refspec.of(Word.of("refs/heads/*:refs/heads/*")).pattern()).isTrue();
    Word variable = Shell.parse("git push origin \"$BRANCH\"").gitCommands().get(0).arguments()
        .operands().get(1);
    assertThat(Refspec.of(variable).known()).isFalse();
  }

  @Test
  void aPushIsReadWithItsRemoteRefspecsAndForce() {
    GitPush push = only("cd app && git -C sub push -uf origin main +feat:release/2 || true");

    assertThat(push.forceWords()).extracting(Word::source).containsExactly("-uf");
    assertThat(push.forced()).isTrue();
    assertThat(push.lease()).isFalse();
    assertThat(push.everyBranch()).isFalse();
    assertThat(push.remoteName()).isEqualTo("origin");
    assertThat(push.refspecs()).extracting(Refspec::destination)
        .containsExactly("main", "release/2");
    assertThat(GitPush.in(Shell.parse("git status && git pull"))).isEmpty();
    assertThat(only("git push").remoteName()).isEqualTo("its upstream remote");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "git push -f origin main                  | main",
      "git push origin +refs/heads/release/1.0  | release/1.0",
      "git push origin +main feat               | main",
      "git push -f origin feat main release/x   | main,release/x",
      "git push --force --all origin            | main,release/*",
      "git push --mirror origin                 | main,release/*",
      "git push origin '+refs/heads/*:refs/heads/*' | main,release/*",
      "git push origin main                     | ''",
      "git push -f origin feat                  | ''",
      "git push --force-with-lease origin main  | ''",
      "git push origin +feat main               | ''",
  })
  void theForcedBranchesAreTheNamedOnesItMayRewrite(String command, String expected) {
    assertThat(only(command).forcedBranches(PROTECTED, Facts.none()))
        .contains(expected.isEmpty() ? List.of() : List.of(expected.split(",")));
  }

  @Test
  void aPushOfTheCheckedOutBranchReadsItFromTheLayout() {
    Facts onMain = layout(RepositoryLayout.Head.onBranch("main", Optional.empty()));
    Facts detached = layout(RepositoryLayout.Head.detached("a".repeat(40)));

    assertThat(only("git push -f").forcedBranches(PROTECTED, onMain)).contains(List.of("main"));
    assertThat(only("git push -f origin HEAD").forcedBranches(PROTECTED, onMain))
        .contains(List.of("main"));
    assertThat(only("git push -f").forcedBranches(PROTECTED, detached)).contains(List.of());
    assertThat(only("git push -f").forcedBranches(PROTECTED, Facts.none())).isEmpty();
    assertThat(only("cd x && git push -f origin").forcedBranches(PROTECTED, onMain))
        .as("after a cd the checkout is another one").isEmpty();
    assertThat(only("git push -f origin \"$B\"").forcedBranches(PROTECTED, onMain)).isEmpty();
    assertThat(only("git push -f origin \"$B\" main").forcedBranches(PROTECTED, onMain))
        .as("a branch found outweighs one not known").contains(List.of("main"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "git push -f origin main              | git push --force-with-lease origin main",
      "git push -uf origin main             | git push --force-with-lease -u origin main",
      "git push -fo ci.skip origin main     | git push --force-with-lease -o ci.skip origin main",
      "git push origin +main                | git push --force-with-lease origin main",
      "git push --force-with-lease origin +main | git push --force-with-lease origin main",
      "git push -f -f origin main           | git push --force-with-lease origin main",
      "(cd app && git push -f origin main)  | (cd app && git push --force-with-lease origin main)",
      "sh -c 'git push -f origin main'      | sh -c 'git push --force-with-lease origin main'",
  })
  void withLeaseRewritesThePushInItsCommand(String command, String expected) {
    assertThat(only(command).withLease()).isEqualTo(expected);
  }

  @Test
  void aPushThatCannotBeFoundInTheTextIsGivenOnItsOwn() {
    assertThat(only("sh -c \"git push -f origin \\\"main\\\"\"").withLease())
        .isEqualTo("git push --force-with-lease origin \"main\"");
  }

  @Test
  void onlyThisPushOfTheCommandIsRewritten() {
    List<GitPush> pushes = GitPush.in(Shell.parse("git push -f origin a && git push -f origin b"));

    assertThat(pushes.get(1).withLease())
        .isEqualTo("git push -f origin a && git push --force-with-lease origin b");
    assertThat(pushes.get(1).toString()).isEqualTo("GitPush[git push -f origin b]");
  }

  private static GitPush only(String command) {
    List<GitPush> pushes = GitPush.in(Shell.parse(command));
    assertThat(pushes).as(command).hasSize(1);
    return pushes.get(0);
  }

  private static Facts layout(RepositoryLayout.Head head) {
    Path top = Path.of("/work/app");
    return Facts.builder().value(RepoFacts.LAYOUT,
        new RepositoryLayout(Optional.of(top), top.resolve(".git"), top.resolve(".git"), false,
            false, head)).build();
  }
}
