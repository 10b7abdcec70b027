package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17: the verbs that change a repository or a store, run as real processes of the packaged
 * CLI and killed with SIGKILL (the JVM and every process it started) after a random delay:
 * {@code branch clean --yes}, {@code branch park}, the hook taking a snapshot, {@code snapshot
 * restore}, {@code worktree add} and {@code install} into a settings file. After each kill:
 * <ul>
 *   <li>every commit that existed is reachable from a ref or held by a recovery bundle that
 *       verifies, and every uncommitted file is as it was or restorable (the snapshot's copy);
 *   <li>every file the tool writes reads whole: each JSON file under the home, the state and the
 *       repository's {@code groundskeeper} directory parses, the inventory cache has its closing
 *       line, each bundle verifies, each snapshot listed has its manifest, a settings file is the
 *       old bytes or the new JSON;
 *   <li>the same verb run again completes, or refuses with a message and no stack trace.
 * </ul>
 * The trials are spread over the verbs in turn, starting at one the seed picks: two in the
 * normal build, {@code -Pslow} runs 40 ({@code groundskeeper.kill.trials}); the seed is
 * {@code groundskeeper.kill.seed} (a new one each run when unset, printed with every failure).
 * Kills land between a fifth of the verb's last whole run and its end.
 *
 * <p>A restore killed between a file's temporary and its rename leaves that temporary
 * ({@code .NAME.groundskeeper-restore-…}) in the worktree, and an install its
 * {@code .settings.json.<digits>.groundskeeper-tmp}: the run right after keeps them (as young as
 * a live writer's), so they are counted and the files judged without them; once aged past the
 * stale age, a later run of the verb must remove them (and a restore say so).
 */
class KilledVerbsIT {

  private static final Path JAR = Path.of(System.getProperty("groundskeeper.jar"));
  private static final int TRIALS = Integer.getInteger("groundskeeper.kill.trials", 2);
  private static final long SEED = Long.getLong("groundskeeper.kill.seed", System.nanoTime());
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SNAPSHOT_COMMAND = "git reset --hard && git clean -fdx";
  private static final String SETTINGS = "{\n  \"theme\": \"dark\",\n  \"hooks\": {\"PreToolUse\":"
      + " [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\":"
      + " \"other-tool\"}]}]}\n}\n";
  private static final Pattern RESTORE = Pattern.compile("groundskeeper snapshot restore (\\S+)");

  enum Verb { CLEAN, PARK, SNAPSHOT, RESTORE, WORKTREE_ADD, INSTALL }

  @TempDir
  Path temp;

  /** Temporaries a killed restore left in the worktree, counted across the trials. */
  private int restoreLeftovers;

  /** What a run left: exit (or -1 when killed), and its output. */
  record Run(boolean killed, int exit, String out, String err) {
    String shown() {
      return "exit " + exit + ", out: " + out + ", err: " + err;
    }
  }

  /** One trial's repository and the state before the verb ran. */
  final class Trial {
    final Path base;
    final Path repo;
    final Path home;
    final Map<String, String> env = new LinkedHashMap<>();
    final Map<String, String> tips = new TreeMap<>();
    final Map<String, String> files = new TreeMap<>();
    final Map<String, String> snapshot = new TreeMap<>();
    String snapshotId = "";
    String where = "";

    Trial(Path base) throws IOException {
      this.base = Files.createDirectories(base).toRealPath();
      this.repo = Files.createDirectories(this.base.resolve("repo"));
      this.home = Files.createDirectories(this.base.resolve("home"));
      env.put("HOME", home.toString());
      env.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
      env.put("XDG_STATE_HOME", home.resolve(".state").toString());
      env.put("XDG_CACHE_HOME", home.resolve(".cache").toString());
      env.put("GROUNDSKEEPER_HOME", home.resolve(".gk").toString());
      env.put("GROUNDSKEEPER_SERVE", "off");
      Files.createDirectories(home.resolve(".config/groundskeeper"));
      // the user's own file: every branch counts, discards are kept as snapshots
      Files.writeString(home.resolve(".config/groundskeeper/config.yaml"), "branches:\n"
          + "  scope: all\nchanges:\n  discard: snapshot\n  delete: snapshot\n");
    }

    String git(String... args) {
      return Git.run(repo, args);
    }

    Run run(Verb verb, long killAfterMs) throws Exception {
      List<String> command = new ArrayList<>(List.of(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
          JAR.toString()));
      Path in = base.resolve("in.json");
      switch (verb) {
        case CLEAN -> command.addAll(List.of("branch", "clean", "--yes"));
        case PARK -> command.addAll(List.of("branch", "park", "waiting", "--reason",
            "waits on the review"));
        case SNAPSHOT -> {
          command.add("hook");
          Files.writeString(in, "{\"session_id\":\"s1\",\"cwd\":\"" + repo + "\","
              + "\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":"
              + "{\"command\":\"" + SNAPSHOT_COMMAND + "\"}}");
        }
        case RESTORE -> command.addAll(List.of("snapshot", "restore", snapshotId));
        case WORKTREE_ADD -> command.addAll(List.of("worktree", "add", "lane1"));
        case INSTALL -> command.addAll(List.of("install", "--runner", "claude"));
        default -> throw new IllegalStateException();
      }
      ProcessBuilder builder = new ProcessBuilder(command)
          .directory((verb == Verb.INSTALL ? home : repo).toFile())
          .redirectOutput(base.resolve("out.txt").toFile())
          .redirectError(base.resolve("err.txt").toFile());
      builder.redirectInput(Files.exists(in) && verb == Verb.SNAPSHOT ? in.toFile()
          : Path.of("/dev/null").toFile());
      builder.environment().putAll(env);
      Process process = builder.start();
      boolean killed = false;
      if (!process.waitFor(killAfterMs, TimeUnit.MILLISECONDS)) {
        // the JVM and whatever it started (git), as a killed process group would be
        List<ProcessHandle> children = process.descendants().toList();
        process.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
        killed = true;
      }
      assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("%s ended", verb).isTrue();
      return new Run(killed, killed ? -1 : process.exitValue(),
          Files.readString(base.resolve("out.txt")), Files.readString(base.resolve("err.txt")));
    }
  }

  @Test
  void everyVerbKilledAtARandomMomentLosesNothingTearsNothingAndTheNextRunCompletes()
      throws Exception {
    SplittableRandom random = new SplittableRandom(SEED);
    Verb[] verbs = Verb.values();
    int first = random.nextInt(verbs.length);
    // the last whole run of each verb, spreading the kills over it; a first guess until then
    Map<Verb, Long> duration = new EnumMap<>(Verb.class);
    int killed = 0;
    Map<Verb, Integer> tried = new EnumMap<>(Verb.class);
    for (int t = 0; t < TRIALS; t++) {
      Verb verb = verbs[(first + t) % verbs.length];
      long whole = duration.getOrDefault(verb, 2500L);
      long delay = whole / 5 + random.nextLong(whole - whole / 5 + 1);
      Trial trial = new Trial(temp.resolve("t" + t));
      trial.where = "trial " + t + " of seed " + SEED + ", " + verb + " killed after " + delay
          + " ms";
      prepare(verb, trial);
      Run run = trial.run(verb, delay);
      if (run.killed()) {
        killed++;
      }
      tried.merge(verb, 1, Integer::sum);
      nothingLost(verb, trial, true);
      nothingTorn(trial);

      long started = System.nanoTime();
      Run again = trial.run(verb, 120_000);
      duration.put(verb, Math.max(300, (System.nanoTime() - started) / 1_000_000L));
      completes(verb, trial, again);
      nothingLost(verb, trial, false);
      nothingTorn(trial);
      aLaterRunRemovesTheKilledWritersTemporaries(verb, trial);
    }
    System.out.printf("KilledVerbsIT: seed %d, %d of %d runs killed before they ended, per verb"
        + " %s, whole runs (ms) %s, restore temporaries left in worktrees %d%n", SEED, killed,
        TRIALS, tried, duration, restoreLeftovers);
  }

  private void prepare(Verb verb, Trial trial) throws Exception {
    Path repo = trial.repo;
    trial.git("init", "-q", "-b", "main");
    trial.git("config", "user.email", "test@groundskeeper.invalid");
    Files.writeString(repo.resolve(".gitignore"), ".env\n");
    Files.writeString(repo.resolve("a.txt"), "one\n");
    trial.git("add", "-A");
    trial.git("commit", "-q", "-m", "base");
    switch (verb) {
      case CLEAN -> {
        for (int i = 0; i < 4; i++) {
          trial.git("switch", "-q", "-c", "merged" + i);
          Files.writeString(repo.resolve("m" + i + ".txt"), "merged " + i + "\n");
          trial.git("add", "-A");
          trial.git("commit", "-q", "-m", "merged work " + i);
          trial.git("switch", "-q", "main");
          trial.git("merge", "-q", "--no-ff", "-m", "merge " + i, "merged" + i);
          // squash-merged: the branch's own commit is then on no other ref
          trial.git("switch", "-q", "-c", "squashed" + i);
          Files.writeString(repo.resolve("s" + i + ".txt"), "squashed " + i + "\n");
          trial.git("add", "-A");
          trial.git("commit", "-q", "-m", "squashed work " + i);
          trial.git("switch", "-q", "main");
          trial.git("merge", "-q", "--squash", "squashed" + i);
          trial.git("commit", "-q", "-m", "squashed " + i + ", squashed");
        }
        trial.git("switch", "-q", "-c", "open");
        Files.writeString(repo.resolve("open.txt"), "not merged anywhere\n");
        trial.git("add", "-A");
        trial.git("commit", "-q", "-m", "open work");
        trial.git("switch", "-q", "main");
      }
      case PARK -> {
        trial.git("switch", "-q", "-c", "waiting");
        trial.git("commit", "-q", "--allow-empty", "-m", "unpushed work");
        trial.git("switch", "-q", "main");
      }
      case SNAPSHOT, RESTORE -> {
        Files.writeString(repo.resolve("a.txt"), "one\ntwo, uncommitted\n");
        Files.writeString(repo.resolve(".env"), "TOKEN=kept\n");
        Path work = Files.createDirectories(repo.resolve("work"));
        for (int i = 0; i < 200; i++) {
          Files.writeString(work.resolve("n" + i + ".md"), ("note " + i + "\n").repeat(400));
        }
      }
      case WORKTREE_ADD -> { }
      case INSTALL -> {
        Files.createDirectories(trial.home.resolve(".claude"));
        Files.writeString(trial.home.resolve(".claude/settings.json"), SETTINGS);
      }
      default -> throw new IllegalStateException();
    }
    for (String line : trial.git("for-each-ref", "--format=%(refname) %(objectname)",
        "refs/heads").lines().toList()) {
      String[] parts = line.split(" ");
      trial.tips.put(parts[0], parts[1]);
    }
    trial.files.putAll(worktreeFiles(repo));
    if (verb == Verb.RESTORE) {
      // a whole snapshot, then the discard it was kept for, then the restore is killed
      Run taken = trial.run(Verb.SNAPSHOT, 120_000);
      assertThat(taken.exit()).as(taken.shown()).isZero();
      Matcher id = RESTORE.matcher(JSON.readTree(taken.out()).path("hookSpecificOutput")
          .path("additionalContext").asText());
      assertThat(id.find()).as(taken.shown()).isTrue();
      trial.snapshotId = id.group(1);
      trial.snapshot.putAll(trial.files);
      TestProcesses.run(repo, Map.of(), "sh", "-c", SNAPSHOT_COMMAND);
      trial.files.clear();
      trial.files.putAll(worktreeFiles(repo));
    }
  }

  /** Every commit is on a ref or in a bundle that verifies; uncommitted files as they were. */
  private void nothingLost(Verb verb, Trial trial, boolean afterTheKill) throws Exception {
    List<Path> bundles = bundles(trial);
    for (Map.Entry<String, String> tip : trial.tips.entrySet()) {
      String commit = tip.getValue();
      boolean onARef = !trial.git("for-each-ref", "--contains", commit, "--format=%(refname)")
          .isBlank();
      boolean bundled = false;
      for (Path bundle : bundles) {
        bundled |= trial.git("bundle", "list-heads", bundle.toString()).contains(commit);
      }
      assertThat(onARef || bundled).as("%s: %s at %s is on a ref or in a bundle", trial.where,
          tip.getKey(), commit).isTrue();
    }
    Map<String, String> now = worktreeFiles(trial.repo);
    if (verb == Verb.RESTORE) {
      // each file as after the discard or as the snapshot kept it, never in between
      for (String path : union(trial.files, trial.snapshot)) {
        if (path.contains(".groundskeeper-restore-")) {
          continue;
        }
        assertThat(now.get(path)).as("%s: %s", trial.where, path)
            .isIn(trial.files.get(path), trial.snapshot.get(path));
      }
      for (String path : now.keySet()) {
        if (path.contains(".groundskeeper-restore-")) {
          // a killed restore's temporary: see the class comment
          restoreLeftovers += afterTheKill ? 1 : 0;
        } else {
          assertThat(union(trial.files, trial.snapshot)).as("%s: a file no one wrote",
              trial.where).contains(path);
        }
      }
    } else {
      assertThat(now).as("%s: the worktree's files", trial.where).isEqualTo(trial.files);
    }
    assertThat(TestProcesses.run(trial.repo, Map.of(), "git", "fsck", "--no-progress",
        "--connectivity-only")).as(trial.where).doesNotContain("missing", "broken");
  }

  /** Every file the tool writes reads whole. */
  private void nothingTorn(Trial trial) throws Exception {
    List<Path> roots = List.of(trial.home, trial.repo.resolve(".git/groundskeeper"));
    for (Path root : roots) {
      if (!Files.isDirectory(root)) {
        continue;
      }
      try (Stream<Path> walk = Files.walk(root)) {
        for (Path file : walk.filter(Files::isRegularFile).toList()) {
          String name = file.getFileName().toString();
          if (name.startsWith(".") || file.toString().contains("/.partial-")) {
            continue; // a killed writer's temporary or partial snapshot: no reader opens it
          }
          if (name.endsWith(".json")) {
            JsonNode node = JSON.readTree(file.toFile());
            // an empty file reads as a missing node, not as an error: torn at its first byte
            assertThat(node.isObject() || node.isArray()).as("%s: %s reads whole", trial.where,
                file).isTrue();
          } else if (name.equals("decisions.log")) {
            for (String line : Files.readAllLines(file)) {
              JSON.readTree(line);
            }
          } else if (name.equals("branch-inventory.cache")) {
            String text = Files.readString(file);
            assertThat(text).as("%s: %s", trial.where, file).endsWith("\n");
            String[] lines = text.split("\n");
            assertThat(lines[lines.length - 1]).as("%s: %s", trial.where, file)
                .isEqualTo("end\t" + (lines.length - 2));
          }
        }
      }
    }
    Path snapshots = trial.home.resolve(".gk/state/snapshots");
    if (Files.isDirectory(snapshots)) {
      try (Stream<Path> walk = Files.walk(snapshots, 2)) {
        for (Path dir : walk.filter(p -> snapshots.relativize(p).getNameCount() == 2)
            .filter(Files::isDirectory).toList()) {
          if (!dir.getFileName().toString().startsWith(".")) {
            assertThat(dir.resolve("manifest.json")).as("%s: a listed snapshot is whole",
                trial.where).exists();
          }
        }
      }
    }
    for (Path bundle : bundles(trial)) {
      // fails the test, with git's words, when the bundle does not verify
      TestProcesses.run(trial.repo, Map.of(), "git", "bundle", "verify", "-q", bundle.toString());
    }
    Path settings = trial.home.resolve(".claude/settings.json");
    if (Files.exists(settings) && !Files.readString(settings).equals(SETTINGS)) {
      JsonNode root = JSON.readTree(settings.toFile());
      assertThat(root.path("theme").asText()).as(trial.where).isEqualTo("dark");
      assertThat(root.path("hooks").path("PreToolUse").findValuesAsText("command"))
          .as(trial.where).contains("other-tool");
    }
  }

  /** The verb run again after the kill finished the work, or said why not. */
  private void completes(Verb verb, Trial trial, Run again) throws Exception {
    String where = trial.where + ", run again: " + again.shown();
    assertThat(again.out() + again.err()).as(where).doesNotContain("\tat ", "Exception in");
    switch (verb) {
      case CLEAN -> {
        List<String> left = trial.git("branch", "--list", "--format=%(refname:short)",
            "merged*", "squashed*").lines().toList();
        if (again.exit() == 0) {
          assertThat(left).as(where).isEmpty();
        } else {
          // what a killed git left (a lock file) may refuse a deletion: then it is named
          assertThat(again.exit()).as(where).isEqualTo(1);
          assertThat(left).as(where).isNotEmpty().allSatisfy(branch ->
              assertThat(again.err()).as(where).contains(branch));
        }
        assertThat(trial.git("branch", "--list", "open")).as(where).isNotBlank();
      }
      case PARK -> {
        assertThat(again.exit()).as(where).isIn(0, 2);
        if (again.exit() == 2) {
          assertThat(again.err()).as(where).isNotBlank();
        }
        assertThat(trial.git("log", "-1", "--format=%B", "waiting")).as(where)
            .contains("Parked-Reason: waits on the review");
      }
      case SNAPSHOT -> {
        assertThat(again.exit()).as(where).isZero();
        assertThat(again.out()).as(where).contains("groundskeeper snapshot restore")
            .doesNotContain("\"permissionDecision\":\"deny\"");
        try (Stream<Path> walk = Files.walk(trial.home)) {
          assertThat(walk.map(Path::toString)).as("%s: no partial snapshot is left", where)
              .noneMatch(p -> p.contains("/.partial-"));
        }
      }
      case RESTORE -> {
        assertThat(again.exit()).as(where).isZero();
        Map<String, String> now = worktreeFiles(trial.repo);
        now.keySet().removeIf(p -> p.contains(".groundskeeper-restore-"));
        assertThat(now).as(where).isEqualTo(trial.snapshot);
      }
      case WORKTREE_ADD -> {
        if (again.exit() != 0) {
          assertThat(again.exit()).as(where).isEqualTo(2);
          assertThat(again.err()).as(where).contains("lane1");
        }
        Run list = listWorktrees(trial);
        assertThat(list.exit()).as("%s: worktree list: %s", where, list.shown()).isZero();
      }
      case INSTALL -> {
        assertThat(again.exit()).as(where).isZero();
        JsonNode root = JSON.readTree(trial.home.resolve(".claude/settings.json").toFile());
        assertThat(root.path("hooks").path("PreToolUse").findValuesAsText("command"))
            .as(where).contains("other-tool")
            .anySatisfy(c -> assertThat(c).contains("hook --runner claude"));
      }
      default -> throw new IllegalStateException();
    }
  }

  /**
   * The temporaries a kill left (a restore's in the worktree, an install's beside the settings)
   * are kept by the run right after it, which cannot tell them from a live writer's; once they
   * are long dead (aged here by half an hour), the next run of the verb removes them, and for a
   * restore says so and leaves exactly the snapshot's files.
   */
  private void aLaterRunRemovesTheKilledWritersTemporaries(Verb verb, Trial trial)
      throws Exception {
    Path dir = verb == Verb.RESTORE ? trial.repo : verb == Verb.INSTALL
        ? trial.home.resolve(".claude") : null;
    if (dir == null) {
      return;
    }
    String mark = verb == Verb.RESTORE ? ".groundskeeper-restore-" : ".groundskeeper-tmp";
    List<Path> left;
    try (Stream<Path> walk = Files.walk(dir)) {
      left = walk.filter(p -> !dir.relativize(p).startsWith(".git"))
          .filter(p -> p.getFileName().toString().contains(mark)).toList();
    }
    if (left.isEmpty()) {
      return;
    }
    for (Path file : left) {
      Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.from(
          java.time.Instant.now().minus(java.time.Duration.ofMinutes(30))));
    }
    Run later = trial.run(verb, 120_000);
    String where = trial.where + ", run later: " + later.shown();
    assertThat(later.exit()).as(where).isZero();
    for (Path file : left) {
      assertThat(file).as(where).doesNotExist();
    }
    if (verb == Verb.RESTORE) {
      assertThat(later.out()).as(where).contains("removed " + left.size() + " temporary file");
      assertThat(worktreeFiles(trial.repo)).as(where).isEqualTo(trial.snapshot);
    }
    System.out.printf("KilledVerbsIT: %s: a later run removed %d temporaries the kill left%n",
        trial.where, left.size());
  }

  private Run listWorktrees(Trial trial) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toString(), "worktree", "list").directory(trial.repo.toFile())
        .redirectOutput(trial.base.resolve("list.out").toFile())
        .redirectError(trial.base.resolve("list.err").toFile());
    builder.environment().putAll(trial.env);
    Process process = builder.start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new Run(false, process.exitValue(), Files.readString(trial.base.resolve("list.out")),
        Files.readString(trial.base.resolve("list.err")));
  }

  private static List<Path> bundles(Trial trial) throws IOException {
    Path dir = trial.repo.resolve(".git/groundskeeper/recovery");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".bundle")).sorted().toList();
    }
  }

  private static List<String> union(Map<String, String> a, Map<String, String> b) {
    TreeMap<String, String> all = new TreeMap<>(a);
    all.putAll(b);
    return List.copyOf(all.keySet());
  }

  /** Every file of the worktree outside .git, by path, with the SHA-256 of its bytes. */
  private static Map<String, String> worktreeFiles(Path repo) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(repo)) {
      for (Path file : walk.filter(p -> !repo.relativize(p).startsWith(".git"))
          .filter(Files::isRegularFile).toList()) {
        files.put(repo.relativize(file).toString(), sha256(Files.readAllBytes(file)));
      }
    }
    return files;
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
