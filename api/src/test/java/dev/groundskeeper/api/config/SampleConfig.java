package dev.groundskeeper.api.config;

import dev.groundskeeper.api.Mode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A namespace shaped like the branch rules' configuration, using every supported type. */
@Doc("Branch limits for the tests.")
record SampleConfig(
    @Key("default") @Doc("The default branch, or auto.") String defaultBranch,
    @Doc("Names never deleted.") List<String> protectedNames,
    Wip wip,
    Dormancy dormancy,
    Map<String, Lane> lanes,
    @Range(min = 0, max = 1) double ratio,
    long budgetMs,
    Optional<Instant> since) {

  static final SampleConfig DEFAULTS = new SampleConfig("auto", List.of("main", "master"),
      new Wip(10, Mode.BLOCK, true), new Dormancy(Preset.STANDARD, Optional.empty(),
      Optional.empty(), Optional.empty()), Map.of(), 0.5, 3000L, Optional.empty());

  static final ConfigSpec<SampleConfig> SPEC =
      new ConfigSpec<>("branches", SampleConfig.class, DEFAULTS);

  SampleConfig {
    protectedNames = List.copyOf(protectedNames);
    lanes = Map.copyOf(lanes);
  }

  record Wip(
      @Range(min = 1, max = 100) @Doc("Open branches allowed.") int cap,
      @OneOf({"block", "warn", "off"}) Mode mode,
      boolean countRemote) {}

  enum Preset { STANDARD, STRICT }

  record Dormancy(Preset preset, @Range(min = 1) Optional<Integer> advisoryDays,
      @Range(min = 1) Optional<Integer> noisyDays, @Range(min = 1) Optional<Integer> blockDays) {

    Dormancy {
      int advisory = advisoryDays.orElse(7);
      int noisy = noisyDays.orElse(14);
      int block = blockDays.orElse(30);
      if (!(advisory <= noisy && noisy < block)) {
        throw new IllegalArgumentException("expected advisory_days <= noisy_days < block_days, got "
            + advisory + ", " + noisy + ", " + block);
      }
    }
  }

  record Lane(String base, @Range(min = 1) int cap, List<String> owners) {
    Lane {
      owners = List.copyOf(owners);
    }
  }
}
