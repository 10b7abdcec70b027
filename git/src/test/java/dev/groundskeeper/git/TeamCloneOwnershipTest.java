package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.BranchOwnership;
import dev.groundskeeper.api.repo.BranchOwnership.Basis;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositorySettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Whose each branch of a fresh team clone is ({@code branches.scope: own}, issue 16 item 2). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TeamCloneOwnershipTest {

  static final Clock NOW = Clock.fixed(Instant.ofEpochSecond(TeamClone.NOW), ZoneOffset.UTC);

  TeamClone team;
  BranchOwnership ownership;

  @BeforeAll
  void build(@TempDir Path temp) throws IOException {
    team = TeamClone.build(temp, 1);
    // a creator record on a colleague's checked-out branch: a session here started work on it
    team.clone.git("config", "branch.live-3.groundskeeperCreator", "s1:");
    team.clone.git("config", "--add", "branch.live-6.groundskeeperTouchedBy", "s2:agent-1");
    GitRepositories.clear();
    ownership = GitFacts.forDirectory(team.clone.dir, RepositorySettings.defaults(), NOW)
        .get(RepoFacts.BRANCH_OWNERSHIP);
  }

  @Test
  void theIdentityIsTheClonesConfiguredEmail() {
    assertThat(ownership.identity()).contains("test@example.invalid");
  }

  @Test
  void everyGeneratedBranchBelongsToWhoeverMadeIt() {
    for (Map.Entry<String, String> b : team.kinds.entrySet()) {
      String name = b.getKey();
      if (name.equals("live-3") || name.equals("live-6")) {
        continue;
      }
      BranchOwnership.Owner owner = ownership.owner(name).orElseThrow();
      if (TeamClone.local(b.getValue())) {
        assertThat(owner.basis()).as(name).isEqualTo(Basis.AUTHORED);
        assertThat(owner.author()).as(name).contains("test@example.invalid");
      } else {
        // remote only, or a local copy made by checkout of the colleague's branch
        assertThat(owner.basis()).as(name).isEqualTo(Basis.OTHERS);
        assertThat(owner.author()).as(name).contains("colleague@example.invalid");
        assertThat(ownership.own(name)).as(name).isFalse();
      }
    }
  }

  @Test
  void recordsMakeABranchThisClonesWhoeverWroteItsTip() {
    assertThat(ownership.owner("live-3").map(BranchOwnership.Owner::basis)).contains(Basis.RECORDED);
    assertThat(ownership.owner("live-6").map(BranchOwnership.Owner::basis)).contains(Basis.RECORDED);
  }

  @Test
  void branchesMadeHereByOtherRoutesAreThisClones() {
    // cut at main's tip (a colleague's commit), `git branch x <commit>` and update-ref of a
    // colleague's commit: no copy on the remote, so nobody else can answer for them
    for (String name : new String[] {"fresh-here", "from-commit", "by-update-ref"}) {
      assertThat(ownership.owner(name).map(BranchOwnership.Owner::basis)).as(name)
          .contains(Basis.ONLY_HERE);
    }
    assertThat(ownership.owner("mine-ff").map(BranchOwnership.Owner::basis))
        .contains(Basis.AUTHORED);
  }

  @Test
  void aNameTheReadingDidNotSeeIsThisClones() {
    assertThat(ownership.own("made-after-the-reading")).isTrue();
  }

  @Test
  void withoutAConfiguredEmailNoBranchIsOursByAuthorship(@TempDir Path temp) throws IOException {
    TestRepo repo = TestRepo.init(temp, "bare-identity");
    repo.commit("a.txt", "a\n", "first");
    Path config = repo.dir.resolve(".git/config");
    assertThat(Files.readString(config)).doesNotContain("email");
    GitRepositories.clear();
    BranchOwnership read = GitFacts.forDirectory(repo.dir, RepositorySettings.defaults(), NOW)
        .get(RepoFacts.BRANCH_OWNERSHIP);
    // the test JVM sets GIT_AUTHOR_EMAIL and git commits with it; the reading ignores both
    // unless the user's own configuration names an email
    assertThat(read.identity().filter(e -> e.equals("test@example.invalid"))).isEmpty();
    // a repository without a remote: every branch exists only here
    assertThat(read.owner("main").map(BranchOwnership.Owner::basis))
        .contains(BranchOwnership.Basis.ONLY_HERE);
  }

  @Test
  void emailsCompareAsGitUsersWriteThem() {
    assertThat(BranchOwnership.sameEmail("Test@Example.Invalid", "<test@example.invalid>")).isTrue();
    assertThat(BranchOwnership.sameEmail("", "")).isFalse();
    assertThat(BranchOwnership.sameEmail("a@x", "b@x")).isFalse();
  }
}
