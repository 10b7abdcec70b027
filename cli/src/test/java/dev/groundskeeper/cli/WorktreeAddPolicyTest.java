package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code groundskeeper worktree add} asks the same policy the hook would for the branch it creates,
 * end to end through the command with the built-in rules: with {@code branches.wip.cap: 1} and one
 * open branch, a second new branch is refused with the cap's reason and way out and nothing is
 * added, while {@code --branch <existing>} creates no branch and is not judged.
 */
class WorktreeAddPolicyTest {

  @TempDir
  Path temp;

  Path repo;
  Path store;
  CliRunner cli;

  @BeforeEach
  void repository() throws IOException {
    Path base = temp.toRealPath();
    repo = Git.init(base.resolve("repo"));
    Files.writeString(repo.resolve(".groundskeeper.yaml"),
        "branches:\n  wip:\n    cap: 1\n");
    Git.run(repo, "add", ".groundskeeper.yaml");
    Git.run(repo, "commit", "-q", "-m", "cap of one");
    store = base.resolve("store");
    cli = CliRunner.builtInRulesOnly(base).env("GROUNDSKEEPER_HOME", store.toString());
  }

  @Test
  void aNewBranchPastTheCapIsRefusedAndAnExistingOneIsNot() throws IOException {
    CliRunner.Result first = cli.run(repo, "worktree", "add", "one");
    assertThat(first.exit()).as(first.err()).isZero();
    Path one = Path.of(first.output());
    Files.writeString(one.resolve("one.txt"), "work\n");
    Git.run(one, "add", "one.txt");
    Git.run(one, "commit", "-q", "-m", "work on one");

    CliRunner.Result second = cli.run(repo, "worktree", "add", "two");

    assertThat(second.exit()).isEqualTo(2);
    assertThat(second.out()).isEmpty();
    assertThat(second.err()).contains("the policy refuses the new branch 'two'")
        .contains("[branches.wip-cap]").contains("branches.wip.cap is 1")
        .contains("- one");
    assertThat(Git.run(repo, "branch", "--list", "two")).isBlank();
    assertThat(Git.run(repo, "worktree", "list")).doesNotContain("two");
    try (var lane = Files.list(one.getParent())) {
      assertThat(lane.map(path -> path.getFileName().toString()))
          .doesNotContain("two");
    }

    CliRunner.Result json = cli.run(repo, "worktree", "add", "two", "--json");
    assertThat(json.exit()).isEqualTo(2);
    assertThat(json.out()).contains("\"rule\":\"branches.wip-cap\"");

    Git.run(repo, "branch", "existing");
    CliRunner.Result existing = cli.run(repo, "worktree", "add", "third", "--branch",
        "existing");
    assertThat(existing.exit()).as(existing.err()).isZero();
    assertThat(Path.of(existing.output())).isDirectory();
  }

  @Test
  void underTheCapTheNewBranchIsAdded() {
    CliRunner.Result added = cli.run(repo, "worktree", "add", "only");

    assertThat(added.exit()).as(added.err()).isZero();
    assertThat(Git.run(repo, "branch", "--list", "only")).contains("only");
  }
}
