package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;
import net.jqwik.api.statistics.Statistics;

/**
 * A corpus-mutation fuzzer over every runner's hook payloads, through the hook's public entry
 * ({@code groundskeeper hook --runner NAME}, in-process) on a real repository that holds an
 * unpushed branch {@code feat/x} and a modified tracked file. Each try is one of two kinds:
 *
 * <ul>
 *   <li><b>still a loss</b> (three in five): a pre-command payload of the runner asking to run one
 *       of {@link #losses} (each a loss a guard must refuse, written in several equivalent ways),
 *       changed by {@link PayloadMutator#keepingTheLoss} in everything but the event, the tool,
 *       the command and the directory. The hook must refuse it in the runner's own words with
 *       exit 0: a failed hook (exit 1, no answer, a wrong field, a timeout) lets every runner
 *       run the command.
 *   <li><b>any mutant</b>: a payload of the runner's corpus mutated by
 *       {@link PayloadMutator#anything}.
 * </ul>
 *
 * <p>Whatever came in, the hook answers within the runner's timeout, prints no stack trace on
 * either stream, exits 0 with an answer the runner reads (see {@link FuzzRunner#checkAnswer}) or
 * 1 with one line on standard error and nothing on standard output, and never exits 2 (which
 * every runner reads as a deliberate refusal). The tries are {@link FuzzTries#tries()} per
 * runner; figures and the long run's command are in docs/benchmarks/fuzz.md.
 */
@AddLifecycleHook(FuzzTries.class)
class HookFuzzTest {

  private Path temp;
  private Path repo;
  private CliRunner cli;

  @BeforeProperty
  void setUp() throws IOException {
    temp = Files.createTempDirectory("gk-hook-fuzz");
    repo = LossRepository.withChange(temp.resolve("repo"), "tracked.txt", "committed\n",
        "modified, never committed\n");
    cli = CliRunner.builtInRulesOnly(temp);
  }

  @AfterProperty
  void tearDown() throws IOException {
    // nothing ran: the branch and the modified file are still there
    assertThat(Git.run(repo, "branch", "--list", "feat/x")).contains("feat/x");
    assertThat(Files.readString(repo.resolve("tracked.txt")))
        .isEqualTo("modified, never committed\n");
    try (Stream<Path> files = Files.walk(temp)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  /** Commands a loss guard refuses on the repository, each written simply and otherwise. */
  static List<String> losses(Path repo) {
    String cd = "cd " + repo + " && ";
    return List.of("git branch -D feat/x", "git branch --delete --force feat/x",
        "git branch -D 'feat/x'", "git -c color.ui=never branch -D feat/x",
        cd + "git branch -D feat/x", "git status; git branch -D feat/x",
        "true && git branch -D feat/x && echo done", "bash -c 'git branch -D feat/x'",
        "( git branch -D feat/x )", "  git branch -D feat/x\n",
        "git reset --hard", "git reset --hard HEAD", "git reset -q --hard",
        cd + "git reset --hard", "git stash list; git reset --hard HEAD",
        "sh -c \"git reset --hard\"", "git checkout -- tracked.txt", "git restore tracked.txt");
  }

  /** One try: whether it keeps a loss, and the seed of its mutations. */
  record Try(boolean keepsTheLoss, long seed) {}

  @Provide
  Arbitrary<Try> tries() {
    return net.jqwik.api.Combinators.combine(Arbitraries.integers().between(0, 4),
        Arbitraries.longs()).as((kind, seed) -> new Try(kind < 3, seed));
  }

  @Property(shrinking = ShrinkingMode.OFF)
  void claudeCode(@ForAll("tries") Try attempt) {
    check(FuzzRunner.CLAUDE, attempt);
  }

  @Property(shrinking = ShrinkingMode.OFF)
  void codexCli(@ForAll("tries") Try attempt) {
    check(FuzzRunner.CODEX, attempt);
  }

  @Property(shrinking = ShrinkingMode.OFF)
  void geminiCli(@ForAll("tries") Try attempt) {
    check(FuzzRunner.GEMINI, attempt);
  }

  @Property(shrinking = ShrinkingMode.OFF)
  void cursor(@ForAll("tries") Try attempt) {
    check(FuzzRunner.CURSOR, attempt);
  }

  private void check(FuzzRunner runner, Try attempt) {
    // each runner its own sequence, also when one seed repeats a run
    Random random = new Random(attempt.seed() * 31 + runner.ordinal());
    ObjectNode original;
    PayloadMutator.Mutant mutant;
    if (attempt.keepsTheLoss()) {
      List<String> losses = losses(repo);
      String loss = losses.get(random.nextInt(losses.size()));
      original = runner.command(repo, loss, random);
      mutant = PayloadMutator.keepingTheLoss(original.deepCopy(), runner.needed(original),
          random);
    } else {
      List<ObjectNode> corpus = runner.corpus(repo);
      original = corpus.get(random.nextInt(corpus.size()));
      mutant = PayloadMutator.anything(original.deepCopy(), random);
    }
    String hook = original.path("hook_event_name").asText();
    String where = runner.name + " " + hook + " (" + mutant.how() + "), seed "
        + attempt.seed();
    FuzzTries.Timed<CliRunner.Result> timed = FuzzTries.within(where,
        () -> cli.withBytes(repo, mutant.bytes(), "hook", "--runner", runner.name));
    CliRunner.Result result = timed.value();
    where += ": exit " + result.exit() + ", out " + abbreviated(result.out()) + ", err "
        + abbreviated(result.err());

    Statistics.label("payload").collect(attempt.keepsTheLoss() ? "still a loss"
        : "any mutant");
    Statistics.label("exit").collect(result.exit());
    Statistics.label("time").collect(timed.bucket());

    for (String stream : List.of(result.out(), result.err())) {
      assertThat(stream).as(where).doesNotContain("\tat ", "Exception in thread",
          "java.lang.", "com.fasterxml.", ".java:");
    }
    assertThat(result.exit()).as(where).isIn(0, 1);
    if (result.exit() == 1) {
      assertThat(result.out()).as(where).isEmpty();
      assertThat(result.error()).as(where).startsWith("groundskeeper hook: ")
          .doesNotContain("\n");
    } else {
      runner.checkAnswer(hook, result.output(), where);
    }
    if (attempt.keepsTheLoss()) {
      assertThat(result.exit()).as(where).isZero();
      assertThat(runner.denies(FuzzRunner.object(result.output(), where))).as(where).isTrue();
    }
    Statistics.label("payload")
        .coverage(coverage -> coverage.check("still a loss").percentage(p -> p >= 30));
  }

  private static String abbreviated(String text) {
    return text.length() <= 600 ? text : text.substring(0, 600) + "… (" + text.length() + ")";
  }
}
