package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * changes.expire over {@code git worktree prune}: a worktree whose directory was moved elsewhere
 * loses its record, and a detached HEAD only that record holds is then left to gc; refused, with
 * a branch that keeps it (after which the prune is allowed). A record whose branch holds its
 * commits loses nothing.
 */
class WorktreePruneTest {

  @TempDir
  Path temp;

  private Repo repo;
  private final ExpireRule rule = new ExpireRule();

  @BeforeEach
  void setUp() {
    repo = Repo.create(temp.resolve("r"));
  }

  private String detachedWorkMovedAway() {
    repo.git("worktree", "add", "-q", "--detach", temp.resolve("wt").toString());
    Repo.run(temp, temp.resolve("wt"), "sh", "-c",
        "echo detached work > d.txt && git add d.txt && git commit -q -m 'detached work'");
    String head = Repo.run(temp, temp.resolve("wt"), "git", "rev-parse", "HEAD").strip();
    Repo.run(temp, temp, "mv", "wt", "moved");
    return head;
  }

  @Test
  void aMovedWorktreeWithADetachedHeadHeldNowhereElseIsRefused() {
    String head = detachedWorkMovedAway();

    Verdict verdict = repo.judge(rule, "git worktree prune");

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("deletes the record of worktree", head.substring(0, 7),
        "git worktree repair <where it is now>");
    // run in a copy: the commit is then held by nothing
    Repo copy = repo.copyTo(temp.resolve("copy"));
    copy.sh("git worktree prune");
    assertThat(copy.git("for-each-ref", "--contains", head)).isBlank();
    assertThat(copy.git("fsck", "--unreachable", "--no-progress")).contains(head);

    String way = verdict.remedy().orElseThrow().commands().get(0);
    assertThat(way).isEqualTo("git branch groundskeeper/kept-" + head.substring(0, 7) + " "
        + head);
    assertThat(repo.sh(way)).isZero();
    assertThat(repo.judge(rule, "git worktree prune").outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aMovedWorktreeOnABranchLosesNoCommit() {
    repo.git("worktree", "add", "-q", "-b", "side", temp.resolve("wt").toString());
    Repo.run(temp, temp, "mv", "wt", "moved");

    assertThat(repo.judge(rule, "git worktree prune").outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aDryRunAndALockedRecordAreNotJudged() {
    detachedWorkMovedAway();
    assertThat(repo.judge(rule, "git worktree prune -n").outcome())
        .isEqualTo(Outcome.NOT_APPLICABLE);
    // what `git worktree lock` writes; the command itself wants the directory to exist
    Repo.run(temp, repo.work, "sh", "-c", "echo moved > .git/worktrees/wt/locked");
    assertThat(repo.judge(rule, "git worktree prune").outcome()).isEqualTo(Outcome.ALLOW);
  }
}
