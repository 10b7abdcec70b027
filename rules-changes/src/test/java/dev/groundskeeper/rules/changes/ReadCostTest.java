package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Fact;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.repo.ChangeFacts;
import dev.groundskeeper.api.repo.ChangeQueries;
import dev.groundskeeper.api.repo.WorktreeChanges;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the guards over uncommitted work cost in repository reads, counted rather than timed (the
 * benchmark in bench measures time; this holds the part of its target that can be asserted): a
 * command with no discard in it reads no fact at all, through every rule of the block in every
 * mode; {@code git reset --hard} in a dirty worktree asks once for the worktree's tracked changes
 * (one status read that lists no untracked or ignored file, with its line counts read beside it)
 * and for no clean preview; with a commit to reset to, or a branch to check out, it asks in
 * addition which untracked or ignored files sit where that tree tracks a path (never the whole
 * status); a recursive removal still asks for the whole status.
 */
class ReadCostTest {

  /** The benchmark's command with no discard, then the mentions corpus. */
  static final List<String> NO_DISCARD;

  static {
    List<String> commands = new ArrayList<>(List.of(
        "ls -la && git status && echo 'git reset --hard' > notes.txt && git log --oneline -5",
        "git add -A && git commit -m 'wip'", "git fetch origin && git rebase origin/main",
        "git switch -c feat/x", "mvn -q verify", "cat a.txt | wc -l", "git push origin HEAD"));
    commands.addAll(MentionsAreNotDiscardsTest.CORPUS);
    NO_DISCARD = List.copyOf(commands);
  }

  @TempDir
  static Path temp;

  static Repo repo;

  @BeforeAll
  static void dirtyRepository() {
    repo = Repo.create(temp.resolve("r"));
    for (int i = 0; i < 50; i++) {
      repo.write("d/f" + i + ".txt", "line " + i + "\n");
    }
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "fifty files");
    for (int i = 0; i < 5; i++) {
      repo.write("d/f" + i + ".txt", "changed " + i + "\n");
    }
    repo.write("loose.txt", "untracked work\n");
  }

  /** Facts over the real repository that count every read, and every question asked of it. */
  static final class Counting implements Facts {
    final Facts real = repo.facts();
    final List<String> reads = new ArrayList<>();
    final AtomicInteger changes = new AtomicInteger();
    final AtomicInteger previews = new AtomicInteger();
    final AtomicInteger trackedOnly = new AtomicInteger();
    final List<String> overwritten = new ArrayList<>();
    final List<WorktreeChanges> answers = new ArrayList<>();

    @Override
    public <T> Optional<T> find(Fact<T> fact) {
      reads.add(fact.id());
      Optional<T> value = real.find(fact);
      if (fact.equals(ChangeFacts.QUERIES) && value.isPresent()) {
        ChangeQueries queries = (ChangeQueries) value.get();
        ChangeQueries counted = new ChangeQueries() {
          @Override
          public Optional<WorktreeChanges> changes(Path directory) {
            changes.incrementAndGet();
            return queries.changes(directory);
          }

          @Override
          public Optional<WorktreeChanges> trackedChanges(Path directory) {
            trackedOnly.incrementAndGet();
            Optional<WorktreeChanges> answer = queries.trackedChanges(directory);
            answer.ifPresent(answers::add);
            return answer;
          }

          @Override
          public Optional<WorktreeChanges> overwrittenUntracked(Path directory, String target) {
            overwritten.add(target);
            return queries.overwrittenUntracked(directory, target);
          }

          @Override
          public List<String> cleanPreview(Path directory, List<String> options,
              List<String> pathspecs) {
            previews.incrementAndGet();
            return queries.cleanPreview(directory, options, pathspecs);
          }
        };
        @SuppressWarnings("unchecked") // the fact is ChangeFacts.QUERIES, so T is ChangeQueries
        T same = (T) counted;
        return Optional.of(same);
      }
      return value;
    }
  }

  private static Policy policy(ChangesConfig config) {
    var builder = Policy.builder();
    for (ConfiguredRule rule : new ChangeRules().rules(config)) {
      builder.rule(rule.rule(), rule.mode());
    }
    return builder.build();
  }

  private static Event command(String text) {
    return new Event.CommandEvent(EventContext.of("s1", repo.work), text);
  }

  @Test
  void aCommandWithNoDiscardReadsNoFactInAnyMode() {
    ChangesConfig snapshot = new ChangesConfig(ChangesConfig.SNAPSHOT, ChangesConfig.SNAPSHOT,
        Mode.BLOCK, Mode.BLOCK, ChangesConfig.Snapshots.DEFAULTS);
    ChangesConfig advise = new ChangesConfig(Mode.ADVISE, Mode.ADVISE, Mode.ADVISE, Mode.ADVISE,
        ChangesConfig.Snapshots.DEFAULTS);
    for (ChangesConfig config : List.of(ChangesConfig.DEFAULTS, snapshot, advise)) {
      Policy policy = policy(config);
      for (String text : NO_DISCARD) {
        Counting facts = new Counting();
        var decision = policy.evaluate(command(text), facts);
        assertThat(facts.reads).as(text + " in " + config + ": " + decision).isEmpty();
        assertThat(decision.outcome()).as(text).isNotEqualTo(Outcome.DENY);
      }
    }
  }

  @Test
  void aResetHardAsksOnceForTheTrackedChangesOnly() {
    Counting facts = new Counting();

    var decision = policy(ChangesConfig.DEFAULTS).evaluate(command("git reset --hard"), facts);

    assertThat(decision.outcome()).isEqualTo(Outcome.DENY);
    // one status read, of tracked changes only: a reset deletes no untracked or ignored file,
    // so their walk (most of a status in a large tree) is not asked for
    assertThat(facts.trackedOnly.get()).as("one tracked-only status read").isEqualTo(1);
    assertThat(facts.changes.get()).as("no full status read").isZero();
    assertThat(facts.overwritten).as("no target: no other tree's paths asked for").isEmpty();
    assertThat(facts.previews.get()).isZero();
    assertThat(facts.reads).containsOnly(ChangeFacts.QUERIES.id());
    WorktreeChanges read = facts.answers.get(0);
    assertThat(read.untracked()).as("untracked files not listed").isEmpty();
    assertThat(read.ignored()).as("ignored files not listed").isEmpty();
    assertThat(read.tracked()).hasSize(5);
  }

  @Test
  void aResetHardToACommitAsksOnceMoreForTheTargetsPathsOnlyAndNoFullStatus() {
    Counting facts = new Counting();

    var decision = policy(ChangesConfig.DEFAULTS).evaluate(command("git reset --hard HEAD~0"),
        facts);

    assertThat(decision.outcome()).isEqualTo(Outcome.DENY); // the five changed files
    assertThat(facts.trackedOnly.get()).isEqualTo(1);
    assertThat(facts.overwritten).containsExactly("HEAD~0");
    assertThat(facts.changes.get()).as("no full status read: untracked files are asked for"
        + " only where the target tracks a path").isZero();
  }

  @Test
  void aPlainCheckoutOfABranchAsksOnlyForTheTargetsPaths() {
    repo.git("branch", "-f", "plain", "HEAD");
    Counting facts = new Counting();

    var decision = policy(ChangesConfig.DEFAULTS).evaluate(command("git checkout plain"), facts);

    assertThat(decision.outcome()).isNotEqualTo(Outcome.DENY);
    // git itself stops rather than overwrite a tracked change: no tracked status is read
    assertThat(facts.trackedOnly.get()).isZero();
    assertThat(facts.changes.get()).isZero();
    assertThat(facts.overwritten).containsExactly("plain");
  }

  @Test
  void aRecursiveRemovalStillReadsTheWholeStatus() {
    Counting facts = new Counting();

    var decision = policy(ChangesConfig.DEFAULTS).evaluate(command("rm -rf d"), facts);

    assertThat(decision.outcome()).isEqualTo(Outcome.DENY);
    assertThat(facts.trackedOnly.get()).isZero();
    assertThat(facts.changes.get()).as("the full status: untracked files can be lost")
        .isPositive();
  }
}
