package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The questions rules ask, on the edge cases the seeds list (000 §7, 002 §3, §11, §13). */
class RuleQueriesTest {

  private static boolean consumedAndRemoved(String text) {
    Script s = Shell.parseFresh(text);
    assertThat(s.consumedFiles()).as(text).isNotEmpty();
    return s.consumedFiles().stream().allMatch(f -> s.chainedRemoval(f).isPresent());
  }

  @ParameterizedTest
  @CsvSource(delimiterString = " => ", quoteCharacter = '%', value = {
      "git commit -F commit-1.txt && git push && rm commit-1.txt => true",
      "git commit -F commit-1.txt && rm -f commit-1.txt => true",
      "git commit -F commit-1.txt && rm -- commit-1.txt => true",
      "git commit -F commit-1.txt && rm -f -- ./commit-1.txt => true",
      "git commit --file=untracked/scratch/c.txt && rm untracked/scratch/c.txt => true",
      "git commit -qF c.txt && rm c.txt => true",
      "git commit -F commit-1.txt; rm commit-1.txt => false",
      "git commit -F commit-1.txt || rm commit-1.txt => false",
      "git commit -F commit-1.txt | rm commit-1.txt => false",
      "git commit -F commit-1.txt & rm commit-1.txt => false",
      "git commit -F commit-1.txt => false",
      "git commit -F commit-1.txt && git push; rm commit-1.txt => false",
      "git commit -F a.txt && rm b.txt => false",
      "rm commit-1.txt && git commit -F commit-1.txt => false",
      "cd scratch && git commit -F c.txt && cd .. && rm scratch/c.txt => true",
      "git -C repo commit -F msg.txt && rm repo/msg.txt => true",
      "git -C repo commit -F msg.txt && rm msg.txt => false",
      "git merge --no-ff -F merge-1.txt feat && rm merge-1.txt => true",
      "git tag -a v1 -F tag-1.txt && rm tag-1.txt => true",
      "gh pr create --title t --body-file pr-1.md && rm pr-1.md => true",
      "gh issue comment 12 -F comment-1.md && rm comment-1.md => true",
      "gh issue close 12 --body-file close-1.md; rm close-1.md => false",
      "gh release create v1 --notes-file notes.md && rm notes.md => true",
      "gh release edit v1 -F notes.md || rm notes.md => false",
      "git commit -F \"$MSG\" && rm \"$MSG\" => true",
      "git commit -F c.txt && (rm c.txt) => true",
      "git commit -F c.txt && { git push; rm c.txt; } => false",
      "! git commit -F c.txt && rm c.txt => false",
      "bash -c 'git commit -F c.txt && rm c.txt' => true",
      "git commit -F c.txt && sudo rm c.txt => true",
  })
  void consumeThenRemove(String text, boolean removed) {
    assertThat(consumedAndRemoved(text)).as(text).isEqualTo(removed);
  }

  @Test
  void standardInputAndApiFieldsAreNotConsumedFiles() {
    assertThat(Shell.parseFresh("git commit -F - <<EOF\nmsg\nEOF").consumedFiles()).isEmpty();
    assertThat(Shell.parseFresh("gh api repos/o/r/issues -F title=x -F body=@f.md").consumedFiles())
        .isEmpty();
    assertThat(Shell.parseFresh("gh pr view 3 -F x").consumedFiles()).isEmpty();
    assertThat(Shell.parseFresh("git log -F --grep x").consumedFiles()).isEmpty();
  }

  @Test
  void clusteredFlagsTakeTheirValue() {
    GitCommand am = Shell.parseFresh("git commit -am 'fix it'").gitCommands().get(0);
    assertThat(am.arguments().has("-a")).isTrue();
    assertThat(am.arguments().value("-m").orElseThrow().value()).isEqualTo("fix it");
    GitCommand ma = Shell.parseFresh("git commit -ma").gitCommands().get(0);
    assertThat(ma.arguments().value("-m").orElseThrow().value()).isEqualTo("a");
    assertThat(ma.arguments().has("-a")).isFalse();
    ConsumedFile f = Shell.parseFresh("git commit -qsFmsg.txt").consumedFiles().get(0);
    assertThat(f.path().value()).isEqualTo("msg.txt");
    assertThat(f.path().start()).isEqualTo("git commit -qsF".length());
  }

  @Test
  void globalOptionsOfGit() {
    GitCommand g = Shell.parseFresh(
        "GIT_WORK_TREE=/w git --no-pager -c core.pager=cat --git-dir=/r/.git -C x log -5")
        .gitCommands().get(0);
    assertThat(g.subcommand()).isEqualTo("log");
    assertThat(g.gitDir().orElseThrow().value()).isEqualTo("/r/.git");
    assertThat(g.workTree().orElseThrow().value()).isEqualTo("/w");
    assertThat(g.configs()).extracting(Word::value).containsExactly("core.pager=cat");
    assertThat(g.directory().path()).hasValue("x");
  }

  private static List<String> created(String text) {
    return Shell.parseFresh(text).createdBranches().stream()
        .map(b -> b.route() + ":" + b.name().value() + (b.force() ? "!" : "")).toList();
  }

  @Test
  void branchCreationRoutes() {
    assertThat(created("git switch -c feat/a")).containsExactly("SWITCH:feat/a");
    assertThat(created("git switch -C feat/a origin/main")).containsExactly("SWITCH:feat/a!");
    assertThat(created("git switch --create=feat/a")).containsExactly("SWITCH:feat/a");
    assertThat(created("git checkout -b feat/b")).containsExactly("CHECKOUT:feat/b");
    assertThat(created("git checkout -qB feat/b main")).containsExactly("CHECKOUT:feat/b!");
    assertThat(created("git checkout feat/b")).isEmpty();
    assertThat(created("git branch feat/c")).containsExactly("BRANCH:feat/c");
    assertThat(created("git branch feat/c main")).containsExactly("BRANCH:feat/c");
    assertThat(created("git branch -f feat/c main")).containsExactly("BRANCH:feat/c!");
    assertThat(created("git branch")).isEmpty();
    assertThat(created("git branch -d feat/c")).isEmpty();
    assertThat(created("git branch -m old new")).isEmpty();
    assertThat(created("git branch --list 'feat/*'")).isEmpty();
    assertThat(created("git branch --contains HEAD")).isEmpty();
    assertThat(created("git branch -u origin/x feat")).isEmpty();
    assertThat(created("git branch a b c")).isEmpty();
    assertThat(created("git branch -c old copy")).containsExactly("BRANCH_COPY:copy");
    assertThat(created("git worktree add -b feat/d ../d main"))
        .containsExactly("WORKTREE_ADD:feat/d");
    assertThat(created("git worktree add ../wt/feat-e")).containsExactly("WORKTREE_ADD_DWIM:feat-e");
    assertThat(created("git worktree add --detach ../wt/x")).isEmpty();
    assertThat(created("git worktree add ../wt/x existing")).isEmpty();
    assertThat(created("git co -b feat/alias")).isEmpty();
  }

  @Test
  void dwimCreationIsMarked() {
    CreatedBranch b = Shell.parseFresh("git worktree add ../lanes/fix-1/").createdBranches().get(0);
    assertThat(b.dwim()).isTrue();
    assertThat(b.name().value()).isEqualTo("fix-1");
    assertThat(b.worktreePath().orElseThrow().value()).isEqualTo("../lanes/fix-1/");
  }

  private static List<String> deleted(String text) {
    return Shell.parseFresh(text).deletedBranches().stream()
        .map(b -> b.route() + ":" + b.remote().map(r -> r + "/").orElse("") + b.name().value()
            + (b.forced() ? "!" : "")).toList();
  }

  @Test
  void branchDeletionRoutes() {
    assertThat(deleted("git branch -d a b")).containsExactly("BRANCH_DELETE:a", "BRANCH_DELETE:b");
    assertThat(deleted("git branch -D a")).containsExactly("BRANCH_DELETE:a!");
    assertThat(deleted("git branch --delete --force a")).containsExactly("BRANCH_DELETE:a!");
    assertThat(deleted("git branch -df a")).containsExactly("BRANCH_DELETE:a!");
    assertThat(deleted("git update-ref -d refs/heads/feat/x")).containsExactly("UPDATE_REF:feat/x!");
    assertThat(deleted("git update-ref -d HEAD")).isEmpty();
    assertThat(deleted("git push origin --delete feat/x feat/y"))
        .containsExactly("PUSH_DELETE:origin/feat/x", "PUSH_DELETE:origin/feat/y");
    assertThat(deleted("git push origin :feat/x")).containsExactly("PUSH_DELETE:origin/feat/x");
    assertThat(deleted("git push -d origin refs/heads/feat/x"))
        .containsExactly("PUSH_DELETE:origin/feat/x");
    assertThat(deleted("git push origin feat/x")).isEmpty();
    assertThat(deleted("git push origin --delete :feat/x"))
        .containsExactly("PUSH_DELETE:origin/feat/x");
    assertThat(Shell.parseFresh("git branch -dr origin/x").deletedBranches().get(0).remoteTracking())
        .isTrue();
    // a pruning or mirroring push deletes remote branches the text does not name
    for (String prune : List.of("git push --prune origin 'refs/heads/*:refs/heads/*'",
        "git push --mirror origin", "git push --pru origin main", "git push origin --mirror")) {
      assertThat(deleted(prune)).as(prune).containsExactly("PUSH_DELETE:origin/{pruned by push}");
      DeletedBranch pruned = Shell.parseFresh(prune).deletedBranches().get(0);
      assertThat(pruned.name().isStatic()).isFalse();
      assertThat(pruned.name().start()).isEqualTo(prune.length());
    }
    assertThat(deleted("git push --prune")).isEmpty();
  }

  @Test
  void whatXargsReadsFromItsInputIsKnownOnlyWhenItRuns() {
    // without a replace string the input's words follow the written ones
    Script force = Shell.parseFresh("git branch | grep feat/ | xargs -n1 git branch -D");
    assertThat(force.deletedBranches()).hasSize(1);
    DeletedBranch anyBranch = force.deletedBranches().get(0);
    assertThat(anyBranch.forced()).isTrue();
    assertThat(anyBranch.name().isStatic()).isFalse();
    assertThat(anyBranch.name().source()).isEqualTo("{xargs input}");
    assertThat(anyBranch.name().start()).isEqualTo(force.source().length());
    assertThat(deleted("xargs git branch -D feat/a < names.txt"))
        .containsExactly("BRANCH_DELETE:feat/a!", "BRANCH_DELETE:{xargs input}!");
    CreatedBranch unnamed = Shell.parseFresh("xargs git switch -c < names.txt")
        .createdBranches().get(0);
    assertThat(unnamed.name().isStatic()).isFalse();
    // with one, the words holding it are known only at run time, and nothing follows them
    for (String text : List.of("cat names | xargs -I{} git switch -c {}",
        "cat names | xargs -I {} git switch -c {}", "cat names | xargs -0I{} git switch -c {}",
        "cat names | xargs -i git switch -c {}", "cat names | xargs --replace git switch -c {}",
        "cat names | xargs --replace=NAME git switch -c NAME",
        "cat names | xargs -iNAME git switch -c NAME")) {
      Script s = Shell.parseFresh(text);
      SimpleCommand run = s.commands().get(s.commands().size() - 1);
      assertThat(run.takesArgumentsFromInput()).as(text).isTrue();
      assertThat(run.words()).as(text).hasSize(4);
      assertThat(s.createdBranches()).as(text).hasSize(1);
      assertThat(s.createdBranches().get(0).name().isStatic()).as(text).isFalse();
    }
    SimpleCommand copy = Shell.parseFresh("xargs -I% cp %.txt dest/ < list").commands().get(1);
    assertThat(copy.words()).extracting(Word::isStatic).containsExactly(true, false, true);
    // an end-of-file string is not a replace string
    SimpleCommand eof = Shell.parseFresh("xargs -efinish rm < list").commands().get(1);
    assertThat(eof.words()).extracting(Word::source).containsExactly("rm", "{xargs input}");
  }

  @Test
  void worktreeRemoval() {
    WorktreeRemoval plain = Shell.parseFresh("git worktree remove ../wt/a").worktreeRemovals().get(0);
    assertThat(plain.forced()).isFalse();
    assertThat(plain.path().value()).isEqualTo("../wt/a");
    assertThat(Shell.parseFresh("git worktree remove --force ../wt/a").worktreeRemovals().get(0)
        .forceCount()).isEqualTo(1);
    assertThat(Shell.parseFresh("git worktree remove -f -f ../wt/a").worktreeRemovals().get(0)
        .forceCount()).isEqualTo(2);
    assertThat(Shell.parseFresh("git worktree remove -ff ../wt/a").worktreeRemovals().get(0)
        .forceCount()).isEqualTo(2);
    assertThat(Shell.parseFresh("git worktree list").worktreeRemovals()).isEmpty();
  }

  private static List<String> evacuations(String text) {
    return Shell.parseFresh(text).evacuations().stream()
        .map(e -> e.kind() + e.outputs().stream().map(o -> " " + o.route() + ":" + o.path().value())
            .reduce("", String::concat)).toList();
  }

  @Test
  void evacuationsAndWhereTheyLand() {
    assertThat(evacuations("git diff > untracked/save.patch && git worktree remove --force ../wt"))
        .containsExactly("DIFF REDIRECT:untracked/save.patch");
    assertThat(evacuations("git diff --cached >> x.diff")).containsExactly("DIFF APPEND:x.diff");
    assertThat(evacuations("git diff main...HEAD | tee /tmp/a.patch | wc -l"))
        .containsExactly("DIFF TEE:/tmp/a.patch");
    assertThat(evacuations("git -C ../wt diff | gzip > /tmp/a.gz"))
        .containsExactly("DIFF REDIRECT:/tmp/a.gz");
    assertThat(evacuations("git format-patch -o /tmp/p main")).containsExactly(
        "FORMAT_PATCH OUTPUT_DIRECTORY:/tmp/p");
    assertThat(evacuations("git format-patch main")).containsExactly(
        "FORMAT_PATCH OUTPUT_DIRECTORY:.");
    assertThat(evacuations("git format-patch --stdout main > all.mbox")).containsExactly(
        "FORMAT_PATCH REDIRECT:all.mbox");
    assertThat(evacuations("git stash show -p stash@{0} > s.patch")).containsExactly(
        "STASH_SHOW REDIRECT:s.patch");
    assertThat(evacuations("git stash show stash@{0}")).isEmpty();
    assertThat(evacuations("git show HEAD~2 --output=/tmp/c.patch")).containsExactly(
        "SHOW OUTPUT_OPTION:/tmp/c.patch");
    assertThat(evacuations("{ git diff; git diff --cached; } > both.patch")).containsExactly(
        "DIFF REDIRECT:both.patch", "DIFF REDIRECT:both.patch");
    assertThat(evacuations("git diff | less")).containsExactly("DIFF");
    assertThat(evacuations("sudo git diff > /root/x.patch")).containsExactly(
        "DIFF REDIRECT:/root/x.patch");
  }

  private static List<String> written(String text) {
    return Shell.parseFresh(text).writtenFiles().stream()
        .map(f -> f.route() + ":" + f.path().value() + (f.fromHeredoc() ? "<<" : "")).toList();
  }

  @Test
  void writtenFiles() {
    assertThat(written("echo hi > a.txt")).containsExactly("REDIRECT:a.txt");
    assertThat(written("echo hi >> a.log")).containsExactly("APPEND:a.log");
    assertThat(written("echo hi >| a.txt 2>/dev/null")).containsExactly("REDIRECT:a.txt");
    assertThat(written("make &> build.log")).containsExactly("REDIRECT:build.log");
    assertThat(written("make >& build.log")).containsExactly("REDIRECT:build.log");
    assertThat(written("make 2>&1 >&2")).isEmpty();
    assertThat(written("ls | tee a.out b.out")).containsExactly("TEE:a.out", "TEE:b.out");
    assertThat(written("ls | tee -a a.out > /dev/null")).containsExactly("TEE_APPEND:a.out");
    assertThat(written("cat > notes/pr-1.md <<'EOF'\nbody\nEOF")).containsExactly("REDIRECT:notes/pr-1.md<<");
    assertThat(written("cat <<EOF | tee notes/x.md\nbody\nEOF")).containsExactly("TEE:notes/x.md<<");
    assertThat(written("sudo tee /etc/x <<< 'v'")).containsExactly("TEE:/etc/x<<");
    assertThat(written("(cd out && echo x > f.txt)")).containsExactly("REDIRECT:f.txt");
    assertThat(Shell.parseFresh("(cd out && echo x > f.txt)").writtenFiles().get(0).directory()
        .path()).hasValue("out");
    assertThat(written("cp a b; mv c d")).isEmpty();
  }
}
