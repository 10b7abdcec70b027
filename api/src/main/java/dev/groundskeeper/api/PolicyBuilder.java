package dev.groundskeeper.api;

import dev.groundskeeper.api.config.ConfigException;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.config.ConfigLoader;
import dev.groundskeeper.api.config.ConfigSpec;
import dev.groundskeeper.api.config.EffectiveConfig;
import dev.groundskeeper.api.config.EngineConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Collects rules (explicit, from explicit providers, or discovered through
 * {@link ServiceLoader} with explicit class loaders), filters and configuration layers, then
 * {@link #build() builds} an immutable {@link Policy}. Not thread-safe; use once.
 */
@API(status = API.Status.STABLE)
public final class PolicyBuilder {

  private final List<ConfiguredRule> explicitRules = new ArrayList<>();
  private final List<Candidate> candidates = new ArrayList<>();
  private final List<ClassLoader> loaders = new ArrayList<>();
  private final List<String> include = new ArrayList<>();
  private final List<String> exclude = new ArrayList<>();
  private final List<ConfigLayer> layers = new ArrayList<>();

  PolicyBuilder() {}

  /**
   * Adds a rule at its default mode.
   *
   * @param rule the rule
   * @return this builder
   */
  public PolicyBuilder rule(Rule rule) {
    return rule(rule, Objects.requireNonNull(rule, "rule").info().defaultMode());
  }

  /**
   * Adds a rule at a mode of the caller's choosing.
   *
   * @param rule the rule
   * @param mode its mode
   * @return this builder
   */
  public PolicyBuilder rule(Rule rule, Mode mode) {
    explicitRules.add(new ConfiguredRule(rule, mode));
    return this;
  }

  /**
   * Adds a provider instance; it must carry {@link ProvidesRules} like a discovered one.
   *
   * @param provider the provider
   * @return this builder
   */
  public PolicyBuilder provider(RuleProvider<?> provider) {
    Objects.requireNonNull(provider, "provider");
    candidates.add(new Candidate(provider.getClass().getName(), provider.getClass(),
        () -> provider));
    return this;
  }

  /**
   * Discovers providers through {@link ServiceLoader} in {@code classLoader}. A provider class
   * found through several loaders is used once.
   *
   * @param classLoader where to look
   * @return this builder
   */
  public PolicyBuilder discover(ClassLoader classLoader) {
    loaders.add(Objects.requireNonNull(classLoader, "classLoader"));
    return this;
  }

  /**
   * Keeps only rules whose id matches one of these globs ({@code *} any run, {@code ?} one).
   *
   * @param globs rule-id globs
   * @return this builder
   */
  public PolicyBuilder include(String... globs) {
    include.addAll(Arrays.asList(globs));
    return this;
  }

  /**
   * Drops rules whose id matches one of these globs; exclusion wins over inclusion.
   *
   * @param globs rule-id globs
   * @return this builder
   */
  public PolicyBuilder exclude(String... globs) {
    exclude.addAll(Arrays.asList(globs));
    return this;
  }

  /**
   * Adds a configuration layer over the embedded defaults; later layers win.
   *
   * @param layer the layer
   * @return this builder
   */
  public PolicyBuilder config(ConfigLayer layer) {
    layers.add(Objects.requireNonNull(layer, "layer"));
    return this;
  }

  /**
   * Adds configuration layers in order, weakest first.
   *
   * @param layers the layers
   * @return this builder
   */
  public PolicyBuilder config(List<ConfigLayer> layers) {
    layers.forEach(this::config);
    return this;
  }

  /**
   * Builds the policy.
   *
   * @return the immutable policy
   * @throws ProviderLoadException when a provider cannot be found, instantiated, lacks
   *     {@link ProvidesRules}, or builds rules other than those it declares
   * @throws DuplicateRuleIdException when two rules share an id
   * @throws InvalidRuleIdException when a declared id is malformed
   * @throws dev.groundskeeper.api.config.ConfigException when the configuration is invalid
   */
  public Policy build() {
    EngineConfig engine;
    try {
      engine = ConfigLoader.loadEngine(layers);
    } catch (ConfigException invalidEngine) {
      // Go on with the engine's defaults so that the full load below reports the problems of
      // every block at once (the engine's among them), not the engine's alone.
      engine = EngineConfig.DEFAULTS;
    }
    RuleFilter filter = new RuleFilter(concat(include, engine.include()),
        concat(exclude, engine.exclude()));

    Map<String, Candidate> unique = new LinkedHashMap<>();
    for (Candidate candidate : candidates) {
      unique.putIfAbsent(candidate.name(), candidate);
    }
    for (ClassLoader loader : loaders) {
      for (Candidate candidate : discoverIn(loader)) {
        unique.putIfAbsent(candidate.name(), candidate);
      }
    }

    List<Loaded> loaded = new ArrayList<>();
    Set<String> skippedNamespaces = new HashSet<>();
    Set<String> knownIds = new TreeSet<>();
    explicitRules.forEach(rule -> knownIds.add(rule.id()));
    for (Candidate candidate : unique.values()) {
      ProvidesRules declared = declaration(candidate);
      knownIds.addAll(Arrays.asList(declared.ids()));
      if (Arrays.stream(declared.ids()).noneMatch(filter::accepts)) {
        skippedNamespaces.add(declared.namespace());
        continue;
      }
      loaded.add(new Loaded(candidate.name(), declared, instantiate(candidate)));
    }

    List<ConfigSpec<?>> specs = new ArrayList<>();
    Map<String, String> namespaceOwners = new LinkedHashMap<>();
    for (Loaded provider : loaded) {
      String previous = namespaceOwners.putIfAbsent(provider.declared().namespace(),
          provider.name());
      if (previous != null) {
        throw new ProviderLoadException(provider.name(), "its namespace '"
            + provider.declared().namespace() + "' is already claimed by " + previous);
      }
      specs.add(provider.spec());
    }
    skippedNamespaces.removeAll(namespaceOwners.keySet());
    EffectiveConfig config = load(specs, skippedNamespaces, knownIds, loaded);

    Map<String, String> sources = new LinkedHashMap<>();
    List<ConfiguredRule> rules = new ArrayList<>();
    for (ConfiguredRule rule : explicitRules) {
      String id = rule.id();
      RuleInfo.checkId(id);
      claim(sources, id, "explicit rule " + rule.rule().getClass().getName());
      if (filter.accepts(id)) {
        rules.add(rule);
      }
    }
    for (Loaded provider : loaded) {
      for (ConfiguredRule rule : provider.rules(config)) {
        claim(sources, rule.id(), "provider " + provider.name());
        if (filter.accepts(rule.id())) {
          rules.add(rule);
        }
      }
    }
    rules.sort(Comparator.comparing(ConfiguredRule::id));
    return new Policy(rules, config);
  }

  /**
   * Loads the configuration; a provider whose configuration record cannot be bound at all (a
   * component type the binder does not know) is a broken provider, named as such.
   */
  private EffectiveConfig load(List<ConfigSpec<?>> specs, Set<String> skippedNamespaces,
      Set<String> knownIds, List<Loaded> providers) {
    try {
      return ConfigLoader.load(layers, specs, skippedNamespaces, knownIds);
    } catch (IllegalArgumentException e) {
      for (Loaded provider : providers) {
        if (String.valueOf(e.getMessage()).contains(provider.spec().type().getName())) {
          throw new ProviderLoadException(provider.name(),
              "its configuration record cannot be bound: " + e.getMessage(), e);
        }
      }
      throw e;
    }
  }

  private static void claim(Map<String, String> sources, String id, String source) {
    String previous = sources.putIfAbsent(id, source);
    if (previous != null) {
      throw new DuplicateRuleIdException(id, previous, source);
    }
  }

  @SuppressWarnings("rawtypes")
  private static List<Candidate> discoverIn(ClassLoader loader) {
    List<Candidate> found = new ArrayList<>();
    Iterator<ServiceLoader.Provider<RuleProvider>> entries =
        ServiceLoader.load(RuleProvider.class, loader).stream().iterator();
    while (true) {
      ServiceLoader.Provider<RuleProvider> entry;
      try {
        if (!entries.hasNext()) {
          return found;
        }
        entry = entries.next();
      } catch (ServiceConfigurationError e) {
        throw new ProviderLoadException(describe(e), "the service entry is broken: "
            + e.getMessage(), e);
      }
      Class<? extends RuleProvider> type = entry.type();
      found.add(new Candidate(type.getName(), type, entry::get));
    }
  }

  /**
   * The provider a broken service entry names. The JDK words its errors as
   * {@code <service>: Provider <class> not found}, {@code <service>: <class> not a subtype} or
   * {@code <service>: <file>:<line>: Illegal ...}; the first word after the service (and after
   * {@code Provider}) is the class or the file position.
   */
  private static String describe(ServiceConfigurationError e) {
    String message = String.valueOf(e.getMessage());
    String service = RuleProvider.class.getName() + ": ";
    String rest = message.startsWith(service) ? message.substring(service.length()) : message;
    if (rest.startsWith("Provider ")) {
      rest = rest.substring("Provider ".length());
    }
    int space = rest.indexOf(' ');
    String named = space < 0 ? rest : rest.substring(0, space);
    if (named.endsWith(":")) {
      named = named.substring(0, named.length() - 1);
    }
    boolean qualified = named.indexOf('.') > 0 || named.indexOf('$') > 0;
    return qualified ? named : "listed in META-INF/services/" + RuleProvider.class.getName();
  }

  private static ProvidesRules declaration(Candidate candidate) {
    ProvidesRules declared = candidate.type().getAnnotation(ProvidesRules.class);
    if (declared == null) {
      throw new ProviderLoadException(candidate.name(),
          "it lacks the @ProvidesRules annotation declaring its namespace and rule ids");
    }
    try {
      new ConfigSpec<>(declared.namespace(), Object.class, new Object());
    } catch (IllegalArgumentException e) {
      throw new ProviderLoadException(candidate.name(), e.getMessage(), e);
    }
    if (declared.ids().length == 0) {
      throw new ProviderLoadException(candidate.name(), "it declares no rule ids");
    }
    for (String id : declared.ids()) {
      try {
        RuleInfo.checkId(id);
      } catch (InvalidRuleIdException e) {
        throw new InvalidRuleIdException(id, e.why() + " (declared by rule provider "
            + candidate.name() + ")");
      }
      if (!id.startsWith(declared.namespace() + ".")) {
        throw new ProviderLoadException(candidate.name(), "rule id '" + id
            + "' is outside its namespace '" + declared.namespace() + "'");
      }
    }
    return declared;
  }

  private static RuleProvider<?> instantiate(Candidate candidate) {
    try {
      RuleProvider<?> provider = candidate.factory().get();
      if (provider == null) {
        throw new ProviderLoadException(candidate.name(), "it was instantiated as null");
      }
      return provider;
    } catch (ProviderLoadException e) {
      throw e;
    } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new ProviderLoadException(candidate.name(), "it could not be instantiated: "
          + cause, e);
    }
  }

  private static List<String> concat(List<String> first, List<String> second) {
    List<String> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }

  private record Candidate(String name, Class<?> type, Supplier<RuleProvider<?>> factory) {}

  private record Loaded(String name, ProvidesRules declared, RuleProvider<?> provider) {

    ConfigSpec<?> spec() {
      return specOf(provider);
    }

    private <C> ConfigSpec<C> specOf(RuleProvider<C> typed) {
      try {
        return new ConfigSpec<>(declared.namespace(), typed.configType(), typed.defaultConfig());
      } catch (RuntimeException e) {
        throw new ProviderLoadException(name, "its configuration is unusable: " + e.getMessage(),
            e);
      }
    }

    List<ConfiguredRule> rules(EffectiveConfig config) {
      return rulesOf(provider, config);
    }

    private <C> List<ConfiguredRule> rulesOf(RuleProvider<C> typed, EffectiveConfig config) {
      C section = config.get(specOf(typed));
      List<ConfiguredRule> built;
      try {
        built = List.copyOf(typed.rules(section));
      } catch (RuntimeException e) {
        throw new ProviderLoadException(name, "building its rules failed: " + e, e);
      }
      Set<String> declaredIds = Set.of(declared.ids());
      for (ConfiguredRule rule : built) {
        if (!declaredIds.contains(rule.id())) {
          throw new ProviderLoadException(name, "it built rule '" + rule.id()
              + "' which its @ProvidesRules does not declare");
        }
      }
      return built;
    }
  }
}
