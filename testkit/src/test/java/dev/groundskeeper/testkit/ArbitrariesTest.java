package dev.groundskeeper.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Arbitrary;

class ArbitrariesTest {

  @Example
  void eventsCoverEveryEventType() {
    Set<Class<?>> seen = EventArbitraries.events().sampleStream().limit(3000)
        .map(Object::getClass).collect(Collectors.toSet());

    assertThat(seen).containsExactlyInAnyOrderElementsOf(
        Arrays.asList(Event.class.getPermittedSubclasses()));
  }

  @Example
  void eventsNotOfLeaveOutTheReadTypes() {
    List<Event> events = EventArbitraries.eventsNotOf(List.of(Event.CommandEvent.class,
        Event.Stop.class)).sampleStream().limit(500).toList();

    assertThat(events).noneMatch(e -> e instanceof Event.CommandEvent || e instanceof Event.Stop);
  }

  @Example
  void contextsIncludeSubAgentsAndScratchSessions() {
    List<EventContext> contexts = ContextArbitraries.contexts().sampleStream().limit(500)
        .toList();

    assertThat(contexts).anyMatch(EventContext::isMainThread)
        .anyMatch(c -> !c.isMainThread())
        .anyMatch(c -> c.mode() == EventContext.SessionMode.SCRATCH)
        .anyMatch(c -> c.transcriptPath().isPresent());
  }

  @Property
  void everyEventCanBeDescribedInOneLine(@ForAll("anyEvents") Event event) {
    String described = Events.describe(event);

    assertThat(described).isNotBlank().contains(" in " + event.context().cwd())
        .contains("[session " + event.context().sessionId());
  }

  @Provide
  Arbitrary<Event> anyEvents() {
    return EventArbitraries.events();
  }

  @Property
  void pathsAreNormalAndNonEmpty(@ForAll("relativePaths") String path) {
    assertThat(path).isNotBlank().doesNotStartWith("/").doesNotContain("//");
    assertThat(Path.of(path).isAbsolute()).isFalse();
  }

  @Property
  void absolutePathsAreAbsolute(@ForAll("absolutePaths") Path path) {
    assertThat(path.isAbsolute()).isTrue();
  }

  @Property
  void gitCommandsStartWithGit(@ForAll("gitCommands") String command) {
    assertThat(command).startsWith("git ");
  }

  @Property
  void branchNamesHaveNoSpacesAndNoLeadingDash(@ForAll("branchNames") String branch) {
    assertThat(branch).doesNotContain(" ").doesNotStartWith("-").isNotEmpty();
  }

  @Property
  void commandLinesAreNeverEmpty(@ForAll("commands") String command) {
    assertThat(command).isNotBlank();
  }

  @Example
  void commandLinesUseEveryListOperator() {
    List<String> lines = CommandArbitraries.commands().sampleStream().limit(2000).toList();

    for (String operator : List.of(" && ", " || ", "; ", " | ", "\n", "$(", "(")) {
      assertThat(lines).as(operator).anyMatch(line -> line.contains(operator));
    }
  }

  @Example
  void forcePushesAreAmongTheGitCommands() {
    List<String> lines = CommandArbitraries.gitCommands().sampleStream().limit(3000).toList();

    assertThat(lines).anyMatch(l -> l.contains("push --force "))
        .anyMatch(l -> l.contains("push -f "))
        .anyMatch(l -> l.contains("push --force-with-lease "))
        .anyMatch(l -> l.matches("git .*push .* \\+.*"));
  }

  @Provide
  Arbitrary<String> relativePaths() {
    return PathArbitraries.relative();
  }

  @Provide
  Arbitrary<Path> absolutePaths() {
    return PathArbitraries.absolute();
  }

  @Provide
  Arbitrary<String> gitCommands() {
    return CommandArbitraries.gitCommands();
  }

  @Provide
  Arbitrary<String> branchNames() {
    return CommandArbitraries.branchNames();
  }

  @Provide
  Arbitrary<String> commands() {
    return CommandArbitraries.commands();
  }
}
