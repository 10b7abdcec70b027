package dev.groundskeeper.rules.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.shell.Word;
import dev.groundskeeper.git.GitFacts;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * changes.expire compares a written expiry with the reflog entries' times and reads only the
 * reflogs the command names: entries newer than the expiry, or in a reflog it does not name, keep
 * their commits, and a run in a copy agrees (the commit stays findable from the reflog exactly
 * when the rule allows).
 */
class ExpiryDatesTest {

  private static final Instant NOW = Instant.parse("2026-12-02T05:00:00Z");

  @TempDir
  Path temp;

  private Repo repo;
  private String lost;
  private int copies;

  @BeforeEach
  void setUp() {
    repo = Repo.create(temp.resolve("r"));
    repo.write("w.txt", "work\n");
    repo.git("add", "w.txt");
    repo.git("commit", "-q", "-m", "work reset away");
    lost = repo.git("rev-parse", "HEAD").strip();
    repo.git("reset", "-q", "--hard", "HEAD~1");
  }

  private Verdict judge(String command, Duration later) {
    // the entries were written just now; the clock is `later` past them
    Clock clock = Clock.fixed(Instant.now().plus(later), ZoneOffset.UTC);
    return new ExpireRule().evaluate(new Event.CommandEvent(EventContext.of("s1", repo.work),
        command), GitFacts.forDirectory(repo.work, RepositorySettings.defaults(), clock));
  }

  /** Whether the reset commit is still held by a reflog after running {@code command}. */
  private boolean stillHeldAfter(String command) {
    Repo copy = repo.copyTo(temp.resolve("copy-" + copies++));
    copy.sh(command);
    return copy.git("log", "--reflog", "--format=%H").contains(lost);
  }

  @Test
  void anExpiryOlderThanTheEntriesKeepsThemAndIsAllowed() {
    Verdict verdict = judge("git reflog expire --expire=30.days.ago --all", Duration.ofDays(10));

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.ALLOW);
    assertThat(stillHeldAfter("git reflog expire --expire=30.days.ago --all")).isTrue();
  }

  @Test
  void anExpiryNewerThanTheEntriesIsRefusedWithTheCutoff() {
    Verdict verdict = judge("git reflog expire --expire=1.week.ago --all", Duration.ofDays(10));

    assertThat(verdict.outcome()).as(verdict.message()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason()).contains("work reset away", "its entries from before");
    // git's own run, at the real time, with the same distance: an expiry in the future
    assertThat(stillHeldAfter("git reflog expire --expire=now --all")).isFalse();
  }

  @Test
  void onlyTheNamedReflogsCount() {
    // HEAD's reflog holds the reset commit as well as main's: expiring main's alone keeps it
    assertThat(judge("git reflog expire --expire=now main", Duration.ZERO).outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(stillHeldAfter("git reflog expire --expire=now main")).isTrue();

    Verdict both = judge("git reflog expire --expire=now HEAD refs/heads/main", Duration.ZERO);
    assertThat(both.outcome()).as(both.message()).isEqualTo(Outcome.DENY);
    assertThat(both.reason()).contains("in HEAD, refs/heads/main");
    assertThat(stillHeldAfter("git reflog expire --expire=now HEAD refs/heads/main")).isFalse();
  }

  @Test
  void theWrittenFormsAreRead() {
    assertThat(Expiry.cutoff(Word.of("never"), NOW)).isEmpty();
    // now and all reach every entry, even one a clock behind the disk's would call newer
    assertThat(Expiry.cutoff(Word.of("now"), NOW)).contains(Expiry.EVERYTHING);
    assertThat(Expiry.cutoff(Word.of("all"), NOW)).contains(Expiry.EVERYTHING);
    assertThat(Expiry.cutoff(Word.of("2.weeks.ago"), NOW)).contains(NOW.minus(14,
        ChronoUnit.DAYS));
    assertThat(Expiry.cutoff(Word.of("3 days ago"), NOW)).contains(NOW.minus(3, ChronoUnit.DAYS));
    assertThat(Expiry.cutoff(Word.of("1.hour"), NOW)).contains(NOW.minus(1, ChronoUnit.HOURS));
    assertThat(Expiry.cutoff(Word.of("@1700000000"), NOW))
        .contains(Instant.ofEpochSecond(1_700_000_000L));
    // a calendar date is read late: its end, plus a zone's margin
    assertThat(Expiry.cutoff(Word.of("2026-11-01"), NOW))
        .contains(Instant.parse("2026-11-02T14:00:00Z"));
    assertThat(Expiry.cutoff(Word.of("2026-11-01 10:00:00"), NOW))
        .contains(Instant.parse("2026-11-02T00:00:00Z"));
    // what is not read reaches everything: the guard fails closed
    assertThat(Expiry.cutoff(Word.of("the.day.before.payday"), NOW)).contains(Expiry.EVERYTHING);
  }

  @Test
  void withoutAnExpiryGitsDefaultsKeepRecentEntries() {
    assertThat(ExpireRule.dated(dev.groundskeeper.api.shell.Shell.parse("git reflog expire --expire-unreachable=never"
        + " --all").gitCommands().get(0), NOW).map(ExpireRule.Dated::cutoff))
        .contains(NOW.minus(90, ChronoUnit.DAYS));
  }

  @Property(tries = 200)
  void aLongerAgoIsAnEarlierCutoff(@ForAll @IntRange(min = 0, max = 5000) int days,
      @ForAll @IntRange(min = 1, max = 100) int more) {
    Optional<Instant> near = Expiry.cutoff(Word.of(days + ".days.ago"), NOW);
    Optional<Instant> far = Expiry.cutoff(Word.of((days + more) + ".days.ago"), NOW);
    assertThat(far.orElseThrow()).isBefore(near.orElseThrow());
    assertThat(Expiry.later(near, far)).isEqualTo(near);
    assertThat(Expiry.later(near, Optional.empty())).isEqualTo(near);
  }
}
