package dev.groundskeeper.cli.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.groundskeeper.cli.install.JsonText.Arr;
import dev.groundskeeper.cli.install.JsonText.Obj;
import org.junit.jupiter.api.Test;

class JsonTextTest {

  @Test
  void valuesKnowWhereTheyAre() throws Exception {
    String text = "{\"a\": [1, \"x\"], \"b\": {\"c\": null}}";

    Obj root = (Obj) JsonText.parse(text, false);

    Arr a = (Arr) root.member("a").orElseThrow().value();
    assertThat(text.substring(a.start(), a.end())).isEqualTo("[1, \"x\"]");
    assertThat(text.substring(a.elements().get(1).start(), a.elements().get(1).end()))
        .isEqualTo("\"x\"");
    assertThat(root.member("b").orElseThrow().start()).isEqualTo(text.indexOf("\"b\""));
    assertThat(root.node().path("b").has("c")).isTrue();
  }

  @Test
  void badJsonSaysWhereAndWhat() {
    assertThatThrownBy(() -> JsonText.parse("{\n  \"a\": 1,\n}", false))
        .hasMessage("3:1: expected a key in quotes");
    assertThatThrownBy(() -> JsonText.parse("{\"a\": 1, \"a\": 2}", false))
        .hasMessageContaining("the key \"a\" appears twice");
    assertThatThrownBy(() -> JsonText.parse("{} x", false))
        .hasMessageContaining("unexpected text after the JSON value");
    assertThatThrownBy(() -> JsonText.parse("", false)).hasMessageContaining("no JSON value");
    assertThatThrownBy(() -> JsonText.parse("[01]", false)).hasMessageContaining("expected ','");
    assertThatThrownBy(() -> JsonText.parse("{\"a\": \"\\q\"}", false))
        .hasMessageContaining("unknown escape");
  }

  @Test
  void commentsOnlyWhereTheRunnerReadsThem() throws Exception {
    String text = "{\n  // note\n  \"a\": 1 /* more */\n}";

    assertThatThrownBy(() -> JsonText.parse(text, false)).hasMessageContaining("a comment");
    assertThat(JsonText.parse(text, true).node().path("a").asInt()).isEqualTo(1);
  }

  @Test
  void anAppendFollowsTheFilesIndentationAndARemoveUndoesIt() throws Exception {
    String text = "{\n\t\"a\": 1\n}\n";
    JsonText.Style style = JsonText.style(text);

    String added = JsonText.appendMember(text, (Obj) JsonText.parse(text, false), "b",
        JsonNodeFactory.instance.arrayNode().add(2), style);

    assertThat(added).isEqualTo("{\n\t\"a\": 1,\n\t\"b\": [\n\t\t2\n\t]\n}\n");
    Obj again = (Obj) JsonText.parse(added, false);
    assertThat(JsonText.removeMember(added, again, 1)).isEqualTo(text);
    assertThat(JsonText.removeMember(added, again, 0)).isEqualTo("{\n\t\"b\": [\n\t\t2\n\t]\n}\n");
  }

  @Test
  void anEmptyContainerOpensOnItsOwnLines() throws Exception {
    String text = "{\"hooks\": {}}";
    Obj root = (Obj) JsonText.parse(text, false);

    String added = JsonText.appendMember(text, (Obj) root.member("hooks").orElseThrow().value(),
        "Stop", JsonNodeFactory.instance.arrayNode(), JsonText.Style.DEFAULT);

    assertThat(added).isEqualTo("{\"hooks\": {\n  \"Stop\": []\n}}");
  }
}
