package dev.groundskeeper.cli.serve;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The variables a served hook cannot take from its request. A hook reads most of its environment
 * through the map the command is given, and a served call is given the caller's whole
 * environment; but some readers take theirs from the process itself: the JVM at start-up (the
 * locale behind the output encoding, the time zone, options picked up from the environment),
 * JGit's system reader, and the git and gh processes a hook spawns, which inherit the server's
 * environment. For those, the caller's values must equal the server's, or the answer could differ
 * from a fresh process's and the request is declined (the client then runs the hook itself).
 */
final class ProcessEnvironment {

  /** Read by the JVM, JGit, git or gh from the process environment, by exact name. */
  static final List<String> NAMES = List.of("HOME", "PATH", "USER", "LOGNAME", "LANG",
      "LANGUAGE", "TZ", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
      "TMPDIR", "EMAIL", "JAVA_HOME", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS",
      "_JAVA_OPTIONS", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY", "http_proxy",
      "https_proxy", "all_proxy", "no_proxy");

  /** Families of such variables: the locale's, git's and gh's. */
  static final List<String> PREFIXES = List.of("LC_", "GIT_", "GH_", "GITHUB_");

  /**
   * What the launcher sends with a call (and gives a server it starts), by exact name: the
   * process-wide variables above but the JVM option variables (with any of those set the launcher
   * does not call the server), and the ones only the hook's own code reads
   * ({@code GROUNDSKEEPER_SESSION_MODE}, {@code GROUNDSKEEPER_HOME},
   * {@code GROUNDSKEEPER_EXPLAIN}, and {@code GROUNDSKEEPER_LAUNCHER}, which remedies are
   * written with). bin/groundskeeper's
   * {@code forward_names} lists the same names; a test holds the two together.
   */
  static final List<String> FORWARDED = List.of("HOME", "PATH", "USER", "LOGNAME", "LANG",
      "LANGUAGE", "TZ", "TMPDIR", "EMAIL", "JAVA_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
      "XDG_STATE_HOME", "XDG_CACHE_HOME", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY",
      "http_proxy", "https_proxy", "all_proxy", "no_proxy", "GROUNDSKEEPER_SESSION_MODE",
      "GROUNDSKEEPER_HOME", "GROUNDSKEEPER_EXPLAIN", "GROUNDSKEEPER_LAUNCHER");

  /** And by family, as {@code forward_prefixes} in bin/groundskeeper: {@link #PREFIXES}. */
  static final List<String> FORWARDED_PREFIXES = PREFIXES;

  static boolean isForwarded(String name) {
    return FORWARDED.contains(name) || FORWARDED_PREFIXES.stream().anyMatch(name::startsWith);
  }

  private ProcessEnvironment() {}

  static boolean isProcessWide(String name) {
    return NAMES.contains(name) || PREFIXES.stream().anyMatch(name::startsWith);
  }

  /**
   * The first process-wide variable whose value differs between the caller and the server (one
   * set and the other not counts), by name only: values may be secrets.
   */
  static Optional<String> firstDifference(Map<String, String> caller, Map<String, String> server) {
    TreeSet<String> names = new TreeSet<>();
    caller.keySet().stream().filter(ProcessEnvironment::isProcessWide).forEach(names::add);
    server.keySet().stream().filter(ProcessEnvironment::isProcessWide).forEach(names::add);
    return names.stream()
        .filter(name -> !Objects.equals(caller.get(name), server.get(name)))
        .findFirst();
  }
}
