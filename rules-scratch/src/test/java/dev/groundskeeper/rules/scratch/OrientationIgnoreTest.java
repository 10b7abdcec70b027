package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.IgnoreProbe;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.testkit.RuleTester;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 16 item 7: the orientation never steers an agent into a scratch directory git does not
 * ignore, and says how to ignore it.
 */
class OrientationIgnoreTest {

  private final List<String> asked = new ArrayList<>();

  private Verdict evaluate(ScratchConfig config, Event event, MemoryFiles files,
      Optional<IgnoreProbe> probe) {
    var builder = files.builder();
    probe.ifPresent(p -> builder.value(RepoFacts.IGNORED, path -> {
      asked.add(path);
      return p.ignored(path);
    }));
    Facts facts = builder.build();
    return RuleTester.of(new ScratchRules(), config, OrientationRule.ID).withFacts(facts)
        .given(event).verdict();
  }

  private static final IgnoreProbe NOTHING_IGNORED = path -> false;
  private static final IgnoreProbe UNTRACKED_IGNORED = path -> path.startsWith("untracked/");

  @Test
  void aFreshStartInARepositoryThatDoesNotIgnoreTheDirectoryWarnsInsteadOfInviting() {
    Verdict verdict = evaluate(ScratchConfig.DEFAULTS, Events.start(Event.StartSource.STARTUP),
        new MemoryFiles(), Optional.of(NOTHING_IGNORED));
    assertThat(verdict.outcome()).isEqualTo(Outcome.ADVISE);
    assertThat(verdict.reason()).isEqualTo("Scratch directory: git does not ignore"
        + " untracked/scratch/ in this repository, so notes written there would show up as"
        + " untracked files and could be committed with the work. Write no notes there until it"
        + " is ignored. To ignore untracked/ in this clone only, run: printf '%s\\n' /untracked/"
        + " >> \"$(git rev-parse --git-path info/exclude)\" (or add /untracked/ to .gitignore if"
        + " the project wants it there).");
    assertThat(verdict.reason()).doesNotContain("is yours for working notes");
    assertThat(asked).containsExactly("untracked/scratch/notes.md");
  }

  @Test
  void whenGitIgnoresItTheInvitationIsUnchanged() {
    Verdict verdict = evaluate(ScratchConfig.DEFAULTS, Events.start(Event.StartSource.STARTUP),
        new MemoryFiles(), Optional.of(UNTRACKED_IGNORED));
    assertThat(verdict.reason()).startsWith("Scratch directory: untracked/scratch/ is yours for"
        + " working notes").doesNotContain("does not ignore");
  }

  @Test
  void withoutTheFactOrWhenGitCannotAnswerNothingIsClaimed() {
    Verdict absent = evaluate(ScratchConfig.DEFAULTS, Events.start(Event.StartSource.STARTUP),
        new MemoryFiles(), Optional.empty());
    assertThat(absent.reason()).contains("is yours for working notes");
    Verdict failing = evaluate(ScratchConfig.DEFAULTS, Events.start(Event.StartSource.STARTUP),
        new MemoryFiles(), Optional.of(path -> {
          throw new FactUnavailableException(RepoFacts.IGNORED, "git check-ignore failed");
        }));
    assertThat(failing.reason()).contains("is yours for working notes");
  }

  @Test
  void aSubagentIsWarnedTooAndLostContextKeepsItsListingWithTheWarningAdded() {
    Verdict sub = evaluate(ScratchConfig.DEFAULTS,
        new Event.SubagentStart(Events.context().withAgent("a-1"), "general"),
        new MemoryFiles(), Optional.of(NOTHING_IGNORED));
    assertThat(sub.reason()).startsWith("Scratch directory: git does not ignore")
        .doesNotContain("create a file of your own there");
    MemoryFiles notes = new MemoryFiles().file("untracked/scratch/plan.md", 100,
        Duration.ofMinutes(3));
    Verdict compacted = evaluate(ScratchConfig.DEFAULTS, Events.start(Event.StartSource.COMPACT),
        notes, Optional.of(NOTHING_IGNORED));
    assertThat(compacted.reason()).contains("untracked/scratch/plan.md")
        .contains("\nScratch directory: git does not ignore untracked/scratch/");
  }

  @Test
  void aPerSessionSpaceOutsideTheRootsNamesTheSpacesParentToIgnore() {
    ScratchConfig d = ScratchConfig.DEFAULTS;
    ScratchConfig threads = new ScratchConfig(d.roots(), d.directory(), d.shapes(), d.stores(),
        d.shapeDeny(), d.consumeChain(), d.sweep(),
        new ScratchConfig.Spaces(Optional.of(".frizz/threads/{session}/"), 7),
        new ScratchConfig.Orientation(Mode.ON, 3, 60_000));
    Verdict verdict = evaluate(threads, Events.start(Event.StartSource.STARTUP),
        new MemoryFiles(), Optional.of(NOTHING_IGNORED));
    assertThat(verdict.reason()).contains("git does not ignore .frizz/threads/s-1/")
        .contains("To ignore .frizz/threads/ in this clone only, run: printf '%s\\n'"
            + " /.frizz/threads/ >>");
  }
}
