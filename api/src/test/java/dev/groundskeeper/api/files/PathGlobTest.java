package dev.groundskeeper.api.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class PathGlobTest {

  @Test
  void aGlobWithoutASlashMatchesTheLastSegmentAtAnyDepth() {
    assertThat(PathGlob.of(".coverage").matches(".coverage")).isTrue();
    assertThat(PathGlob.of(".coverage").matches("sub/.coverage")).isTrue();
    assertThat(PathGlob.of("*.log").matches("a/b/c.log")).isTrue();
    assertThat(PathGlob.of("*.log").matches("a/b/c.log.txt")).isFalse();
  }

  @Test
  void aLeadingDoubleStarAlsoMatchesNoSegment() {
    PathGlob caches = PathGlob.of("**/__pycache__/**");
    assertThat(caches.matches("__pycache__/x.pyc")).isTrue();
    assertThat(caches.matches("pkg/__pycache__/x.pyc")).isTrue();
    assertThat(caches.matches("pkg/pycache/x.pyc")).isFalse();
  }

  @Test
  void aGlobWithASlashIsAnchoredAndADirectoryCoversItsInside() {
    assertThat(PathGlob.of("build/**").matches("build/out/a.o")).isTrue();
    assertThat(PathGlob.of("build/**").matches("build/")).isTrue();
    assertThat(PathGlob.of("build/**").matches("sub/build/a.o")).isFalse();
    assertThat(PathGlob.of("node_modules").matches("web/node_modules/x/index.js")).isTrue();
    assertThat(PathGlob.of("src/*.java").matches("src/a/B.java")).isFalse();
    assertThat(PathGlob.of("src/?.java").matches("src/B.java")).isTrue();
  }

  @Test
  void regexCharactersAreLiteral() {
    assertThat(PathGlob.of("a+b(c).txt").matches("a+b(c).txt")).isTrue();
    assertThat(PathGlob.of("a.txt").matches("abtxt")).isFalse();
  }

  @Test
  void aBlankGlobIsRefused() {
    assertThatThrownBy(() -> PathGlob.of(" ")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("blank");
  }

  @Property
  void aLiteralNameMatchesItselfAtAnyDepthAndNothingElseOfItsDepth(
      @ForAll @AlphaChars @StringLength(min = 1, max = 8) String name,
      @ForAll @AlphaChars @StringLength(min = 1, max = 8) String dir) {
    PathGlob glob = PathGlob.of(name);
    assertThat(glob.matches(name)).isTrue();
    assertThat(glob.matches(dir + "/" + name)).isTrue();
    assertThat(glob.matches(name + "x")).isFalse();
  }
}
