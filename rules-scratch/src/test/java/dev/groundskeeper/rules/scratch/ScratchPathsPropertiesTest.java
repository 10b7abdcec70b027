package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ScratchPathsPropertiesTest {

  private static final ScratchConfig CONFIG = ScratchConfig.DEFAULTS;

  @Property
  void thePredicateIsTotalAndDeterministic(@ForAll("paths") String path) {
    boolean first = ScratchPaths.isAllowedNewScratchPath(path, CONFIG);
    boolean second = ScratchPaths.isAllowedNewScratchPath(new String(path), CONFIG);
    assertThat(second).isEqualTo(first);
    assertThat(ScratchPaths.place(path, CONFIG).allowed()).isEqualTo(first);
  }

  @Property
  void arbitraryStringsNeverBreakIt(@ForAll String anything) {
    ScratchPaths.Placement placement = ScratchPaths.place(anything, CONFIG);
    assertThat(placement).isNotNull();
  }

  @Property
  void aPathOutsideEveryRootIsNeverJudged(@ForAll("outside") String path) {
    assertThat(ScratchPaths.place(path, CONFIG)).isEqualTo(ScratchPaths.Placement.OUTSIDE_ROOTS);
    assertThat(ScratchPaths.isAllowedNewScratchPath(path, CONFIG)).isTrue();
  }

  @Property
  void theVerdictDependsOnlyOnTheNormalizedPath(@ForAll("paths") String path) {
    assertThat(ScratchPaths.place("./" + path, CONFIG))
        .isEqualTo(ScratchPaths.place(path, CONFIG));
    assertThat(ScratchPaths.place("x/../" + path, CONFIG))
        .isEqualTo(ScratchPaths.place(path, CONFIG));
  }

  @Provide
  Arbitrary<String> paths() {
    Arbitrary<String> prefix = Arbitraries.of("", "untracked/", "untracked/scratch/",
        "untracked/scratch/a/b/", "untracked/worktrees/", "untracked/worktrees/lane/",
        "untracked/captures/", "docs/", "src/main/", "./", "../", "untracked/scratch/../");
    return Combinators.combine(prefix, names()).as((p, n) -> p + n);
  }

  @Provide
  Arbitrary<String> outside() {
    Arbitrary<String> top = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1)
        .ofMaxLength(12).filter(s -> !s.equals("untracked"));
    return Combinators.combine(top, Arbitraries.of("", "sub/", "untracked/", "untracked/scratch/"),
        names()).as((t, middle, n) -> t + "/" + middle + n);
  }

  private static Arbitrary<String> names() {
    Arbitrary<String> stem = Arbitraries.strings().withChars("abcXYZ-_.0*?[]! ")
        .ofMinLength(0).ofMaxLength(10);
    Arbitrary<String> prefix = Arbitraries.of("", "commit-", "brief-", "journal-", "pr-", ".");
    Arbitrary<String> extension = Arbitraries.of("", ".txt", ".md", ".json", ".patch", ".sh",
        ".log", ".TXT");
    return Combinators.combine(prefix, stem, extension).as((p, s, e) -> p + s + e);
  }
}
