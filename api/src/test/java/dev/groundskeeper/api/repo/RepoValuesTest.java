package dev.groundskeeper.api.repo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.files.PathGlob;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class RepoValuesTest {

  private static final String ID = "0123456789abcdef0123456789abcdef01234567";

  @Test
  void branchGlobsMatchWithinAndAcrossSegments() {
    assertThat(PathGlob.matchesWhole("release/*", "release/1.2")).isTrue();
    assertThat(PathGlob.matchesWhole("release/*", "release/1/hotfix")).isFalse();
    assertThat(PathGlob.matchesWhole("users/**", "users/ann/x/y")).isTrue();
    assertThat(PathGlob.matchesWhole("gh-pages", "gh-pages")).isTrue();
    assertThat(PathGlob.matchesWhole("v?.x", "v1.x")).isTrue();
    assertThat(PathGlob.matchesWhole("a.b", "axb")).isFalse();
    assertThat(PathGlob.matchesWhole("(x)+", "(x)+")).isTrue();
  }

  @Property
  void aGlobWithoutWildcardsMatchesOnlyItself(@ForAll @AlphaChars @StringLength(min = 1, max = 12) String a,
      @ForAll @AlphaChars @StringLength(min = 1, max = 12) String b) {
    assertThat(PathGlob.matchesWhole(a, b)).isEqualTo(a.equals(b));
  }

  @Test
  void settingsValidateWhatTheyAreGiven() {
    assertThatThrownBy(() -> RepositorySettings.defaults().withRemote("a/b"))
        .hasMessageContaining("one name without '/'");
    assertThatThrownBy(() -> new RepositorySettings.DormancyDays(7, 30, 14))
        .hasMessageContaining("1 <= advisory <= noisy < block");
    assertThatThrownBy(() -> new RepositorySettings.ScanLimits(0, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
    RepositorySettings s = RepositorySettings.defaults().withExempt(List.of("users/**"))
        .withIntegrationLines(List.of("release/*"));
    assertThat(s.isExempt("users/a/b")).isTrue();
    assertThat(s.isIntegrationLine("release/9")).isTrue();
    assertThat(s.isIntegrationLine("main")).isFalse();
  }

  @Test
  void dormancyStagesFollowTheDays() {
    RepositorySettings.DormancyDays strict = RepositorySettings.DormancyDays.STRICT;
    assertThat(Dormancy.stageFor(2, strict)).isNull();
    assertThat(Dormancy.stageFor(3, strict)).isEqualTo(Dormancy.Stage.NOISY);
    assertThat(Dormancy.stageFor(7, strict)).isEqualTo(Dormancy.Stage.BLOCK);
    RepositorySettings.DormancyDays standard = RepositorySettings.DormancyDays.STANDARD;
    assertThat(Dormancy.stageFor(7, standard)).isEqualTo(Dormancy.Stage.ADVISORY);
    assertThat(Dormancy.stageFor(14, standard)).isEqualTo(Dormancy.Stage.NOISY);
    assertThat(Dormancy.stageFor(30, standard)).isEqualTo(Dormancy.Stage.BLOCK);
  }

  @Test
  void valuesRefuseWhatCannotBeTrue() {
    assertThatThrownBy(() -> new BranchTip("x", Optional.empty(), Optional.empty()))
        .hasMessageContaining("neither a local nor a remote tip");
    assertThatThrownBy(() -> new BranchTip("x", Optional.of("abc"), Optional.empty()))
        .hasMessageContaining("not a full commit id");
    assertThatThrownBy(() -> MergeJudgement.notMerged("t", "d").method().orElseThrow())
        .isInstanceOf(java.util.NoSuchElementException.class);
    assertThatThrownBy(() -> new MergeJudgement("t", MergeJudgement.Result.MERGED, Optional.empty(), ""))
        .hasMessageContaining("names its method");
    assertThatThrownBy(() -> new RepoEffect.ParkBranch("b", ID, "two\nlines", "me"))
        .hasMessageContaining("one non-blank line");
    assertThat(new BranchTip("x", Optional.empty(), Optional.of(ID)).tip()).isEqualTo(ID);
  }

  @Test
  void effectsDescribeThemselvesWithTheirWayBack() {
    assertThat(new RepoEffect.DeleteBranch("topic", ID).describe())
        .isEqualTo("delete branch topic at " + ID + " (restore: git branch topic " + ID + ")");
    assertThat(new RepoEffect.RecordCreator("b", "s:", Instant.EPOCH, "switch-c").describe())
        .contains("s:").contains("switch-c");
  }

  @Test
  void parkMessagesNeverCarryAnEmptyTrailer() {
    assertThat(new RepoEffect.ParkBranch("b", ID, "waits", "Ann <ann@example.com>")
        .commitMessage()).isEqualTo("Park b\n\nParked-Reason: waits\n"
            + "Parked-By: Ann <ann@example.com>\n");
    assertThat(new RepoEffect.ParkBranch("b", ID, "waits", " ").commitMessage())
        .isEqualTo("Park b\n\nParked-Reason: waits\n");
    assertThat(new RepoEffect.UnparkBranch("b", ID, "Ann").commitMessage())
        .isEqualTo("Unpark b\n\nUnparked: Ann\n");
    assertThat(new RepoEffect.UnparkBranch("b", ID, "").commitMessage())
        .isEqualTo("Unpark b\n\nUnparked: yes\n");
  }

  @Test
  void cleanMeansNothingStagedModifiedOrUntracked() {
    assertThat(new WorktreeStatus(List.of(), List.of(), List.of(), List.of("build/")).isClean()).isTrue();
    assertThat(new WorktreeStatus(List.of(), List.of(), List.of("n.md"), List.of()).isClean()).isFalse();
  }
}
