package dev.groundskeeper.api.config;

import dev.groundskeeper.api.config.Problems.Location;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one layer (or several, merged) says about a part of the configuration, before it is
 * applied to the defaults: blocks (records and maps) merge key by key, leaves (scalars, lists)
 * replace. Every node remembers the layer and the place that set it.
 */
sealed interface Setting {

  String layer();

  Location where();

  /** A bound value that replaces whatever an earlier layer or the default said. */
  record Leaf(Object value, String layer, Location where) implements Setting {}

  /** Keys of a record or map block; {@code where} is the block's key in the latest layer. */
  record Block(Map<String, Setting> entries, String layer, Location where) implements Setting {

    public Block {
      entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }

    static Block empty(String layer, Location where) {
      return new Block(Map.of(), layer, where);
    }

    /** This block with {@code later} laid over it. */
    Block merge(Block later) {
      Map<String, Setting> merged = new LinkedHashMap<>(entries);
      later.entries.forEach((key, setting) -> merged.merge(key, setting, Setting::over));
      return new Block(merged, later.layer, later.where);
    }

    /** Every leaf key path below this block with the layer that set it. */
    void origins(String path, Map<String, String> into) {
      entries.forEach((key, setting) -> {
        String keyPath = NodeBinder.join(path, key);
        if (setting instanceof Block block) {
          block.origins(keyPath, into);
        } else {
          into.put(keyPath, setting.layer());
        }
      });
    }
  }

  private static Setting over(Setting earlier, Setting later) {
    return earlier instanceof Block first && later instanceof Block second
        ? first.merge(second) : later;
  }
}
