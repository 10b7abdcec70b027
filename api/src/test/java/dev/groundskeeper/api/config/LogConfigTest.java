package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Explanation;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The log: block is always known, validated like any block, and says what is recorded. */
class LogConfigTest {

  private static EffectiveConfig load(String yaml) {
    return ConfigLoader.load(List.of(ConfigLayer.ofText("repository", yaml)), List.of(),
        Set.of());
  }

  private static Decision decision(Mode mode, Outcome reported) {
    Verdict verdict = reported == Outcome.NOT_APPLICABLE ? Verdict.notApplicable("a.b")
        : Verdict.allow("a.b");
    return Decision.of(List.of(verdict), Optional.of(new Explanation(List.of(
        new Explanation.Step("a.b", mode, reported, verdict, List.of(), Duration.ZERO)))));
  }

  @Test
  void theBlockIsKnownWithoutAnyProviderAndHasDefaults() {
    assertThat(load("").log()).isEqualTo(LogConfig.DEFAULTS);
    assertThat(EffectiveConfig.defaults(List.of()).log()).isEqualTo(LogConfig.DEFAULTS);
    assertThat(load("log:\n  decisions: all\n  max_bytes: 8192\n  keep: 1\n").log())
        .isEqualTo(new LogConfig(LogConfig.Decisions.ALL, 8192, 1));
    assertThat(load("log:\n  decisions: off\n").log().decisions())
        .isEqualTo(LogConfig.Decisions.OFF);
  }

  @Test
  void badValuesAreProblemsNamingTheKey() {
    assertThatThrownBy(() -> load("log:\n  decisions: some\n  max_bytes: 10\n  kep: 2\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("log.decisions").hasMessageContaining("log.max_bytes")
        .hasMessageContaining("log.kep").hasMessageContaining("keep");
  }

  @Test
  void adviseRecordsWhatASofteningRuleJudgedOffNothingAllEverything() {
    LogConfig advise = LogConfig.DEFAULTS;
    assertThat(advise.records(decision(Mode.ADVISE, Outcome.ALLOW))).isTrue();
    assertThat(advise.records(decision(Mode.WARN, Outcome.ALLOW))).isTrue();
    assertThat(advise.records(decision(Mode.ADVISE, Outcome.NOT_APPLICABLE))).isFalse();
    assertThat(advise.records(decision(Mode.BLOCK, Outcome.ALLOW))).isFalse();
    Decision unexplained = Decision.of(List.of(Verdict.allow("a.b")), Optional.empty());
    assertThat(advise.records(unexplained)).isFalse();
    LogConfig all = new LogConfig(LogConfig.Decisions.ALL, 4096, 1);
    assertThat(all.records(unexplained)).isTrue();
    LogConfig off = new LogConfig(LogConfig.Decisions.OFF, 4096, 1);
    assertThat(off.records(decision(Mode.ADVISE, Outcome.ALLOW))).isFalse();
  }
}
