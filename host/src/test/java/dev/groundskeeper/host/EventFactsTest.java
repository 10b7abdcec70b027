package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.git.InventoryPass;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Which events may read the full branch inventory, and which read it only through the cache. */
class EventFactsTest {

  private static final EventContext CONTEXT = EventContext.of("s", Path.of("/tmp"));

  @Test
  void decisionsBeforeAToolCallRunsNeverReadTheFullInventory() {
    assertThat(EventFacts.passFor(new Event.CommandEvent(CONTEXT, "git switch -c x")))
        .isEqualTo(InventoryPass.GUARD);
    assertThat(EventFacts.passFor(new Event.FileWriteEvent(CONTEXT, Path.of("/tmp/a"),
        Event.WriteKind.WRITE, false, Optional.empty()))).isEqualTo(InventoryPass.GUARD);
    assertThat(EventFacts.passFor(new Event.AgentDispatch(CONTEXT, Optional.of("worktree"), "d")))
        .isEqualTo(InventoryPass.GUARD);
    assertThat(EventFacts.passFor(new Event.WorktreeCreate(CONTEXT, "lane")))
        .isEqualTo(InventoryPass.GUARD);
  }

  @Test
  void sessionStartSweepAndTheEventsAfterAToolCallReadItInFull() {
    assertThat(EventFacts.passFor(new Event.SessionStart(CONTEXT, Event.StartSource.STARTUP)))
        .isEqualTo(InventoryPass.FULL);
    assertThat(EventFacts.passFor(new Event.SweepRequest(CONTEXT))).isEqualTo(InventoryPass.FULL);
    assertThat(EventFacts.passFor(new Event.CommandCompleted(CONTEXT, "git merge x",
        OptionalInt.of(0), false))).isEqualTo(InventoryPass.FULL);
    assertThat(EventFacts.passFor(new Event.Stop(CONTEXT, false))).isEqualTo(InventoryPass.FULL);
  }
}
