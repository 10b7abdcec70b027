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
      "LANGUAGE", "TZ", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "TMPDIR", "EMAIL", "JAVA_HOME", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS",
      "_JAVA_OPTIONS", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY", "http_proxy",
      "https_proxy", "all_proxy", "no_proxy");

  /** Families of such variables: the locale's, git's and gh's. */
  static final List<String> PREFIXES = List.of("LC_", "GIT_", "GH_", "GITHUB_");

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
