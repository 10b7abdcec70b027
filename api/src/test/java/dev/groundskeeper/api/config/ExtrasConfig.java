package dev.groundskeeper.api.config;

import dev.groundskeeper.api.Mode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A second namespace with the shapes {@link SampleConfig} lacks: lists of blocks, word sets. */
record ExtrasConfig(List<Step> steps, Map<String, Integer> limits, Optional<String> note,
    @OneOf({"short", "long"}) String style, @OneOf({"a", "b"}) List<String> letters,
    Nested nested) {

  static final ExtrasConfig DEFAULTS = new ExtrasConfig(List.of(), Map.of("x", 1),
      Optional.empty(), "short", List.of(), new Nested(new Inner(true)));

  static final ConfigSpec<ExtrasConfig> SPEC =
      new ConfigSpec<>("extras", ExtrasConfig.class, DEFAULTS);

  record Step(String id, Mode mode, Optional<Integer> limit) {
    Step {
      if (id.isBlank()) {
        throw new IllegalArgumentException("a step needs a non-blank id");
      }
    }
  }

  record Nested(Inner inner) {}

  record Inner(boolean flag) {}
}
