package dev.groundskeeper.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.NotEmpty;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** The request format the launcher's client writes with printf, and what the server reads. */
class HookRequestTest {

  @Property
  void whatIsEncodedIsReadBackByteForByte(
      @ForAll @NotEmpty @CharRange(from = 1, to = 0xD7FF) String cwd,
      @ForAll @Size(min = 1, max = 4) List<@CharRange(from = 1, to = 0xD7FF) String> args,
      @ForAll @Size(max = 5) Map<@AlphaChars @StringLength(min = 1, max = 8) String,
          @CharRange(from = 1, to = 0xD7FF) String> environment,
      @ForAll byte[] stdin) {
    HookRequest request = new HookRequest(cwd, 0022, "/jar", args, environment, stdin);
    HookRequest read = HookRequest.parse(request.encode(StandardCharsets.UTF_8),
        StandardCharsets.UTF_8);
    assertThat(read.workingDirectory()).isEqualTo(cwd);
    assertThat(read.umask()).isEqualTo(0022);
    assertThat(read.args()).isEqualTo(args);
    assertThat(read.environment()).isEqualTo(environment);
    assertThat(read.stdin()).isEqualTo(stdin);
  }

  @Test
  void theShellClientsFieldsAreRead() {
    byte[] body = ("groundskeeper-serve/1\0c:/work/repo\0j:/x/groundskeeper.jar\0u:0027\n\0"
        + "a:hook\0e:A=b=c\0e:EMPTY=\0\0{\"k\":1}\n").getBytes(StandardCharsets.UTF_8);
    HookRequest request = HookRequest.parse(body, StandardCharsets.UTF_8);
    assertThat(request.umask()).isEqualTo(0027);
    assertThat(request.environment()).isEqualTo(Map.of("A", "b=c", "EMPTY", ""));
    assertThat(new String(request.stdin(), StandardCharsets.UTF_8)).isEqualTo("{\"k\":1}\n");
  }

  @Test
  void aMalformedRequestSaysWhatIsWrong() {
    assertThatThrownBy(() -> parse("groundskeeper-serve/1\0c:/r\0"))
        .hasMessageContaining("not ended by an empty one");
    assertThatThrownBy(() -> parse("other/1\0\0"))
        .hasMessageContaining("does not start with groundskeeper-serve/1");
    assertThatThrownBy(() -> parse("groundskeeper-serve/1\0x:1\0\0"))
        .hasMessageContaining("unknown request field `x:1`");
    assertThatThrownBy(() -> parse("groundskeeper-serve/1\0c:/r\0u:0022\0j:/j\0a:hook\0e:=x\0\0"))
        .hasMessageContaining("NAME=VALUE");
    assertThatThrownBy(() -> parse("groundskeeper-serve/1\0c:/r\0u:9\0j:/j\0a:hook\0\0"))
        .hasMessageContaining("octal");
    assertThatThrownBy(() -> parse("groundskeeper-serve/1\0c:/r\0j:/j\0a:hook\0\0"))
        .hasMessageContaining("lacks its working directory, umask, jar or arguments");
  }

  private static HookRequest parse(String body) {
    return HookRequest.parse(body.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
  }
}
