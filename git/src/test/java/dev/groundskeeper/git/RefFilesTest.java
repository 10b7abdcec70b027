package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lean ref reader against JGit's ref database, on every shape the files backend takes. */
class RefFilesTest {

  @TempDir
  Path temp;

  @Test
  void readsWhatJGitReadsFromPackedAndLooseRefs() throws IOException {
    TestRepo repo = TestRepo.init(temp, "refs");
    String first = repo.commit("a.txt", "a\n", "first");
    repo.git("branch", "packed-only");
    repo.git("branch", "feature/deep/name");
    repo.git("branch", "overridden");
    repo.git("tag", "light");
    repo.git("tag", "-a", "annotated", "-m", "an annotated tag");
    repo.git("update-ref", "refs/remotes/origin/main", "HEAD");
    repo.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main");
    repo.git("pack-refs", "--all", "--prune");
    String second = repo.commit("a.txt", "b\n", "second");
    repo.git("update-ref", "refs/heads/overridden", second); // loose now shadows the packed value
    repo.git("branch", "loose-only");
    repo.git("branch", "feature/loose");
    repo.git("update-ref", "refs/remotes/origin/loose", first);
    repo.git("branch", "deleted-from-pack", first);
    repo.git("pack-refs", "--all", "--prune");
    repo.git("branch", "-D", "deleted-from-pack");
    repo.git("notes", "add", "-m", "a note"); // refs/notes is not read

    RefSnapshot lean = RefFiles.read(repo.dir.resolve(".git")).orElseThrow();

    assertThat(lean.all()).isEqualTo(jgit(repo.dir).all());
    assertThat(lean.fingerprint()).isEqualTo(jgit(repo.dir).fingerprint());
    assertThat(lean.get("refs/heads/overridden")).contains(org.eclipse.jgit.lib.ObjectId.fromString(second));
    assertThat(lean.get("refs/heads/deleted-from-pack")).isEmpty();
    assertThat(lean.symbolicTarget("refs/remotes/origin/HEAD")).contains("refs/remotes/origin/main");
    assertThat(lean.all()).containsKeys("refs/heads/feature/deep/name", "refs/heads/feature/loose",
        "refs/tags/light", "refs/tags/annotated", "refs/heads/packed-only", "refs/heads/loose-only");
    assertThat(lean.all().keySet()).noneMatch(name -> name.startsWith("refs/notes/"));
  }

  /**
   * Ref names as their bytes spell them (RawText), whatever the locale: one that is not UTF-8
   * (a raw 0x9B byte, which git accepts), one that is (é, and U+009B written as UTF-8), loose and
   * packed. Java's own decoding would turn the first into U+FFFD, and in the C locale all three.
   */
  @Test
  void namesAreTheirBytesInAnyLocale() throws Exception {
    TestRepo repo = TestRepo.init(temp, "names");
    String tip = repo.commit("a.txt", "a\n", "first");
    String script = "git update-ref \"$(printf 'refs/heads/raw/\\233x')\" " + tip
        + " && git update-ref \"$(printf 'refs/heads/packed/\\377')\" " + tip
        + " && git update-ref \"$(printf 'refs/heads/c1/\\302\\233')\" " + tip
        + " && git pack-refs --all"
        + " && git update-ref \"$(printf 'refs/heads/loose/\\303\\251-work')\" " + tip
        + " && git update-ref \"$(printf 'refs/heads/dir/\\351/x')\" " + tip;
    Process shell = new ProcessBuilder("sh", "-c", script).directory(repo.dir.toFile())
        .redirectErrorStream(true).start();
    String shellOut = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(shell.waitFor()).as(shellOut).isZero();
    java.util.List<String> expected = java.util.List.of("refs/heads/c1/\u009b",
        "refs/heads/dir/\udce9/x", "refs/heads/loose/\u00e9-work", "refs/heads/main",
        "refs/heads/packed/\udcff", "refs/heads/raw/\udc9bx");

    assertThat(RefFiles.read(repo.dir.resolve(".git")).orElseThrow().all().keySet())
        .containsExactlyInAnyOrderElementsOf(expected);

    // the same in a JVM of the C locale, where Java decodes no byte past ASCII
    ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin",
        "java").toString(), "-cp", System.getProperty("java.class.path"), NamesProbe.class.getName(),
        repo.dir.resolve(".git").toString()).redirectErrorStream(true);
    builder.environment().keySet().removeIf(name -> name.startsWith("LC_") || name.equals("LANG"));
    builder.environment().put("LC_ALL", "C");
    Process probe = builder.start();
    probe.getOutputStream().close();
    String out = new String(probe.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
    assertThat(probe.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    assertThat(out.lines().filter(line -> line.startsWith("refs/")).toList()).as(out)
        .containsExactlyInAnyOrderElementsOf(expected.stream().map(RefFilesTest::codePoints)
            .toList());
    assertThat(out).contains("sun.jnu.encoding=ANSI_X3.4-1968");
  }

  /** The name with every character past ASCII as its code point: a probe's output is ASCII. */
  static String codePoints(String name) {
    StringBuilder out = new StringBuilder();
    name.chars().forEach(c -> out.append(c < 0x80 ? String.valueOf((char) c)
        : String.format("<%04x>", c)));
    return out.toString();
  }

  /** Run in the fresh JVM: the ref names RefFiles reads, as code points. */
  static final class NamesProbe {
    public static void main(String[] args) throws IOException {
      System.out.println("sun.jnu.encoding=" + System.getProperty("sun.jnu.encoding"));
      for (String name : RefFiles.read(Path.of(args[0])).orElseThrow().all().keySet()) {
        System.out.println(codePoints(name));
      }
    }
  }

  @Test
  void skipsLockFilesAndBrokenRefsAsGitDoes() throws IOException {
    TestRepo repo = TestRepo.init(temp, "broken");
    String tip = repo.commit("a.txt", "a\n", "first");
    Path heads = repo.dir.resolve(".git/refs/heads");
    Files.writeString(heads.resolve("in-flight.lock"), tip + "\n");
    Files.writeString(heads.resolve("garbage"), "not an object id\n");

    RefSnapshot lean = RefFiles.read(repo.dir.resolve(".git")).orElseThrow();

    assertThat(lean.all().keySet()).containsExactly("refs/heads/main");
  }

  @Test
  void aLinkedWorktreeReadsTheSharedRefs() throws IOException {
    TestRepo repo = TestRepo.init(temp, "main-checkout");
    repo.commit("a.txt", "a\n", "first");
    Path linked = temp.resolve("linked");
    repo.git("worktree", "add", "-q", "-b", "lane", linked.toString());

    GitRepository opened = GitRepositories.forDirectory(linked).orElseThrow();

    assertThat(opened.commonDir()).isEqualTo(repo.dir.resolve(".git").toRealPath());
    assertThat(opened.refs().all()).containsKeys("refs/heads/main", "refs/heads/lane");
    assertThat(opened.refs().all()).isEqualTo(jgit(repo.dir).all());
  }

  @Test
  void aReftableIsLeftToJGit() throws IOException {
    TestRepo repo = TestRepo.init(temp, "reftable");
    repo.commit("a.txt", "a\n", "first");
    Files.createDirectories(repo.dir.resolve(".git/reftable"));

    assertThat(RefFiles.read(repo.dir.resolve(".git"))).isEqualTo(Optional.empty());
  }

  @Test
  void aRepositoryWithoutRefsReadsEmpty() throws IOException {
    TestRepo repo = TestRepo.init(temp, "empty");

    assertThat(RefFiles.read(repo.dir.resolve(".git")).orElseThrow().all()).isEmpty();
  }

  private static RefSnapshot jgit(Path dir) throws IOException {
    try (Repository repository = new FileRepositoryBuilder().setGitDir(dir.resolve(".git").toFile())
        .setMustExist(true).build()) {
      return RefFiles.readWithJGit(repository);
    }
  }
}
