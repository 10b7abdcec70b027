package dev.groundskeeper.api.config;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A configuration record as the binder sees it: its keys in declaration order, each with its value
 * type, and the canonical constructor that enforces the record's cross-field rules. Built once per
 * class.
 */
final class RecordModel {

  record Component(String key, ValueType type, Optional<String> doc, Method accessor) {}

  private final Class<?> type;
  private final Map<String, Component> components;
  private final Constructor<?> constructor;

  private RecordModel(Class<?> type) {
    if (!type.isRecord()) {
      throw new IllegalArgumentException(type.getName() + " is not a record");
    }
    this.type = type;
    RecordComponent[] declared = type.getRecordComponents();
    Map<String, Component> byKey = new LinkedHashMap<>();
    Class<?>[] parameterTypes = new Class<?>[declared.length];
    for (int i = 0; i < declared.length; i++) {
      RecordComponent component = declared[i];
      parameterTypes[i] = component.getType();
      String key = Optional.ofNullable(component.getAnnotation(Key.class)).map(Key::value)
          .orElse(snakeCase(component.getName()));
      ValueType valueType;
      try {
        valueType = ValueType.of(component.getGenericType(),
            Optional.ofNullable(component.getAnnotation(Range.class)),
            Optional.ofNullable(component.getAnnotation(OneOf.class)),
            Optional.ofNullable(component.getAnnotation(Matches.class)));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("configuration record " + type.getName()
            + ", component " + component.getName() + ": " + e.getMessage(), e);
      }
      Method accessor = component.getAccessor();
      accessor.setAccessible(true);
      Component previous = byKey.put(key, new Component(key, valueType,
          Optional.ofNullable(component.getAnnotation(Doc.class)).map(Doc::value), accessor));
      if (previous != null) {
        throw new IllegalArgumentException("configuration record " + type.getName()
            + " has two components with the key '" + key + "'");
      }
    }
    this.components = byKey;
    try {
      this.constructor = type.getDeclaredConstructor(parameterTypes);
      constructor.setAccessible(true);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(type.getName() + " has no canonical constructor", e);
    }
  }

  /**
   * The model of a configuration record type.
   *
   * @throws IllegalArgumentException when the type or one of its components is not supported
   */
  static RecordModel of(Class<?> type) {
    // Built anew on each ask (configuration loading, not judging, asks): no static cache.
    return new RecordModel(type);
  }

  Class<?> type() {
    return type;
  }

  Optional<String> doc() {
    return Optional.ofNullable(type.getAnnotation(Doc.class)).map(Doc::value);
  }

  List<String> keys() {
    return List.copyOf(components.keySet());
  }

  List<Component> components() {
    return List.copyOf(components.values());
  }

  Optional<Component> component(String key) {
    return Optional.ofNullable(components.get(key));
  }

  Object value(Object record, Component component) {
    try {
      return component.accessor().invoke(record);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot read " + type.getName() + "." + component.key(), e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("reading " + type.getName() + "." + component.key()
          + " failed", e.getCause());
    }
  }

  /**
   * Builds the record from values in key order.
   *
   * @throws IllegalArgumentException what the compact constructor threw: the record's own
   *     verdict on inconsistent values
   */
  Object construct(List<Object> values) {
    try {
      return constructor.newInstance(values.toArray());
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof IllegalArgumentException invalid) {
        throw invalid;
      }
      if (e.getCause() instanceof RuntimeException failure) {
        throw failure;
      }
      throw new IllegalStateException("constructing " + type.getName() + " failed", e.getCause());
    } catch (InstantiationException | IllegalAccessException e) {
      throw new IllegalStateException("cannot construct " + type.getName(), e);
    }
  }

  /** {@code budgetMs} becomes {@code budget_ms}; a run of capitals is one word. */
  static String snakeCase(String camel) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < camel.length(); i++) {
      char c = camel.charAt(i);
      if (Character.isUpperCase(c)) {
        boolean afterLower = i > 0 && !Character.isUpperCase(camel.charAt(i - 1));
        boolean endsRun = i > 0 && i + 1 < camel.length()
            && Character.isUpperCase(camel.charAt(i - 1))
            && Character.isLowerCase(camel.charAt(i + 1));
        if (afterLower || endsRun) {
          out.append('_');
        }
        out.append(Character.toLowerCase(c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
