package dev.groundskeeper.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fresh clone of a team's repository, made the way real ones come about (issue 16): a bare
 * origin holding {@code main} and the colleagues' pushed branches, cloned; then, in the clone,
 * local branches as {@code git checkout <remote branch>} leaves them, the clone's own unpushed
 * branches, {@code git branch x <commit>}, {@code update-ref} without a reflog message, a
 * fast-forward-merged branch whose reflog expired, and a branch cut here at the default's tip and
 * never committed to.
 *
 * <p>At scale 1 there are 340 generated branches plus {@code main}: 120 merged with a merge commit,
 * 60 squash-merged, 60 live and pushed, 40 unpushed, 30 old and pushed (a colleague's, idle 45
 * days), 30 old and local (this clone's). It is fast to build: one {@code git fast-import}, one
 * push, one clone, one fetch and one {@code update-ref --stdin}, whatever the scale; never a
 * process per branch.
 */
public final class TeamClone {

  public static final long NOW = 1_760_000_000L;
  public static final long DAY = 86_400L;
  /** The clone's configured identity (TestRepo commits as it too). */
  static final String ME = "Test <test@example.invalid>";
  static final String COLLEAGUE = "Colleague <colleague@example.invalid>";

  /** Kinds and their counts at scale 1, in generation order. */
  static final Map<String, Integer> KINDS = kinds();

  final TestRepo origin;
  final TestRepo clone;
  /** Every generated branch by name, with its kind ({@code merged}, {@code old/local}, ...). */
  final Map<String, String> kinds = new LinkedHashMap<>();
  /** The generated branches the clone also has as local branches made by checkout. */
  final List<String> checkedOut = new ArrayList<>();
  final int scale;

  private TeamClone(TestRepo origin, TestRepo clone, int scale) {
    this.origin = origin;
    this.clone = clone;
    this.scale = scale;
  }

  private static Map<String, Integer> kinds() {
    Map<String, Integer> kinds = new LinkedHashMap<>();
    kinds.put("merged", 120);
    kinds.put("squashed", 60);
    kinds.put("live", 60);
    kinds.put("unpushed", 40);
    kinds.put("old/pushed", 30);
    kinds.put("old/local", 30);
    return kinds;
  }

  /** The scale the build asks for ({@code -Pslow} raises it). */
  public static int configuredScale() {
    return Math.max(1, Integer.getInteger("groundskeeper.fixture.scale", 1));
  }

  public static boolean local(String kind) {
    return kind.equals("unpushed") || kind.equals("old/local");
  }

  /** The clone's working directory. */
  public Path cloneDirectory() {
    return clone.dir;
  }

  /** Every generated branch by name, with its kind ({@code merged}, {@code old/pushed}, ...). */
  public Map<String, String> kindsByName() {
    return java.util.Collections.unmodifiableMap(kinds);
  }

  /** Runs git in the clone with the fixture's environment (its identity, no user config). */
  public String inClone(String... args) throws IOException {
    return clone.git(args);
  }

  public static TeamClone build(Path parent, int scale) throws IOException {
    TestRepo gen = TestRepo.init(parent, "gen");
    TestRepo originRepo = gen.at(parent.resolve("origin.git"));
    Files.createDirectories(originRepo.dir);
    originRepo.git("init", "-q", "--bare", "-b", "main");
    TestRepo cloneRepo = gen.at(parent.resolve("clone"));
    TeamClone team = new TeamClone(originRepo, cloneRepo, scale);

    StringBuilder in = new StringBuilder();
    int[] mark = {0};
    long t = NOW - 120 * DAY;
    String main = null;
    for (int i = 0; i < 60; i++) {
      t += 600;
      main = team.commit(in, mark, "refs/heads/main", t, COLLEAGUE, "main " + i, main, null,
          List.of("src/f" + (i % 20) + ".txt"), "main " + i);
    }
    t = NOW - 90 * DAY;
    for (Map.Entry<String, Integer> kind : KINDS.entrySet()) {
      String k = kind.getKey();
      if (k.equals("live")) {
        t = Math.max(t, NOW - 5 * DAY);
      }
      for (int j = 0; j < kind.getValue() * scale; j++) {
        String name = k + "-" + j;
        team.kinds.put(name, k);
        t += 600;
        String who = local(k) ? ME : COLLEAGUE;
        long when = k.startsWith("old/") ? NOW - 45 * DAY - 3600L * j : t;
        String ref = (local(k) ? "refs/local/" : "refs/heads/") + name;
        int commits = 1 + j % 3;
        String tip = main;
        List<String> files = new ArrayList<>();
        for (int c = 0; c < commits; c++) {
          String file = "work/" + name + "/f" + c + ".txt";
          files.add(file);
          tip = team.commit(in, mark, ref, when + c, who, name + ": change " + c, tip, null, List.of(file), name);
        }
        if (k.equals("merged")) {
          main = team.commit(in, mark, "refs/heads/main", t + 300, COLLEAGUE, "Merge branch '" + name + "'",
              main, tip, files, name);
        } else if (k.equals("squashed")) {
          main = team.commit(in, mark, "refs/heads/main", t + 300, COLLEAGUE, name + " (#" + j + ")", main,
              null, files, name);
        } else if (j % 4 == 0) {
          t += 60;
          main = team.commit(in, mark, "refs/heads/main", t, COLLEAGUE, "main after " + name, main, null,
              List.of("src/f" + (j % 20) + ".txt"), "after " + name);
        }
      }
    }
    in.append("reset refs/heads/main\nfrom ").append(main).append("\n\n");
    gen.gitBytes(in.toString().getBytes(StandardCharsets.UTF_8), "fast-import", "--quiet");
    gen.git("push", "-q", originRepo.dir.toString(), "refs/heads/*:refs/heads/*");

    gen.git("clone", "-q", originRepo.dir.toString(), cloneRepo.dir.toString());
    cloneRepo.git("config", "gc.auto", "0");
    cloneRepo.git("config", "user.name", "Test");
    cloneRepo.git("config", "user.email", "test@example.invalid");
    cloneRepo.git("fetch", "-q", gen.dir.toString(), "refs/local/*:refs/heads/*");
    // Local copies of every third pushed branch, as `git checkout <remote branch>` leaves them: a
    // reflog whose creation entry names the remote-tracking branch, and an upstream.
    StringBuilder lines = new StringBuilder();
    StringBuilder config = new StringBuilder();
    for (Map.Entry<String, String> b : team.kinds.entrySet()) {
      String n = b.getKey();
      int j = Integer.parseInt(n.substring(n.lastIndexOf('-') + 1));
      if (!local(b.getValue()) && j % 3 == 0) {
        team.checkedOut.add(n);
        lines.append("create refs/heads/").append(n).append(" refs/remotes/origin/").append(n).append('\n');
        config.append("[branch \"").append(n).append("\"]\n\tremote = origin\n\tmerge = refs/heads/")
            .append(n).append('\n');
      }
    }
    cloneRepo.gitBytes(lines.toString().getBytes(StandardCharsets.UTF_8), "update-ref", "--create-reflog",
        "-m", "branch: Created from refs/remotes/origin/checkout", "--stdin");
    Files.writeString(cloneRepo.dir.resolve(".git/config"), config.toString(),
        java.nio.file.StandardOpenOption.APPEND);
    // The few made by real commands, one each.
    cloneRepo.git("checkout", "-q", "merged-1");
    cloneRepo.git("checkout", "-q", "main");
    team.checkedOut.add("merged-1");
    cloneRepo.git("branch", "fresh-here"); // cut at the default's tip, never committed to
    cloneRepo.git("branch", "from-commit", cloneRepo.rev("origin/merged-4"));
    cloneRepo.git("update-ref", "refs/heads/by-update-ref", cloneRepo.rev("origin/merged-7"));
    // This clone's own work, fast-forward-merged into its main, whose reflog has since expired.
    cloneRepo.clockAt(NOW - DAY);
    cloneRepo.git("switch", "-q", "-c", "mine-ff");
    cloneRepo.commit("mine/ff.txt", "mine\n", "mine-ff: work");
    cloneRepo.git("switch", "-q", "main");
    cloneRepo.git("merge", "-q", "--ff-only", "mine-ff");
    cloneRepo.git("reflog", "expire", "--expire=now", "refs/heads/mine-ff");
    return team;
  }

  /** Appends one fast-import commit; returns its mark. */
  private String commit(StringBuilder in, int[] mark, String ref, long when, String who, String message,
      String parent, String merge, List<String> files, String content) {
    mark[0]++;
    in.append("commit ").append(ref).append("\nmark :").append(mark[0]).append('\n');
    in.append("author ").append(who).append(' ').append(when).append(" +0000\n");
    in.append("committer ").append(who).append(' ').append(when).append(" +0000\n");
    data(in, message);
    if (parent != null) {
      in.append("from ").append(parent).append('\n');
    }
    if (merge != null) {
      in.append("merge ").append(merge).append('\n');
    }
    for (String file : files) {
      in.append("M 100644 inline ").append(file).append('\n');
      data(in, content + " " + file + "\n");
    }
    in.append('\n');
    return ":" + mark[0];
  }

  private static void data(StringBuilder in, String text) {
    in.append("data ").append(text.getBytes(StandardCharsets.UTF_8).length).append('\n').append(text).append('\n');
  }
}
