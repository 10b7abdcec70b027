package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The loader and the generated schema refuse the same values: a plain YAML number or boolean is
 * not text for a free-text key, and a {@link Matches} shape is checked by both.
 */
class LoaderSchemaAgreementTest {

  static final String DATE = "\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2})?Z?)?";

  record Shaped(String name, @Matches(value = DATE, description = "an ISO-8601 date")
      Optional<String> since) {
    static final Shaped DEFAULTS = new Shaped("x", Optional.empty());
    static final ConfigSpec<Shaped> SPEC = new ConfigSpec<>("shaped", Shaped.class, DEFAULTS);
  }

  private static Shaped load(String yaml) {
    return ConfigLoader.load(List.of(ConfigLayer.ofText("repository", yaml)),
        List.of(Shaped.SPEC), Set.of()).get(Shaped.SPEC);
  }

  @Test
  void aPlainNumberOrBooleanIsNotTextButQuotedItIs() {
    assertThatThrownBy(() -> load("shaped: {name: 42}\n")).isInstanceOf(ConfigException.class)
        .hasMessageContaining("shaped.name: expected a string, got the number `42`; quote it"
            + " to mean the text: \"42\"");
    assertThatThrownBy(() -> load("shaped: {name: 1.5}\n")).hasMessageContaining("the number");
    assertThatThrownBy(() -> load("shaped: {name: false}\n"))
        .hasMessageContaining("got the boolean `false`");
    assertThat(load("shaped: {name: \"42\"}\n").name()).isEqualTo("42");
    assertThat(load("shaped: {name: 'true'}\n").name()).isEqualTo("true");
    assertThat(load("shaped: {name: on}\n").name()).isEqualTo("on");
    assertThat(load("shaped: {name: trunk-42}\n").name()).isEqualTo("trunk-42");
  }

  @Test
  void aShapeIsCheckedByTheLoaderAndWrittenIntoTheSchema() throws Exception {
    assertThat(load("shaped: {since: 2026-11-04}\n").since()).contains("2026-11-04");
    assertThatThrownBy(() -> load("shaped: {since: last tuesday}\n"))
        .hasMessageContaining("shaped.since: expected an ISO-8601 date or `null`, got `last tuesday`");
    assertThat(schemaPattern()).isEqualTo("^(?:" + DATE + ")$");
  }

  @Test
  void aShapeOnAnotherTypeIsTheProvidersMistake() {
    record Wrong(@Matches(value = "x", description = "x") int count) {}
    assertThatThrownBy(() -> RecordModel.of(Wrong.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("@Matches applies to free-text String keys");
  }

  @Property(tries = 300)
  void theLoaderAcceptsExactlyWhatTheSchemaPatternAccepts(@ForAll("dateLike") String text)
      throws Exception {
    // ECMA-262's $ (how editors read a schema pattern) matches only at the very end; Java's also
    // before a final line break, which \\z does not.
    String ecma = schemaPattern().replaceAll("\\$$", "\\\\z");
    boolean schemaAccepts = Pattern.compile(ecma).matcher(text).find();
    String quoted = "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    boolean loaderAccepts;
    try {
      load("shaped: {since: " + quoted + "}\n");
      loaderAccepts = true;
    } catch (ConfigException e) {
      loaderAccepts = false;
    }
    assertThat(loaderAccepts).as(text).isEqualTo(schemaAccepts);
  }

  @Provide
  Arbitrary<String> dateLike() {
    Arbitrary<String> noise =
        Arbitraries.strings().withChars("0123456789-T:Z ax\n").ofMaxLength(24);
    Arbitrary<String> dates = Arbitraries.integers().between(0, 9999).flatMap(year ->
        Arbitraries.of("", "T10:30", "T10:30:00Z", "T1:30", "Z", "\n")
            .map(tail -> String.format("%04d-11-04%s", year, tail)));
    return Arbitraries.oneOf(noise, dates);
  }

  private static String schemaPattern() throws Exception {
    JsonNode schema = new ObjectMapper().readTree(ConfigSchema.generate(List.of(Shaped.SPEC)));
    return schema.path("properties").path("shaped").path("properties").path("since")
        .path("pattern").asText();
  }
}
