package dev.groundskeeper.examples.docs;

// snippet: contract
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.testkit.EventArbitraries;
import dev.groundskeeper.testkit.RuleContract;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

class EnvFileContractTest extends RuleContract {

  @Override
  protected Rule rule() {
    return new EnvFileRule(List.of(".env"));
  }

  @Override
  protected Arbitrary<Event> events() {
    // Writes, a good share of them to .env, besides the events of every type mixed in.
    return Arbitraries.oneOf(EventArbitraries.fileWrites(),
        EventArbitraries.fileWrites().map(EnvFileContractTest::toDotEnv));
  }

  private static Event toDotEnv(Event event) {
    Event.FileWriteEvent write = (Event.FileWriteEvent) event;
    return new Event.FileWriteEvent(write.context(), write.path().resolveSibling(".env"),
        write.kind(), write.exists(), write.content());
  }
}
// end snippet
