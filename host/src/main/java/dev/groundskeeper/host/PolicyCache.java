package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Policy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Built policies by configuration fingerprint, shared by every {@link Host} a long-lived process
 * makes (one per call, each with the caller's environment): a policy is built again only when its
 * configuration files' content, their identity or the plugin jars changed. The key also holds the
 * policy customizer and class loader it was built with. Bounded (least recently used first out);
 * thread-safe.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class PolicyCache {

  /** Policies kept: one per distinct configuration a process has seen lately. */
  static final int CACHED = 16;

  record Key(ConfigFingerprint fingerprint, Object customizer, ClassLoader parent) {}

  private final Map<Key, Policy> policies = new LinkedHashMap<>(CACHED, 0.75f, true) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<Key, Policy> eldest) {
      return size() > CACHED;
    }
  };
  // The plugin entries the layers' engine blocks name, by the layers' texts: binding the engine
  // block (reflection over its records) was a tenth of a served call's time, paid on every call
  // only to compute the fingerprint that finds the policy already built.
  private final Map<List<String>, List<String>> configuredPlugins =
      new LinkedHashMap<>(CACHED, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<List<String>, List<String>> eldest) {
          return size() > CACHED;
        }
      };
  private long built;

  private PolicyCache() {}

  /** {@return an empty cache} */
  public static PolicyCache create() {
    return new PolicyCache();
  }

  /** {@return how many policies this cache has built (one per miss)} */
  public synchronized long builds() {
    return built;
  }

  /**
   * The plugin entries configured by layers of these texts, read once per distinct texts (the
   * entries depend on nothing else).
   */
  List<String> configuredPlugins(List<String> layerTexts, Supplier<List<String>> read) {
    synchronized (this) {
      List<String> known = configuredPlugins.get(layerTexts);
      if (known != null) {
        return known;
      }
    }
    List<String> entries = List.copyOf(read.get());
    synchronized (this) {
      configuredPlugins.putIfAbsent(List.copyOf(layerTexts), entries);
    }
    return entries;
  }

  Policy get(Key key, Supplier<Policy> build) {
    synchronized (this) {
      Policy known = policies.get(key);
      if (known != null) {
        return known;
      }
    }
    // Built outside the lock: two threads may each build a missing policy once, but never wait
    // on each other's plugin loading.
    Policy policy = build.get();
    synchronized (this) {
      built++;
      Policy raced = policies.putIfAbsent(key, policy);
      return raced == null ? policy : raced;
    }
  }
}
