package dev.groundskeeper.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.EventContext.SessionMode;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class EventsTest {

  @Test
  void aCommandGetsTheDefaultContextUnlessToldOtherwise() {
    Event.CommandEvent event = Events.command("git status").build();

    assertThat(event).isEqualTo(new Event.CommandEvent(
        EventContext.of("test-session", Path.of("/repo")), "git status"));
  }

  @Test
  void everyContextFieldCanBeSet() {
    Event.CommandEvent event = Events.command("git commit -F m.txt")
        .in("/work/app").session("s1").agent("a7").scratch()
        .transcript(Path.of("/t/s1.jsonl")).turn("turn-3")
        .build();

    assertThat(event.context()).isEqualTo(new EventContext("s1", "a7", Path.of("/work/app"),
        Optional.of(Path.of("/t/s1.jsonl")), SessionMode.SCRATCH, Optional.of("turn-3")));
  }

  @Test
  void buildersAreImmutableSoABaseCanBeShared() {
    EventBuilder<Event.CommandEvent> base = Events.command("ls").in("/a");

    Event.CommandEvent other = base.in("/b").agent("x").build();

    assertThat(base.build().context().cwd()).isEqualTo(Path.of("/a"));
    assertThat(base.build().context().isMainThread()).isTrue();
    assertThat(other.context().cwd()).isEqualTo(Path.of("/b"));
  }

  @Test
  void relativePathsResolveAgainstTheWorkingDirectory() {
    assertThat(Events.write("notes/plan.md").in("/work/app").build().path())
        .isEqualTo(Path.of("/work/app/notes/plan.md"));
    assertThat(Events.edit("/abs/file.txt").in("/work/app").build().path())
        .isEqualTo(Path.of("/abs/file.txt"));
    assertThat(Events.worktreeRemove("../lane").in("/work/app").build().worktreePath())
        .isEqualTo(Path.of("/work/app/../lane"));
    assertThat(Events.toolCompleted("Edit", "src/A.java").in("/work/app").build().path())
        .contains(Path.of("/work/app/src/A.java"));
    assertThat(Events.toolCompleted("Grep").build().path()).isEmpty();
  }

  @Test
  void fileWritesSayWhetherTheFileExistedAndWhatIsWritten() {
    Event.FileWriteEvent created = Events.write("a.md", "text").build();
    Event.FileWriteEvent replaced = Events.overwrite("a.md", "new").build();
    Event.FileWriteEvent edited = Events.edit("a.md").build();

    assertThat(created.exists()).isFalse();
    assertThat(created.content()).contains("text");
    assertThat(replaced.exists()).isTrue();
    assertThat(replaced.kind()).isEqualTo(Event.WriteKind.WRITE);
    assertThat(edited.kind()).isEqualTo(Event.WriteKind.EDIT);
    assertThat(edited.content()).isEmpty();
  }

  @Test
  void completedCommandsCarryTheirStatus() {
    assertThat(Events.completed("make", 2).build().exitStatus()).isEqualTo(OptionalInt.of(2));
    assertThat(Events.completed("make", 0).build().succeeded()).isTrue();
    assertThat(Events.completedWithoutStatus("make").build().succeeded()).isFalse();
    assertThat(Events.interrupted("make").build().interrupted()).isTrue();
  }

  @Test
  void sessionBoundariesAndDispatches() {
    assertThat(Events.stop().build().stopHookActive()).isFalse();
    assertThat(Events.stop(true).build().stopHookActive()).isTrue();
    assertThat(Events.subagentStop("Explore").agent("a1").build().context().agentId())
        .isEqualTo("a1");
    assertThat(Events.dispatchInWorktree("fix the bug").build().isolatedInWorktree()).isTrue();
    assertThat(Events.dispatch("fix the bug").build().isolatedInWorktree()).isFalse();
    assertThat(Events.sessionStart(Event.StartSource.COMPACT).build().source().lostContext())
        .isTrue();
  }

  @Test
  void describeNamesTheEventAndItsContext() {
    assertThat(Events.describe(Events.command("git push").in("/w").session("s9").agent("a2")
        .scratch().build()))
        .isEqualTo("command `git push` in /w [session s9, agent a2, scratch mode]");
    assertThat(Events.describe(Events.completed("make", 2).build()))
        .isEqualTo("completed `make` (exit 2) in /repo [session test-session]");
    assertThat(Events.describe(Events.write("n.md").build()))
        .isEqualTo("write of new /repo/n.md in /repo [session test-session]");
    assertThat(Events.command("ls").toString())
        .isEqualTo("command `ls` in /repo [session test-session]");
  }
}
