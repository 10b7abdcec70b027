package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.repo.IgnoreProbe;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositorySettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RepoFacts#IGNORED}: git's own answer, for paths that need not exist yet. */
class IgnoredFactTest {

  @TempDir
  Path temp;

  private IgnoreProbe probe(TestRepo repo) {
    GitRepositories.clear();
    return GitFacts.forDirectory(repo.dir, RepositorySettings.defaults()).get(RepoFacts.IGNORED);
  }

  @Test
  void aPathUnderAnIgnoredDirectoryIsIgnoredBeforeItExists() throws IOException {
    TestRepo repo = TestRepo.init(temp, "r");
    repo.commit(".gitignore", "untracked/\n", "ignore untracked");
    IgnoreProbe probe = probe(repo);
    assertThat(probe.ignored("untracked/scratch/notes.md")).isTrue();
    assertThat(probe.ignored("src/notes.md")).isFalse();
  }

  @Test
  void infoExcludeCountsAndAFreshRepositoryIgnoresNothing() throws IOException {
    TestRepo repo = TestRepo.init(temp, "r");
    repo.commit("a.txt", "a\n", "first");
    assertThat(probe(repo).ignored("untracked/scratch/notes.md")).isFalse();
    Path exclude = repo.dir.resolve(".git/info/exclude");
    Files.createDirectories(exclude.getParent());
    Files.writeString(exclude, "/untracked/\n");
    assertThat(probe(repo).ignored("untracked/scratch/notes.md")).isTrue();
  }

  @Test
  void aPathGitCannotJudgeIsNoAnswerNotAGuess() throws IOException {
    TestRepo repo = TestRepo.init(temp, "r");
    repo.commit("a.txt", "a\n", "first");
    assertThatThrownBy(() -> probe(repo).ignored("../elsewhere/x"))
        .isInstanceOf(FactUnavailableException.class).hasMessageContaining("check-ignore");
  }
}
