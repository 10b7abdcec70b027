package dev.groundskeeper.examples.docs;

import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.PathArbitraries;
import dev.groundskeeper.testkit.RuleTester;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class EnvFilePropertiesTest {

  // snippet: property
  private final RuleTester tester = RuleTester.of(new EnvFileRule(List.of(".env")));

  @Property
  void aDotEnvAnywhereIsDenied(@ForAll("directories") String directory) {
    tester.given(Events.write(directory + "/.env")).expectDeny();
  }

  @Provide
  Arbitrary<String> directories() {
    return PathArbitraries.relative();
  }
  // end snippet
}
