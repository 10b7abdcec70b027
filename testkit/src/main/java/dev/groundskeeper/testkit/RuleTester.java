package dev.groundskeeper.testkit;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.NoConfig;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * Tests one rule: give it events (and facts), assert what it answers. The rule comes directly, or
 * from its provider with a configuration record, the way the engine would build it.
 *
 * <pre>{@code
 * RuleTester tester = RuleTester.of(new ProtectedForcePush());   // a RuleSet: no configuration
 *
 * tester.given(Events.command("git push --force origin main"))
 *     .expectDeny()
 *     .remedyCommands("git push --force-with-lease origin main");
 * tester.given(Events.command("git push --force-with-lease origin main")).expectAllow();
 * }</pre>
 *
 * <p>Immutable and reusable. Facts default to {@link TestFacts#atDefaultTime()}: a fixed clock
 * and nothing else.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class RuleTester {

  private final ConfiguredRule configured;
  private final Facts facts;

  private RuleTester(ConfiguredRule configured, Facts facts) {
    this.configured = configured;
    this.facts = facts;
  }

  /**
   * The rule at its default mode.
   *
   * @param rule the rule under test
   * @return a tester of that rule, over {@link TestFacts#atDefaultTime()}
   */
  public static RuleTester of(Rule rule) {
    return of(ConfiguredRule.atDefault(Objects.requireNonNull(rule, "rule")));
  }

  /**
   * The rule at the mode it comes with.
   *
   * @param rule the rule and its mode
   * @return a tester of that rule, over {@link TestFacts#atDefaultTime()}
   */
  public static RuleTester of(ConfiguredRule rule) {
    return new RuleTester(Objects.requireNonNull(rule, "rule"), TestFacts.atDefaultTime());
  }

  /**
   * The one rule {@code provider} builds from {@code config}, after checking the provider the way
   * discovery does ({@link ProvidesRules}, declared ids, its defaults).
   *
   * @param <C> the provider's configuration record
   * @param provider the provider under test
   * @param config the configuration record it builds from
   * @return a tester of that rule, over {@link TestFacts#atDefaultTime()}
   * @throws IllegalArgumentException when the provider builds no rule or several
   */
  public static <C> RuleTester of(RuleProvider<C> provider, C config) {
    List<ConfiguredRule> rules = build(provider, config);
    if (rules.size() != 1) {
      throw new IllegalArgumentException(provider.getClass().getName() + " builds "
          + rules.size() + " rules from this configuration (" + ids(rules)
          + "); name the one to test with RuleTester.of(provider, config, ruleId)");
    }
    return of(rules.get(0));
  }

  /**
   * The one rule a provider without configuration builds (a
   * {@link dev.groundskeeper.api.rules.RuleSet}), checked the way discovery checks it.
   *
   * @param provider the provider under test
   * @return a tester of that rule, over {@link TestFacts#atDefaultTime()}
   * @throws IllegalArgumentException when the provider builds no rule or several
   */
  public static RuleTester of(RuleProvider<NoConfig> provider) {
    return of(provider, NoConfig.INSTANCE);
  }

  /**
   * The rule with this id that {@code provider} builds from {@code config}.
   *
   * @param <C> the provider's configuration record
   * @param provider the provider under test
   * @param config the configuration record it builds from
   * @param ruleId the id of the rule to test among those it builds
   * @return a tester of that rule, over {@link TestFacts#atDefaultTime()}
   * @throws IllegalArgumentException when it builds no rule of that id
   */
  public static <C> RuleTester of(RuleProvider<C> provider, C config, String ruleId) {
    List<ConfiguredRule> rules = build(provider, config);
    return of(rules.stream().filter(rule -> rule.id().equals(ruleId)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(provider.getClass().getName()
            + " builds no rule '" + ruleId + "' from this configuration; it builds "
            + ids(rules))));
  }

  /**
   * The same rule, with {@code facts} as every case's facts unless a case sets its own.
   *
   * @param facts what the rule may read
   * @return a new tester; this one is unchanged
   */
  public RuleTester withFacts(Facts facts) {
    return new RuleTester(configured, Objects.requireNonNull(facts, "facts"));
  }

  /**
   * As {@link #withFacts(Facts)}, from a builder of test facts.
   *
   * @param facts the builder, built here
   * @return a new tester; this one is unchanged
   */
  public RuleTester withFacts(TestFacts.Builder facts) {
    return withFacts(facts.build());
  }

  /**
   * The same rule at another mode (which only {@link RuleCase#decision()} applies).
   *
   * @param mode the mode the engine runs it at
   * @return a new tester; this one is unchanged
   */
  public RuleTester withMode(Mode mode) {
    return new RuleTester(new ConfiguredRule(configured.rule(), mode), facts);
  }

  /**
   * The rule under test.
   *
   * @return the rule
   */
  public Rule rule() {
    return configured.rule();
  }

  /**
   * The mode {@link RuleCase#decision()} runs the rule at.
   *
   * @return the mode
   */
  public Mode mode() {
    return configured.mode();
  }

  /**
   * The facts every case gets unless it sets its own.
   *
   * @return the facts
   */
  public Facts facts() {
    return facts;
  }

  /**
   * A case: this event, to be judged by one of the case's {@code expect...} calls.
   *
   * @param event the event
   * @return the case
   */
  public RuleCase given(Event event) {
    return new RuleCase(this, event, facts);
  }

  /**
   * A case: the event this builder builds.
   *
   * @param event the event's builder, built here
   * @return the case
   */
  public RuleCase given(EventBuilder<?> event) {
    return given(event.build());
  }

  /**
   * One dynamic test per case of a golden-case file on the class path (for a
   * {@code @TestFactory}); the format is described in {@code docs/testkit.md}.
   *
   * @param classpathResource the file's path on the class path
   * @return the tests, each named after its case and pointing at the file
   * @throws IllegalArgumentException when there is no such file or it is malformed
   */
  public Stream<DynamicTest> goldenCases(String classpathResource) {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    URL url = (loader != null ? loader : RuleTester.class.getClassLoader())
        .getResource(classpathResource.startsWith("/") ? classpathResource.substring(1)
            : classpathResource);
    if (url == null) {
      throw new IllegalArgumentException("no golden-case file '" + classpathResource
          + "' on the class path");
    }
    try (InputStream in = url.openStream()) {
      return GoldenCases.parse(classpathResource, new String(in.readAllBytes(),
          StandardCharsets.UTF_8)).tests(this, toUri(url));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * One dynamic test per case of a golden-case file.
   *
   * @param file the file
   * @return the tests, each named after its case and pointing at the file
   * @throws IllegalArgumentException when the file is malformed
   */
  public Stream<DynamicTest> goldenCases(Path file) {
    try {
      return GoldenCases.parse(file.toString(), Files.readString(file))
          .tests(this, file.toUri());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static java.net.URI toUri(URL url) {
    try {
      return url.toURI();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static <C> List<ConfiguredRule> build(RuleProvider<C> provider, C config) {
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(config, "config");
    // The engine's own checks of the provider (annotation, ids, namespace, defaults).
    Policy.builder().provider(provider).build();
    List<ConfiguredRule> rules = provider.rules(config);
    Set<String> declared = Set.of(provider.getClass().getAnnotation(ProvidesRules.class).ids());
    for (ConfiguredRule rule : rules) {
      if (!declared.contains(rule.id())) {
        throw new IllegalArgumentException(provider.getClass().getName() + " built rule '"
            + rule.id() + "' from this configuration, which its @ProvidesRules does not declare");
      }
    }
    return rules;
  }

  private static String ids(List<ConfiguredRule> rules) {
    return rules.isEmpty() ? "none"
        : rules.stream().map(ConfiguredRule::id).collect(Collectors.joining(", "));
  }
}
