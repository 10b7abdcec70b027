package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ConsumeChainPropertiesTest {

  private final ConsumeChainRule rule = new ConsumeChainRule(ScratchConfig.DEFAULTS);

  record Case(String consumer, String file, List<String> before, List<String> after) {
    String consumes() {
      return consumer.replace("{f}", file);
    }

    String command() {
      StringBuilder text = new StringBuilder();
      for (String step : before) {
        text.append(step).append(" && ");
      }
      text.append(consumes());
      for (String step : after) {
        text.append(" && ").append(step);
      }
      return text.toString();
    }
  }

  private Verdict judge(String command) {
    return rule.evaluate(Events.command(command), new MemoryFiles().facts());
  }

  @Property
  void appendingTheChainedRemovalToADeniedConsumeCommandAllowsIt(@ForAll("cases") Case c) {
    Verdict denied = judge(c.command());
    Assume.that(denied.outcome() == Outcome.DENY);
    assertThat(judge(c.command() + " && rm -- " + c.file()).outcome())
        .as(c.command()).isEqualTo(Outcome.ALLOW);
    assertThat(denied.remedy().orElseThrow().commands())
        .containsExactly(c.command() + " && rm -- " + c.file());
  }

  @Property
  void aSemicolonOrOrAnywhereBetweenConsumerAndRemovalIsDenied(@ForAll("cases") Case c,
      @ForAll("breaks") String separator, @ForAll("positions") int position) {
    List<String> steps = c.after();
    int at = Math.min(position, steps.size());
    StringBuilder text = new StringBuilder(c.consumes());
    for (int i = 0; i < steps.size(); i++) {
      text.append(i == at ? separator : " && ").append(steps.get(i));
    }
    text.append(at == steps.size() ? separator : " && ").append("rm -- ").append(c.file());
    assertThat(judge(text.toString()).outcome()).as(text.toString()).isEqualTo(Outcome.DENY);
  }

  /**
   * A chained removal does not make up for another removal of the same file that runs whatever
   * the consumer did: a trap action set before it, or a removal after a separator. The denial's
   * corrected command, when it offers one, is allowed.
   */
  @Property
  void aRemovalThatRunsWhateverTheConsumerDidIsDeniedBesideAChainedOne(@ForAll("cases") Case c,
      @ForAll("unconditional") String separator, @ForAll boolean trap) {
    String chained = c.command() + " && rm -- " + c.file();
    Assume.that(judge(chained).outcome() == Outcome.ALLOW);
    String command = trap ? "trap 'rm -f " + c.file() + "' EXIT; " + chained
        : chained + separator + "rm -f " + c.file();
    Verdict denied = judge(command);
    assertThat(denied.outcome()).as(command).isEqualTo(Outcome.DENY);
    for (String corrected : denied.remedy().orElseThrow().commands()) {
      assertThat(judge(corrected).outcome()).as(corrected).isEqualTo(Outcome.ALLOW);
    }
  }

  @Provide
  Arbitrary<Case> cases() {
    Arbitrary<String> consumer = Arbitraries.of(
        "git commit -F {f}", "git commit --file={f}", "git commit -qF {f}",
        "git commit --file {f}", "git merge --no-ff -F {f}", "git tag -a v1 -F {f}",
        "gh pr create --title t --body-file {f}", "gh issue comment 12 -F {f}",
        "gh release create v1 --notes-file {f}", "gh pr edit 3 --body-file={f}",
        "git -C . commit -F {f}");
    Arbitrary<String> name = Arbitraries.strings().withChars("abcxyz0189-_").ofMinLength(1)
        .ofMaxLength(12);
    Arbitrary<String> file = Combinators.combine(
        Arbitraries.of("untracked/scratch/", "./untracked/scratch/", "untracked/scratch/sub/"),
        Arbitraries.of("commit-", "pr-", "issue-", "", "notes-"), name,
        Arbitraries.of(".txt", ".md", ".json")).as((d, p, n, e) -> d + p + n + e);
    Arbitrary<String> step = Arbitraries.of("git push", "echo done", "git status --short",
        "npm test", "git log -1 --oneline");
    Arbitrary<List<String>> steps = step.list().ofMaxSize(3);
    return Combinators.combine(consumer, file, steps, steps).as(Case::new);
  }

  @Provide
  Arbitrary<String> breaks() {
    // A pipe breaks the chain too: without pipefail a pipeline's status is its last command's.
    return Arbitraries.of("; ", " || ", "\n", " ;", ";\n", " | ", " |& ");
  }

  /** Separators after which a step runs whether or not the steps before it succeeded. */
  @Provide
  Arbitrary<String> unconditional() {
    return Arbitraries.of("; ", " || ", "\n", ";\n");
  }

  @Provide
  Arbitrary<Integer> positions() {
    return Arbitraries.integers().between(0, 3);
  }

  /**
   * A consumer reached through directory moves: {@code cd} steps of the shell (optionally in a
   * subshell) and a {@code git -C}, with the file written relative to where git runs.
   */
  record Moved(List<String> cds, Optional<String> gitC, boolean subshell, String name) {
    String command() {
      Path shell = Path.of("");
      StringBuilder text = new StringBuilder(subshell ? "(" : "");
      for (String cd : cds) {
        text.append("cd ").append(cd).append(" && ");
        shell = shell.resolve(cd).normalize();
      }
      Path git = gitC.map(shell::resolve).orElse(shell).normalize();
      String file = git.relativize(Path.of("untracked/scratch", name)).toString();
      text.append("git ").append(gitC.map(c -> "-C " + c + " ").orElse(""))
          .append("commit -F ").append(file);
      return text.append(subshell ? ")" : "").toString();
    }
  }

  @Property
  void theCorrectedCommandIsAllowedWhereverTheMovesLeaveTheShell(@ForAll("moved") Moved m) {
    Verdict denied = judge(m.command());
    assertThat(denied.outcome()).as(m.command()).isEqualTo(Outcome.DENY);
    List<String> corrected = denied.remedy().orElseThrow().commands();
    assertThat(corrected).as(m.command()).hasSize(1);
    assertThat(judge(corrected.get(0)).outcome()).as(corrected.get(0))
        .isEqualTo(Outcome.ALLOW);
  }

  @Provide
  Arbitrary<Moved> moved() {
    Arbitrary<String> cd = Arbitraries.of("untracked", "untracked/scratch", "src", "..",
        "scratch", "docs/api");
    Arbitrary<Optional<String>> gitC = Arbitraries.of("untracked/scratch", "untracked", "..",
        "scratch", "src/main", ".").optional(0.7);
    Arbitrary<String> name = Arbitraries.of("commit-1.txt", "pr-2.md", "sub/commit-3.txt");
    return Combinators.combine(cd.list().ofMaxSize(3), gitC, Arbitraries.of(true, false), name)
        .as(Moved::new)
        // Moves that climb above the checkout or into a folder that is not there are left out:
        // the path would not name the scratch file at all.
        .filter(m -> inside(m));
  }

  private static boolean inside(Moved m) {
    Path shell = Path.of("");
    for (String cd : m.cds()) {
      shell = shell.resolve(cd).normalize();
      if (shell.startsWith("..")) {
        return false;
      }
    }
    Path git = m.gitC().map(shell::resolve).orElse(shell).normalize();
    return !git.startsWith("..");
  }
}
