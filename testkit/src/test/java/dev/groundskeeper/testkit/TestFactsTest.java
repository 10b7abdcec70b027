package dev.groundskeeper.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.Fact;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TestFactsTest {

  private static final Fact<String> NAME = Fact.of("test.name", "a name");
  private static final Fact<Integer> LENGTH = Fact.of("test.length", "the name's length");

  @Test
  void theClockIsFixed() {
    assertThat(TestFacts.at(Instant.EPOCH).get(Facts.NOW)).isEqualTo(Instant.EPOCH);
    assertThat(TestFacts.atDefaultTime().get(Facts.NOW))
        .isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
    assertThat(TestFacts.builder().now("2026-03-01T12:00:00Z").build().get(Facts.NOW))
        .isEqualTo(Instant.parse("2026-03-01T12:00:00Z"));
  }

  @Test
  void laterMovesTheClockForward() {
    assertThat(TestFacts.builder().later(Duration.ofDays(2)).build().get(Facts.NOW))
        .isEqualTo(Instant.parse("2026-01-03T00:00:00Z"));
    assertThat(TestFacts.builder().now(Instant.EPOCH).later(Duration.ofHours(1)).build()
        .get(Facts.NOW)).isEqualTo(Instant.EPOCH.plus(Duration.ofHours(1)));
  }

  @Test
  void computedFactsAreComputedOnceAndMayReadOthers() {
    AtomicInteger computed = new AtomicInteger();
    Facts facts = TestFacts.builder()
        .with(NAME, "groundskeeper")
        .computed(LENGTH, f -> {
          computed.incrementAndGet();
          return f.get(NAME).length();
        })
        .build();

    assertThat(computed).hasValue(0);
    assertThat(facts.get(LENGTH)).isEqualTo(13);
    assertThat(facts.get(LENGTH)).isEqualTo(13);
    assertThat(computed).hasValue(1);
  }

  @Test
  void anUnavailableFactFailsWithItsReason() {
    Facts facts = TestFacts.builder().unavailable(NAME, "git timed out").build();

    assertThatThrownBy(() -> facts.find(NAME))
        .isInstanceOf(FactUnavailableException.class)
        .hasMessage("fact 'test.name' is unavailable: git timed out");
  }

  @Test
  void factsNotOfferedComeFromTheFallback() {
    Facts repository = Facts.builder().value(NAME, "from the repository").build();

    Facts facts = TestFacts.builder().now(Instant.EPOCH).over(repository).build();

    assertThat(facts.get(NAME)).isEqualTo("from the repository");
    assertThat(facts.get(Facts.NOW)).isEqualTo(Instant.EPOCH);
    assertThat(facts.find(LENGTH)).isEmpty();
  }

  @Test
  void aValueHereWinsOverTheFallback() {
    Facts facts = TestFacts.builder().over(TestFacts.at(Instant.EPOCH))
        .now(Instant.MAX).build();

    assertThat(facts.get(Facts.NOW)).isEqualTo(Instant.MAX);
  }
}
