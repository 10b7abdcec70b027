package dev.groundskeeper.cli;

import dev.groundskeeper.api.PolicyBuilder;
import dev.groundskeeper.host.Host;
import dev.groundskeeper.host.PolicyCache;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The hosts one program has built, by what each was built from (the environment and the plugin
 * paths; clock, customizer and policy cache are the program's own). A served process answers
 * every call of one runner with the same environment, so it builds its host once instead of
 * discovering the effect performers again on every call. A {@link Host} is immutable and
 * thread-safe; bounded, least recently used first out.
 */
final class HostCache {

  static final int CACHED = 8;

  private record Key(Map<String, String> environment, List<Path> pluginPaths) {}

  private final Map<Key, Host> hosts = new LinkedHashMap<>(CACHED, 0.75f, true) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<Key, Host> eldest) {
      return size() > CACHED;
    }
  };

  synchronized Host get(Map<String, String> environment, List<Path> pluginPaths, Clock clock,
      Consumer<PolicyBuilder> customizer, PolicyCache policies) {
    return hosts.computeIfAbsent(new Key(Map.copyOf(environment), List.copyOf(pluginPaths)),
        key -> Host.builder().environment(key.environment()).clock(clock)
            .pluginPaths(key.pluginPaths()).customizePolicy(customizer).policyCache(policies)
            .build());
  }
}
