package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Readings an acceptance run found wrong in ways that let work be lost: a destructive command
 * written through less common but real syntax that the model read as something harmless.
 */
class LostWorkReadingsTest {

  private static List<String> deleted(String text) {
    return Shell.parseFresh(text).deletedBranches().stream()
        .map(d -> (d.name().isStatic() ? "" : "%") + d.name().value() + (d.forced() ? "!" : ""))
        .toList();
  }

  @Test
  void aBraceExpansionIsNotStatic() {
    // bash runs git branch -D feat/a feat/b: no branch is named 'feat/{a,b}', so a static
    // reading let the force-removal rule wave it through as a branch that does not exist
    assertThat(deleted("git branch -D feat/{a,b}")).containsExactly("%feat/{a,b}!");
    assertThat(deleted("git branch -D feat{,}")).containsExactly("%feat{,}!");
    assertThat(deleted("git branch -D wip-{1..3}")).containsExactly("%wip-{1..3}!");
    // not expansions: quoted or escaped braces, no comma or range, git's reflog syntax
    assertThat(deleted("git branch -D \"{a,b}\" a\\{b,c} x{} {a} '{1..2}'"))
        .containsExactly("{a,b}!", "a{b,c}!", "x{}!", "{a}!", "{1..2}!");
    assertThat(Shell.parseFresh("git stash show -p stash@{1}").commands().get(0).words().get(4)
        .isStatic()).isTrue();
  }

  @Test
  void aBracketExpressionIsNotStatic() {
    // bash expands rm -rf ../[vw]ork to ../work when it exists (issue 17: a static reading
    // named a directory no worktree is at, and the deletion rule let it through)
    assertThat(deleted("git branch -D feat/[ab]")).containsExactly("%feat/[ab]!");
    assertThat(deleted("git branch -D x[!a] y[]a] z[^b]")).containsExactly("%x[!a]!",
        "%y[]a]!", "%z[^b]!");
    // not expressions: quoted or escaped brackets, no closing bracket, the test command
    assertThat(deleted("git branch -D '[ab]' \\[ab] a[b \"[x]\"")).containsExactly("[ab]!",
        "[ab]!", "a[b!", "[x]!");
    Script test = Shell.parseFresh("[ -f x ] && git branch -D feat");
    assertThat(test.commands().get(0).words()).allMatch(Word::isStatic);
    assertThat(deleted("[ -f x ] && git branch -D feat")).containsExactly("feat!");
    Removal removal = Shell.parseFresh("rm -rf ../[vw]ork").removals().get(0);
    assertThat(removal.paths().get(0).isStatic()).isFalse();
  }

  @Test
  void substitutionsInsideAParameterExpansionAreRead() {
    Script s = Shell.parseFresh("echo ${B:-$(git branch -D feat)} \"${C:=`git branch -D old`}\"");
    assertThat(s.problems()).isEmpty();
    assertThat(s.commands()).extracting(SimpleCommand::name).containsExactly("git", "git", "echo");
    assertThat(deleted("echo ${B:-$(git branch -D feat)}")).containsExactly("feat!");
    assertThat(s.commands().get(0).isInside(Nesting.Kind.COMMAND_SUBSTITUTION)).isTrue();
    assertThat(s.commands().get(1).isInside(Nesting.Kind.BACKTICK)).isTrue();
    // quoted text and arithmetic inside the expansion run nothing
    assertThat(Shell.parseFresh("echo ${X:-'$(rm -rf x)'} ${Y:-$((1+2))}").commands())
        .extracting(SimpleCommand::name).containsExactly("echo");
    // the same inside an unquoted heredoc body
    assertThat(deleted("cat <<EOF\n${B:-$(git branch -D h)}\nEOF")).containsExactly("h!");
  }

  @Test
  void xargsReplaceStringInsideAShellScriptIsNotStatic() {
    // xargs puts each input line where % stands in the script sh runs: the branch is not '%'
    assertThat(deleted("git branch --merged | xargs -I % sh -c 'git branch -D %'"))
        .containsExactly("%%!");
    assertThat(deleted("git branch | xargs -I{} bash -c \"git branch -D {} && echo {}\""))
        .containsExactly("%{}!");
    assertThat(Shell.parseFresh("xargs -i sh -c 'git worktree remove --force {}' < list")
        .worktreeRemovals()).singleElement().satisfies(r -> {
          assertThat(r.path().value()).isEqualTo("{}");
          assertThat(r.path().isStatic()).isFalse();
          assertThat(r.forced()).isTrue();
        });
    // words without the string keep their reading, and a script without -I is untouched
    Script s = Shell.parseFresh("xargs -I % sh -c 'git branch -D %; git branch -D keep'");
    assertThat(s.deletedBranches()).extracting(d -> d.name().isStatic())
        .containsExactly(false, true);
    assertThat(deleted("xargs sh -c 'git branch -D kept'")).containsExactly("kept!");
  }

  @Test
  void gitLongOptionsAreReadAbbreviatedAsGitReadsThem() {
    // git's option parser takes any unambiguous prefix: these delete, force and consume
    assertThat(deleted("git branch --del --forc feat")).containsExactly("feat!");
    assertThat(deleted("git branch --delete --forc feat")).containsExactly("feat!");
    assertThat(Shell.parseFresh("git worktree remove --fo ../wt").worktreeRemovals())
        .singleElement().satisfies(r -> assertThat(r.forced()).isTrue());
    assertThat(deleted("git branch feat --d")).containsExactly("feat");
    assertThat(Shell.parseFresh("git worktree remove --forc ../wt").worktreeRemovals())
        .singleElement().satisfies(r -> assertThat(r.forced()).isTrue());
    assertThat(Shell.parseFresh("git push --del origin feat").deletedBranches())
        .singleElement().satisfies(d -> {
          assertThat(d.route()).isEqualTo(DeletedBranch.Route.PUSH_DELETE);
          assertThat(d.remote()).contains("origin");
          assertThat(d.name().value()).isEqualTo("feat");
        });
    Script commit = Shell.parseFresh("git commit --fil msg.txt; git tag -a v1 --fi=notes.txt");
    assertThat(commit.consumedFiles()).extracting(f -> f.path().value())
        .containsExactly("msg.txt", "notes.txt");
    assertThat(commit.consumedFiles().get(0).path().start()).isEqualTo(17);
    // ambiguous in git (--file or --fixup; --force or --format): git refuses, nothing is read
    assertThat(Shell.parseFresh("git commit --fi=msg.txt").consumedFiles()).isEmpty();
    assertThat(deleted("git branch -d --fo feat")).containsExactly("feat");
    // an exact name, a value and what follows -- stay as written
    assertThat(Shell.parseFresh("git commit -m --fil").consumedFiles()).isEmpty();
    assertThat(deleted("git branch -d -- --forc")).containsExactly("--forc");
  }

  private static boolean removedOnSuccess(String text) {
    Script s = Shell.parseFresh(text);
    assertThat(s.problems()).isEmpty();
    return s.chainedRemoval(s.consumedFiles().get(0)).isPresent();
  }

  @Test
  void aCommandHoldingTheConsumersSubstitutionBreaksTheChain() {
    // echo succeeds whatever the commit inside it did: the rm would run after a failed commit
    assertThat(removedOnSuccess("true && echo \"$(git commit -F m.txt)\" && rm m.txt")).isFalse();
    assertThat(removedOnSuccess("true && echo `git commit -F m.txt` && rm m.txt")).isFalse();
    assertThat(removedOnSuccess("true && local x=$(git commit -F m.txt) && rm m.txt")).isFalse();
    assertThat(removedOnSuccess("rm m.txt $(git commit -F m.txt)")).isFalse();
    assertThat(removedOnSuccess("true && cat <(git commit -F m.txt) && rm m.txt")).isFalse();
    // a bare assignment's status is its last substitution's
    assertThat(removedOnSuccess("x=$(git commit -F m.txt) && rm m.txt")).isTrue();
    assertThat(removedOnSuccess("true && x=$(git commit -F m.txt && true) && rm m.txt")).isTrue();
    assertThat(removedOnSuccess("(x=`git commit -F m.txt`) && rm m.txt")).isTrue();
    assertThat(removedOnSuccess("true && x=$(git commit -F m.txt) y=$(true) && rm m.txt"))
        .isFalse();
    // inside one substitution the chain is as usual
    assertThat(removedOnSuccess("echo \"$(git commit -F m.txt && rm m.txt)\"")).isTrue();
    assertThat(removedOnSuccess("git commit -F m.txt && echo $(rm m.txt)")).isTrue();
  }

  @Test
  void aTrapActionIsReadAsTheScriptItRuns() {
    // the hook's shell exits when the command ends, so an EXIT trap runs every time
    Script s = Shell.parseFresh("trap 'git branch -D feat' EXIT");
    assertThat(s.commands()).extracting(SimpleCommand::name).containsExactly("trap", "git");
    assertThat(s.commands().get(1).isInside(Nesting.Kind.EVAL)).isTrue();
    assertThat(deleted("trap -- 'git branch -D a; git branch -D b' INT TERM"))
        .containsExactly("a!", "b!");
    // a removal the trap makes runs whatever the consumer did: it is not chained after it
    Script scratch = Shell.parseFresh("trap 'rm -f m.txt' EXIT; git commit -F m.txt");
    assertThat(scratch.removals()).hasSize(1);
    assertThat(scratch.chainedRemoval(scratch.consumedFiles().get(0))).isEmpty();
    // printing, listing and resetting run nothing
    for (String text : List.of("trap -p EXIT", "trap -l", "trap - EXIT", "trap 'rm x'")) {
      assertThat(Shell.parseFresh(text).commands()).as(text).hasSize(1);
    }
  }

  @Test
  void aCoprocessCommandIsReadAndItsStatusIsNotItsOwn() {
    assertThat(deleted("coproc git branch -D feat")).containsExactly("feat!");
    // coproc succeeds at once, whatever the command it started does
    Script s = Shell.parseFresh("coproc git commit -F m.txt && rm m.txt");
    assertThat(s.chainedRemoval(s.consumedFiles().get(0))).isEmpty();
  }

  @Test
  void timeBeforeACompoundCommandReadsTheCompound() {
    // 'time { … }' stopped the reading with a problem, hiding the deletion after it
    Script s = Shell.parseFresh("time { git branch -D feat; }");
    assertThat(s.problems()).isEmpty();
    assertThat(s.commands()).singleElement().satisfies(c -> {
      assertThat(c.isInside(Nesting.Kind.BRACE_GROUP)).isTrue();
      assertThat(c.nesting().get(0)).satisfies(n -> {
        assertThat(n.kind()).isEqualTo(Nesting.Kind.WRAPPER);
        assertThat(n.detail()).isEqualTo("time");
      });
    });
    assertThat(deleted("time -p ( git branch -D a ) && time for b in x; do git branch -D b; done"))
        .containsExactly("a!", "b!");
    Script removal = Shell.parseFresh("time ( cd ../wt && git worktree remove --force . )");
    assertThat(removal.problems()).isEmpty();
    assertThat(removal.worktreeRemovals()).singleElement()
        .satisfies(r -> assertThat(r.git().directory().path()).contains("../wt"));
    // before a simple command time is still its wrapper
    assertThat(Shell.parseFresh("time git branch -D c").commands()).extracting(SimpleCommand::name)
        .containsExactly("time", "git");
  }

  @Test
  void gnuParallelRunsItsWordsAsAScriptPerInput() {
    // the inputs after ::: or from standard input take the place of {} or follow the words
    assertThat(deleted("git branch | parallel git branch -D")).containsExactly("%{}!");
    assertThat(deleted("parallel git branch -D ::: feat topic")).containsExactly("%{}!");
    assertThat(deleted("parallel -j 4 'git branch -D {}; git branch -D keep' ::: a"))
        .containsExactly("%{}!", "keep!");
    assertThat(Shell.parseFresh("parallel --halt now,fail=1 \"git worktree remove --force {.}\""
        + " :::: worktrees.txt").worktreeRemovals()).singleElement().satisfies(r -> {
          assertThat(r.path().isStatic()).isFalse();
          assertThat(r.forced()).isTrue();
        });
    Script s = Shell.parseFresh("parallel 'git branch -D {}' ::: a");
    assertThat(s.commands().get(1).isInside(Nesting.Kind.SHELL_STRING)).isTrue();
    assertThat(Shell.parseFresh("parallel --version").commands()).hasSize(1);
  }

  @Test
  void findExecRunsItsCommandOnWhatItFinds() {
    Script s = Shell.parseFresh("find .. -maxdepth 1 -name wt1 -exec rm -rf {} +");
    assertThat(s.removals()).singleElement().satisfies(r -> {
      assertThat(r.recursive()).isTrue();
      assertThat(r.paths()).singleElement().satisfies(p -> assertThat(p.isStatic()).isFalse());
      assertThat(r.command().isInside(Nesting.Kind.WRAPPER)).isTrue();
    });
    assertThat(deleted("find . -name x -exec git update-ref -d refs/heads/feat \\;"))
        .containsExactly("feat!");
    assertThat(deleted("find . -execdir sh -c 'git branch -D {}' \\; -ok git branch -D b ';'"))
        .containsExactly("%{}!", "b!");
    assertThat(Shell.parseFresh("find . -name '*.tmp'").commands()).hasSize(1);
    // find -exec cmd ; succeeds whatever cmd did
    Script chain = Shell.parseFresh("find . -name m.txt -exec git commit -F m.txt \\; && rm m.txt");
    assertThat(chain.chainedRemoval(chain.consumedFiles().get(0))).isEmpty();
  }

  @Test
  void updateRefStdinDeletesWhatItsInputSays() {
    Script s = Shell.parseFresh("git update-ref --stdin <<'EOF'\ndelete refs/heads/feat\n"
        + "update refs/heads/main 3f2a9c1\ndelete refs/remotes/origin/x abc\nEOF");
    assertThat(s.deletedBranches()).extracting(d -> d.name().value() + (d.forced() ? "!" : "")
        + (d.remoteTracking() ? " remote-tracking" : "")).containsExactly("feat!",
        "origin/x! remote-tracking");
    assertThat(s.deletedBranches()).allSatisfy(d -> {
      assertThat(d.route()).isEqualTo(DeletedBranch.Route.UPDATE_REF);
      assertThat(d.name().isStatic()).isTrue();
    });
    assertThat(deleted("git update-ref --stdin <<< \"delete refs/heads/$B\""))
        .containsExactly("%$B!");
    assertThat(deleted("git update-ref --stdin <<< 'create refs/heads/new 3f2a9c1'")).isEmpty();
    // printed into it in the same pipeline: read as git reads it, with or without -z
    assertThat(deleted("printf 'delete refs/heads/feat\\n' | git update-ref --stdin"))
        .containsExactly("feat!");
    assertThat(deleted("printf 'delete refs/heads/a\\0\\0delete refs/heads/b\\0x\\0'"
        + " | git update-ref -z --stdin")).containsExactly("a!", "b!");
    assertThat(Shell.parseFresh("printf 'update refs/tags/t\\0main\\0\\0delete"
        + " refs/tags/u\\0\\0' | git update-ref -z --stdin").droppedRefs())
        .extracting(d -> d.ref().value() + " " + d.route() + " "
            + d.target().map(Word::value).orElse("-"))
        .containsExactly("refs/tags/t UPDATE_REF_MOVE main", "refs/tags/u UPDATE_REF_DELETE -");
    // through wrappers that hand git their own standard input, the printed text is still read
    assertThat(deleted("printf 'delete refs/heads/feat\\n' | sudo git update-ref --stdin"))
        .containsExactly("feat!");
    assertThat(deleted("printf 'create refs/heads/new 3f2a9c1\\n' | sudo -u me env A=1"
        + " timeout 5 git update-ref --stdin")).isEmpty();
    // xargs reads the input itself: what git reads is not visible
    assertThat(deleted("printf 'delete refs/heads/feat\\n' | xargs git update-ref --stdin"))
        .containsExactly("%{update-ref input}!");
    // input the text does not show may delete any branch
    assertThat(deleted("./ops | git update-ref --stdin"))
        .containsExactly("%{update-ref input}!");
    assertThat(deleted("git update-ref --stdin < ops.txt"))
        .containsExactly("%{update-ref input}!");
  }

  @Test
  void extendedGlobsAndDeclaredArraysDoNotEndTheReading() {
    // both stopped the reading with a problem, hiding the deletions after them
    Script glob = Shell.parseFresh("rm -f !(keep).log ../wt/@(src|docs); git branch -D feat");
    assertThat(glob.problems()).isEmpty();
    assertThat(glob.removals()).singleElement().satisfies(r -> assertThat(r.paths())
        .extracting(Word::value, Word::isStatic)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("!(keep).log", false),
            org.assertj.core.groups.Tuple.tuple("../wt/@(src|docs)", false)));
    assertThat(glob.deletedBranches()).hasSize(1);
    Script array = Shell.parseFresh(
        "local -a bs=($(git branch --merged main)) && git branch -D \"${bs[@]}\"");
    assertThat(array.problems()).isEmpty();
    assertThat(array.commands()).extracting(SimpleCommand::name)
        .containsExactly("git", "local", "git");
    assertThat(array.commands().get(1).words().get(2).value())
        .isEqualTo("bs=($(git branch --merged main))");
    assertThat(deleted("declare -a x=(`git branch -D q`) y")).containsExactly("q!");
    // a function definition and a stray parenthesis read as before
    assertThat(Shell.parseFresh("f() { git branch -D x; }; f").commands()).hasSize(2);
    assertThat(Shell.parseFresh("echo a(b)").problems()).isNotEmpty();
  }

  @Test
  void moreWrappersShowTheCommandTheyRun() {
    for (String wrapper : List.of("setsid", "ionice -c3", "ionice -c 2 -n 7", "chronic",
        "unbuffer -p", "taskset -c 0", "taskset 0x1", "flock /tmp/lock", "flock -x -w 5 /tmp/l")) {
      assertThat(deleted(wrapper + " git branch -D feat")).as(wrapper).containsExactly("feat!");
    }
    assertThat(deleted("flock -w 5 /tmp/lock -c 'git branch -D a'")).containsExactly("a!");
    assertThat(deleted("flock -c 'git branch -D b' /tmp/lock")).containsExactly("b!");
    // -c after the command is the command's own option
    assertThat(Shell.parseFresh("flock /tmp/l git commit -c HEAD").gitCommands())
        .singleElement().satisfies(g -> assertThat(g.subcommand()).isEqualTo("commit"));
    assertThat(Shell.parseFresh("taskset -p 1234").commands()).hasSize(1);
  }

  @Test
  void commandStringsOfEnvSuScriptWatchBusyboxAndEvalDashDashAreRead() {
    for (String text : List.of("env -S 'git branch -D feat'", "env -S\"git branch -D feat\"",
        "su -c 'git branch -D feat' root", "su - root -c 'git branch -D feat'",
        "script -qc 'git branch -D feat' /dev/null", "watch -n 5 'git branch -D feat'",
        "watch -n5 git branch -D feat", "eval -- 'git branch -D feat'",
        "busybox sh -c 'git branch -D feat'")) {
      assertThat(deleted(text)).as(text).containsExactly("feat!");
    }
    for (String text : List.of("eval --", "su", "watch", "env X=1 git status", "busybox")) {
      assertThat(Shell.parseFresh(text).problems()).as(text).isEmpty();
    }
  }

  @Test
  void aBranchNameGitResolvesIsNotStatic() {
    // @{-1} is the branch checked out before: here whatever was checked out before main
    assertThat(deleted("git checkout main && git branch -D @{-1}")).containsExactly("%@{-1}!");
    assertThat(deleted("git branch -D -")).containsExactly("%-!");
    assertThat(deleted("git branch -D feat")).containsExactly("feat!");
  }

  @Test
  void sudoAssignmentsBeforeTheCommandAreNotItsName() {
    // found by ShellFuzzTest: sudo runs git with A=1 set; the command was read as named A=1
    assertThat(deleted("sudo A=1 git branch -D feat")).containsExactly("feat!");
    assertThat(deleted("sudo -u root A=1 B=\"x y\" git branch -D feat")).containsExactly("feat!");
    assertThat(Shell.parseFresh("sudo A=1 git status").commands())
        .extracting(SimpleCommand::name).containsExactly("sudo", "git");
  }
}
