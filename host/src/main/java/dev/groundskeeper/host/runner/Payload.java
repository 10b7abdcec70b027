package dev.groundskeeper.host.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Typed reads of one runner payload, with errors that name the event and the field. Fields the
 * adapter does not read are ignored; a field of the wrong type is an error, never a silent
 * default.
 */
final class Payload {

  private final JsonNode root;
  private final String event;

  Payload(JsonNode root, String event) {
    this.root = root;
    this.event = event;
  }

  String requiredString(String path) {
    return optionalString(path).orElseThrow(() -> new PayloadException(
        "the " + event + " payload lacks the string field `" + path + "`"));
  }

  Optional<String> optionalString(String path) {
    JsonNode node = at(path);
    if (node.isMissingNode() || node.isNull()) {
      return Optional.empty();
    }
    if (!node.isTextual()) {
      throw wrongType(path, "a string", node);
    }
    return Optional.of(node.asText());
  }

  /** A required path field, resolved against {@code base} when it is relative. */
  Path requiredPath(String path, Path base) {
    return resolve(path, base, requiredString(path));
  }

  Optional<Path> optionalPath(String path, Path base) {
    return optionalString(path).filter(value -> !value.isEmpty())
        .map(value -> resolve(path, base, value));
  }

  /** {@code value}, read from field {@code path}, resolved against {@code base}. */
  Path requiredPath(String path, Path base, String value) {
    return resolve(path, base, value);
  }

  private Path resolve(String path, Path base, String value) {
    try {
      return base.resolve(value).normalize();
    } catch (InvalidPathException e) {
      throw new PayloadException("the " + event + " payload's field `" + path
          + "` is not a usable path: " + e.getMessage());
    }
  }

  /** The first of these string fields that is present (for fields runners spell differently). */
  String requiredStringOf(String... paths) {
    for (String path : paths) {
      Optional<String> value = optionalString(path);
      if (value.isPresent()) {
        return value.get();
      }
    }
    throw new PayloadException("the " + event + " payload lacks the string field `" + paths[0] + "`");
  }

  boolean optionalBoolean(String path) {
    JsonNode node = at(path);
    if (node.isMissingNode() || node.isNull()) {
      return false;
    }
    if (!node.isBoolean()) {
      throw wrongType(path, "true or false", node);
    }
    return node.booleanValue();
  }

  OptionalInt optionalIntOf(String... paths) {
    for (String path : paths) {
      JsonNode node = at(path);
      if (node.isMissingNode() || node.isNull()) {
        continue;
      }
      if (!node.canConvertToInt() || !node.isIntegralNumber()) {
        throw wrongType(path, "an integer", node);
      }
      return OptionalInt.of(node.intValue());
    }
    return OptionalInt.empty();
  }

  /** The node at {@code path}, missing when any step is absent. */
  JsonNode node(String path) {
    return at(path);
  }

  /** True when {@code path} holds something other than null. */
  boolean has(String path) {
    JsonNode node = at(path);
    return !node.isMissingNode() && !node.isNull();
  }

  String event() {
    return event;
  }

  private JsonNode at(String path) {
    JsonNode node = root;
    for (String part : path.split("\\.")) {
      if (!node.isObject()) {
        return MissingNode.getInstance();
      }
      node = node.path(part);
    }
    return node;
  }

  private PayloadException wrongType(String path, String expected, JsonNode node) {
    return new PayloadException("the " + event + " payload's field `" + path + "` must be "
        + expected + ", not " + node.getNodeType().toString().toLowerCase(Locale.ROOT));
  }
}
