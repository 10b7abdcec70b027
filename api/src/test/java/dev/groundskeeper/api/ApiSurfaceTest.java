package dev.groundskeeper.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The engine package's own rules about its public surface, checked on the compiled classes. */
class ApiSurfaceTest {

  @Test
  void everyPublicTypeOfTheEnginePackageCarriesAStabilityMark() throws Exception {
    List<String> unmarked = publicTopLevelTypes().stream()
        .filter(type -> !type.isAnnotationPresent(API.class))
        .map(Class::getName)
        .toList();

    assertThat(unmarked).as("public types without @API").isEmpty();
  }

  @Test
  void publicSignaturesExposeNoPackagePrivateType() throws Exception {
    List<String> leaks = new ArrayList<>();
    for (Class<?> type : publicTopLevelTypes()) {
      for (Method method : type.getMethods()) {
        if (method.getDeclaringClass() != type) {
          continue;
        }
        Stream.concat(Stream.of(method.getReturnType()), Stream.of(method.getParameterTypes()))
            .filter(used -> used.getPackageName().equals(API.class.getPackageName()))
            .filter(used -> !Modifier.isPublic(used.getModifiers()))
            .forEach(used -> leaks.add(type.getSimpleName() + "." + method.getName()
                + " exposes " + used.getName()));
      }
    }

    assertThat(leaks).isEmpty();
  }

  @Test
  void theEngineInternalsStayPackagePrivate() throws Exception {
    for (String internal : List.of("EvaluationFacts", "MemoizingFacts", "RuleFilter")) {
      Class<?> type = Class.forName(API.class.getPackageName() + "." + internal);
      assertThat(Modifier.isPublic(type.getModifiers())).as(internal).isFalse();
    }
  }

  private static List<Class<?>> publicTopLevelTypes() throws IOException, URISyntaxException,
      ClassNotFoundException {
    Path classes = Path.of(API.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        .resolve(API.class.getPackageName().replace('.', '/'));
    List<Class<?>> types = new ArrayList<>();
    try (Stream<Path> files = Files.list(classes)) {
      for (Path file : files.sorted().toList()) {
        String name = file.getFileName().toString();
        if (name.endsWith(".class") && !name.contains("$") && !name.equals("package-info.class")) {
          Class<?> type = Class.forName(API.class.getPackageName() + "."
              + name.substring(0, name.length() - ".class".length()));
          if (Modifier.isPublic(type.getModifiers())) {
            types.add(type);
          }
        }
      }
    }
    assertThat(types).as("public types found in " + classes).hasSizeGreaterThan(10);
    return types;
  }
}
