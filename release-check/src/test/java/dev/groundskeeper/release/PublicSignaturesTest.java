package dev.groundskeeper.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The api's public signatures name only the JDK's types and ours, so a consumer's own Guava,
 * Jackson or SnakeYAML versions never meet ours in a method it calls (they stay implementation
 * details the api could drop or shade).
 */
public class PublicSignaturesTest {

  @Test
  void theApisPublicSignaturesNameNoThirdPartyType() throws IOException {
    assertThat(thirdPartyTypes(Poms.ROOT.resolve("api/target/classes"))).isEmpty();
  }

  @Test
  void theCheckSeesAThirdPartyTypeInASignature() {
    Set<String> found = new TreeSet<>();
    inspect(Sample.class, found);
    assertThat(found).containsExactly(
        "dev.groundskeeper.release.PublicSignaturesTest$Sample.json(): org.assertj.core.api"
            + ".AbstractStringAssert");
  }

  /** Public, in a public class, so that {@link #inspect} reads it as a published type. */
  public static final class Sample {
    public org.assertj.core.api.AbstractStringAssert<?> json() {
      return null;
    }

    String hidden(org.assertj.core.api.AbstractStringAssert<?> notPublic) {
      return "";
    }
  }

  private static Set<String> thirdPartyTypes(Path classes) throws IOException {
    Set<String> found = new TreeSet<>();
    List<String> names = new ArrayList<>();
    try (Stream<Path> files = Files.walk(classes)) {
      files.filter(f -> f.toString().endsWith(".class"))
          .forEach(f -> names.add(classes.relativize(f).toString().replace('/', '.')
              .replaceAll("\\.class$", "")));
    }
    assertThat(names).as("classes under %s", classes).isNotEmpty();
    for (String name : names) {
      try {
        inspect(Class.forName(name, false, PublicSignaturesTest.class.getClassLoader()), found);
      } catch (ClassNotFoundException e) {
        throw new AssertionError(name + " is not on the test class path", e);
      }
    }
    return found;
  }

  /** Adds "owner.member: type" for each type outside java.* and dev.groundskeeper.*. */
  private static void inspect(Class<?> type, Set<String> found) {
    if (!published(type)) {
      return;
    }
    String owner = type.getName();
    List<Type> supers = new ArrayList<>(List.of(type.getGenericInterfaces()));
    if (type.getGenericSuperclass() != null) {
      supers.add(type.getGenericSuperclass());
    }
    supers.forEach(t -> check(owner + " extends", t, found));
    for (Field field : type.getDeclaredFields()) {
      if (visible(field.getModifiers()) && !field.isSynthetic()) {
        check(owner + "." + field.getName(), field.getGenericType(), found);
      }
    }
    for (Constructor<?> constructor : type.getDeclaredConstructors()) {
      if (visible(constructor.getModifiers())) {
        for (Type parameter : constructor.getGenericParameterTypes()) {
          check(owner + ".<init>", parameter, found);
        }
      }
    }
    for (Method method : type.getDeclaredMethods()) {
      if (visible(method.getModifiers()) && !method.isSynthetic()) {
        String member = owner + "." + method.getName() + "()";
        check(member, method.getGenericReturnType(), found);
        for (Type parameter : method.getGenericParameterTypes()) {
          check(member, parameter, found);
        }
        for (Type thrown : method.getGenericExceptionTypes()) {
          check(member, thrown, found);
        }
      }
    }
  }

  /** Reachable by a consumer: public, and every enclosing class public too. */
  private static boolean published(Class<?> type) {
    for (Class<?> at = type; at != null; at = at.getEnclosingClass()) {
      if (!Modifier.isPublic(at.getModifiers()) || at.isAnonymousClass()) {
        return false;
      }
    }
    return true;
  }

  private static boolean visible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static void check(String member, Type type, Set<String> found) {
    collect(type, new HashSet<>()).stream()
        .filter(name -> !name.startsWith("java.") && !name.startsWith("dev.groundskeeper."))
        .forEach(name -> found.add(member + ": " + name));
  }

  private static Set<String> collect(Type type, Set<Type> seen) {
    Set<String> names = new TreeSet<>();
    if (!seen.add(type)) {
      return names;
    }
    if (type instanceof Class<?> c) {
      Class<?> element = c;
      while (element.isArray()) {
        element = element.getComponentType();
      }
      if (!element.isPrimitive()) {
        names.add(element.getName());
      }
    } else if (type instanceof ParameterizedType p) {
      names.addAll(collect(p.getRawType(), seen));
      for (Type argument : p.getActualTypeArguments()) {
        names.addAll(collect(argument, seen));
      }
    } else if (type instanceof WildcardType w) {
      for (Type bound : w.getUpperBounds()) {
        names.addAll(collect(bound, seen));
      }
      for (Type bound : w.getLowerBounds()) {
        names.addAll(collect(bound, seen));
      }
    } else if (type instanceof GenericArrayType a) {
      names.addAll(collect(a.getGenericComponentType(), seen));
    } else if (type instanceof TypeVariable<?> v) {
      for (Type bound : v.getBounds()) {
        names.addAll(collect(bound, seen));
      }
    }
    return names;
  }
}
