package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential: the line counts computed in process ({@link LineCounts}) equal what {@code git
 * diff --numstat -z HEAD} prints for the same paths, run as the module runs git (same
 * environment), on real repositories; and the paths the counts had to ask git about are only
 * those it cannot count as git does.
 */
class LineCountsTest {

  @TempDir Path temp;

  /** Counts the tracked changes of {@code repo} and checks them against git's numstat. */
  private static LineCounts.Result assertSameAsNumstat(TestRepo repo) throws IOException {
    GitRepositories.clear();
    GitRepository opened = GitRepositories.forDirectory(repo.dir).orElseThrow();
    Path top = opened.location().workTree().orElseThrow();
    BoundedProcess.Result status = GitCli.run(top, GitCli.READ_TIMEOUT,
        List.of("status", "--porcelain=v2", "-z", "--untracked-files=no"));
    assertThat(status.ok()).isTrue();
    List<StatusV2.Entry> entries = StatusV2.parse(status.stdout()).entries();
    assertThat(entries).isNotEmpty();
    LineCounts.Result counted = LineCounts.count(opened, top, entries);
    Map<String, int[]> git = LineCounts.numstat(top, List.of());
    Map<String, String> expected = new TreeMap<>();
    Map<String, String> actual = new TreeMap<>();
    for (StatusV2.Entry entry : entries) {
      expected.put(entry.path(), shown(git.get(entry.path())));
      actual.put(entry.path(), shown(counted.counts().get(entry.path())));
    }
    assertThat(actual).as("counts against git diff --numstat HEAD").isEqualTo(expected);
    return counted;
  }

  private static String shown(int[] count) {
    return count == null ? "(not printed)" : Arrays.toString(count);
  }

  private static TestRepo repo(Path temp) throws IOException {
    return TestRepo.init(temp, "work");
  }

  private static String numbered(int from, int to) {
    StringBuilder text = new StringBuilder();
    for (int i = from; i < to; i++) {
      text.append("line ").append(i).append('\n');
    }
    return text.toString();
  }

  @Test
  void modificationsAreCountedInProcessAsGitCountsThem() throws IOException {
    TestRepo repo = repo(temp);
    byte[] binary = new byte[64];
    binary[10] = 0;
    binary[11] = 7;
    byte[] lateNul = new byte[9000];
    Arrays.fill(lateNul, (byte) 'a');
    lateNul[100] = '\n';
    lateNul[8500] = 0;
    repo.write("both.txt", "one\ntwo\nthree\n")
        .write("reverted.txt", "keep\n")
        .write("staged-only.txt", "a\nb\nc\n")
        .write("bin.dat", binary)
        .write("late-nul.txt", lateNul)
        .write("crlf.txt", "x\ny\nz\n")
        .write("no-newline.txt", "a\nb\n")
        .write("loses-newline.txt", "a\nb\n")
        .write("mode.sh", "echo hi\n")
        .write("type-change", "was a file\n")
        .write("empty", "")
        .write("to-empty", "gone\nsoon\n")
        .write("code.java", code(false))
        .write("rewrite.txt", numbered(0, 3000));
    Files.createSymbolicLink(repo.dir.resolve("link"), Path.of("both.txt"));
    repo.commitAll("start");

    repo.write("both.txt", "one\nTWO\nthree\n");
    repo.git("add", "both.txt");
    repo.write("both.txt", "one\nTWO\nthree\nfour\n");
    repo.write("reverted.txt", "changed\n");
    repo.git("add", "reverted.txt");
    repo.write("reverted.txt", "keep\n");
    repo.write("staged-only.txt", "a\nB\nc\nd\n");
    repo.git("add", "staged-only.txt");
    binary[20] = 9;
    repo.write("bin.dat", binary);
    lateNul[5] = 'b';
    repo.write("late-nul.txt", lateNul);
    repo.write("crlf.txt", "x\r\ny\r\nz\n");
    repo.write("no-newline.txt", "a\nb\nc");
    repo.write("loses-newline.txt", "a\nb");
    Files.setPosixFilePermissions(repo.dir.resolve("mode.sh"),
        PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.delete(repo.dir.resolve("type-change"));
    Files.createSymbolicLink(repo.dir.resolve("type-change"), Path.of("mode.sh"));
    repo.write("empty", "now\nsomething\n");
    repo.write("to-empty", "");
    repo.write("code.java", code(true));
    Files.delete(repo.dir.resolve("link"));
    Files.createSymbolicLink(repo.dir.resolve("link"), Path.of("crlf.txt"));
    // three thousand lines in reverse order: a search past git's heuristic threshold, where
    // git's diff is not a shortest one
    StringBuilder rewrite = new StringBuilder();
    for (int i = 2999; i >= 0; i--) {
      rewrite.append("line ").append(i).append('\n');
    }
    repo.write("rewrite.txt", rewrite.toString());

    LineCounts.Result counted = assertSameAsNumstat(repo);
    assertThat(counted.fromGit()).isEmpty();
    assertThat(counted.counts()).doesNotContainKey("reverted.txt"); // git prints nothing for it
  }

  /** Code with repeated lines (braces, blank lines), so that xdiff leaves some out. */
  private static String code(boolean changed) {
    StringBuilder text = new StringBuilder();
    for (int m = 0; m < 40; m++) {
      text.append("  void method").append(m).append("() {\n");
      if (changed && m % 3 == 0) {
        text.append("    if (ready) {\n\n      go(").append(m).append(");\n    }\n\n");
      } else {
        text.append("    call(").append(m).append(");\n\n");
      }
      text.append("  }\n\n");
    }
    return text.toString();
  }

  @Test
  void deletionsAndAdditionsAloneAreCountedInProcess() throws IOException {
    TestRepo repo = repo(temp);
    repo.write("gone.txt", "a\nb\n").write("removed.txt", "c\n").write("uncached.txt", "d\ne\n")
        .write("kept.txt", "k\n");
    repo.commitAll("start");
    Files.delete(repo.dir.resolve("gone.txt"));
    repo.git("rm", "-q", "removed.txt");
    repo.git("rm", "-q", "--cached", "uncached.txt");
    LineCounts.Result deletions = assertSameAsNumstat(repo);
    assertThat(deletions.fromGit()).isEmpty();

    repo.git("reset", "-q", "--hard");
    repo.write("intent.txt", "i\nj\n");
    repo.git("add", "-N", "intent.txt");
    repo.write("added.txt", "x\ny\nz\n");
    repo.git("add", "added.txt");
    repo.write("added-then-changed.txt", "1\n");
    repo.git("add", "added-then-changed.txt");
    repo.write("added-then-changed.txt", "1\n2\n");
    repo.write("added-then-gone.txt", "g\n");
    repo.git("add", "added-then-gone.txt");
    Files.delete(repo.dir.resolve("added-then-gone.txt"));
    LineCounts.Result additions = assertSameAsNumstat(repo);
    assertThat(additions.fromGit()).isEmpty();
  }

  @Test
  void renamesAndAdditionsBesideDeletionsAreGitsToPair() throws IOException {
    TestRepo repo = repo(temp);
    repo.write("old.txt", numbered(0, 20)).write("unstaged-old.txt", numbered(100, 110))
        .write("edited.txt", "e\n");
    repo.commitAll("start");
    repo.git("mv", "old.txt", "new.txt");
    repo.write("new.txt", numbered(0, 21));
    // a deletion and an intent-to-add of the same content: git pairs them as a rename
    Files.delete(repo.dir.resolve("unstaged-old.txt"));
    repo.write("unstaged-new.txt", numbered(100, 110));
    repo.git("add", "-N", "unstaged-new.txt");
    repo.write("edited.txt", "e\nf\n");
    LineCounts.Result counted = assertSameAsNumstat(repo);
    assertThat(counted.fromGit()).contains("new.txt", "unstaged-new.txt", "unstaged-old.txt")
        .doesNotContain("edited.txt");
  }

  @Test
  void pathsUnderAttributesAreGitsToCount() throws IOException {
    TestRepo repo = repo(temp);
    repo.write(".gitattributes", "*.txt text eol=lf\n").write("sub/a.txt", "a\nb\n")
        .write("sub/b.bin", "x\n");
    repo.commitAll("start");
    repo.write("sub/a.txt", "a\r\nb\r\nc\r\n");
    repo.write("sub/b.bin", "y\n");
    LineCounts.Result counted = assertSameAsNumstat(repo);
    assertThat(counted.fromGit()).contains("sub/a.txt", "sub/b.bin");
  }

  @Test
  void endOfLineConversionInTheConfigurationLeavesEveryPathToGit() throws IOException {
    TestRepo repo = repo(temp);
    repo.write("a.txt", "a\nb\n");
    repo.commitAll("start");
    repo.git("config", "core.autocrlf", "input");
    repo.write("a.txt", "a\r\nb\r\nc\r\n");
    LineCounts.Result counted = assertSameAsNumstat(repo);
    assertThat(counted.fromGit()).containsExactly("a.txt");
  }

  @Test
  void beforeTheFirstCommitEveryPathIsNew() throws IOException {
    TestRepo repo = repo(temp);
    repo.write("a.txt", "a\nb\n").write("b.txt", "c");
    repo.git("add", "-A");
    repo.write("b.txt", "c\nd\n");
    LineCounts.Result counted = assertSameAsNumstat(repo);
    assertThat(counted.fromGit()).isEmpty();
  }

  @Test
  void submodulesAreGitsToCount() throws IOException {
    TestRepo sub = TestRepo.init(temp, "sub");
    sub.commit("s.txt", "s\n", "sub start");
    TestRepo repo = repo(temp);
    repo.commit("a.txt", "a\n", "start");
    repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q",
        sub.dir.toString(), "sub");
    repo.commitAll("with sub");
    TestRepo inner = repo.at(repo.dir.resolve("sub"));
    inner.commit("s.txt", "s\nt\n", "moved on");
    repo.write("a.txt", "a\nb\n");
    LineCounts.Result counted = assertSameAsNumstat(repo);
    assertThat(counted.fromGit()).containsExactly("sub");
  }

  /**
   * Generated pairs of files built from few distinct lines (braces, blank lines, repeated
   * statements), so that xdiff's leaving-out of many-matched lines decides the counts, each
   * edited by random deletions, insertions and replacements; every round one repository.
   */
  @Test
  void generatedEditsCountAsGitCountsThem() throws IOException {
    int rounds = 4 * Integer.getInteger("groundskeeper.fixture.scale", 1);
    long seed = Long.getLong("groundskeeper.linecounts.seed", 20261203L);
    Random random = new Random(seed);
    int inProcess = 0;
    int files = 0;
    for (int round = 0; round < rounds; round++) {
      TestRepo repo = TestRepo.init(temp, "gen" + round);
      List<List<String>> olds = new ArrayList<>();
      for (int f = 0; f < 40; f++) {
        int[] sizes = {12, 40, 120, 300};
        List<String> lines = generated(random, sizes[random.nextInt(sizes.length)]);
        olds.add(lines);
        repo.write("f" + f + ".txt", joined(lines, random.nextInt(6) != 0));
      }
      repo.commitAll("start");
      for (int f = 0; f < olds.size(); f++) {
        repo.write("f" + f + ".txt", joined(edited(random, olds.get(f)), random.nextInt(6) != 0));
      }
      LineCounts.Result counted = assertSameAsNumstat(repo);
      files += olds.size();
      inProcess += olds.size() - counted.fromGit().size();
    }
    assertThat(inProcess).as("files counted in process (seed %d)", seed)
        .isGreaterThan(files * 3 / 4);
  }

  private static final String[] COMMON = {"", "}", "{", "  }", "    return x;", "x++;",
      "// note", "else {"};

  private static List<String> generated(Random random, int size) {
    List<String> lines = new ArrayList<>();
    int count = random.nextInt(size + 1);
    for (int i = 0; i < count; i++) {
      lines.add(line(random));
    }
    return lines;
  }

  /** A third unique lines, a third blank lines and closing braces, a third other repeats. */
  private static String line(Random random) {
    return switch (random.nextInt(3)) {
      case 0 -> "unique " + random.nextInt(1_000_000);
      case 1 -> COMMON[random.nextInt(2)];
      default -> COMMON[random.nextInt(COMMON.length)];
    };
  }

  /**
   * What an edit writes: mostly new lines, with repeated ones among them (the lines xdiff may
   * leave out when they sit inside a run of new ones).
   */
  private static String written(Random random) {
    return random.nextInt(4) != 0 ? "new " + random.nextInt(1_000_000) : line(random);
  }

  private static List<String> edited(Random random, List<String> old) {
    List<String> lines = new ArrayList<>(old);
    int edits = random.nextInt(8);
    for (int e = 0; e < edits; e++) {
      int at = lines.isEmpty() ? 0 : random.nextInt(lines.size() + 1);
      int run = 1 + random.nextInt(12);
      switch (random.nextInt(3)) {
        case 0 -> {
          for (int i = 0; i < run && at < lines.size(); i++) {
            lines.remove(at);
          }
        }
        case 1 -> {
          for (int i = 0; i < run; i++) {
            lines.add(at, written(random));
          }
        }
        default -> {
          for (int i = 0; i < run && at + i < lines.size(); i++) {
            lines.set(at + i, written(random));
          }
        }
      }
    }
    return lines;
  }

  private static byte[] joined(List<String> lines, boolean lastNewline) {
    String text = String.join("\n", lines);
    if (!lines.isEmpty() && lastNewline) {
      text += "\n";
    }
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
