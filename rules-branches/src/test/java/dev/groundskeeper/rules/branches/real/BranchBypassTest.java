package dev.groundskeeper.rules.branches.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.rules.branches.BranchRules;
import dev.groundskeeper.rules.branches.BranchesConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Commands that lose commits by routes other than {@code git branch -D}, on a real repository:
 * {@code feat} holds two commits no other ref holds, the tag {@code keep} is the only holder of
 * one commit, and the remote-tracking ref {@code origin/rfeat} the only holder of another (its
 * branch is gone from the remote). Each command is refused by force-removal, and where the
 * remedy names a command, running it as printed makes the command safe.
 */
class BranchBypassTest {

  @TempDir
  Path temp;

  private GitRepo repo;

  @BeforeEach
  void setUp() {
    repo = GitRepo.create(temp);
    repo.git("switch", "-q", "-c", "feat");
    repo.commit("feat one", 1);
    repo.commit("feat two", 0);
    repo.git("switch", "-q", "-c", "kept", "main");
    repo.commit("tagged work", 0);
    repo.git("tag", "keep");
    repo.git("switch", "-q", "-c", "rfeat", "main");
    repo.commit("remote work", 0);
    repo.git("push", "-q", "origin", "rfeat");
    repo.git("switch", "-q", "main");
    repo.git("branch", "-q", "-D", "kept", "rfeat");
    repo.run(repo.origin, "git", "branch", "-q", "-D", "rfeat");
  }

  private Verdict judge(String command) {
    var builder = Policy.builder();
    for (ConfiguredRule rule : new BranchRules().rules(BranchesConfig.DEFAULTS)) {
      builder.rule(rule.rule(), rule.mode());
    }
    Decision decision = builder.build().evaluate(new Event.CommandEvent(
        EventContext.of("s1", repo.work), command),
        repo.facts(BranchesConfig.DEFAULTS.repositorySettings()));
    return decision.verdicts().stream()
        .filter(v -> v.ruleId().equals("branches.force-removal")).findFirst().orElseThrow();
  }

  private Verdict refused(String command, String... reason) {
    Verdict verdict = judge(command);
    assertThat(verdict.outcome()).as(command + ": " + verdict).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).as(command).contains(reason);
    return verdict;
  }

  private static final String FEAT_LOST = "- branch feat at";

  @ParameterizedTest
  @ValueSource(strings = {"git branch -M main feat", "git branch -m -f main feat",
      "git branch -m main feat -f", "git branch --move --force main feat",
      "git update-ref refs/heads/feat main", "git update-ref refs/heads/feat HEAD",
      "git checkout -B feat", "git switch -C feat", "git branch -f feat",
      "git push . :feat", "git push . +main:feat", "git push -f . main:feat",
      "git push . --delete feat", "git fetch . +main:feat", "git fetch origin +main:feat",
      "git fetch -f origin main:feat", "git -c alias.x='branch -D' x feat",
      "git -c alias.x='!git branch -D feat' x",
      "git config alias.zap 'branch -D' && git zap feat",
      "git tag hold feat && git branch -D feat && git tag -d hold",
      "git update-ref --stdin <<< 'update refs/heads/feat main'",
      "git update-ref --stdin <<'EOF'\nstart\nupdate refs/heads/feat main\ncommit\nEOF",
      "printf 'update refs/heads/feat main\\n' | git update-ref --stdin",
      "printf 'update refs/heads/feat\\0main\\0\\0' | git update-ref -z --stdin",
      "printf 'delete refs/heads/feat\\0\\0' | git update-ref -z --stdin",
      "printf '%s\\n' 'verify refs/heads/main main' 'delete refs/heads/feat'"
          + " | git update-ref --stdin",
      "echo delete refs/heads/feat | git update-ref --stdin",
      "cat <<EOF | git update-ref --stdin\ndelete refs/heads/feat\nEOF"})
  void aCommandThatDropsFeatIsRefusedWithItsPush(String command) {
    Verdict verdict = refused(command, FEAT_LOST, "no other branch, tag or remote-tracking ref"
        + " holds this tip");
    assertThat(verdict.remedy().orElseThrow().commands()).contains("git push -u origin feat");
    // the way out runs as printed, and then nothing is lost
    repo.git("push", "-q", "-u", "origin", "feat");
    assertThat(judge(command).outcome()).as(command).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void anAliasInTheRepositorysConfigurationIsReadAsGitRunsIt() {
    repo.git("config", "alias.nuke", "branch -D");
    repo.git("config", "alias.wipe", "!git branch -D");
    repo.git("config", "alias.deeper", "nuke");
    for (String command : List.of("git nuke feat", "git wipe feat", "git deeper feat",
        "git NUKE feat")) {
      refused(command, FEAT_LOST);
    }
    // an alias never replaces one of git's own commands
    repo.git("config", "alias.branch", "branch -D");
    assertThat(judge("git branch feat2").outcome()).isNotEqualTo(Outcome.DENY);
  }

  @Test
  void aMoveToHeadOfTheBranchHeadIsOnLosesNothing() {
    repo.git("switch", "-q", "feat");
    for (String command : List.of("git checkout -B feat", "git switch -C feat",
        "git branch -M feat")) {
      assertThat(judge(command).outcome()).as(command).isNotEqualTo(Outcome.DENY);
    }
    // on feat, moving main to HEAD keeps main's commit (feat contains it)
    assertThat(judge("git branch -f main").outcome()).isNotEqualTo(Outcome.DENY);
  }

  @ParameterizedTest
  @ValueSource(strings = {"$(echo git) branch -D feat", "g=git; $g branch -D feat",
      "`which git` update-ref refs/heads/feat main", "\"$GIT\" branch -M main feat"})
  void aCommandNameKnownOnlyWhenItRunsFailsClosed(String command) {
    refused(command, "is only known when it runs");
  }

  @Test
  void theLastHolderTagAndRemoteTrackingRefAreCommitsToo() {
    Verdict tag = refused("git tag -d keep", "- tag keep at", "holds this commit");
    refused("git update-ref -d refs/tags/keep", "- tag keep at");
    refused("git update-ref --stdin <<< 'delete refs/tags/keep'", "- tag keep at");
    refused("printf 'delete refs/tags/keep\\0\\0' | git update-ref -z --stdin",
        "- tag keep at");
    refused("git update-ref --stdin <<< 'update refs/tags/keep main'", "- tag keep at");
    refused("git tag -f keep main", "- tag keep at");
    Verdict remote = refused("git branch -d -r origin/rfeat && git gc --prune=now",
        "- remote-tracking ref origin/rfeat at");
    refused("git update-ref -d refs/remotes/origin/rfeat", "- remote-tracking ref origin/rfeat");
    // the ways out run as printed
    assertThat(tag.remedy().orElseThrow().commands()).contains("git branch kept/tag/keep"
        + " refs/tags/keep");
    assertThat(remote.remedy().orElseThrow().commands()).contains("git branch kept/origin/rfeat"
        + " refs/remotes/origin/rfeat");
    repo.git("branch", "kept/tag/keep", "refs/tags/keep");
    repo.git("branch", "kept/origin/rfeat", "refs/remotes/origin/rfeat");
    assertThat(judge("git tag -d keep").outcome()).isEqualTo(Outcome.ALLOW);
    assertThat(judge("git branch -d -r origin/rfeat && git gc --prune=now").outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @ParameterizedTest
  @ValueSource(strings = {"rm -rf .git/refs/heads/feat", "rm .git/refs/heads/feat",
      "find .git/refs/heads -name feat -delete", "rm -rf .git",
      "find ./.git -name feat -exec rm {} +", "cd sub && rm -f ../.git/packed-refs"})
  void removingFilesUnderDotGitIsRefused(String command) {
    refused(command, "deletes files under .git");
  }

  @Test
  void aDecoyGitDirectoryNeitherHidesTheRepositoryNorTurnsARefusalIntoAdvice() throws Exception {
    Path decoy = repo.work.resolve("x");
    Files.createDirectories(decoy.resolve(".git/objects"));
    Files.createDirectories(decoy.resolve(".git/refs"));
    Files.writeString(decoy.resolve(".git/HEAD"), "garbage\n");
    Verdict verdict = new BranchRules().rules(BranchesConfig.DEFAULTS).stream()
        .filter(r -> r.id().equals("branches.force-removal")).findFirst().orElseThrow().rule()
        .evaluate(new Event.CommandEvent(EventContext.of("s1", decoy), "git branch -D feat"),
            dev.groundskeeper.git.GitFacts.forDirectory(decoy,
                BranchesConfig.DEFAULTS.repositorySettings()));
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains(FEAT_LOST);
  }

  @Test
  void aFactThatCannotBeReadIsARefusal() {
    dev.groundskeeper.api.Facts broken = dev.groundskeeper.api.Facts.builder()
        .supplier(dev.groundskeeper.api.repo.RepoFacts.LAYOUT, facts -> {
          throw new dev.groundskeeper.api.FactUnavailableException(
              dev.groundskeeper.api.repo.RepoFacts.LAYOUT, "HEAD is garbage", null);
        }).build();
    Verdict verdict = new BranchRules().rules(BranchesConfig.DEFAULTS).stream()
        .filter(r -> r.id().equals("branches.force-removal")).findFirst().orElseThrow().rule()
        .evaluate(new Event.CommandEvent(EventContext.of("s1", repo.work), "git branch -D feat"),
            broken);
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("nothing could be proven", "HEAD is garbage");
  }

  /** Input the command's text does not show could drop any ref: refused, with the way out. */
  @ParameterizedTest
  @ValueSource(strings = {"git update-ref --stdin < ops.txt",
      "./make-ops | git update-ref --stdin", "git update-ref -z --stdin < ops.bin",
      "printf \"$OPS\" | git update-ref --stdin"})
  void updateRefInputTheTextDoesNotShowFailsClosed(String command) {
    Verdict verdict = refused(command, "is only known when the command runs");
    assertThat(verdict.remedy()).isPresent();
  }

  @Test
  void updateRefInputThatDropsNothingStaysAllowed() {
    for (String command : List.of("git update-ref --stdin <<< 'create refs/heads/x main'",
        "printf 'update refs/heads/x main\\n' | git update-ref --stdin",
        "printf 'create refs/heads/y\\0main\\0' | git update-ref -z --stdin")) {
      assertThat(judge(command).outcome()).as(command).isNotEqualTo(Outcome.DENY);
    }
  }

  @Test
  void commandsThatLoseNothingStayAllowed() {
    for (String command : List.of("git branch -m feat feat2", "git update-ref refs/heads/x main",
        "git fetch origin main:feat3", "git push . main:feat4", "git tag -d nosuch",
        "git branch -f fresh", "git fetch . main:feat")) {
      assertThat(judge(command).outcome()).as(command).isNotEqualTo(Outcome.DENY);
    }
  }
}
