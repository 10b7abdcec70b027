package dev.groundskeeper.api.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * PathGlob answers what the three engines it replaced answered ({@link LegacyGlobs}: the regex
 * PathGlob, BranchGlob, rules-scratch's Glob), except for the differences listed here on purpose.
 */
class OneGlobEngineTest {

  private static final Pattern THREE_STARS_BEFORE_A_SLASH =
      Pattern.compile("\\*{3,}/");

  @Provide
  Arbitrary<String> globs() {
    return Arbitraries.strings().withChars("ab/*?.").ofMinLength(1).ofMaxLength(7)
        .filter(g -> !g.isBlank());
  }

  @Provide
  Arbitrary<String> shapeGlobs() {
    return Arbitraries.strings().withChars("ab*?[]!-\\.").ofMinLength(1).ofMaxLength(7)
        .filter(g -> PathGlob.problem(g).isEmpty());
  }

  @Provide
  Arbitrary<String> paths() {
    // A path has at least one character: the empty text is no path, and on it the regex engine's
    // answer for degenerate globs ("****//") was an accident of its translation.
    return Arbitraries.strings().withChars("ab/.").ofMinLength(1).ofMaxLength(8);
  }

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.strings().withChars("ab.*-!").ofMaxLength(7);
  }

  @Property(tries = 3000)
  void pathsMatchAsTheRegexEngineMatchedThem(@ForAll("globs") String glob,
      @ForAll("paths") String path) {
    // Deliberate: a run of three or more stars before a slash reads as "**/" (zero or more
    // segments); the regex engine made "***/" need a slash. See deliberateDifferences.
    Assume.that(!THREE_STARS_BEFORE_A_SLASH.matcher(glob).find());
    assertThat(PathGlob.of(glob).matches(path)).as("%s on %s", glob, path)
        .isEqualTo(LegacyGlobs.pathMatches(glob, path));
  }

  @Property(tries = 3000)
  void branchNamesMatchAsBranchGlobMatchedThem(@ForAll("globs") String glob,
      @ForAll("paths") String branch) {
    // Deliberate: "**/" also matches no segment (git's and .gitignore's reading); BranchGlob
    // required at least the slash. Globs with "**/" are compared in the test below.
    Assume.that(!glob.contains("**/"));
    assertThat(PathGlob.matchesWhole(glob, branch)).as("%s on %s", glob, branch)
        .isEqualTo(LegacyGlobs.branchMatches(glob, branch));
  }

  @Property(tries = 3000)
  void fileNamesMatchAsTheScratchShapesMatchedThem(@ForAll("shapeGlobs") String glob,
      @ForAll("names") String name) {
    assertThat(PathGlob.matchesWhole(glob, name)).as("%s on %s", glob, name)
        .isEqualTo(LegacyGlobs.scratchMatches(glob, name));
  }

  @ParameterizedTest
  @CsvSource({
      "commit-*.txt, commit-fix.txt, true",
      "****/a, a, true",
      "***/a, x/y/a, true",
      "commit-*.txt, commit-.txt, true",
      "commit-*.txt, COMMIT-fix.txt, false",
      "commit-*.txt, commit-fix.txt.bak, false",
      "*.json, a.jsonl, false",
      "?.log, a.log, true",
      "?.log, ab.log, false",
      "[abc]-*.md, b-x.md, true",
      "[abc]-*.md, d-x.md, false",
      "[!abc]-*.md, d-x.md, true",
      "[^abc]-*.md, a-x.md, false",
      "[a-c]x, bx, true",
      "[a-c]x, dx, false",
      "a\\*b, a*b, true",
      "a\\*b, axb, false",
      "*-*-*.md, a-b-c.md, true",
      "*-*-*.md, a-b.md, false",
      "**, anything, true",
      "release/*, release/1.2, true",
      "release/*, release/1/hotfix, false",
      "users/**, users/ann/x/y, true",
      "v?.x, v1.x, true",
      "a.b, axb, false",
      "(x)+, (x)+, true"
  })
  void wholeTextMatching(String glob, String text, boolean expected) {
    assertThat(PathGlob.matchesWhole(glob, text)).isEqualTo(expected);
    assertThat(PathGlob.of(glob).matchesWhole(text)).isEqualTo(expected);
  }

  @Test
  void deliberateDifferences() {
    // "**/" matches zero segments in branch names too (BranchGlob needed one).
    assertThat(PathGlob.matchesWhole("feature/**/wip", "feature/wip")).isTrue();
    assertThat(LegacyGlobs.branchMatches("feature/**/wip", "feature/wip")).isFalse();
    // Classes and escapes now work in paths and branch names (they were literal there).
    assertThat(PathGlob.of("*.py[cod]").matches("pkg/x.pyc")).isTrue();
    assertThat(LegacyGlobs.pathMatches("*.py[cod]", "pkg/x.pyc")).isFalse();
    assertThat(PathGlob.matchesWhole("v[0-9].x", "v1.x")).isTrue();
    assertThat(LegacyGlobs.branchMatches("v[0-9].x", "v1.x")).isFalse();
    // A run of stars before a slash is "**/", however long: it may match no segment at all. The
    // regex engine read "***/" as "**" then "*/", which needed a slash.
    assertThat(PathGlob.of("***/b").matches("b")).isTrue();
    assertThat(LegacyGlobs.pathMatches("***/b", "b")).isFalse();
    assertThat(PathGlob.of("a***/b").matches("ab")).isTrue();
    assertThat(PathGlob.of("a**/b").matches("ab")).isTrue();
    // A class never matches '/', as in .gitignore.
    assertThat(PathGlob.matchesWhole("a[!b]c", "a/c")).isFalse();
  }

  @Test
  void problemsNameWhatIsWrong() {
    assertThat(PathGlob.problem(" ")).hasValueSatisfying(p -> assertThat(p).contains("blank"));
    assertThat(PathGlob.problem("a[bc")).hasValueSatisfying(
        p -> assertThat(p).contains("unclosed '['"));
    assertThat(PathGlob.problem("ab\\")).hasValueSatisfying(p -> assertThat(p).contains("lone"));
    assertThat(PathGlob.problem("a[]]b\\*")).isEmpty();
  }
}
