package dev.groundskeeper.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * The module rules of DESIGN.md, checked on the compiled classes and the poms: no static mutable
 * state in {@code api} or a rule module; rule modules do no I/O, run no process, read no clock and
 * start no thread; each module depends only on the modules its row of DESIGN.md's table allows;
 * every public top-level type of a published module carries {@code @API}.
 *
 * <p>It lives in release-check because this is the one module whose test class path holds every
 * published module (it depends on all of them, and the reactor builds it last), so the classes
 * can be loaded and their static fields read, and the reactor's poms sit beside it. Each check
 * has a self-test on a planted violation under {@code fixtures}, so none can pass by seeing
 * nothing.
 */
class ArchitectureTest {

  /** Modules that must hold no static mutable state. */
  static final List<String> PURE_MODULES =
      List.of("api", "rules-scratch", "rules-branches", "rules-worktree", "rules-changes");

  /** Modules that must not touch the world (DESIGN.md: "Rule modules are pure"). */
  static final List<String> RULE_MODULES =
      List.of("rules-scratch", "rules-branches", "rules-worktree", "rules-changes");

  /**
   * DESIGN.md's table, "may depend on", for the dependencies a module publishes (compile and
   * runtime scope; test scope may use any module the reactor built before it). One deliberate
   * widening: {@code host} also depends on the rule modules, because issue 13 has the host execute
   * the plans the rule modules make (prune, clean) and read their configuration blocks; the
   * table's row says only "api, git".
   */
  static final Map<String, Set<String>> MAY_DEPEND_ON = Map.ofEntries(
      Map.entry("api", Set.of()),
      Map.entry("testkit", Set.of("api")),
      Map.entry("rules-scratch", Set.of("api")),
      Map.entry("rules-branches", Set.of("api")),
      Map.entry("rules-worktree", Set.of("api")),
      Map.entry("rules-changes", Set.of("api")),
      Map.entry("git", Set.of("api")),
      Map.entry("host", Set.of("api", "git", "rules-scratch", "rules-branches", "rules-worktree",
          "rules-changes")),
      Map.entry("cli", Set.of("api", "testkit", "rules-scratch", "rules-branches",
          "rules-worktree", "rules-changes", "git", "host")),
      Map.entry("spi-examples", Set.of("api", "testkit")));

  /** Classes a rule module may not name at all. */
  static final List<String> FORBIDDEN_CLASSES = List.of(
      "java.io.File", "java.io.FileInputStream", "java.io.FileOutputStream", "java.io.FileReader",
      "java.io.FileWriter", "java.io.RandomAccessFile", "java.io.FileDescriptor",
      "java.lang.ProcessBuilder", "java.lang.Process", "java.lang.Runtime", "java.lang.Thread",
      "java.lang.ThreadLocal", "java.time.Clock", "java.time.InstantSource",
      "java.util.concurrent.Executors", "java.util.concurrent.ExecutorService",
      "java.util.concurrent.ForkJoinPool", "java.util.concurrent.CompletableFuture",
      "java.util.Timer", "java.net.Socket", "java.net.ServerSocket", "java.net.URLConnection",
      "java.net.http.HttpClient");

  /**
   * Of {@code java.nio.file}, rule modules may use {@link Path} as a value (events carry paths;
   * resolving and normalizing a path is pure) and the exception it throws on a bad string; every
   * other type of the package reads or changes the file system.
   */
  static final List<String> ALLOWED_NIO_FILE =
      List.of("java.nio.file.Path", "java.nio.file.InvalidPathException");

  /** Members a rule module may not call: clocks, the environment, and Path's readings of disk. */
  static final List<String> FORBIDDEN_MEMBERS = List.of(
      "java.lang.System.currentTimeMillis", "java.lang.System.nanoTime", "java.lang.System.getenv",
      "java.lang.System.getProperty", "java.lang.System.exit", "java.time.Instant.now",
      "java.time.LocalDate.now", "java.time.LocalDateTime.now", "java.time.ZonedDateTime.now",
      "java.time.OffsetDateTime.now", "java.time.LocalTime.now", "java.time.Year.now",
      "java.nio.file.Path.toRealPath", "java.nio.file.Path.toAbsolutePath",
      "java.nio.file.Path.toFile", "java.nio.file.Path.toUri", "java.nio.file.Path.register");

  @Test
  void apiAndTheRuleModulesHoldNoStaticMutableState() {
    List<String> found = new ArrayList<>();
    for (String module : PURE_MODULES) {
      for (String name : ClassFiles.names(classes(module))) {
        found.addAll(staticState(load(name, true)));
      }
    }
    assertThat(found).as("static mutable state (make it an instance value or a memo entry)")
        .isEmpty();
  }

  @Test
  void ruleModulesDoNoIoRunNoProcessReadNoClockAndStartNoThread() {
    List<String> found = new ArrayList<>();
    for (String module : RULE_MODULES) {
      for (ClassFiles.Compiled compiled : ClassFiles.under(classes(module))) {
        found.addAll(worldlyReferences(compiled));
      }
    }
    assertThat(found).as("rule modules read the world only through Facts").isEmpty();
  }

  @Test
  void eachModuleDependsOnlyOnWhatDesignAllows() {
    List<String> found = new ArrayList<>();
    for (Poms.Module module : Poms.modules()) {
      Set<String> allowed = MAY_DEPEND_ON.get(module.directory());
      if (allowed == null) {
        continue; // bench and release-check may depend on everything
      }
      found.addAll(disallowedDependencies(module.directory(), module.pom(), allowed));
    }
    assertThat(MAY_DEPEND_ON.keySet()).as("every module of the table is in the reactor")
        .allSatisfy(d -> assertThat(Poms.modules()).extracting(Poms.Module::directory)
            .contains(d));
    assertThat(found).isEmpty();
  }

  @Test
  void everyPublicTopLevelTypeOfAPublishedModuleIsMarkedWithApi() {
    List<String> found = new ArrayList<>();
    for (Poms.Module module : Poms.publishedJars()) {
      for (String name : ClassFiles.names(module.target().resolve("classes"))) {
        unmarked(load(name, false)).ifPresent(found::add);
      }
    }
    assertThat(found).as("public types without @API: mark them or make them package-private")
        .isEmpty();
  }

  /** Each check sees a planted violation, so an empty result means something. */
  @Nested
  class TheChecksSeeWhatTheyLookFor {

    @Test
    void staticMutableState() {
      assertThat(staticState(Fixtures.Stateful.class)).containsExactlyInAnyOrder(
          field(Fixtures.Stateful.class, "counter") + ": not final",
          field(Fixtures.Stateful.class, "CACHE") + ": a java.util.HashMap",
          field(Fixtures.Stateful.class, "TABLE") + ": an array of 3",
          field(Fixtures.Stateful.class, "LAST") + ": a java.util.concurrent.atomic"
              + ".AtomicReference",
          field(Fixtures.Stateful.class, "HOLDER") + ": its field slot is not final");
      assertThat(staticState(Fixtures.Stateless.class)).isEmpty();
    }

    @Test
    void worldlyReferences() {
      List<String> found = ArchitectureTest.worldlyReferences(
          ClassFiles.read(Poms.bytes(testClasses().resolve(
              "dev/groundskeeper/release/Fixtures$Worldly.class"))));
      assertThat(found).anyMatch(f -> f.endsWith("names java.nio.file.Files"))
          .anyMatch(f -> f.endsWith("names java.lang.ProcessBuilder"))
          .anyMatch(f -> f.endsWith("names java.lang.Thread"))
          .anyMatch(f -> f.endsWith("calls java.lang.System.nanoTime"))
          .anyMatch(f -> f.endsWith("calls java.time.Instant.now"))
          .anyMatch(f -> f.endsWith("calls java.nio.file.Path.toAbsolutePath"));
      assertThat(ArchitectureTest.worldlyReferences(ClassFiles.read(Poms.bytes(testClasses()
          .resolve("dev/groundskeeper/release/Fixtures$Stateless.class"))))).isEmpty();
    }

    @Test
    void disallowedDependencies() {
      Element pom = Poms.read(Poms.ROOT.resolve("host/pom.xml"));
      assertThat(ArchitectureTest.disallowedDependencies("host", pom, Set.of("api")))
          .contains("host depends on groundskeeper-git (compile)")
          .noneMatch(f -> f.contains("groundskeeper-testkit"));
    }

    @Test
    void unmarkedPublicTypes() {
      assertThat(unmarked(Fixtures.class)).contains(Fixtures.class.getName());
      assertThat(unmarked(ArchitectureTest.class)).isEmpty();
      assertThat(unmarked(Fixtures.Stateful.class)).as("nested types follow their owner")
          .isEmpty();
    }
  }

  // ---- the checks ----

  /** "owner.field: why" for each static field whose state can change after initialization. */
  static List<String> staticState(Class<?> type) {
    List<String> found = new ArrayList<>();
    for (Field f : type.getDeclaredFields()) {
      if (!Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) {
        continue;
      }
      if (!Modifier.isFinal(f.getModifiers())) {
        found.add(field(type, f.getName()) + ": not final");
        continue;
      }
      Object value;
      try {
        f.setAccessible(true);
        value = f.get(null);
      } catch (ReflectiveOperationException | InaccessibleObjectException e) {
        found.add(field(type, f.getName()) + ": cannot be read (" + e + ")");
        continue;
      }
      mutability(value, new IdentityHashMap<>(), 0)
          .ifPresent(why -> found.add(field(type, f.getName()) + ": " + why));
    }
    return found;
  }

  /** Why {@code value} can change, or empty when it cannot (as far as can be seen). */
  private static java.util.Optional<String> mutability(Object value,
      IdentityHashMap<Object, Boolean> seen, int depth) {
    if (value == null || seen.put(value, Boolean.TRUE) != null || depth > 6) {
      return java.util.Optional.empty();
    }
    Class<?> type = value.getClass();
    String name = type.getName();
    if (type.isArray()) {
      return Array.getLength(value) == 0 ? java.util.Optional.empty()
          : java.util.Optional.of("an array of " + Array.getLength(value));
    }
    if (value instanceof Collection<?> || value instanceof Map<?, ?>) {
      if (!immutableContainer(name)) {
        return java.util.Optional.of("a " + name);
      }
      Iterable<?> elements = value instanceof Map<?, ?> map
          ? concat(map.keySet(), map.values()) : (Collection<?>) value;
      for (Object element : elements) {
        java.util.Optional<String> inner = mutability(element, seen, depth + 1);
        if (inner.isPresent()) {
          return java.util.Optional.of("holds " + inner.get());
        }
      }
      return java.util.Optional.empty();
    }
    if (name.startsWith("java.util.concurrent.atomic.") || value instanceof StringBuilder
        || value instanceof StringBuffer || value instanceof ThreadLocal<?>
        || value instanceof ClassValue<?> || value instanceof java.util.Random
        || value instanceof java.util.Date || value instanceof java.util.BitSet
        || value instanceof java.util.Iterator<?> || value instanceof java.util.concurrent.locks.Lock
        || name.startsWith("java.util.concurrent.") && !type.isEnum()) {
      return java.util.Optional.of("a " + name);
    }
    if (name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
        || name.startsWith("sun.") || type.isEnum() || type.isPrimitive()) {
      // the JDK's other values (String, Pattern, Duration, comparators, ...) are immutable
      return java.util.Optional.empty();
    }
    for (Class<?> at = type; at != null && at != Object.class; at = at.getSuperclass()) {
      if (at.getName().startsWith("java.")) {
        break;
      }
      for (Field f : at.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers())) {
          continue;
        }
        if (!Modifier.isFinal(f.getModifiers())) {
          return java.util.Optional.of("its field " + f.getName() + " is not final");
        }
        try {
          f.setAccessible(true);
          java.util.Optional<String> inner = mutability(f.get(value), seen, depth + 1);
          if (inner.isPresent()) {
            return java.util.Optional.of("its field " + f.getName() + " holds " + inner.get());
          }
        } catch (ReflectiveOperationException | InaccessibleObjectException e) {
          return java.util.Optional.of("its field " + f.getName() + " cannot be read");
        }
      }
    }
    return java.util.Optional.empty();
  }

  private static boolean immutableContainer(String name) {
    return name.startsWith("java.util.ImmutableCollections$")
        || name.startsWith("java.util.Collections$Unmodifiable")
        || name.startsWith("java.util.Collections$Empty")
        || name.startsWith("java.util.Collections$Singleton")
        || name.startsWith("com.google.common.collect.Immutable")
        || name.startsWith("com.google.common.collect.Regular")
        || name.startsWith("com.google.common.collect.Singleton");
  }

  private static Iterable<Object> concat(Collection<?> a, Collection<?> b) {
    List<Object> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  /** "class names X" / "class calls X.m" for each reference to the world. */
  static List<String> worldlyReferences(ClassFiles.Compiled compiled) {
    List<String> found = new ArrayList<>();
    for (String used : compiled.classes()) {
      boolean nio = used.startsWith("java.nio.file.") && !ALLOWED_NIO_FILE.contains(used);
      if (nio || FORBIDDEN_CLASSES.contains(used)) {
        found.add(compiled.name() + " names " + used);
      }
    }
    for (String member : compiled.members()) {
      if (FORBIDDEN_MEMBERS.contains(member)) {
        found.add(compiled.name() + " calls " + member);
      }
    }
    return found;
  }

  static List<String> disallowedDependencies(String module, Element pom, Set<String> allowed) {
    List<String> found = new ArrayList<>();
    Element dependencies = Poms.child(pom, "dependencies").orElse(null);
    if (dependencies == null) {
      return found;
    }
    for (Element dependency : Poms.children(dependencies, "dependency")) {
      if (!Poms.text(dependency, "groupId").orElse("").equals("dev.groundskeeper")) {
        continue;
      }
      String artifact = Poms.text(dependency, "artifactId").orElseThrow();
      String scope = Poms.text(dependency, "scope").orElse("compile");
      if (scope.equals("test") || artifact.equals("groundskeeper-bom")) {
        continue;
      }
      String directory = artifact.replaceFirst("^groundskeeper-", "");
      if (!allowed.contains(directory)) {
        found.add(module + " depends on " + artifact + " (" + scope + ")");
      }
    }
    return found;
  }

  /** The type's name when it is public, top-level and carries no {@code @API}. */
  static java.util.Optional<String> unmarked(Class<?> type) {
    if (type.getEnclosingClass() != null || !Modifier.isPublic(type.getModifiers())
        || type.isSynthetic() || type.getSimpleName().equals("package-info")) {
      return java.util.Optional.empty();
    }
    return type.isAnnotationPresent(dev.groundskeeper.api.API.class) ? java.util.Optional.empty()
        : java.util.Optional.of(type.getName());
  }

  // ---- helpers ----

  private static Path classes(String module) {
    return Poms.ROOT.resolve(module).resolve("target/classes");
  }

  private static Path testClasses() {
    return Poms.ROOT.resolve("release-check/target/test-classes");
  }

  private static String field(Class<?> type, String name) {
    return type.getName() + "." + name;
  }

  private static Class<?> load(String name, boolean initialize) {
    try {
      return Class.forName(name, initialize, ArchitectureTest.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new AssertionError(name + " cannot be loaded from the test class path: " + e, e);
    }
  }
}
