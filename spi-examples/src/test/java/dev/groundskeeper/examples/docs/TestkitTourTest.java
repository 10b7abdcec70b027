package dev.groundskeeper.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Fact;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.examples.forcepush.ProtectedForcePush;
import dev.groundskeeper.testkit.CommandArbitraries;
import dev.groundskeeper.testkit.EventArbitraries;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import dev.groundskeeper.testkit.TestFacts;
import dev.groundskeeper.testkit.repo.InMemoryRepository;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The examples of docs/testkit.md, run. */
class TestkitTourTest {

  private static final Fact<String> TICKET = Fact.of("tracker.ticket", "the open ticket");
  private static final Fact<String> BRANCH = Fact.of("tracker.branch", "the ticket's branch");

  @Test
  void events() {
    // snippet: events
    Event.CommandEvent push = Events.command("git push -f origin main")
        .in("/work/app")        // working directory (default /repo)
        .session("s1")          // session id (default test-session)
        .agent("a7")            // a sub-agent (default: the main thread)
        .scratch()              // a non-committing scratch session
        .build();
    Event.FileWriteEvent note = Events.write("notes/plan.md", "# plan").in("/work/app").build();
    // note.path() is /work/app/notes/plan.md: relative paths resolve against the cwd
    // end snippet

    assertThat(push.context().agentId()).isEqualTo("a7");
    assertThat(note.path().toString()).isEqualTo("/work/app/notes/plan.md");
  }

  @Test
  void facts() {
    Facts repositoryFacts = Facts.none();
    // snippet: facts
    Facts facts = TestFacts.builder()
        .now("2026-03-01T12:00:00Z")                        // Facts.NOW
        .later(Duration.ofDays(3))                          // the clock moved on
        .with(TICKET, "GK-12")                              // any typed fact
        .computed(BRANCH, f -> "fix/" + f.get(TICKET))      // or computed lazily, once
        .unavailable(Fact.of("repo.status", "status"), "git timed out")
        .over(repositoryFacts)                              // everything else from here
        .build();
    // end snippet

    assertThat(facts.get(Facts.NOW).toString()).isEqualTo("2026-03-04T12:00:00Z");
    assertThat(facts.get(BRANCH)).isEqualTo("fix/GK-12");
  }

  @Test
  void repositoryFacts() {
    // snippet: repository
    InMemoryRepository repository = InMemoryRepository.builder()
        .now(Instant.parse("2026-03-01T00:00:00Z"))
        .branch("feature/login", b -> b.idleDays(40).pushed())
        .worktree(Path.of("/work/login"), "feature/login")
        .currentWorktree(Path.of("/work/login"))        // the event's checkout
        .build();
    Facts facts = TestFacts.builder()
        .with(TICKET, "GK-12")                          // facts of your own ...
        .over(repository.facts())                       // ... over every RepoFacts key
        .build();

    RuleTester.of(new ProtectedForcePush())
        .withFacts(facts)
        .given(Events.command("git push -f").in("/work/login"))
        .expectAllow();                                 // feature/login is not protected
    // end snippet

    assertThat(facts.get(RepoFacts.LAYOUT).head().branch()).contains("feature/login");
  }

  @Test
  void testerFromAProvider() {
    // snippet: tester-provider
    RuleTester tester = RuleTester.of(new ProtectedForcePush())
        .withFacts(TestFacts.builder().now("2026-03-01T12:00:00Z"));

    tester.given(Events.command("git push --force origin main"))
        .expectDeny()
        .reasonContains("the history of main")
        .remedyCommands("git push --force-with-lease origin main")
        .findingSubjects("main")
        .hasNoEffects()
        .readNoFacts();

    Decision delivered = tester.withMode(Mode.ADVISE)
        .given(Events.command("git push --force origin main"))
        .decision();                                        // through the engine: ADVISE
    // end snippet

    assertThat(delivered.outcome()).isEqualTo(Outcome.ADVISE);
  }

  // snippet: golden
  @TestFactory
  Stream<DynamicTest> goldenCases() {
    return RuleTester.of(new ProtectedForcePush())
        .goldenCases("golden/example.protected-force-push.yaml");
  }
  // end snippet

  // snippet: arbitraries
  @Property
  void neverDeniesWithoutAPush(@ForAll("commandsWithoutPush") Event event) {
    RuleTester.of(new ProtectedForcePush())
        .given(event)
        .expectNotApplicable();
  }

  @Provide
  Arbitrary<Event> commandsWithoutPush() {
    return EventArbitraries.commandEvents(
        CommandArbitraries.commands().filter(command -> !command.contains("push")));
  }
  // end snippet
}
