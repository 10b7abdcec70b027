package dev.groundskeeper.api;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Rule providers for the discovery tests, named from service files that the tests write into
 * temporary directories. Public with public constructors, as {@link java.util.ServiceLoader}
 * requires.
 */
public final class DiscoveryFixtures {

  /** How many {@link Recording} providers were constructed. */
  public static final AtomicInteger RECORDINGS_BUILT = new AtomicInteger();

  private DiscoveryFixtures() {}

  private abstract static class Base implements RuleProvider<NoConfig> {
    @Override
    public Class<NoConfig> configType() {
      return NoConfig.class;
    }

    @Override
    public NoConfig defaultConfig() {
      return NoConfig.INSTANCE;
    }
  }

  /** A well-behaved provider of two rules, one of them off. */
  @ProvidesRules(namespace = "disc", ids = {"disc.one", "disc.two"})
  public static final class Plain extends Base {
    @Override
    public List<ConfiguredRule> rules(NoConfig config) {
      return List.of(
          new ConfiguredRule(StubRule.answering("disc.two", Outcome.DENY), Mode.OFF),
          ConfiguredRule.atDefault(StubRule.answering("disc.one", Outcome.ADVISE)));
    }
  }

  /** Counts its constructions, to prove filters skip it without running its code. */
  @ProvidesRules(namespace = "rec", ids = "rec.only")
  public static final class Recording extends Base {
    public Recording() {
      RECORDINGS_BUILT.incrementAndGet();
    }

    @Override
    public List<ConfiguredRule> rules(NoConfig config) {
      return List.of(ConfiguredRule.atDefault(StubRule.answering("rec.only", Outcome.ALLOW)));
    }
  }

  @ProvidesRules(namespace = "boom", ids = "boom.rule")
  public static final class Exploding extends Base {
    public Exploding() {
      throw new IllegalStateException("constructor refuses");
    }

    @Override
    public List<ConfiguredRule> rules(NoConfig config) {
      return List.of();
    }
  }

  public static final class Unannotated extends Base {
    @Override
    public List<ConfiguredRule> rules(NoConfig config) {
      return List.of();
    }
  }

  @ProvidesRules(namespace = "extra", ids = "extra.declared")
  public static final class Undeclared extends Base {
    @Override
    public List<ConfiguredRule> rules(NoConfig config) {
      return List.of(ConfiguredRule.atDefault(StubRule.answering("extra.sneaky", Outcome.ALLOW)));
    }
  }

  @ProvidesRules(namespace = "bad", ids = "bad.has space")
  public static final class BadId extends Base {
    @Override
    public List<ConfiguredRule> rules(NoConfig config) {
      return List.of();
    }
  }

  @ProvidesRules(namespace = "own", ids = "other.rule")
  public static final class Outsider extends Base {
    @Override
    public List<ConfiguredRule> rules(NoConfig config) {
      return List.of();
    }
  }

  @ProvidesRules(namespace = "disc", ids = "disc.three")
  public static final class Squatter extends Base {
    @Override
    public List<ConfiguredRule> rules(NoConfig config) {
      return List.of(ConfiguredRule.atDefault(StubRule.answering("disc.three", Outcome.ALLOW)));
    }
  }

  @ProvidesRules(namespace = "twice", ids = "twice.rule")
  public static final class Twice extends Base {
    @Override
    public List<ConfiguredRule> rules(NoConfig config) {
      return List.of(ConfiguredRule.atDefault(StubRule.answering("twice.rule", Outcome.ALLOW)),
          ConfiguredRule.atDefault(StubRule.answering("twice.rule", Outcome.DENY)));
    }
  }

  @ProvidesRules(namespace = "broken", ids = "broken.rule")
  public static final class FailingRules extends Base {
    @Override
    public List<ConfiguredRule> rules(NoConfig config) {
      throw new IllegalArgumentException("cannot build");
    }
  }

  @ProvidesRules(namespace = "hidden", ids = "hidden.rule")
  public static final class NoPublicConstructor extends Base {
    private NoPublicConstructor() {}

    @Override
    public List<ConfiguredRule> rules(NoConfig config) {
      return List.of();
    }
  }
}
