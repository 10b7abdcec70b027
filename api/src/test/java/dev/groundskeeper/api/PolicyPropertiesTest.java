package dev.groundskeeper.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class PolicyPropertiesTest {

  private static final Event COMMAND =
      new Event.CommandEvent(EventContext.of("s1", Path.of("/repo")), "ls");

  record Configured(Outcome reported, Mode mode) {}

  @Property
  void theCombinedOutcomeFollowsTheModesAndTheStrongestVerdict(
      @ForAll("rules") List<Configured> rules) {
    PolicyBuilder builder = Policy.builder();
    for (int i = 0; i < rules.size(); i++) {
      builder.rule(StubRule.answering("test.rule-" + i, rules.get(i).reported()),
          rules.get(i).mode());
    }

    Decision decision = builder.build().explain(COMMAND, Facts.none());

    List<Configured> running = rules.stream().filter(r -> !r.mode().isOff()).toList();
    assertThat(decision.verdicts()).hasSize(running.size());
    boolean deniedSomewhere = running.stream().anyMatch(r -> r.reported() == Outcome.DENY
        && !r.mode().softensDenials());
    boolean notedSomewhere = running.stream().anyMatch(r -> r.reported() == Outcome.ADVISE
        || r.reported() == Outcome.COULD_NOT_JUDGE || r.reported() == Outcome.DENY);
    Outcome expected = deniedSomewhere ? Outcome.DENY
        : notedSomewhere ? Outcome.ADVISE : Outcome.ALLOW;
    assertThat(decision.outcome()).isEqualTo(expected);
    assertThat(decision.explanation().orElseThrow().steps())
        .allSatisfy(step -> assertThat(step.verdict().ruleId()).isEqualTo(step.ruleId()));
  }

  @Provide
  Arbitrary<List<Configured>> rules() {
    Arbitrary<Mode> modes = Arbitraries.of(Mode.BLOCK, Mode.ADVISE, Mode.WARN, Mode.OFF, Mode.ACT);
    return Combinators.combine(Arbitraries.of(Outcome.class), modes).as(Configured::new)
        .list().ofMaxSize(8);
  }
}
