package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.config.LogConfig;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Host.handle records decisions in the decision log of the state directory: redacted, timed,
 * rotated, never in the repository, and a log that cannot be written changes no answer.
 */
class DecisionLogTest {

  @TempDir
  Path temp;

  /** A counter that advances 1,000 ns per read: every rule takes 1 µs, calls a known multiple. */
  private final AtomicLong ticks = new AtomicLong();

  private Host host(Path groundskeeperHome) {
    return Host.builder()
        .environment(Map.of("HOME", temp.resolve("home").toString(),
            "GROUNDSKEEPER_HOME", groundskeeperHome.toString()))
        .nanoTime(() -> ticks.addAndGet(1000))
        .build();
  }

  private Path repo(String config) throws IOException {
    Path repo = Git.init(temp.resolve("repo"));
    if (!config.isEmpty()) {
      Files.writeString(repo.resolve(".groundskeeper.yaml"), config);
    }
    return repo;
  }

  private static Event command(Path repo, String command) {
    return new Event.CommandEvent(EventContext.of("s1", repo), command);
  }

  @Test
  void everyDecisionIsRecordedRedactedAndTimedUnderAll() throws IOException {
    Path repo = repo("log:\n  decisions: all\n");
    Path home = temp.resolve("gk");
    Host host = host(home);
    host.handle(command(repo, "git push https://bob:hunter2hunter2@example.com/r.git main"),
        "claude-code");
    host.handle(command(repo, "git status"), "codex");

    assertThat(home.resolve("state").resolve(DecisionLog.FILE_NAME)).isRegularFile();
    DecisionLog.Listing listing = host.decisionLog().read();
    assertThat(listing.unreadable()).isEmpty();
    assertThat(listing.entries()).hasSize(2);
    DecisionLog.Entry push = listing.entries().get(0);
    assertThat(push.runner()).isEqualTo("claude-code");
    assertThat(push.event()).isEqualTo("command");
    assertThat(push.subject()).isEqualTo(
        "git push https://bob:[REDACTED]@example.com/r.git main");
    assertThat(push.session()).isEqualTo("s1");
    assertThat(push.rules()).isNotEmpty().allMatch(rule -> rule.nanos() == 1000);
    assertThat(push.nanos()).isGreaterThan(1000L * push.rules().size());
    assertThat(listing.entries().get(1).runner()).isEqualTo("codex");
    assertThat(String.join("\n", Files.readAllLines(home.resolve("state")
        .resolve(DecisionLog.FILE_NAME)))).doesNotContain("hunter2");
  }

  /**
   * A branch name that is not UTF-8 is held with lone surrogates (RawText), which have no UTF-8
   * form: the log wrote {@code ?} for each, so the entry named another branch. Now the line is
   * escaped where it must be, and reads back as the same name; other lines stay plain UTF-8.
   */
  @Test
  void aNameThatIsNotUtf8IsLoggedAsItself() throws IOException {
    Path state = temp.resolve("gk").resolve("state");
    DecisionLog log = DecisionLog.in(state);
    String raw = "git branch -D " + dev.groundskeeper.api.RawText.decode(
        new byte[] {'r', 'a', 'w', '/', (byte) 0x9b, 'x'});
    String accented = "git branch -D \u00e9-work";
    for (String subject : List.of(raw, accented)) {
      assertThat(log.append(new DecisionLog.Entry(java.time.Instant.parse(
          "2026-12-03T12:00:00Z"), "claude-code", "PreToolUse", subject, "s", "", "deny",
          List.of(), -1, 0), LogConfig.DEFAULTS, java.util.Optional.empty())).isTrue();
    }
    DecisionLog.Listing listing = log.read();
    assertThat(listing.unreadable()).isEmpty();
    assertThat(listing.entries()).extracting(DecisionLog.Entry::subject)
        .containsExactly(raw, accented);
    List<String> lines = Files.readAllLines(state.resolve(DecisionLog.FILE_NAME));
    assertThat(lines.get(0)).containsIgnoringCase("\\udc9b").doesNotContain("?");
    assertThat(lines.get(1)).contains("\u00e9-work");
  }

  @Test
  void offRecordsNothingAndAdviseRecordsOnlyWhatASofteningRuleJudged() throws IOException {
    Path repo = repo("log:\n  decisions: off\n");
    Host host = host(temp.resolve("gk"));
    host.handle(command(repo, "git status"));
    assertThat(host.decisionLog().read().entries()).isEmpty();

    // worktrees.placement runs in advise mode by default and judges a worktree add.
    Files.delete(repo.resolve(".groundskeeper.yaml"));
    Host defaults = host(temp.resolve("gk2"));
    Decision placed = defaults.handle(command(repo, "git worktree add ../elsewhere")).decision();
    assertThat(placed.explanation()).isPresent();
    assertThat(LogConfig.DEFAULTS.records(placed)).isTrue();
    assertThat(defaults.decisionLog().read().entries()).hasSize(1)
        .allMatch(entry -> entry.rules().stream().anyMatch(rule ->
            rule.id().equals("worktrees.placement") && rule.mode().equals("advise")));
  }

  @Test
  void theLogIsRotatedAndBounded() throws IOException {
    Path repo = repo("log:\n  decisions: all\n  max_bytes: 4096\n  keep: 2\n");
    Path home = temp.resolve("gk");
    Host host = host(home);
    for (int i = 0; i < 60; i++) {
      host.handle(command(repo, "echo call-" + i + " " + "x".repeat(200)));
    }
    Path state = home.resolve("state");
    assertThat(state.resolve("decisions.log")).isRegularFile();
    assertThat(state.resolve("decisions.log.1")).isRegularFile();
    assertThat(state.resolve("decisions.log.2")).isRegularFile();
    assertThat(state.resolve("decisions.log.3")).doesNotExist();
    for (String name : List.of("decisions.log", "decisions.log.1", "decisions.log.2")) {
      assertThat(Files.size(state.resolve(name))).isLessThanOrEqualTo(4096);
    }
    List<DecisionLog.Entry> kept = host.decisionLog().read().entries();
    assertThat(kept).isNotEmpty().hasSizeLessThan(60);
    assertThat(kept.get(kept.size() - 1).subject()).startsWith("echo call-59 ");
    assertThat(host.decisionLog().dropped()).isZero();
  }

  @Test
  void aFullDiskDropsAndCountsTheEntryAndChangesNoAnswer() throws IOException {
    Path devFull = Path.of("/dev/full");
    assumeTrue(Files.exists(devFull), "needs /dev/full");
    Path repo = repo("log:\n  decisions: all\n");
    Git.run(repo, "switch", "-q", "-c", "feat/x");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
    Path state = temp.resolve("gk").resolve("state");
    // The log refuses a link in its file's place, so the full device is opened in its stead:
    // every write then fails as on a full disk (ENOSPC from the kernel), until there is room.
    AtomicBoolean diskFull = new AtomicBoolean(true);
    DecisionLog log = DecisionLog.in(state, file -> diskFull.get()
        ? FileChannel.open(devFull, StandardOpenOption.WRITE)
        : DecisionLog.openNoFollow(file));
    Host full = Host.builder()
        .environment(Map.of("HOME", temp.resolve("home").toString(),
            "GROUNDSKEEPER_HOME", temp.resolve("gk").toString()))
        .nanoTime(() -> ticks.addAndGet(1000)).decisionLog(log).build();

    Decision denied = full.handle(command(repo, "git branch -D feat/x")).decision();
    Decision reference = host(temp.resolve("other")).handle(command(repo, "git branch -D feat/x"))
        .decision();
    assertThat(denied.denied()).isTrue();
    assertThat(denied.verdicts()).isEqualTo(reference.verdicts());
    assertThat(full.decisionLog().dropped()).isEqualTo(1);

    // Once the disk has room again, the next entry says how many were lost before it.
    diskFull.set(false);
    full.handle(command(repo, "git status"));
    assertThat(full.decisionLog().read().entries()).singleElement()
        .satisfies(entry -> assertThat(entry.dropped()).isEqualTo(1));
  }

  /** A deny the log must not change: the same verdicts as with a log that works. */
  private void assertRefusedAndAnswerUnchanged(Host refused, Path repo, Path elsewhere)
      throws IOException {
    Git.run(repo, "switch", "-q", "-c", "feat/x");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
    Decision denied = refused.handle(command(repo, "git branch -D feat/x")).decision();
    Decision reference = host(temp.resolve("working")).handle(
        command(repo, "git branch -D feat/x")).decision();
    assertThat(denied.denied()).isTrue();
    assertThat(denied.verdicts()).isEqualTo(reference.verdicts());
    assertThat(refused.decisionLog().dropped()).isEqualTo(1);
    try (var listing = Files.list(elsewhere)) {
      assertThat(listing.toList()).as("nothing written where the link points").isEmpty();
    }
  }

  @Test
  void aLinkedLevelOfTheStateDirectoryIsRefusedWithAClearErrorAndChangesNoAnswer()
      throws IOException {
    Path repo = repo("log:\n  decisions: all\n");
    Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
    Path home = Files.createDirectories(temp.resolve("gk"));
    Files.createSymbolicLink(home.resolve("state"), elsewhere);
    Host host = host(home);

    assertRefusedAndAnswerUnchanged(host, repo, elsewhere);
    assertThat(host.decisionLog().problem()).hasValueSatisfying(problem -> assertThat(problem)
        .contains(home.resolve("state") + " is a symbolic link", "never follows links",
            "GROUNDSKEEPER_HOME"));
    assertThat(host.decisionLog().read().unreadable()).singleElement().asString()
        .contains("is a symbolic link");
  }

  @Test
  void aLinkedGroundskeeperHomeOrDotGroundskeeperIsRefusedToo() throws IOException {
    Path repo = repo("log:\n  decisions: all\n");
    Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
    Path linkedHome = temp.resolve("gk");
    Files.createSymbolicLink(linkedHome, elsewhere);
    assertRefusedAndAnswerUnchanged(host(linkedHome), repo, elsewhere);

    // With only HOME set, ~/.groundskeeper is the log's own level.
    Path home = Files.createDirectories(temp.resolve("home2"));
    Path other = Files.createDirectories(temp.resolve("elsewhere2"));
    Files.createSymbolicLink(home.resolve(".groundskeeper"), other);
    Host onlyHome = Host.builder().environment(Map.of("HOME", home.toString())).build();
    Decision decision = onlyHome.handle(command(repo, "git status")).decision();
    assertThat(decision.denied()).isFalse();
    assertThat(onlyHome.decisionLog().dropped()).isEqualTo(1);
    assertThat(onlyHome.decisionLog().problem()).hasValueSatisfying(problem ->
        assertThat(problem).contains(home.resolve(".groundskeeper") + " is a symbolic link"));
    try (var listing = Files.list(other)) {
      assertThat(listing.toList()).isEmpty();
    }
  }

  @Test
  void aLinkedLogFileIsRefusedAndItsTargetUntouched() throws IOException {
    Path repo = repo("log:\n  decisions: all\n");
    Path state = Files.createDirectories(temp.resolve("gk").resolve("state"));
    Path target = Files.writeString(temp.resolve("profile"), "export PATH=/usr/bin\n");
    Files.createSymbolicLink(state.resolve(DecisionLog.FILE_NAME), target);
    Host host = host(temp.resolve("gk"));

    host.handle(command(repo, "git status"));

    assertThat(Files.readString(target)).isEqualTo("export PATH=/usr/bin\n");
    assertThat(host.decisionLog().dropped()).isEqualTo(1);
    assertThat(host.decisionLog().problem()).hasValueSatisfying(problem ->
        assertThat(problem).contains("is a symbolic link"));
  }

  @Test
  void aStateDirectoryOthersCanWriteIsRefusedAsTheWorktreeStoreRefusesIt() throws IOException {
    Path repo = repo("log:\n  decisions: all\n");
    Path home = Files.createDirectories(temp.resolve("gk"));
    Path state = Files.createDirectories(home.resolve("state"));
    Files.setPosixFilePermissions(state, java.nio.file.attribute.PosixFilePermissions.fromString(
        "rwxrwxrwx"));
    Host host = host(home);

    host.handle(command(repo, "git status"));

    // Anyone could swap the log file for a link to a place of their choosing.
    assertThat(host.decisionLog().dropped()).isEqualTo(1);
    assertThat(host.decisionLog().problem()).hasValueSatisfying(problem ->
        assertThat(problem).contains(state + " can be written by group or others",
            "chmod go-w"));
    assertThat(state.resolve(DecisionLog.FILE_NAME)).doesNotExist();
  }

  @Test
  void aFileWhereTheStateDirectoryShouldBeIsRefused() throws IOException {
    Path repo = repo("log:\n  decisions: all\n");
    Path home = Files.createDirectories(temp.resolve("gk"));
    Files.writeString(home.resolve("state"), "not a directory");
    Host host = host(home);

    host.handle(command(repo, "git status"));

    assertThat(host.decisionLog().dropped()).isEqualTo(1);
    assertThat(host.decisionLog().problem()).hasValueSatisfying(problem ->
        assertThat(problem).contains(home.resolve("state") + " is not a directory"));
    // A later entry that is written clears the problem.
    Files.delete(home.resolve("state"));
    host.handle(command(repo, "git status"));
    assertThat(host.decisionLog().problem()).isEmpty();
  }

  @Test
  void aReadOnlyPlaceDropsAndCountsTheEntryAndChangesNoAnswer() throws IOException {
    Path repo = repo("log:\n  decisions: all\n");
    // /proc is read-only for every user, root included.
    assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs /proc");
    // Its real path: /proc/self itself is a link, which the log refuses before trying to write.
    Host readOnly = host(Path.of("/proc/self").toRealPath());
    Decision decision = readOnly.handle(command(repo, "git status")).decision();
    assertThat(decision.verdicts())
        .isEqualTo(host(temp.resolve("gk")).handle(command(repo, "git status"))
            .decision().verdicts());
    assertThat(readOnly.decisionLog().dropped()).isEqualTo(1);
  }

  @Test
  void aDirectoryWithoutWritePermissionDropsTheEntry() throws IOException {
    Path state = temp.resolve("gk").resolve("state");
    Files.createDirectories(state);
    assumeTrue(state.toFile().setWritable(false, false) && !Files.isWritable(state),
        "the account can write a read-only directory (root)");
    try {
      Path repo = repo("log:\n  decisions: all\n");
      Host host = host(temp.resolve("gk"));
      host.handle(command(repo, "git status"));
      assertThat(host.decisionLog().dropped()).isEqualTo(1);
    } finally {
      state.toFile().setWritable(true, true);
    }
  }

  @Test
  void theLogIsNeverWrittenInsideTheRepository() throws IOException {
    Path repo = repo("log:\n  decisions: all\n");
    Host host = host(repo.resolve(".gk"));
    host.handle(command(repo, "git status"));
    assertThat(repo.resolve(".gk")).doesNotExist();
    assertThat(host.decisionLog().dropped()).isEqualTo(1);
    assertThat(Git.run(repo, "status", "--porcelain", "--untracked-files=all"))
        .doesNotContain(".gk");
  }

  @Test
  void theStateDirectoryFollowsGroundskeeperHomeThenXdgStateHomeThenHome() {
    assertThat(DecisionLog.directory(Map.of("GROUNDSKEEPER_HOME", "/g", "XDG_STATE_HOME", "/x",
        "HOME", "/h"))).contains(Path.of("/g/state"));
    assertThat(DecisionLog.directory(Map.of("XDG_STATE_HOME", "/x", "HOME", "/h")))
        .contains(Path.of("/x/groundskeeper"));
    assertThat(DecisionLog.directory(Map.of("HOME", "/h")))
        .contains(Path.of("/h/.groundskeeper/state"));
    assertThat(DecisionLog.directory(Map.of("XDG_STATE_HOME", "relative"))).isEmpty();
    DecisionLog nowhere = DecisionLog.forEnvironment(Map.of());
    assertThat(nowhere.file()).isEmpty();
    assertThat(nowhere.read().unreadable()).singleElement().asString().contains("no place");
  }

  @Test
  void aDamagedLineIsReportedByNumberAndTheRestIsRead() throws IOException {
    Path repo = repo("log:\n  decisions: all\n");
    Path home = temp.resolve("gk");
    Host host = host(home);
    host.handle(command(repo, "git status"));
    Files.writeString(home.resolve("state").resolve(DecisionLog.FILE_NAME), "{not json\n",
        java.nio.file.StandardOpenOption.APPEND);
    host.handle(command(repo, "git log"));
    DecisionLog.Listing listing = host.decisionLog().read();
    assertThat(listing.entries()).hasSize(2);
    assertThat(listing.unreadable()).singleElement().asString()
        .startsWith("decisions.log line 2: not a log entry");
  }

  @Test
  void statisticsCountOutcomesAndTakeNearestRankPercentiles() {
    List<DecisionLog.Entry> entries = new java.util.ArrayList<>();
    for (int i = 1; i <= 100; i++) {
      String outcome = i <= 10 ? "deny" : i <= 30 ? "advise" : "allow";
      entries.add(new DecisionLog.Entry(java.time.Instant.EPOCH, "r", "command", "c", "s", "",
          outcome, List.of(new DecisionLog.RuleEntry("a.b", "block", outcome, outcome, i * 10L)),
          i * 100L, i == 50 ? 2 : 0));
    }
    DecisionStats stats = DecisionStats.of(entries);
    assertThat(stats.calls()).isEqualTo(new DecisionStats.Row("(whole calls)", 100, 10, 20,
        5000, 9500, 9900));
    assertThat(stats.rules()).containsExactly(new DecisionStats.Row("a.b", 100, 10, 20, 500, 950,
        990));
    assertThat(stats.dropped()).isEqualTo(2);
    assertThat(DecisionStats.percentile(List.of(), 50)).isEqualTo(-1);
    assertThat(DecisionStats.percentile(List.of(7L), 99)).isEqualTo(7);
  }
}
