package dev.groundskeeper.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code serve --status --json}: the server's status lines as one object. */
class ServeStatusJsonTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everyStatusLineIsAFieldAndCountsAreNumbers() throws Exception {
    String text = "socket: /s/serve.sock\npid: 42\ncode: /j.jar\nstarted: 2026-12-02T14:00:00Z\n"
        + "idle timeout: 30m\nworkers: 4\nanswered: 7\ndeclined: 1\nfailed: 0\n"
        + "last declined: the caller's PATH differs: a: b\n"
        + "call time (last 7 answered): p50 1.000 ms, p90 2.000 ms";
    JsonNode status = ServeCommand.statusJson(Path.of("/s/serve.sock"), text);
    assertThat(status.get("running").asBoolean()).isTrue();
    assertThat(status.get("socket").asText()).isEqualTo("/s/serve.sock");
    assertThat(status.get("pid").isNumber()).isTrue();
    assertThat(status.get("answered").asLong()).isEqualTo(7);
    assertThat(status.get("failed").asLong()).isZero();
    assertThat(status.get("idle_timeout").asText()).isEqualTo("30m");
    assertThat(status.get("last_declined").asText()).isEqualTo("the caller's PATH differs: a: b");
    assertThat(status.get("call_time").asText()).isEqualTo("p50 1.000 ms, p90 2.000 ms");
    assertThat(status.get("started").asText()).isEqualTo("2026-12-02T14:00:00Z");
  }

  @Test
  void noServerIsAnObjectThatSaysSo() throws Exception {
    JsonNode status = ServeCommand.statusJson(Path.of("/s/serve.sock"), "");
    assertThat(status.get("running").asBoolean()).isFalse();
    assertThat(status.get("socket").asText()).isEqualTo("/s/serve.sock");
    assertThat(status.size()).isEqualTo(2);
  }
}
