package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.RepositorySettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ScanBudgetTest {

  @Test
  void theClockStartsWithTheWalkNotWithTheReading() throws InterruptedException {
    ScanBudget budget = new ScanBudget(
        new RepositorySettings.ScanLimits(1_000_000, Duration.ofMillis(200)));
    Thread.sleep(300); // a slow start: opening the repository in a new JVM under load
    assertThat(budget.inTime()).isTrue();
    assertThat(budget.visit()).isTrue();
    Thread.sleep(300);
    assertThat(budget.inTime()).isFalse();
    assertThat(budget.visit()).isFalse();
    assertThat(budget.exhausted()).isTrue();
  }

  @Test
  void theCommitBoundHoldsWhateverTheTime() {
    ScanBudget budget = new ScanBudget(
        new RepositorySettings.ScanLimits(3, Duration.ofMinutes(2)));
    assertThat(budget.visit()).isTrue();
    assertThat(budget.visit()).isTrue();
    assertThat(budget.visit()).isTrue();
    assertThat(budget.visit()).isFalse();
    assertThat(budget.exhausted()).isTrue();
  }
}
