package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.API;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The configuration package's public surface is exactly this, every type marked. */
class ConfigSurfaceTest {

  private static final List<String> PUBLIC = List.of("ConfigException", "ConfigLayer",
      "ConfigLayers", "ConfigLoader", "ConfigProblem", "ConfigSchema", "ConfigSpec", "ConfigView",
      "Doc", "EffectiveConfig", "EngineConfig", "Key", "LogConfig", "Matches", "OneOf", "Range",
      "RuleIdGlob");

  private static List<Class<?>> topLevelTypes() throws Exception {
    Path classes = Path.of(ConfigLoader.class.getProtectionDomain().getCodeSource().getLocation()
        .toURI()).resolve(ConfigLoader.class.getPackageName().replace('.', '/'));
    List<Class<?>> types = new ArrayList<>();
    try (Stream<Path> files = Files.list(classes)) {
      for (Path file : files.sorted().toList()) {
        String name = file.getFileName().toString();
        if (name.endsWith(".class") && !name.contains("$")) {
          types.add(Class.forName(ConfigLoader.class.getPackageName() + "."
              + name.substring(0, name.length() - ".class".length())));
        }
      }
    }
    return types;
  }

  @Test
  void onlyTheContractIsPublicAndAllOfItIsMarked() throws Exception {
    List<Class<?>> types = topLevelTypes();
    assertThat(types).hasSizeGreaterThan(PUBLIC.size());
    assertThat(types.stream().filter(t -> Modifier.isPublic(t.getModifiers()))
        .map(Class::getSimpleName)).containsExactlyInAnyOrderElementsOf(PUBLIC);
    assertThat(types.stream().filter(t -> Modifier.isPublic(t.getModifiers()))
        .filter(t -> !t.isAnnotationPresent(API.class)).map(Class::getSimpleName)).isEmpty();
  }

  @Test
  void publicMethodsExposeNoInternalType() throws Exception {
    List<String> leaks = new ArrayList<>();
    for (Class<?> type : topLevelTypes()) {
      if (!Modifier.isPublic(type.getModifiers())) {
        continue;
      }
      for (Method method : type.getDeclaredMethods()) {
        if (!Modifier.isPublic(method.getModifiers())) {
          continue;
        }
        Stream.concat(Stream.of(method.getReturnType()), Stream.of(method.getParameterTypes()))
            .filter(used -> !Modifier.isPublic(used.getModifiers()))
            .forEach(used -> leaks.add(type.getSimpleName() + "." + method.getName()));
      }
    }
    assertThat(leaks).isEmpty();
  }
}
