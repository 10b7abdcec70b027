package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GlobTest {

  @ParameterizedTest
  @CsvSource({
      "commit-*.txt, commit-fix.txt, true",
      "commit-*.txt, commit-.txt, true",
      "commit-*.txt, COMMIT-fix.txt, false",
      "commit-*.txt, commit-fix.txt.bak, false",
      "*.txt, notes.txt, true",
      "*.txt, notes.TXT, false",
      "*.json, a.jsonl, false",
      "*.jsonl, a.jsonl, true",
      "?.log, a.log, true",
      "?.log, ab.log, false",
      "[abc]-*.md, b-x.md, true",
      "[abc]-*.md, d-x.md, false",
      "[!abc]-*.md, d-x.md, true",
      "[a-c]x, bx, true",
      "[a-c]x, dx, false",
      "a\\*b, a*b, true",
      "a\\*b, axb, false",
      "*-*-*.md, a-b-c.md, true",
      "*-*-*.md, a-b.md, false",
      "**, anything, true"
  })
  void matchesWholeNames(String glob, String name, boolean expected) {
    assertThat(Glob.matches(glob, name)).isEqualTo(expected);
  }
}
