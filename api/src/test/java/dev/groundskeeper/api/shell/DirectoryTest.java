package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DirectoryTest {

  private static Directory dirOf(String text, String name) {
    Script s = Shell.parseFresh(text);
    return s.commands().stream().filter(c -> c.name().equals(name)).reduce((a, b) -> b)
        .orElseThrow().directory();
  }

  @Test
  void certainOnlyThroughAnd() {
    assertThat(dirOf("cd a && cd b && make", "make"))
        .isEqualTo(new Directory(Directory.Certainty.CERTAIN, Optional.of("a/b")));
    assertThat(dirOf("cd a; make", "make").certainty()).isEqualTo(Directory.Certainty.UNCERTAIN);
    assertThat(dirOf("cd a || make", "make").certainty()).isEqualTo(Directory.Certainty.UNCERTAIN);
    assertThat(dirOf("cd a && x; make", "make").certainty()).isEqualTo(Directory.Certainty.UNCERTAIN);
    assertThat(dirOf("cd a && ls | make", "make").certainty()).isEqualTo(Directory.Certainty.CERTAIN);
    assertThat(dirOf("make", "make")).isEqualTo(Directory.START);
  }

  @Test
  void unknownTargets() {
    assertThat(dirOf("cd - && make", "make").certainty()).isEqualTo(Directory.Certainty.UNKNOWN);
    assertThat(dirOf("cd $X && make", "make").certainty()).isEqualTo(Directory.Certainty.UNKNOWN);
    assertThat(dirOf("cd ~bob && make", "make").certainty()).isEqualTo(Directory.Certainty.UNKNOWN);
    assertThat(dirOf("cd \"$(git rev-parse --show-toplevel)\" && make", "make").certainty())
        .isEqualTo(Directory.Certainty.UNKNOWN);
    assertThat(dirOf("popd && make", "make").certainty()).isEqualTo(Directory.Certainty.UNKNOWN);
  }

  @Test
  void homeAndAbsolute() {
    assertThat(dirOf("cd && make", "make").path()).hasValue("~");
    assertThat(dirOf("cd ~/src && make", "make").path()).hasValue("~/src");
    assertThat(dirOf("cd $X && cd /abs && make", "make"))
        .isEqualTo(new Directory(Directory.Certainty.CERTAIN, Optional.of("/abs")));
    assertThat(dirOf("cd a/b && cd ../c && make", "make").path()).hasValue("a/c");
  }

  @Test
  void subshellsAndPipelinesScopeMoves() {
    assertThat(dirOf("(cd a && ls) && make", "make")).isEqualTo(Directory.START);
    assertThat(dirOf("cd a | cat && make", "make")).isEqualTo(Directory.START);
    assertThat(dirOf("cd a & make", "make").path()).isEmpty();
    assertThat(dirOf("echo $(cd a) && make", "make")).isEqualTo(Directory.START);
    assertThat(dirOf("{ cd a && ls; } && make", "make").path()).hasValue("a");
  }

  @Test
  void pushdAndPopd() {
    assertThat(dirOf("pushd a && pushd /b && popd && make", "make").path()).hasValue("a");
    assertThat(dirOf("pushd a && popd && make", "make").path()).isEmpty();
  }

  @Test
  void conditionalMovesAreUncertainAfterwards() {
    assertThat(dirOf("if x; then cd a; fi && make", "make").certainty())
        .isEqualTo(Directory.Certainty.UNCERTAIN);
  }

  @Test
  void gitDashCAppliesToGitOnly() {
    Script s = Shell.parseFresh("cd repo && git -C sub -C ../other status && ls");
    GitCommand git = s.gitCommands().get(0);
    assertThat(git.directory().path()).hasValue("repo/other");
    assertThat(s.commands().get(2).directory().path()).hasValue("repo");
    assertThat(Shell.parseFresh("git -C \"$D\" status").gitCommands().get(0).directory().certainty())
        .isEqualTo(Directory.Certainty.UNKNOWN);
  }

  @Test
  void resolvesAgainstStartAndHome() {
    Directory d = dirOf("cd ../x && make", "make");
    assertThat(d.resolve(Path.of("/w/repo"), Optional.empty())).hasValue(Path.of("/w/x"));
    assertThat(d.resolveFile("f.txt", Path.of("/w/repo"), Optional.empty()))
        .hasValue(Path.of("/w/x/f.txt"));
    Directory home = dirOf("cd ~/p && make", "make");
    assertThat(home.resolve(Path.of("/w"), Optional.empty())).isEmpty();
    assertThat(home.resolve(Path.of("/w"), Optional.of(Path.of("/h")))).hasValue(Path.of("/h/p"));
  }
}
