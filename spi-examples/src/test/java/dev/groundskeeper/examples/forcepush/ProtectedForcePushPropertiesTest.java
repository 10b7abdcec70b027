package dev.groundskeeper.examples.forcepush;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.testkit.CommandArbitraries;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

class ProtectedForcePushPropertiesTest {

  private final RuleTester tester = RuleTester.of(ProtectedForcePush.RULE);

  @Property
  void everyForcedPushToAProtectedBranchIsDeniedNamingIt(
      @ForAll("branchAndForcedPush") Tuple2<String, String> branchAndPush) {
    tester.given(Events.command(branchAndPush.get2()))
        .expectDeny()
        .findingSubjects(branchAndPush.get1())
        .reasonContains("the history of " + branchAndPush.get1() + " on ");
  }

  @Provide
  Arbitrary<Tuple2<String, String>> branchAndForcedPush() {
    return Arbitraries.of("main", "master", "release/1.0").flatMap(branch ->
        ForcePushArbitraries.forcedPushesTo(branch).map(push -> Tuple.of(branch, push)));
  }

  @Property
  void theWayOutIsAcceptedByTheRuleItself(@ForAll("forcedToProtectedInAChain") String command) {
    Verdict denial = tester.given(Events.command(command)).expectDeny().verdict();
    List<String> way = denial.remedy().orElseThrow().commands();

    assertThat(way).hasSize(1);
    tester.given(Events.command(way.get(0))).expectAllow();
  }

  @Property
  void aLeaseIsNeverDenied(@ForAll("leasedToProtected") String command) {
    tester.given(Events.command(command)).expectAllow();
  }

  @Property
  void forcingAnUnprotectedBranchIsNeverDenied(@ForAll("forcedToOthers") String command) {
    tester.given(Events.command(command)).expectAllow();
  }

  @Property
  void commandsWithoutGitPushAreOutsideTheRule(@ForAll("withoutPush") String command) {
    Outcome outcome = tester.given(Events.command(command)).verdict().outcome();

    assertThat(outcome).isIn(Outcome.NOT_APPLICABLE, Outcome.COULD_NOT_JUDGE);
  }

  @Provide
  Arbitrary<String> forcedToProtected() {
    return Arbitraries.of("main", "master", "release/1.0")
        .flatMap(ForcePushArbitraries::forcedPushesTo);
  }

  @Provide
  Arbitrary<String> forcedToProtectedInAChain() {
    Arbitrary<String> other = CommandArbitraries.simpleCommands()
        .filter(c -> !c.contains("push"));
    return Combinators.combine(other, Arbitraries.of(" && ", "; ", "\n"), forcedToProtected(),
        Arbitraries.of(true, false))
        .as((before, operator, push, pushFirst) -> pushFirst ? push + operator + before
            : before + operator + push);
  }

  @Provide
  Arbitrary<String> leasedToProtected() {
    return Arbitraries.of("main", "master", "release/1.0")
        .flatMap(ForcePushArbitraries::leasedPushesTo);
  }

  @Provide
  Arbitrary<String> forcedToOthers() {
    return CommandArbitraries.branchNames()
        .filter(b -> !dev.groundskeeper.api.files.PathGlob.anyMatchesWhole(
            ProtectedForcePush.PROTECTED, b))
        .flatMap(ForcePushArbitraries::forcedPushesTo);
  }

  @Provide
  Arbitrary<String> withoutPush() {
    return CommandArbitraries.anyCommands().filter(c -> !c.contains("push"));
  }
}
