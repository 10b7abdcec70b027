package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Never a false alarm on a read: in a repository full of work, a command that only mentions a
 * destructive command (in an echo, a grep, a message, a heredoc written to a file, an issue body,
 * a log search) is never refused by either guard.
 */
class MentionsAreNotDiscardsTest {

  static final List<String> CORPUS = List.of(
      "echo 'git reset --hard'",
      "echo \"run git checkout -- . to undo\"",
      "printf '%s\\n' 'git clean -fdx' 'rm -rf .git'",
      "grep -rn 'git reset --hard' docs/",
      "grep -e 'git stash drop' -e 'git restore' notes.md",
      "git commit -m 'never run git reset --hard on a dirty tree'",
      "git commit -m \"docs: explain git clean -fdx and rm -rf build\"",
      "git log -S'reset --hard'",
      "git log --grep='git checkout -- .' --oneline",
      "cat > notes.md <<'EOF'\ngit reset --hard\ngit clean -fdx\nrm -rf .git\nEOF",
      "cat <<EOF > plan.txt\nthen git stash clear\nEOF",
      "gh issue create --title 'data loss' --body 'git reset --hard lost my work; also rm -rf src'",
      "gh pr comment 12 --body \"git restore . discards changes\"",
      "man git-reset",
      "git help clean",
      "git reset --help",
      "git stash list",
      "git stash show -p stash@{0}",
      "git diff -- a.txt",
      "git clean -n -d",
      "git status --porcelain && git log --oneline -5",
      "echo rm -rf src > script.txt",
      "python3 -c 'print(\"git reset --hard\")'");

  @TempDir
  static Path temp;

  static Repo repo;

  @BeforeAll
  static void dirtyRepository() {
    repo = Repo.create(temp.resolve("r"));
    repo.write("a.txt", "work in progress\n");
    repo.write("src/new.java", "class New {}\n");
    repo.write("b.txt", "stashed work\n");
    repo.git("stash", "push", "-q", "--", "b.txt");
    repo.write("notes.md", "notes\n");
  }

  @Test
  void noMentionIsRefused() {
    DiscardRule discard = new DiscardRule();
    for (String command : CORPUS) {
      Verdict verdict = repo.judge(discard, command);
      assertThat(verdict.outcome()).as(command + ": " + verdict.message())
          .isIn(Outcome.ALLOW, Outcome.NOT_APPLICABLE);
    }
  }

  @Test
  void theCorpusSitsBesideRealDiscardsThatAreRefused() {
    // the same repository refuses the real thing, so the corpus passing is not a blind rule
    assertThat(repo.judge(new DiscardRule(), "git reset --hard").outcome())
        .isEqualTo(Outcome.DENY);
  }
}
