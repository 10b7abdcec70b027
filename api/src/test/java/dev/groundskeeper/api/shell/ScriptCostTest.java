package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The questions a script answers about other commands (the next pipeline members, the command
 * feeding a pipe, the {@code rm} chained after a consumer) cost work linear in the script, and
 * answer as the plain scans they replace did (issue 17: ShellFuzzTest took 706 s for 200 tries
 * of 1 MiB commands, 3 s at 64 KiB, because each of tens of thousands of commands scanned every
 * other one, and each chained-removal question walked the chain once per {@code rm}).
 *
 * <p>Nothing is timed: {@link Script#examined()} counts the commands and candidates those
 * questions looked at, and a quadratic walk over a few thousand commands counts millions.
 */
class ScriptCostTest {

  /** Repeated units, each giving a few commands, in the shapes that were quadratic. */
  static Stream<Arguments> shapes() {
    return Stream.of(
        // a consumer, then an unrelated rm, all in one && chain: each consumer sees every rm
        Arguments.of("git commit -F m.txt && rm other.txt && ", "true"),
        // one long chain of consumers, the removal of their file at its end
        Arguments.of("git commit -F m.txt && ", "rm m.txt"),
        // consumers and removals of the same file, joined by ;
        Arguments.of("git commit -F m.txt; rm m.txt; ", "true"),
        // one pipeline thousands of members long, its output redirected at the end
        Arguments.of("grep x | ", "cat > out.txt"),
        // a pipe into each git command that reads its input, then a deletion
        Arguments.of("printf 'delete refs/heads/x\\n' | git update-ref --stdin | ",
            "git branch -D y"),
        // consumers inside substitutions held by an assignment
        Arguments.of("x=$(git commit -F m.txt && rm n.txt) && ", "rm m.txt"),
        // evacuations whose output follows the pipeline, a heredoc at its head
        Arguments.of("cat <<EOF | git diff | ", "tee a.patch\nEOF"),
        // evacuations in one pipeline, each reaching the tee after it and every later one
        Arguments.of("git diff main...HEAD | tee untracked/backup.patch | ", "cat"));
  }

  @ParameterizedTest
  @MethodSource("shapes")
  void everyQuestionAboutOtherCommandsCostsWorkLinearInTheScript(String unit, String end) {
    for (int copies : new int[] {500, 4000}) {
      Script script = Shell.parseFresh(unit.repeat(copies) + end);
      askEverything(script);
      int n = script.commands().size();
      assertThat(n).isGreaterThanOrEqualTo(copies);
      // linear: a few looks per command (the index, one jump per question, a candidate or
      // two); the scans this replaced looked at n * n / 2 commands and more
      assertThat(script.examined()).as("%d commands", n).isLessThanOrEqualTo(12L * n);
    }
  }

  @org.junit.jupiter.api.Test
  void theScriptRulesJudgeHoldsAtMostTheBoundAndALongerOneIsAProblem() {
    String unit = "git commit -F m.txt; ";
    String atBound = unit.repeat(Shell.MAX_JUDGED_COMMANDS);
    Script judged = Shell.parse(atBound, dev.groundskeeper.api.Facts.none());
    assertThat(judged.complete()).isTrue();
    assertThat(judged.commands()).hasSize(Shell.MAX_JUDGED_COMMANDS);

    String over = atBound + "git branch -D feat";
    Script refused = Shell.parse(over, dev.groundskeeper.api.Facts.none());
    assertThat(refused.source()).isEqualTo(over);
    assertThat(refused.commands()).isEmpty();
    assertThat(refused.deletedBranches()).isEmpty();
    assertThat(refused.problems()).singleElement().satisfies(p -> {
      assertThat(p.reason()).isEqualTo("the command holds 1001 simple commands, more than the"
          + " 1000 a rule judges, so none of it was judged; run it in smaller parts");
      // where the first command past the bound starts
      assertThat(p.offset()).isEqualTo(atBound.length());
    });
    // the model itself reads any length: only the rules' reading is bounded
    assertThat(Shell.parseFresh(over).deletedBranches()).hasSize(1);
  }

  /**
   * The fuzzer's 1 MiB mutant that exhausted the heap of the long run (issue 17): in a pipeline
   * of {@code git diff | tee f | git diff | tee f | …} each diff's output reaches every later
   * tee, and each answer was its own copy of those files: 20,000 diffs asked for 200 million
   * targets. The answers are views of one list of the pipeline's files.
   */
  @org.junit.jupiter.api.Test
  void aPipelineOfEvacuationsAndTeesSharesOneListOfFiles() {
    String unit = "git diff main...HEAD | tee untracked/backup.patch | ";
    int copies = 2_000;
    Script script = Shell.parseFresh(unit.repeat(copies) + "cat");
    List<Evacuation> evacuations = script.evacuations();
    assertThat(evacuations).hasSize(copies);
    Set<FileTarget> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
    long answered = 0;
    for (int i = 0; i < copies; i++) {
      List<FileTarget> outputs = evacuations.get(i).outputs();
      // the tee right after it and every later one: its output runs on down the pipeline
      assertThat(outputs).hasSize(copies - i);
      assertThat(outputs.get(0).path().value()).isEqualTo("untracked/backup.patch");
      assertThat(outputs.get(0).route()).isEqualTo(FileTarget.Route.TEE);
      answered += outputs.size();
      distinct.addAll(outputs);
    }
    assertThat(answered).isEqualTo((long) copies * (copies + 1) / 2);
    // one target per tee, where a copy per answer made one per answer and tee
    assertThat(distinct).hasSize(copies);
    // the public question shares them too, and an answer is unmodifiable
    List<FileTarget> first = script.standardOutputTargets(script.commands().get(0));
    assertThat(first).isEqualTo(evacuations.get(0).outputs());
    assertThat(first.get(copies - 1)).isSameAs(evacuations.get(copies - 1).outputs().get(0));
    assertThatThrownBy(() -> first.remove(0)).isInstanceOf(UnsupportedOperationException.class);
  }

  /** The whole fuzzed size: every question answers, in work linear in the script. */
  @org.junit.jupiter.api.Test
  void aMebibytePipelineOfEvacuationsAndTeesIsAnswered() {
    String unit = "git diff main...HEAD | tee untracked/backup.patch | ";
    int copies = (1 << 20) / unit.length();
    Script script = Shell.parseFresh(unit.repeat(copies) + "cat");
    askEverything(script);
    assertThat(script.evacuations()).hasSize(copies);
    assertThat(script.evacuations().get(0).outputs()).hasSize(copies);
    assertThat(script.examined()).isLessThanOrEqualTo(12L * script.commands().size());
  }

  /**
   * The fuzzer's third 1 MiB mutant past the heap (issue 17): {@code git remote -v$(} repeated.
   * Each nested git command's last word starts with a dash and runs to the end of the text, and
   * every character of it was read as a short option: about 50 million options, 2 GB kept.
   */
  @org.junit.jupiter.api.Test
  void aMebibyteClusterOfShortOptionsIsReadAsItsLetters() {
    String unit = "git remote -v$(";
    Script script = Shell.parseFresh(unit.repeat((1 << 20) / unit.length()));
    assertThat(script.complete()).isFalse();
    long options = 0;
    for (GitCommand g : script.gitCommands()) {
      options += g.arguments().options().size();
      assertThat(g.arguments().has("-v")).isTrue();
    }
    // each of the few letters at most twice, in each of the nested commands
    assertThat(options).isLessThanOrEqualTo(2L * 16 * script.gitCommands().size());
  }

  /**
   * The removal index filed a removal path that is not static under a copy of its value, and a
   * path holding nested substitutions holds the rest of the text at every level: 1 MiB nested 50
   * deep copied 50 MB more when the chained removals were asked (issue 17: the fuzzer's
   * {@code -Xmx256m} run stopped there). Such a path never names one file twice by its text,
   * so it is not filed at all, and asking copies nothing of it.
   */
  @org.junit.jupiter.api.Test
  void removalPathsThatRunCommandsAreNotFiledUnderACopy() {
    int depth = 50;
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < depth; i++) {
      text.append("git commit -F \"$(cat m").append(i).append(")\" && rm \"$(");
    }
    text.append("y".repeat(1 << 20)).append(")\"".repeat(depth));
    Script script = Shell.parseFresh(text.toString());
    assertThat(script.consumedFiles()).hasSizeGreaterThanOrEqualTo(depth / 2);
    long before = allocatedHere();
    for (ConsumedFile file : script.consumedFiles()) {
      assertThat(script.chainedRemoval(file)).isEmpty();
    }
    // a copy per level was about 50 MB; the index and its lookups need a small part of one
    assertThat(allocatedHere() - before).isLessThan(8L << 20);
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"\"$(mktemp)\"", "\"`mktemp`\"",
      "<(echo x)", "\"$((1 + 2))\"", "\"a>(b)\"$X"})
  void aPathThatRunsACommandNeverNamesTheSameFileTwice(String path) {
    Script script = Shell.parseFresh("git commit -F " + path + " && rm -f " + path);
    for (Removal removal : script.removals()) {
      for (Word word : removal.paths()) {
        assertThat(ScriptIndex.runsCommands(word)).as(word.value()).isTrue();
        assertThat(ScriptIndex.key(word, removal.command().directory())).isEmpty();
      }
    }
    Script plain = Shell.parseFresh("git commit -F \"$F\" && rm -f \"$F\"");
    assertThat(plain.chainedRemoval(plain.consumedFiles().get(0))).isPresent();
  }

  private static long allocatedHere() {
    return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory
        .getThreadMXBean()).getCurrentThreadAllocatedBytes();
  }

  @org.junit.jupiter.api.Test
  void aLongClusterStillCountsALetterTwice() {
    Script script = Shell.parseFresh("git worktree remove -" + "f".repeat(40) + "D ../wt");
    GitCommand g = script.gitCommands().get(0);
    assertThat(g.arguments().count("-f")).isEqualTo(2);
    assertThat(g.arguments().has("-D")).isTrue();
    assertThat(Shell.parseFresh("git clean -ffdx").gitCommands().get(0).arguments()
        .count("-f")).isEqualTo(2);
  }

  private static void askEverything(Script script) {
    script.writtenFiles();
    script.deletedBranches();
    script.droppedRefs();
    script.evacuations();
    for (ConsumedFile file : script.consumedFiles()) {
      script.chainedRemoval(file);
    }
    for (SimpleCommand c : script.commands()) {
      script.standardOutputTargets(c);
    }
  }

  @Property
  void shellNoiseIsAnsweredAsTheScansAnswered(@ForAll("noise") String text) {
    sameAnswersAsTheScans(Shell.parseFresh(text));
  }

  @Provide
  Arbitrary<String> noise() {
    ShellPropertiesTest generators = new ShellPropertiesTest();
    return Arbitraries.oneOf(generators.shellNoise(), generators.mutatedCorpus());
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void theCorpusIsAnsweredAsTheScansAnswered(String command) {
    sameAnswersAsTheScans(Shell.parseFresh(command));
  }

  static Stream<String> corpus() {
    return Corpus.load().stream().map(Corpus.Entry::command);
  }

  @Property
  void mutantsAreAnsweredAsTheScansAnswered(@ForAll("mutants") String text) {
    if (text.length() <= 4096) {
      sameAnswersAsTheScans(Shell.parseFresh(text));
    }
  }

  @Provide
  Arbitrary<String> mutants() {
    return new ShellFuzzTest().mutants();
  }

  /** Every question compared with the scan that answered it before the index. */
  static void sameAnswersAsTheScans(Script script) {
    for (SimpleCommand c : script.commands()) {
      assertThat(script.standardOutputTargets(c)).as("stdout of %s", c)
          .isEqualTo(scannedStandardOutput(script, c));
      for (Removal r : script.removals()) {
        for (Word p : r.paths()) {
          assertThat(script.chainedRemoval(c, p, r.command().directory()))
              .as("rm of %s after %s", p, c)
              .isEqualTo(scannedChainedRemoval(script, c, p, r.command().directory()));
        }
      }
    }
    for (ConsumedFile f : script.consumedFiles()) {
      assertThat(script.chainedRemoval(f))
          .isEqualTo(scannedChainedRemoval(script, f.command(), f.path(), f.directory()));
    }
    List<DeletedBranch> deleted = new ArrayList<>();
    List<DroppedRef> dropped = new ArrayList<>();
    for (GitCommand g : script.gitCommands()) {
      deleted.addAll(BranchRoutes.deleted(g, scannedPipedInto(script, g.command())));
      dropped.addAll(BranchRoutes.dropped(g, scannedPipedInto(script, g.command())));
    }
    assertThat(script.deletedBranches()).isEqualTo(deleted);
    assertThat(script.droppedRefs()).isEqualTo(dropped);
  }

  // ------------------------------------------------------------------ the scans replaced

  private static List<FileTarget> scannedStandardOutput(Script script, SimpleCommand command) {
    List<FileTarget> out = new ArrayList<>();
    if (collect(out, command, command.redirections())) {
      return out;
    }
    for (int i = command.nesting().size() - 1; i >= 0; i--) {
      if (collect(out, command, command.nesting().get(i).redirections())) {
        return out;
      }
    }
    List<SimpleCommand> followers = new ArrayList<>();
    for (SimpleCommand c : script.commands()) {
      if (c.pipeline() == command.pipeline() && c.pipelinePosition() > command.pipelinePosition()) {
        followers.add(c);
      }
    }
    followers.sort(Comparator.comparingInt(SimpleCommand::pipelinePosition));
    for (SimpleCommand f : followers) {
      if (f.isNamed("tee")) {
        Script.addTee(out, f, false);
      }
      if (collect(out, f, f.redirections())) {
        break;
      }
    }
    return out;
  }

  private static boolean collect(List<FileTarget> out, SimpleCommand c, List<Redirection> rs) {
    boolean redirected = false;
    for (Redirection r : rs) {
      if (r.redirectsStandardOutput()) {
        redirected = true;
        if (r.writesFile()) {
          out.add(new FileTarget(c, r.target(), c.directory(), r.operator().appends()
              ? FileTarget.Route.APPEND : FileTarget.Route.REDIRECT, false));
        }
      }
    }
    return redirected;
  }

  private static Optional<Removal> scannedChainedRemoval(Script script, SimpleCommand after,
      Word path, Directory directory) {
    for (Removal r : script.removals()) {
      if (r.command().index() <= after.index() || !script.andChained(after, r.command())) {
        continue;
      }
      for (Word p : r.paths()) {
        if (samePath(path, directory, p, r.command().directory())) {
          return Optional.of(r);
        }
      }
    }
    return Optional.empty();
  }

  private static boolean samePath(Word a, Directory da, Word b, Directory db) {
    if (a.isStatic() != b.isStatic()) {
      return false;
    }
    if (!a.isStatic()) {
      String v = a.value();
      return v.equals(b.value()) && da.equals(db) && !v.contains("$(") && !v.contains("`")
          && !v.contains("<(") && !v.contains(">(");
    }
    return da.sameFile(a.value(), db, b.value());
  }

  private static final java.util.Set<String> PASSES_STDIN = java.util.Set.of("sudo", "doas",
      "env", "nice", "nohup", "timeout", "time", "command", "exec", "stdbuf", "ionice");

  private static Optional<SimpleCommand> scannedPipedInto(Script script, SimpleCommand c) {
    if (c.pipelinePosition() == 0) {
      return Optional.empty();
    }
    int depth = c.nesting().size();
    while (depth > 0 && c.nesting().get(depth - 1).kind() == Nesting.Kind.WRAPPER
        && PASSES_STDIN.contains(c.nesting().get(depth - 1).detail())) {
      depth--;
    }
    for (SimpleCommand other : script.commands()) {
      if (other.pipeline() == c.pipeline()
          && other.pipelinePosition() == c.pipelinePosition() - 1
          && (other.nesting().size() == c.nesting().size()
              || other.nesting().size() == depth)) {
        return Optional.of(other);
      }
    }
    return Optional.empty();
  }
}
