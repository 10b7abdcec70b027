package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.BranchProvenance;
import dev.groundskeeper.api.repo.RepoEffect;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 17: each repository effect made to fail, or stopped dead, at each of its steps (the
 * {@link Faults} seam). Stopping dead is an {@link Error} thrown out of the executor, which no
 * step catches: the repository is left as a killed process would leave it. Afterwards the
 * branch's commits are all there, the branch is at its old tip or its new one, the repository's
 * config still reads, and the same effect performed again finishes the work or says why there
 * is nothing left to do. A failure that is reported never claims what was not done.
 */
class EffectFaultTest {

  /** What a killed process leaves: nothing after the point runs, not even a catch. */
  static final class Killed extends Error {
    Killed(String step) {
      super("killed before " + step);
    }
  }

  enum Mode { FAIL, KILL }

  @TempDir Path temp;
  TestRepo repo;
  String tip;

  @BeforeEach
  void repository() throws IOException {
    repo = TestRepo.init(temp, "faults");
    repo.commit("a.txt", "a\n", "root");
    repo.git("switch", "-q", "-c", "topic");
    tip = repo.commit("t.txt", "t\n", "topic work");
    repo.git("switch", "-q", "main");
    repo.git("config", "branch.topic.description", "kept until the branch goes");
    GitRepositories.clear();
  }

  static Stream<Arguments> steps() {
    List<Arguments> all = new ArrayList<>();
    for (Mode mode : Mode.values()) {
      for (String step : List.of("delete:ref", "delete:config")) {
        all.add(Arguments.of("delete", step, mode));
      }
      for (String step : List.of("park:object", "park:ref")) {
        all.add(Arguments.of("park", step, mode));
      }
      for (String key : List.of(BranchProvenance.CREATOR_KEY, BranchProvenance.CREATED_KEY,
          BranchProvenance.ROUTE_KEY)) {
        all.add(Arguments.of("creator", "record:" + key, mode));
      }
      all.add(Arguments.of("touch", "touch:config", mode));
    }
    return all.stream();
  }

  private RepoEffect effect(String kind) {
    return switch (kind) {
      case "delete" -> new RepoEffect.DeleteBranch("topic", tip);
      case "park" -> new RepoEffect.ParkBranch("topic", tip, "paused", "s:one");
      case "creator" -> new RepoEffect.RecordCreator("topic", "s:one",
          Instant.ofEpochSecond(1_700_000_000L), "switch -c");
      default -> new RepoEffect.RecordTouch("topic", "s:two");
    };
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"delete", "park", "creator", "touch"})
  void everyStepIsPassedOnTheWayToADoneEffect(String kind) {
    List<String> passed = new ArrayList<>();
    EffectResult result = EffectExecutor.forDirectory(repo.dir, passed::add)
        .perform(effect(kind));
    assertThat(result.done()).as(kind + ": " + result.message()).isTrue();
    List<String> listed = steps().filter(a -> a.get()[0].equals(kind)
        && a.get()[2] == Mode.FAIL).map(a -> (String) a.get()[1]).toList();
    assertThat(passed).as(kind).containsExactlyElementsOf(listed);
  }

  @ParameterizedTest(name = "{0} {2} at {1}")
  @MethodSource("steps")
  void anEffectStoppedAtAnyStepLosesNothingAndTheNextRunFinishesOrSaysWhy(String kind,
      String step, Mode mode) throws IOException {
    Faults faults = at -> {
      if (at.equals(step)) {
        if (mode == Mode.KILL) {
          throw new Killed(at);
        }
        throw new IOException("no space left on device (injected before " + at + ")");
      }
    };
    Optional<EffectResult> first;
    try {
      first = Optional.of(EffectExecutor.forDirectory(repo.dir, faults).perform(effect(kind)));
    } catch (Killed killed) {
      first = Optional.empty();
    }
    String where = kind + " " + mode + " at " + step + ": " + first.map(EffectResult::message)
        .orElse("(killed)");

    // nothing lost, nothing torn
    assertThat(repo.exit("cat-file", "-e", tip + "^{commit}")).as(where).isZero();
    assertThat(repo.exit("config", "--list")).as(where + ": the config reads").isZero();
    String now = repo.exit("rev-parse", "--verify", "-q", "refs/heads/topic") == 0
        ? repo.rev("topic").strip() : "";
    if (kind.equals("park") && !now.equals(tip)) {
      assertThat(repo.git("rev-parse", "topic^").strip()).as(where).isEqualTo(tip);
    } else if (!kind.equals("delete")) {
      assertThat(now).as(where).isEqualTo(tip);
    }
    first.ifPresent(result -> {
      if (!result.done()) {
        assertThat(result.message()).as(where).isNotBlank();
      }
      if (kind.equals("delete") && now.isEmpty()) {
        // deleted: the report is the deletion's, with the line that brings the branch back
        assertThat(result.done()).as(where).isTrue();
        assertThat(result.restoreCommands()).as(where).containsExactly("git branch topic " + tip);
      }
      if (kind.equals("delete") && !now.isEmpty()) {
        assertThat(result.done()).as(where).isFalse();
      }
    });

    // the next run finishes the work, or says there is nothing left to do
    GitRepositories.clear();
    EffectResult again = EffectExecutor.forDirectory(repo.dir).perform(effect(kind));
    switch (kind) {
      case "delete" -> {
        assertThat(repo.exit("rev-parse", "--verify", "-q", "refs/heads/topic")).as(where)
            .isNotZero();
        if (!again.done()) {
          assertThat(again.message()).as(where).contains("no longer exists; nothing deleted");
        }
      }
      case "park" -> {
        assertThat(repo.git("rev-parse", "topic^").strip()).as(where).isEqualTo(tip);
        if (!again.done()) {
          assertThat(again.message()).as(where).contains("is no longer at " + tip);
        }
      }
      case "creator" -> {
        assertThat(again.done()).as(where + " / " + again.message()).isTrue();
        assertThat(repo.git("config", "branch.topic." + BranchProvenance.CREATOR_KEY).strip())
            .isEqualTo("s:one");
        assertThat(repo.git("config", "branch.topic." + BranchProvenance.CREATED_KEY).strip())
            .isEqualTo("1700000000");
        assertThat(repo.git("config", "branch.topic." + BranchProvenance.ROUTE_KEY).strip())
            .isEqualTo("switch -c");
      }
      default -> {
        assertThat(again.done()).as(where + " / " + again.message()).isTrue();
        assertThat(repo.git("config", "--get-all", "branch.topic."
            + BranchProvenance.TOUCHED_BY_KEY).strip()).isEqualTo("s:two");
      }
    }
  }
}
