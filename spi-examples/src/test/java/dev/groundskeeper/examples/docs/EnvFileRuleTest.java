package dev.groundskeeper.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.examples.docs.EnvFileProvider.SecretsConfig;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule of docs/writing-rules.md, tested as the page shows. */
class EnvFileRuleTest {

  // snippet: tester
  private final RuleTester tester = RuleTester.of(new EnvFileProvider(),
      new SecretsConfig(Mode.BLOCK, List.of(".env")));

  @Test
  void writingADotEnvIsDeniedWithTheWayOut() {
    tester.given(Events.write(".env", "API_KEY=123").in("/work/app"))
        .expectDeny()
        .reasonIs(".env holds secrets, which an agent should never write.")
        .remedyDescriptionContains(".env.example")
        .findingSubjects("/work/app/.env");
  }

  @Test
  void otherFilesAndOtherEventsPass() {
    tester.given(Events.write("README.md")).expectAllow();
    tester.given(Events.command("cat .env")).expectNotApplicable();
  }
  // end snippet

  @Test
  void editsAreDeniedToo() {
    tester.given(Events.edit(".env")).expectDeny();
  }

  @Test
  void theEngineSoftensItUnderAdvise() {
    // snippet: policy
    Policy policy = Policy.builder()
        .provider(new EnvFileProvider())        // or .discover(classLoader) for installed jars
        .exclude("secrets.some-other-rule")     // include/exclude by rule-id glob
        .build();

    Decision decision = policy.evaluate(Events.write(".env").build(), Facts.none());
    // decision.outcome() is DENY; decision.message() is the text for the agent
    // end snippet

    assertThat(decision.outcome()).isEqualTo(Outcome.DENY);
    assertThat(decision.message()).startsWith("[secrets.env-files] .env holds secrets");
    assertThat(tester.withMode(Mode.ADVISE).given(Events.write(".env")).decision().outcome())
        .isEqualTo(Outcome.ADVISE);
  }
}
