package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.ChangeFacts;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.GitFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * changes.delete on real repositories: git clean judged on git's own dry run (checked against a
 * real run in a copy), rm -r and find -delete on directories that hold work, a worktree or .git.
 */
class DeleteRuleTest {

  @TempDir
  Path temp;

  private Repo repo;
  private final DeleteRule rule = new DeleteRule(ChangesConfig.DEFAULTS);
  private int copies;

  @BeforeEach
  void setUp() {
    repo = Repo.create(temp.resolve("r"));
    repo.write(".gitignore", "node_modules/\n*.log\n.env\nsecrets/\n");
    repo.git("add", ".gitignore");
    repo.git("commit", "-q", "-m", "ignore");
  }

  private Set<String> filesOf(Repo r) throws IOException {
    Set<String> files = new TreeSet<>();
    if (!Files.isDirectory(r.work)) {
      return files;
    }
    try (Stream<Path> walk = Files.walk(r.work)) {
      walk.filter(Files::isRegularFile).map(p -> r.work.relativize(p).toString())
          .filter(p -> !p.startsWith(".git/")).forEach(files::add);
    }
    return files;
  }

  private Set<String> deletedBy(String command) throws IOException {
    Repo copy = repo.copyTo(temp.resolve("copy-" + copies++));
    Set<String> before = filesOf(copy);
    copy.sh(command);
    before.removeAll(filesOf(copy));
    return before;
  }

  @Test
  void regenerableFilesMayGo() throws IOException {
    repo.write("node_modules/x/index.js", "x\n");
    repo.write("debug.log", "log\n");
    assertThat(repo.judge(rule, "git clean -fdX -- node_modules").outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(repo.judge(rule, "rm -rf node_modules").outcome()).isEqualTo(Outcome.ALLOW);
    assertThat(repo.judge(rule, "git clean -fd").outcome())
        .as("untracked only: nothing untracked").isEqualTo(Outcome.ALLOW);
    assertThat(deletedBy("git clean -fd")).isEmpty();
  }

  /**
   * The globs are the repository's one regenerable setting, as the host carries it in every
   * event's facts ({@code branches.cleanup_after_merge.regenerable} with {@code
   * scratch.directory}); the changes block has no list of its own.
   */
  @Test
  void theRepositorysOneRegenerableSettingDecidesWhatMayGo() throws IOException {
    repo.write("node_modules/x/index.js", "x\n");
    repo.write("gen/out.txt", "generated\n");
    repo.write("notes/gen/plan.md", "my plan\n");
    Regenerable narrowed = Regenerable.of(List.of("gen/**", "**/gen/**"), "notes/");
    Facts facts = Facts.builder().value(Regenerable.FACT, narrowed).fallback(repo.facts())
        .build();

    Verdict modules = rule.evaluate(command("rm -rf node_modules"), facts);
    Verdict generated = rule.evaluate(command("rm -rf gen"), facts);
    Verdict scratch = rule.evaluate(command("rm -rf notes"), facts);

    assertThat(modules.outcome()).as("a narrowed list no longer covers node_modules")
        .isEqualTo(Outcome.DENY);
    assertThat(modules.reason()).contains("node_modules/");
    assertThat(generated.outcome()).as(generated.message()).isEqualTo(Outcome.ALLOW);
    assertThat(scratch.outcome()).as("the scratch directory is never rebuilt")
        .isEqualTo(Outcome.DENY);
    assertThat(scratch.reason()).contains("notes/gen/plan.md");
    assertThat(repo.judge(rule, "rm -rf node_modules").outcome())
        .as("facts without the setting: the built-in globs").isEqualTo(Outcome.ALLOW);
  }

  private Event.CommandEvent command(String text) {
    return new Event.CommandEvent(EventContext.of("s1", repo.work), text);
  }

  @ParameterizedTest
  @ValueSource(strings = {"git clean -fd", "git clean -f", "git clean -fdx", "git clean -f -d",
      "git clean -fd -- src", "git clean -fd src/new.txt", "rm -rf src", "rm -r src/",
      "find src -delete", "find . -name '*.txt' -delete", "rm -rf ../work", "rm -rf ./*", "rm -rf s*"})
  void anUntrackedFileThatCannotBeRebuiltIsWork(String command) throws IOException {
    repo.write("src/new.txt", "new work\n");
    repo.write("top.txt", "top\n");

    Verdict verdict = repo.judge(rule, command);

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).startsWith("This would delete work that exists nowhere"
        + " else:\n- `" + command + "` in " + repo.work + " would delete ");
    assertThat(deletedBy(command)).as("a run in a copy deletes real work").isNotEmpty();
  }

  @Test
  void cleanJudgesWhatGitsDryRunListsAndARealRunDeletesTheSame() throws IOException {
    repo.write("src/new.txt", "new work\n");
    repo.write("keep.txt", "kept by -e\n");
    repo.write("node_modules/a.js", "a\n");
    repo.write(".env", "SECRET=1\n");
    repo.write("secrets/key", "k\n");
    repo.write("app.log", "log\n");
    var queries = GitFacts.forDirectory(repo.work, RepositorySettings.defaults())
        .get(ChangeFacts.QUERIES);
    List<List<String>> cases = List.of(List.of("-f"), List.of("-f", "-d"),
        List.of("-f", "-d", "-x"), List.of("-f", "-X"), List.of("-f", "-d", "-X"),
        List.of("-f", "-d", "-e", "keep.txt"), List.of("-f", "-x", "-e", "*.log"));
    for (List<String> options : cases) {
      for (List<String> specs : List.of(List.<String>of(), List.of("src"), List.of("*.txt"))) {
        List<String> preview = queries.cleanPreview(repo.work, options, specs);
        List<String> command = new ArrayList<>(List.of("git", "clean", "-q"));
        command.addAll(options);
        command.add("--");
        command.addAll(specs);
        Set<String> deleted = deletedBy(String.join(" ", command.stream()
            .map(dev.groundskeeper.api.shell.ShellQuoting::word).toList()));
        Set<String> expected = new TreeSet<>();
        for (String path : deleted) {
          // a deleted directory is listed once, ending in /
          String listed = preview.stream().filter(p -> p.equals(path)
              || p.endsWith("/") && path.startsWith(p)).findFirst().orElse("missing:" + path);
          expected.add(listed);
        }
        assertThat(new TreeSet<>(preview)).as(options + " " + specs).isEqualTo(expected);
      }
    }
  }

  @Test
  void ignoredFilesThatCannotBeRebuiltCountForX() {
    repo.write(".env", "SECRET=1\n");
    Verdict x = repo.judge(rule, "git clean -fdx");
    assertThat(x.outcome()).isEqualTo(Outcome.DENY);
    assertThat(x.reason()).contains(".env");
    assertThat(repo.judge(rule, "git clean -fdx -e .env").outcome()).isEqualTo(Outcome.ALLOW);
    assertThat(repo.judge(rule, "git clean -fd").outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aModifiedTrackedFileIsWorkForRm() {
    repo.write("sub/c.txt", "changed\n");
    assertThat(repo.judge(rule, "rm -rf sub").outcome()).isEqualTo(Outcome.DENY);
    assertThat(repo.judge(rule, "rm sub/c.txt").outcome()).isEqualTo(Outcome.DENY);
    assertThat(repo.judge(rule, "rm a.txt").outcome()).as("unchanged: HEAD holds it")
        .isEqualTo(Outcome.ALLOW);
    assertThat(repo.judge(rule, "rm -rf sub/other").outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void theRepositorysOwnGitAndALinkedWorktreeAreNeverRemovedLightly() {
    Path linked = temp.resolve("r/linked");
    repo.git("worktree", "add", "-q", "-b", "side", linked.toString());
    assertThat(repo.judge(rule, "rm -rf .git").reason()).contains("the repository's own .git");
    assertThat(repo.judge(rule, "rm -rf " + repo.work).outcome()).isEqualTo(Outcome.DENY);
    Verdict parent = repo.judge(rule, "rm -rf " + linked);
    assertThat(parent.outcome()).as(parent.message()).isEqualTo(Outcome.DENY);
  }

  /**
   * Issue 17: a deletion outside every worktree was not judged, so {@code rm -rf ..} from the
   * repository's top, or {@code rm -rf} of any directory above it, deleted the repository, its
   * .git and its linked worktrees, while {@code rm -rf} of the repository by name was refused.
   */
  @Test
  void aDirectoryHoldingTheRepositoryIsRefusedAsTheRepositoryItselfIs() throws IOException {
    Path linked = repo.work.resolveSibling("wt-side");
    repo.git("worktree", "add", "-q", "-b", "side", linked.toString());
    Files.writeString(linked.resolve("unsaved.txt"), "work\n");
    repo.write("src/new.txt", "new work\n");
    for (String command : new String[] {"rm -rf ..", "rm -rf " + temp, "cd .. && rm -rf .",
        "find .. -delete", "rm -rf ../*", "rm -rf " + temp.getParent(), "rm -rf ../../*"}) {
      Verdict verdict = repo.judge(rule, command);
      assertThat(verdict.outcome()).as(command + ": " + verdict.message())
          .isEqualTo(Outcome.DENY);
      assertThat(verdict.reason()).as(command)
          .contains("the worktree " + repo.work + " with the repository's own .git")
          .contains("the linked worktree " + linked).contains("src/new.txt")
          .contains("unsaved.txt");
    }
    // from the linked worktree, the main one is as much at stake
    Verdict fromLinked = repo.judge(rule, "rm -rf ..", linked);
    assertThat(fromLinked.outcome()).isEqualTo(Outcome.DENY);
    assertThat(fromLinked.reason()).contains("the worktree " + repo.work);
  }

  @Test
  void aGlobIsRefusedForTheWorktreesItMatchesOnly() throws IOException {
    Path linked = repo.work.resolveSibling("wt-side");
    repo.git("worktree", "add", "-q", "-b", "side", linked.toString());
    Verdict matching = repo.judge(rule, "rm -rf ../wt*");
    assertThat(matching.outcome()).as(matching.message()).isEqualTo(Outcome.DENY);
    assertThat(matching.reason()).contains("the linked worktree " + linked)
        .doesNotContain("the worktree " + repo.work + " ");
    for (String command : new String[] {"rm -rf ../w?rk", "rm -rf ../[vw]ork", "rm -rf ../*"}) {
      Verdict verdict = repo.judge(rule, command);
      assertThat(verdict.outcome()).as(command + ": " + verdict.message())
          .isEqualTo(Outcome.DENY);
    }
    // matches inside a worktree count its work, as a glob written inside it does
    repo.write("src/new.txt", "new work\n");
    Verdict inside = repo.judge(rule, "rm -rf ../*/src");
    assertThat(inside.outcome()).as(inside.message()).isEqualTo(Outcome.DENY);
    assertThat(inside.reason()).contains("src/new.txt").doesNotContain("own .git");
    Files.createDirectories(temp.resolve("r/xtmp"));
    // (`rm -rf ../*/nothing` counts all of it, as `rm -rf ./*/nothing` inside does)
    for (String command : new String[] {"rm -rf ../x*", "rm -rf ../other",
        "rm -rf ../wt-s?de/../x*"}) {
      Verdict verdict = repo.judge(rule, command);
      assertThat(verdict.outcome()).as(command + ": " + verdict.message())
          .isIn(Outcome.ALLOW, Outcome.NOT_APPLICABLE);
    }
  }

  @Test
  void aPathThatIsNotUtf8FailsClosedInARepository() throws IOException {
    String raw = "rm -rf $'../wt\\x9b'";
    Verdict verdict = repo.judge(rule, raw);
    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("is not UTF-8").contains("rename it to a UTF-8 name");
    Path plain = Files.createDirectories(temp.resolve("not-a-repository"));
    assertThat(repo.judge(rule, raw, plain).outcome()).isIn(Outcome.ALLOW,
        Outcome.NOT_APPLICABLE);
  }

  @Test
  void theWayOutRunsAsPrintedAndKeepsTheFiles() {
    repo.write("src/new.txt", "new work\n");
    repo.write(".env", "SECRET=1\n");
    Set<String> before = repo.uncommittedContents();
    Verdict verdict = repo.judge(rule, "git clean -fdx");
    String way = verdict.remedy().orElseThrow().commands().get(0);
    assertThat(way).isEqualTo("git -C " + repo.work + " stash push --all -m 'kept before: git"
        + " clean -fdx' -- .env src/new.txt && git clean -fdx");
    assertThat(repo.sh(way)).isZero();
    assertThat(repo.lostSince(before)).isEmpty();
    assertThat(repo.judge(rule, "git clean -fdx").outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void pathsKnownOnlyWhenTheCommandRunsFailClosedInARepositoryWithWork() {
    repo.write("src/new.txt", "new work\n");
    for (String command : new String[] {"find . -name '*.tmp' | xargs rm -rf",
        "rm -rf \"$DIR\"", "find . -type d -exec rm -rf {} +"}) {
      Verdict verdict = repo.judge(rule, command);
      assertThat(verdict.outcome()).as(command + ": " + verdict.message())
          .isEqualTo(Outcome.DENY);
    }
  }

  @Test
  void mentionsAreNeverRefused() {
    repo.write("src/new.txt", "new work\n");
    for (String command : MentionsAreNotDiscardsTest.CORPUS) {
      Verdict verdict = repo.judge(rule, command);
      assertThat(verdict.outcome()).as(command + ": " + verdict.message())
          .isIn(Outcome.ALLOW, Outcome.NOT_APPLICABLE);
    }
  }
}
