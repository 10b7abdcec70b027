package dev.groundskeeper.cli.worktree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.git.store.StoreRefusal;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code add} judges the name with the worktree rules before the store is touched. */
class AddNameTest {

  @TempDir
  Path temp;

  Fixture fixture;

  @BeforeEach
  void repository() throws IOException {
    fixture = Fixture.withCommit(temp);
  }

  @ParameterizedTest
  @ValueSource(strings = {"../x", "-x", ".hidden", "a/b", "x..y", "", "name.lock", "sp ace"})
  void refusesABadNameAndWritesNothing(String name) {
    assertThatThrownBy(() -> fixture.store().add(fixture.repo, name, Optional.empty()))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("worktree name");
    assertThat(fixture.storeHome).doesNotExist();
  }
}
