package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * What the full-disk ITs ({@code FullDiskIT}, {@code ServeFaultIT}, {@code ServeFullRepositoryIT})
 * share (issue 17): a tmpfs at {@code $M} in a mount namespace of its own ({@code unshare -m}),
 * filled to its last byte or made read-only inside a bash script, the places the tool writes
 * pointed at it or elsewhere, hook calls read from {@code $IN/<n>} with each answer kept in
 * {@code $OUT/<n>.out|.err|.rc}, and the checks every such answer must pass.
 *
 * <p>A script is built from {@link #setUp}, then the IT's own lines, then {@link #fault} and
 * {@link #calls}. It defines a shell function {@code hook} (the IT's way to call the hook) before
 * {@link #calls}. Everything on the tmpfs goes with the namespace, so what must be judged there is
 * judged by the script itself and written to {@code $OUT}.
 */
final class FullDisk {

  static final Path JAR = Path.of(System.getProperty("groundskeeper.jar"));
  static final Path LAUNCHER = Path.of(System.getProperty("groundskeeper.launcher"));
  private static final ObjectMapper JSON = new ObjectMapper();
  /** Inherited variables that would point the tool elsewhere or change how the JVM starts. */
  private static final List<String> INHERITED = List.of("GROUNDSKEEPER_SESSION_MODE",
      "GROUNDSKEEPER_SOCKET", "GROUNDSKEEPER_SERVE", "XDG_RUNTIME_DIR", "JAVA_TOOL_OPTIONS",
      "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

  /** The way a fault takes the tmpfs. */
  enum Fault {
    /** Filled to its last byte: every write fails with "no space". */
    FULL,
    /** Remounted read-only: root ignores permission bits, a read-only mount does not. */
    READ_ONLY,
    /** Bound over itself read-only: a server's open files keep the tmpfs from a remount. */
    READ_ONLY_BIND,
    /** Left roomy: the control that shows what the others refuse is written. */
    NONE
  }

  private FullDisk() {}

  /** Skips the test where the system allows neither {@code unshare -m} nor {@code mount}. */
  static void assumeAvailable() {
    Assumptions.assumeTrue(namespacesWork(), "unshare -m with a tmpfs mount is not available");
  }

  /**
   * The repository every full-disk IT judges: {@code notes.txt} committed on {@code main}, the
   * branch {@code feat} one unpushed commit ahead (its deletion loses work), and
   * {@code notes.txt} modified since (what {@code git reset --hard} would lose).
   */
  static Path repository(Path directory) throws IOException {
    Path repo = Git.init(directory);
    Files.writeString(repo.resolve("notes.txt"), "committed\n");
    Git.run(repo, "add", "notes.txt");
    Git.run(repo, "commit", "-q", "-m", "notes");
    Git.run(repo, "switch", "-q", "-c", "feat");
    Files.writeString(repo.resolve("feat.txt"), "only here\n");
    Git.run(repo, "add", "feat.txt");
    Git.run(repo, "commit", "-q", "-m", "unpushed work");
    Git.run(repo, "switch", "-q", "main");
    Files.writeString(repo.resolve("notes.txt"), "committed\nand an afternoon of changes\n");
    return repo;
  }

  /** Whether {@code repo} (outside the tmpfs) still has its branch and uncommitted change. */
  static void assertKept(Path repo) {
    assertThat(Git.run(repo, "rev-parse", "--verify", "-q", "feat")).isNotBlank();
    assertThat(repo.resolve("notes.txt")).hasContent("committed\nand an afternoon of changes\n");
  }

  /** A PreToolUse of the Bash {@code command} in {@code cwd}. */
  static String pre(Path cwd, String command) {
    return "{\"session_id\":\"s1\",\"cwd\":\"" + cwd + "\",\"hook_event_name\":\"PreToolUse\","
        + "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"" + command + "\"}}";
  }

  /** A PostToolUse of {@code git switch -c later} in {@code cwd}: a branch record to write. */
  static String postSwitch(Path cwd) {
    return "{\"session_id\":\"s1\",\"cwd\":\"" + cwd + "\",\"hook_event_name\":\"PostToolUse\","
        + "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git switch -c later\"},"
        + "\"tool_response\":{\"stdout\":\"\",\"stderr\":\"\",\"interrupted\":false}}";
  }

  /** Writes each payload to {@code in/<n>}; returns {@code in}. */
  static Path payloads(Path in, List<String> payloads) throws IOException {
    Files.createDirectories(in);
    for (int i = 0; i < payloads.size(); i++) {
      Files.writeString(in.resolve(String.valueOf(i)), payloads.get(i));
    }
    return in;
  }

  /**
   * JGit's kept measurement of the timestamp resolution of the temporary directory's file system
   * (its {@code jgit/config}): JGit measures a repository's file system once (about 3 s here) and
   * keeps the figure under {@code $XDG_CONFIG_HOME}, or measures again in every process where it
   * cannot. Made once per JVM by one hook call on a roomy disk, in a directory removed when the
   * JVM ends; empty when JGit kept none (the ITs are then only slower).
   */
  static synchronized Optional<Path> jgitMeasurement() throws Exception {
    if (jgitMeasurement == null) {
      jgitMeasurement = measure();
    }
    return jgitMeasurement;
  }

  private static Optional<Path> jgitMeasurement;

  private static Optional<Path> measure() throws Exception {
    Path shared = Files.createTempDirectory("groundskeeper-jgit-measurement");
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try (var walk = Files.walk(shared)) {
        walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException e) {
        // a temporary directory: the system's own clean-up takes what is left
      }
    }));
    Path repo = repository(shared.resolve("repo"));
    Path places = shared.resolve("places");
    for (String place : List.of("home", "xdg", "state", "cache", "gk")) {
      Files.createDirectories(places.resolve(place));
    }
    ProcessBuilder builder = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC",
        "-jar", JAR.toString(), "hook").directory(repo.toFile())
        .redirectInput(Files.writeString(shared.resolve("in.json"),
            pre(repo, "git branch -D feat")).toFile())
        .redirectOutput(shared.resolve("out.txt").toFile()).redirectErrorStream(true);
    environment(builder.environment(), places, places);
    builder.environment().put("GROUNDSKEEPER_SERVE", "off");
    Process process = builder.start();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      return Optional.empty();
    }
    Path kept = places.resolve("xdg/jgit/config");
    return Files.isRegularFile(kept) ? Optional.of(kept) : Optional.empty();
  }

  /**
   * Puts {@link #jgitMeasurement} where JGit looks ({@code $XDG_CONFIG_HOME/jgit/config}) when
   * the script's {@code $SEED} names it ({@link #measured}); a line for before the fault.
   */
  static final String MEASURED = "if [ -n \"${SEED:-}\" ]; then mkdir -p \"$XDG_CONFIG_HOME/jgit\""
      + " && cp \"$SEED\" \"$XDG_CONFIG_HOME/jgit/config\" || exit 6; fi";

  /** Names {@link #jgitMeasurement}, when there is one, for {@link #MEASURED}. */
  static void measured(Map<String, String> env) {
    try {
      jgitMeasurement().ifPresent(kept -> env.put("SEED", kept.toString()));
    } catch (Exception e) {
      throw new IllegalStateException("the measurement run failed", e);
    }
  }

  /**
   * The script's start: the tmpfs of {@code size} mounted at {@code $M}, the places the
   * environment names made, and the user's configuration with the decision log on for every
   * call, plus {@code yaml} (more configuration lines, or empty).
   */
  static List<String> setUp(String size, String yaml) {
    return List.of(
        "set -u",
        "mount -t tmpfs -o size=" + size + " tmpfs \"$M\" || exit 3",
        "mkdir -p \"$HOME\" \"$XDG_CONFIG_HOME/groundskeeper\" \"$XDG_STATE_HOME\""
            + " \"$XDG_CACHE_HOME\" \"$GROUNDSKEEPER_HOME\"",
        "printf 'log:\\n  decisions: all\\n" + yaml + "'"
            + " >\"$XDG_CONFIG_HOME/groundskeeper/config.yaml\"");
  }

  /**
   * The fault, then a probe write to {@code probe} whose outcome goes to {@code $OUT/mark}:
   * {@code refused} when the fault took hold, else {@code written}.
   */
  static List<String> fault(Fault fault, String probe) {
    List<String> lines = new ArrayList<>();
    switch (fault) {
      case FULL -> {
        lines.add("dd if=/dev/zero of=\"$M/filler\" bs=4096 2>/dev/null");
        lines.add("dd if=/dev/zero of=\"$M/filler2\" bs=1 2>/dev/null");
      }
      case READ_ONLY -> lines.add("mount -o remount,ro \"$M\" || exit 5");
      case READ_ONLY_BIND -> lines.add("mount --bind \"$M\" \"$M\" && mount -o remount,bind,ro"
          + " \"$M\" || exit 5");
      case NONE -> { }
      default -> throw new IllegalStateException();
    }
    lines.add(probe(probe, "mark"));
    return lines;
  }

  /** A probe write to {@code path}; {@code refused} or {@code written} in {@code $OUT/<name>}. */
  static String probe(String path, String name) {
    return "if echo x 2>/dev/null >\"" + path + "\"; then echo written >\"$OUT/" + name + "\";"
        + " else echo refused >\"$OUT/" + name + "\"; fi; rm -f \"" + path + "\" 2>/dev/null";
  }

  /**
   * The {@code $CALLS} hook calls, each through the script's {@code hook} function, and after
   * each {@code after} (a line run with {@code $c} set, or empty).
   */
  static List<String> calls(String after) {
    return List.of(
        "c=0; while [ $c -lt $CALLS ]; do",
        "  hook <\"$IN/$c\" >\"$OUT/$c.out\" 2>\"$OUT/$c.err\"; echo $? >\"$OUT/$c.rc\"",
        after.isEmpty() ? "  :" : "  " + after,
        "  c=$((c+1))",
        "done");
  }

  /**
   * The warm server started by the launcher's first hook call of {@code $IN/<start>}, its socket
   * waited for, then one served call: the server has written what it writes at start before a
   * fault. The script's {@code hook} function must be the launcher's.
   */
  static List<String> startServer(String start) {
    return List.of(
        "hook() { \"$L\" hook; }",
        "hook <\"$IN/" + start + "\" >/dev/null 2>&1",
        "i=0; while [ ! -S \"$GROUNDSKEEPER_HOME/run/serve.sock\" ] && [ $i -lt 900 ]; do"
            + " sleep 0.1; i=$((i+1)); done",
        "hook <\"$IN/" + start + "\" >/dev/null 2>&1");
  }

  /** {@code serve --status} into {@code $OUT/status.out}. */
  static final String STATUS = "\"$L\" serve --status >\"$OUT/status.out\" 2>&1";

  /**
   * {@code serve --stop} into {@code $OUT/stop.out|.err|.rc}, then, whatever the stop said, the
   * server's process killed, so that none outlives the test.
   */
  static List<String> stopServer() {
    return List.of(
        "pid=$(awk '{print $3}' \"$GROUNDSKEEPER_HOME/run/serve.sock.port\" 2>/dev/null)",
        "\"$L\" serve --stop >\"$OUT/stop.out\" 2>\"$OUT/stop.err\"; echo $? >\"$OUT/stop.rc\"",
        "[ -n \"$pid\" ] && kill \"$pid\" 2>/dev/null",
        "exit 0");
  }

  /** The launcher, and an idle time that outlasts the test, for the ITs of the warm server. */
  static void served(Map<String, String> env) {
    env.put("GROUNDSKEEPER_SERVE_IDLE", "3m");
    env.put("L", LAUNCHER.toString());
  }

  /** Where {@link #calls} reads its {@code calls} payloads and writes their answers. */
  static void calls(Map<String, String> env, Path in, Path out, int calls) {
    env.put("IN", in.toString());
    env.put("OUT", out.toString());
    env.put("CALLS", String.valueOf(calls));
  }

  /**
   * Points every place the tool writes (home, configuration, state, cache, store) under
   * {@code places}, the tmpfs at {@code mount}, and drops what the caller's environment would
   * point elsewhere.
   */
  static void environment(Map<String, String> env, Path mount, Path places) {
    INHERITED.forEach(env::remove);
    env.put("M", mount.toString());
    env.put("HOME", places.resolve("home").toString());
    env.put("XDG_CONFIG_HOME", places.resolve("xdg").toString());
    env.put("XDG_STATE_HOME", places.resolve("state").toString());
    env.put("XDG_CACHE_HOME", places.resolve("cache").toString());
    env.put("GROUNDSKEEPER_HOME", places.resolve("gk").toString());
    env.put("JAVA_HOME", System.getProperty("java.home"));
  }

  /**
   * Runs {@code script} under {@code unshare -m bash -c} with the environment {@code setUp}
   * completes (see {@link #environment}), its output in {@code log}; fails unless it exits 0
   * within five minutes.
   */
  static void run(List<String> script, Path log, java.util.function.Consumer<Map<String, String>>
      setUp) throws Exception {
    ProcessBuilder builder = new ProcessBuilder("unshare", "-m", "bash", "-c",
        String.join("\n", script)).directory(log.getParent().toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    setUp.accept(builder.environment());
    Process process = builder.start();
    process.getOutputStream().close();
    assertThat(process.waitFor(300, TimeUnit.SECONDS)).as("the script finished").isTrue();
    assertThat(process.exitValue()).as("%s", Files.readString(log)).isZero();
  }

  /** The answer to call {@code n}, from {@code out}. */
  static Answer answer(Path out, int n, String what) throws IOException {
    return new Answer(what, Integer.parseInt(Files.readString(out.resolve(n + ".rc")).strip()),
        Files.readString(out.resolve(n + ".out")), Files.readString(out.resolve(n + ".err")));
  }

  /** One hook call's exit code and output. */
  record Answer(String what, int exit, String out, String err) {

    /**
     * Exit 0, no stack trace, and standard output one JSON object (or, with {@code blankToo},
     * nothing: a cold hook with nothing to say prints nothing for some events).
     */
    Answer assertAnswered(boolean blankToo) throws IOException {
      assertThat(exit).as("exit of %s: %s", what, this).isZero();
      assertThat(out + err).as("%s", what).doesNotContain("\tat ", "Exception in");
      if (!blankToo || !out.isBlank()) {
        JsonNode answer = JSON.readTree(out);
        assertThat(answer != null && answer.isObject()).as("%s answered %s", what, out).isTrue();
      }
      return this;
    }

    boolean denied() {
      return out.contains("\"permissionDecision\":\"deny\"");
    }
  }

  private static boolean namespacesWork() {
    try {
      Process probe = new ProcessBuilder("unshare", "-m", "sh", "-c",
          "d=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs \"$d\" && umount \"$d\";"
              + " s=$?; rmdir \"$d\"; exit $s").redirectErrorStream(true).start();
      probe.getInputStream().readAllBytes();
      return probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }
}
