package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/**
 * The api writes its JSON by hand since it dropped Jackson; Jackson, configured as the api used
 * to configure it, stays the oracle here (a test dependency only), so the schema and
 * {@code config show --json} keep their exact bytes.
 */
class JsonTest {

  /** The writer the api used before: Jackson's pretty printer with these separators. */
  private static ObjectWriter jackson() {
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
        .withSeparators(Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("").withArrayEmptySeparator(""));
    printer.indentObjectsWith(indenter);
    printer.indentArraysWith(indenter);
    return new ObjectMapper().writer(printer);
  }

  private static String oracle(Object tree) throws JsonProcessingException {
    return jackson().writeValueAsString(tree) + "\n";
  }

  @Test
  void aSmallTreeIsExactlyThis() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("name", "a \"quoted\" \\ path\n");
    tree.put("count", 3);
    tree.put("ratio", 0.5);
    tree.put("on", true);
    tree.put("none", null);
    tree.put("empty", Map.of());
    tree.put("nothing", List.of());
    tree.put("items", List.of(1L, "\u0001", Map.of("k", List.of())));
    assertThat(Json.write(tree)).isEqualTo("""
        {
          "name": "a \\"quoted\\" \\\\ path\\n",
          "count": 3,
          "ratio": 0.5,
          "on": true,
          "none": null,
          "empty": {},
          "nothing": [],
          "items": [
            1,
            "\\u0001",
            {
              "k": []
            }
          ]
        }
        """);
  }

  @Test
  void aScalarAloneIsItsOwnDocument() {
    assertThat(Json.write("x")).isEqualTo("\"x\"\n");
    assertThat(Json.write(null)).isEqualTo("null\n");
    assertThat(Json.write(List.of())).isEqualTo("[]\n");
  }

  @Test
  void numbersJsonCannotHoldAreWrittenAsJacksonWritesThem() throws JsonProcessingException {
    List<Object> odd = List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Float.NaN, 1e300, -0.0, 1.0, 2.5f, new BigDecimal("1.50"), Long.MIN_VALUE);
    assertThat(Json.write(odd)).isEqualTo(oracle(odd));
  }

  @Test
  void everyControlCharacterIsEscapedAsJacksonEscapesIt() throws JsonProcessingException {
    StringBuilder all = new StringBuilder();
    for (char c = 0; c < 0x80; c++) {
      all.append(c);
    }
    all.append("é中€\u2028\u2029\uD83D\uDE00\uFFFF");
    assertThat(Json.write(all.toString())).isEqualTo(oracle(all.toString()));
  }

  @Test
  void aValueThatIsNotPlainIsRefusedByItsType() {
    assertThatThrownBy(() -> Json.write(List.of(Path.of("x"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a plain JSON value");
    Map<Object, Object> numberKeyed = new LinkedHashMap<>();
    numberKeyed.put(1, "one");
    assertThatThrownBy(() -> Json.write(numberKeyed))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a key of type java.lang.Integer");
  }

  @Property
  void anyPlainTreeIsWrittenByteForByteAsJacksonWroteIt(@ForAll("trees") Object tree)
      throws JsonProcessingException {
    assertThat(Json.write(tree)).isEqualTo(oracle(tree));
  }

  @Provide
  Arbitrary<Object> trees() {
    return tree(3);
  }

  private static Arbitrary<Object> tree(int depth) {
    Arbitrary<Object> scalars = Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(10).map(s -> (Object) s),
        Arbitraries.strings().withChars("ab\"\\\n\t\r\b\f\u0000\u001f/é").ofMaxLength(6)
            .map(s -> (Object) s),
        Arbitraries.integers().map(i -> (Object) i),
        Arbitraries.longs().map(l -> (Object) l),
        Arbitraries.doubles().map(d -> (Object) d),
        Arbitraries.of(true, false).map(b -> (Object) b)).injectNull(0.05);
    if (depth == 0) {
      return scalars;
    }
    Arbitrary<Object> lists = tree(depth - 1).list().ofMaxSize(4).map(l -> (Object) l);
    Arbitrary<Object> maps = Arbitraries.entries(
            Arbitraries.strings().all().ofMaxLength(6), tree(depth - 1))
        .list().ofMaxSize(4).map(entries -> {
          Map<String, Object> map = new LinkedHashMap<>();
          entries.forEach(e -> map.put(e.getKey(), e.getValue()));
          return (Object) map;
        });
    return Arbitraries.frequencyOf(Tuple.of(3, scalars), Tuple.of(2, lists), Tuple.of(2, maps));
  }

  @Test
  void theGeneratorReachesNestedContainers() {
    // A property that only ever saw scalars would hold the layout to nothing.
    List<Object> samples = new ArrayList<>();
    tree(3).sampleStream().limit(300).forEach(samples::add);
    assertThat(samples).anyMatch(t -> t instanceof Map<?, ?> m
        && m.values().stream().anyMatch(v -> v instanceof List<?> l && !l.isEmpty()));
    assertThat(samples).anyMatch(t -> t instanceof List<?> l && !l.isEmpty());
  }
}
