package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.cli.FullDisk.Answer;
import dev.groundskeeper.cli.FullDisk.Fault;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issues 17 and 19: a full disk and a read-only one. The packaged hook runs in a mount namespace
 * of its own over a tmpfs filled to the last block (or remounted read-only), holding either every
 * place the tool writes (home, configuration, state with the decision log, which the user's
 * configuration turns on for every call, the store) or the repository itself (where creation and
 * touch records go). Every call still answers in the runner's shape with exit 0 and no stack
 * trace, the loss guards still deny what they deny on a roomy disk, and the repository keeps every
 * branch and uncommitted change. The calls of one case run one after another in one namespace,
 * as one session's would, on a disk that stays full.
 *
 * <p>JGit measures the timestamp resolution of a repository's file system once and keeps it in
 * {@code $XDG_CONFIG_HOME/jgit/config}; where it cannot keep it, every process measures again
 * (about 3 s here). The first call of the full and the read-only case runs so, as on a home full
 * or read-only from the start; the other calls, and every call of the other cases, get the
 * measurement a first run on a roomy disk kept ({@link FullDisk#jgitMeasurement}), as on a disk
 * that filled up after the tool had run there.
 *
 * <p>Needs {@code unshare -m} and {@code mount} (root, or user namespaces): skipped where the
 * system gives neither.
 */
class FullDiskIT {

  @TempDir
  Path temp;

  Path repo;
  Path mount;

  @BeforeEach
  void repository() throws Exception {
    FullDisk.assumeAvailable();
    Path origin = temp.resolve("origin.git");
    Git.run(temp, "init", "-q", "--bare", "-b", "main", origin.toString());
    repo = FullDisk.repository(temp.resolve("repo"));
    Git.run(repo, "remote", "add", "origin", origin.toString());
    Git.run(repo, "push", "-q", "-u", "origin", "main");
    // a branch the PostToolUse below records as created and touched: records that a full disk
    // refuses
    Git.run(repo, "branch", "later");
    mount = Files.createDirectories(temp.resolve("full"));
  }

  @Test
  void withEveryStateDirectoryOnAFullDiskTheGuardsStillJudge() throws Exception {
    assertTheGuardsJudge(Fault.FULL, false);
    FullDisk.assertKept(repo);
  }

  @Test
  void withEveryStateDirectoryReadOnlyTheGuardsStillJudge() throws Exception {
    assertTheGuardsJudge(Fault.READ_ONLY, false);
    FullDisk.assertKept(repo);
  }

  @Test
  void withTheRepositoryOnAFullDiskTheGuardsStillJudge() throws Exception {
    assertTheGuardsJudge(Fault.FULL, true);
  }

  /**
   * The control: on a roomy tmpfs the same calls write the decision log and the records, so the
   * full and read-only runs do refuse writes the hook attempts.
   */
  @Test
  void onARoomyDiskTheSameCallsWriteTheDecisionLog() throws Exception {
    Path out = hooks(Fault.NONE, false, List.of(FullDisk.pre(repo, "git branch -D feat")));
    Answer answer = FullDisk.answer(out, 0, "git branch -D feat");
    assertThat(answer.denied()).as("%s", answer).isTrue();
    assertThat(out.resolve("0.logged")).as("the decision log was written: %s", answer).exists();
  }

  private void assertTheGuardsJudge(Fault fault, boolean repositoryOnTheFullDisk)
      throws Exception {
    Path cwd = repositoryOnTheFullDisk ? mount.resolve("repo") : repo;
    List<String> commands = List.of("git branch -D feat", "git reset --hard",
        "git switch -c fresh");
    List<Boolean> denied = List.of(true, true, false);
    List<String> payloads = new ArrayList<>();
    for (String command : commands) {
      payloads.add(FullDisk.pre(cwd, command));
    }
    payloads.add(FullDisk.postSwitch(cwd));
    payloads.add("{\"session_id\":\"s1\",\"cwd\":\"" + cwd + "\",\"hook_event_name\":"
        + "\"UserPromptSubmit\",\"prompt\":\"go on\"}");
    payloads.add("{\"session_id\":\"s1\",\"cwd\":\"" + cwd + "\",\"hook_event_name\":\"Stop\","
        + "\"stop_hook_active\":false}");
    Path out = hooks(fault, repositoryOnTheFullDisk, payloads);

    for (String mark : List.of("mark", "mark-after")) {
      assertThat(Files.readString(out.resolve(mark)).strip())
          .as("the disk was full (%s)", mark).isEqualTo("refused");
    }
    for (int i = 0; i < payloads.size(); i++) {
      String what = i < commands.size() ? commands.get(i)
          : i == commands.size() ? "PostToolUse of git switch -c later" : payloads.get(i);
      Answer answer = FullDisk.answer(out, i, what).assertAnswered(true);
      assertThat(out.resolve(i + ".logged")).as("nothing could be logged during %s", what)
          .doesNotExist();
      if (i < commands.size()) {
        assertThat(answer.denied()).as("%s denied, on a full disk: %s", what, answer)
            .isEqualTo(denied.get(i));
      } else if (i == commands.size() && repositoryOnTheFullDisk) {
        // said loudly, with the command that records it by hand, and not taken for lock
        // contention (which is retried for seconds)
        assertThat(answer.err()).contains("NOT RECORDED", "is the disk full",
            "run: git config branch.later.groundskeeperCreator s1:").doesNotContain("tries in");
      }
    }
    if (repositoryOnTheFullDisk) {
      assertThat(Files.readString(out.resolve("kept")).strip())
          .as("the repository on the full disk kept its work").isEqualTo("kept");
    }
  }

  /**
   * The hook calls of {@code payloads}, one after another, in a namespace whose tmpfs at
   * {@link #mount} holds the home and state directories and, with
   * {@code repositoryOnTheFullDisk}, a copy of the repository; the fault takes hold before the
   * first JVM starts. JGit's kept measurement is there for every call but, with the state
   * directories on the faulty disk, the first, which runs with a configuration directory without
   * it. Returns the directory of the answers, where {@code <n>.logged} says that a decision log
   * was written by then.
   */
  private Path hooks(Fault fault, boolean repositoryOnTheFullDisk, List<String> payloads)
      throws Exception {
    Path in = FullDisk.payloads(temp.resolve("calls"), payloads);
    Path out = Files.createDirectories(temp.resolve("out"));
    List<String> script = new ArrayList<>(FullDisk.setUp("4m", ""));
    script.add("hook() { x=\"$XDG_CONFIG_HOME\"; [ $c = 0 ] && [ -d \"$M/unmeasured\" ]"
        + " && x=\"$M/unmeasured\"; XDG_CONFIG_HOME=\"$x\" \"$JAVA_HOME/bin/java\""
        + " -XX:+UseSerialGC -jar \"$JAR\" hook; }");
    if (repositoryOnTheFullDisk) {
      script.add("cp -a \"$REPO\" \"$M/repo\" || exit 4");
    }
    if (fault != Fault.NONE && !repositoryOnTheFullDisk) {
      script.add("cp -a \"$XDG_CONFIG_HOME\" \"$M/unmeasured\" || exit 6");
    }
    script.add(FullDisk.MEASURED);
    script.addAll(FullDisk.fault(fault, "$M/probe"));
    script.add("cd \"$CWD\"");
    script.addAll(FullDisk.calls("if find \"$M\" -name 'decisions.log*' -size +0 | grep -q .;"
        + " then echo logged >\"$OUT/$c.logged\"; fi"));
    script.add(FullDisk.probe("$M/probe", "mark-after"));
    if (repositoryOnTheFullDisk) {
      // what is on the full disk is gone with the namespace: check the repository in it now
      script.add("if git -C \"$M/repo\" rev-parse -q --verify feat >/dev/null"
          + " && grep -q afternoon \"$M/repo/notes.txt\"; then echo kept >\"$OUT/kept\";"
          + " else echo lost >\"$OUT/kept\"; fi");
    }
    script.add("exit 0");
    FullDisk.run(script, temp.resolve("script.log"), env -> {
      FullDisk.environment(env, mount, mount);
      FullDisk.measured(env);
      env.put("GROUNDSKEEPER_SERVE", "off");
      env.put("JAR", FullDisk.JAR.toString());
      env.put("REPO", repo.toString());
      env.put("CWD", (repositoryOnTheFullDisk ? mount.resolve("repo") : repo).toString());
      FullDisk.calls(env, in, out, payloads.size());
    });
    return out;
  }
}
