package dev.groundskeeper.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.groundskeeper.api.config.ConfigLayer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PolicyDiscoveryTest {

  private static final String FIXTURES = DiscoveryFixtures.class.getName() + "$";
  private static final String PLAIN = FIXTURES + "Plain";
  private static final String RECORDING = FIXTURES + "Recording";
  private static final String EXPLODING = FIXTURES + "Exploding";

  @TempDir
  Path temp;

  private final List<URLClassLoader> opened = new ArrayList<>();

  @BeforeEach
  void resetCounter() {
    DiscoveryFixtures.RECORDINGS_BUILT.set(0);
  }

  @AfterEach
  void closeLoaders() throws IOException {
    for (URLClassLoader loader : opened) {
      loader.close();
    }
  }

  @Test
  void discoversProvidersListedInTheServiceFileOfTheGivenClassLoader() {
    Policy policy = Policy.builder().discover(loaderListing(PLAIN, RECORDING)).build();

    assertThat(policy.rules()).extracting(ConfiguredRule::id)
        .containsExactly("disc.one", "disc.two", "rec.only");
    assertThat(policy.rules()).extracting(ConfiguredRule::mode)
        .containsExactly(Mode.BLOCK, Mode.OFF, Mode.BLOCK);
    assertThat(DiscoveryFixtures.RECORDINGS_BUILT).hasValue(1);
  }

  @Test
  void theContextClassLoaderIsNotConsulted() {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(loaderListing(EXPLODING));
    try {
      Policy policy = Policy.builder().discover(loaderListing(PLAIN)).build();

      assertThat(policy.rules()).extracting(ConfiguredRule::id)
          .containsExactly("disc.one", "disc.two");
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  @Test
  void aProviderFoundThroughSeveralLoadersIsUsedOnce() {
    Policy policy = Policy.builder()
        .discover(loaderListing(RECORDING))
        .discover(loaderListing(RECORDING, PLAIN))
        .provider(new DiscoveryFixtures.Recording())
        .build();

    assertThat(policy.rules()).extracting(ConfiguredRule::id)
        .containsExactly("disc.one", "disc.two", "rec.only");
  }

  @Test
  void anExplicitProviderGetsTheSameChecksAsADiscoveredOne() {
    ProviderLoadException thrown = catchThrowableOfType(ProviderLoadException.class,
        () -> Policy.builder().provider(new DiscoveryFixtures.Undeclared()).build());

    assertThat(thrown).hasMessage("rule provider " + FIXTURES + "Undeclared failed to load: "
        + "it built rule 'extra.sneaky' which its @ProvidesRules does not declare");
  }

  @Test
  void anExcludedProviderIsNeverInstantiated() {
    Policy policy = Policy.builder()
        .discover(loaderListing(PLAIN, RECORDING, EXPLODING))
        .exclude("rec.*", "boom.rule")
        .build();

    assertThat(DiscoveryFixtures.RECORDINGS_BUILT).hasValue(0);
    assertThat(policy.rules()).extracting(ConfiguredRule::id)
        .containsExactly("disc.one", "disc.two");
  }

  @Test
  void aProviderOutsideTheIncludesIsNeverInstantiated() {
    Policy policy = Policy.builder()
        .discover(loaderListing(RECORDING, EXPLODING, PLAIN))
        .include("disc.*")
        .build();

    assertThat(DiscoveryFixtures.RECORDINGS_BUILT).hasValue(0);
    assertThat(policy.rules()).extracting(ConfiguredRule::id)
        .containsExactly("disc.one", "disc.two");
  }

  @Test
  void theEngineBlockOfTheConfigurationFiltersBeforeInstantiationToo() {
    Policy policy = Policy.builder()
        .discover(loaderListing(PLAIN, RECORDING, EXPLODING))
        .config(ConfigLayer.ofText("repository",
            "engine:\n  exclude: [\"rec.*\", boom.rule]\n"))
        .build();

    assertThat(DiscoveryFixtures.RECORDINGS_BUILT).hasValue(0);
    assertThat(policy.rules()).extracting(ConfiguredRule::id)
        .containsExactly("disc.one", "disc.two");
  }

  @Test
  void anExcludedProvidersNamespaceIsAcceptedInTheConfiguration() {
    Policy policy = Policy.builder()
        .discover(loaderListing(PLAIN, RECORDING))
        .config(ConfigLayer.ofText("repository", "engine:\n  include: [\"disc.*\"]\n"
            + "rec: {}\n"))
        .build();

    assertThat(policy.rules()).extracting(ConfiguredRule::id)
        .containsExactly("disc.one", "disc.two");
  }

  @Test
  void filtersAlsoApplyRuleByRuleInsideAnIncludedProvider() {
    Policy policy = Policy.builder()
        .discover(loaderListing(PLAIN, RECORDING))
        .include("disc.o?e", "rec.*")
        .exclude("rec.only")
        .build();

    assertThat(policy.rules()).extracting(ConfiguredRule::id).containsExactly("disc.one");
    assertThat(DiscoveryFixtures.RECORDINGS_BUILT).hasValue(0);
  }

  @Test
  void filterGlobsTreatRegexCharactersLiterally() {
    Policy policy = Policy.builder()
        .discover(loaderListing(PLAIN))
        .include("disc.on.", "disc.*")
        .exclude("disc.t[w]o", "disc.(one)")
        .build();

    assertThat(policy.rules()).extracting(ConfiguredRule::id)
        .containsExactly("disc.one", "disc.two");
  }

  @Test
  void aDuplicateIdNamesBothSources() {
    DuplicateRuleIdException thrown = catchThrowableOfType(DuplicateRuleIdException.class,
        () -> Policy.builder()
            .rule(StubRule.answering("rec.only", Outcome.ALLOW))
            .discover(loaderListing(RECORDING))
            .build());

    assertThat(thrown).hasMessage("duplicate rule id 'rec.only': provided by explicit rule "
        + StubRule.class.getName() + " and by provider " + RECORDING);
    assertThat(thrown.ruleId()).isEqualTo("rec.only");
  }

  @Test
  void aDuplicateIdBetweenExplicitRulesIsRefused() {
    DuplicateRuleIdException thrown = catchThrowableOfType(DuplicateRuleIdException.class,
        () -> Policy.builder()
            .rule(StubRule.answering("same.id", Outcome.ALLOW))
            .rule(StubRule.answering("same.id", Outcome.DENY))
            .build());

    assertThat(thrown).hasMessage("duplicate rule id 'same.id': provided by explicit rule "
        + StubRule.class.getName() + " and by explicit rule " + StubRule.class.getName());
  }

  @Test
  void aProviderBuildingOneIdTwiceIsRefused() {
    DuplicateRuleIdException thrown = catchThrowableOfType(DuplicateRuleIdException.class,
        () -> Policy.builder().discover(loaderListing(FIXTURES + "Twice")).build());

    assertThat(thrown).hasMessage("duplicate rule id 'twice.rule': provided by provider "
        + FIXTURES + "Twice and by provider " + FIXTURES + "Twice");
  }

  @Test
  void aDuplicateIdIsRefusedEvenWhenFiltersWouldDropIt() {
    DuplicateRuleIdException thrown = catchThrowableOfType(DuplicateRuleIdException.class,
        () -> Policy.builder()
            .rule(StubRule.answering("same.id", Outcome.ALLOW))
            .rule(StubRule.answering("same.id", Outcome.DENY))
            .exclude("same.*")
            .build());

    assertThat(thrown.ruleId()).isEqualTo("same.id");
  }

  @Test
  void aNamespaceClaimedTwiceNamesBothProviders() {
    ProviderLoadException thrown = catchThrowableOfType(ProviderLoadException.class,
        () -> Policy.builder().discover(loaderListing(PLAIN, FIXTURES + "Squatter")).build());

    assertThat(thrown).hasMessage("rule provider " + FIXTURES + "Squatter failed to load: "
        + "its namespace 'disc' is already claimed by " + PLAIN);
  }

  @Test
  void anInvalidDeclaredIdIsRefusedBeforeTheProviderIsBuilt() {
    InvalidRuleIdException thrown = catchThrowableOfType(InvalidRuleIdException.class,
        () -> Policy.builder().discover(loaderListing(FIXTURES + "BadId")).build());

    assertThat(thrown).hasMessage("invalid rule id 'bad.has space': it contains whitespace "
        + "(declared by rule provider " + FIXTURES + "BadId)");
    assertThat(thrown.ruleId()).isEqualTo("bad.has space");
  }

  @Test
  void invalidIdsAreRefusedWithWhatIsWrong() {
    assertThat(catchThrowableOfType(InvalidRuleIdException.class, () -> RuleInfo.checkId(" ")))
        .hasMessage("invalid rule id ' ': it is blank");
    assertThat(catchThrowableOfType(InvalidRuleIdException.class,
        () -> RuleInfo.checkId("scratch.Authored")))
        .hasMessage("invalid rule id 'scratch.Authored': expected 'namespace.name' in "
            + "lower-case letters, digits and dashes");
    assertThat(catchThrowableOfType(InvalidRuleIdException.class,
        () -> RuleInfo.checkId("nonamespace")))
        .hasMessage("invalid rule id 'nonamespace': expected 'namespace.name' in "
            + "lower-case letters, digits and dashes");
    assertThat(catchThrowableOfType(InvalidRuleIdException.class,
        () -> StubRule.answering("has\ttab.x", Outcome.ALLOW)))
        .hasMessage("invalid rule id 'has\ttab.x': it contains whitespace");
  }

  @Test
  void aDeclaredIdOutsideTheNamespaceIsRefused() {
    ProviderLoadException thrown = catchThrowableOfType(ProviderLoadException.class,
        () -> Policy.builder().discover(loaderListing(FIXTURES + "Outsider")).build());

    assertThat(thrown).hasMessage("rule provider " + FIXTURES + "Outsider failed to load: "
        + "rule id 'other.rule' is outside its namespace 'own'");
  }

  @Test
  void aProviderWithoutProvidesRulesIsRefused() {
    ProviderLoadException thrown = catchThrowableOfType(ProviderLoadException.class,
        () -> Policy.builder().discover(loaderListing(FIXTURES + "Unannotated")).build());

    assertThat(thrown).hasMessage("rule provider " + FIXTURES + "Unannotated failed to load: "
        + "it lacks the @ProvidesRules annotation declaring its namespace and rule ids");
    assertThat(thrown.provider()).isEqualTo(FIXTURES + "Unannotated");
  }

  @Test
  void aProviderWhoseConstructorThrowsIsNamedWithTheCause() {
    ProviderLoadException thrown = catchThrowableOfType(ProviderLoadException.class,
        () -> Policy.builder().discover(loaderListing(EXPLODING)).build());

    assertThat(thrown).hasMessage("rule provider " + EXPLODING + " failed to load: "
        + "it could not be instantiated: java.lang.IllegalStateException: constructor refuses");
    assertThat(thrown.provider()).isEqualTo(EXPLODING);
    assertThat(thrown).hasRootCauseInstanceOf(IllegalStateException.class);
  }

  @Test
  void aServiceEntryNamingAMissingClassIsNamed() {
    ProviderLoadException thrown = catchThrowableOfType(ProviderLoadException.class,
        () -> Policy.builder().discover(loaderListing("com.example.NoSuchProvider")).build());

    assertThat(thrown).hasMessage("rule provider com.example.NoSuchProvider failed to load: "
        + "the service entry is broken: dev.groundskeeper.api.RuleProvider: "
        + "Provider com.example.NoSuchProvider not found");
    assertThat(thrown.provider()).isEqualTo("com.example.NoSuchProvider");
  }

  @Test
  void aServiceEntryNamingAClassThatIsNoProviderIsNamed() {
    ProviderLoadException thrown = catchThrowableOfType(ProviderLoadException.class,
        () -> Policy.builder().discover(loaderListing(DiscoveryFixtures.class.getName())).build());

    assertThat(thrown).hasMessage("rule provider " + DiscoveryFixtures.class.getName()
        + " failed to load: the service entry is broken: dev.groundskeeper.api.RuleProvider: "
        + DiscoveryFixtures.class.getName() + " not a subtype");
  }

  @Test
  void aProviderWithoutAPublicConstructorIsNamed() {
    String hidden = FIXTURES + "NoPublicConstructor";
    ProviderLoadException thrown = catchThrowableOfType(ProviderLoadException.class,
        () -> Policy.builder().discover(loaderListing(hidden)).build());

    assertThat(thrown).hasMessage("rule provider " + hidden + " failed to load: "
        + "the service entry is broken: dev.groundskeeper.api.RuleProvider: "
        + hidden + " Unable to get public no-arg constructor");
    assertThat(thrown.provider()).isEqualTo(hidden);
  }

  @Test
  void aProviderBuildingAnUndeclaredRuleIsRefused() {
    ProviderLoadException thrown = catchThrowableOfType(ProviderLoadException.class,
        () -> Policy.builder().discover(loaderListing(FIXTURES + "Undeclared")).build());

    assertThat(thrown).hasMessage("rule provider " + FIXTURES + "Undeclared failed to load: "
        + "it built rule 'extra.sneaky' which its @ProvidesRules does not declare");
  }

  @Test
  void aProviderFailingToBuildItsRulesIsNamedWithTheCause() {
    ProviderLoadException thrown = catchThrowableOfType(ProviderLoadException.class,
        () -> Policy.builder().discover(loaderListing(FIXTURES + "FailingRules")).build());

    assertThat(thrown).hasMessage("rule provider " + FIXTURES + "FailingRules failed to load: "
        + "building its rules failed: java.lang.IllegalArgumentException: cannot build");
  }

  @Test
  void aServiceFileWithAnIllegalNameNamesTheFileAndLine() throws IOException {
    Path root = Files.createDirectories(temp.resolve("illegal"));
    writeServiceFile(root, PLAIN + "\ncom.example.Bad-Name\n");
    String file = root.resolve("META-INF/services/" + RuleProvider.class.getName()).toUri()
        .toURL().toString();

    ProviderLoadException thrown = catchThrowableOfType(ProviderLoadException.class,
        () -> Policy.builder().discover(open(root)).build());

    assertThat(thrown).hasMessage("rule provider " + file + ":2 failed to load: the service "
        + "entry is broken: dev.groundskeeper.api.RuleProvider: " + file
        + ":2: Illegal provider-class name: com.example.Bad-Name");
  }

  @Test
  void serviceFileCommentsAndBlankLinesAreIgnored() throws IOException {
    Path root = Files.createDirectories(temp.resolve("commented"));
    writeServiceFile(root, "# providers of this jar\n\n" + PLAIN + "  # the plain one\n");

    Policy policy = Policy.builder().discover(open(root)).build();

    assertThat(policy.rules()).extracting(ConfiguredRule::id)
        .containsExactly("disc.one", "disc.two");
  }

  private ClassLoader loaderListing(String... providerClassNames) {
    try {
      Path root = Files.createTempDirectory(temp, "loader");
      writeServiceFile(root, String.join("\n", providerClassNames) + "\n");
      return open(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void writeServiceFile(Path root, String content) throws IOException {
    Path services = Files.createDirectories(root.resolve("META-INF/services"));
    Files.writeString(services.resolve(RuleProvider.class.getName()), content);
  }

  private ClassLoader open(Path root) throws MalformedURLException {
    URLClassLoader loader = new URLClassLoader(new URL[] {root.toUri().toURL()},
        getClass().getClassLoader());
    opened.add(loader);
    return loader;
  }

  /** A configuration record with a component type the binder cannot read. */
  record UnbindableConfig(java.io.File file) {}

  @ProvidesRules(namespace = "unbindable", ids = "unbindable.rule")
  public static final class UnbindableProvider implements RuleProvider<UnbindableConfig> {
    @Override
    public Class<UnbindableConfig> configType() {
      return UnbindableConfig.class;
    }

    @Override
    public UnbindableConfig defaultConfig() {
      return new UnbindableConfig(new java.io.File("x"));
    }

    @Override
    public List<ConfiguredRule> rules(UnbindableConfig config) {
      return List.of();
    }
  }

  @Test
  void aProviderWhoseConfigurationRecordCannotBeBoundIsABrokenProvider() {
    ProviderLoadException e = catchThrowableOfType(ProviderLoadException.class,
        () -> Policy.builder().provider(new UnbindableProvider())
            .config(ConfigLayer.ofText("repository", "unbindable:\n  file: x\n")).build());

    assertThat(e.provider()).isEqualTo(UnbindableProvider.class.getName());
    assertThat(e.getMessage()).startsWith("rule provider " + UnbindableProvider.class.getName()
        + " failed to load: its configuration record cannot be bound: ")
        .contains(UnbindableConfig.class.getName());
  }
}
