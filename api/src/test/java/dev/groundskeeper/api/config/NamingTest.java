package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NamingTest {

  @Test
  void componentNamesBecomeSnakeCaseKeys() {
    assertThat(RecordModel.snakeCase("cap")).isEqualTo("cap");
    assertThat(RecordModel.snakeCase("budgetMs")).isEqualTo("budget_ms");
    assertThat(RecordModel.snakeCase("countRemote")).isEqualTo("count_remote");
    assertThat(RecordModel.snakeCase("maxURLLength")).isEqualTo("max_url_length");
    assertThat(RecordModel.snakeCase("useHTTP")).isEqualTo("use_http");
    assertThat(RecordModel.snakeCase("level2Cap")).isEqualTo("level2_cap");
  }

  @Test
  void suggestionsAreCloseMisspellingsOnly() {
    List<String> keys = List.of("cap", "mode", "count_remote");
    assertThat(Nearest.to("cpa", keys)).contains("cap");
    assertThat(Nearest.to("mdoe", keys)).contains("mode");
    assertThat(Nearest.to("count_remotes", keys)).contains("count_remote");
    assertThat(Nearest.to("countremote", keys)).contains("count_remote");
    assertThat(Nearest.to("colour", keys)).isEmpty();
    assertThat(Nearest.to("c", List.of("a", "b"))).isEmpty();
    assertThat(Nearest.to("anything", List.of())).isEmpty();
  }

  @Test
  void editDistanceCountsASwapAsOneEdit() {
    assertThat(Nearest.distance("cap", "cpa")).isEqualTo(1);
    assertThat(Nearest.distance("", "abc")).isEqualTo(3);
    assertThat(Nearest.distance("kitten", "sitting")).isEqualTo(3);
  }
}
