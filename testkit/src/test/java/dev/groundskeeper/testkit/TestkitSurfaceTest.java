package dev.groundskeeper.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.API;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The test kit keeps the rules it asks of others: public types carry a stability mark. */
class TestkitSurfaceTest {

  @Test
  void everyPublicTypeCarriesAStabilityMark() throws Exception {
    Path root = Path.of(RuleTester.class.getProtectionDomain().getCodeSource().getLocation()
        .toURI());
    List<String> unmarked = new ArrayList<>();
    int publicTypes = 0;
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
        String name = root.relativize(file).toString().replace('/', '.');
        Class<?> type = Class.forName(name.substring(0, name.length() - ".class".length()));
        boolean visible = Modifier.isPublic(type.getModifiers()) && (type.getEnclosingClass()
            == null || Modifier.isPublic(type.getEnclosingClass().getModifiers()));
        if (visible && !type.isAnonymousClass()) {
          publicTypes++;
          if (!type.isAnnotationPresent(API.class)) {
            unmarked.add(type.getName());
          }
        }
      }
    }

    assertThat(publicTypes).isGreaterThan(5);
    assertThat(unmarked).as("public test-kit types without @API").isEmpty();
  }
}
