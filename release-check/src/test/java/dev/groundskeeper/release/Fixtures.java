package dev.groundskeeper.release;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Planted violations for {@link ArchitectureTest}'s self-tests: public and without {@code @API}
 * on purpose. Never used by the code under test.
 */
public final class Fixtures {

  private Fixtures() {}

  /** Static state of every kind the check looks for. */
  public static final class Stateful {
    static int counter;
    static final Map<String, String> CACHE = new HashMap<>();
    static final int[] TABLE = {1, 2, 3};
    static final AtomicReference<String> LAST = new AtomicReference<>();
    static final Holder HOLDER = new Holder();

    static final class Holder {
      String slot;
    }
  }

  /** Static constants the check accepts. */
  public static final class Stateless {
    static final List<String> NAMES = List.of("a", "b");
    static final Map<String, Integer> SIZES = Map.of("a", 1);
    static final String[] NONE = {};
    static final Value VALUE = new Value("x", List.of(1));
    static final java.util.regex.Pattern PATTERN = java.util.regex.Pattern.compile("a+");
    static final Path HOME = Path.of("/home").resolve("x");

    record Value(String name, List<Integer> numbers) {}
  }

  /** Code that touches the world. */
  public static final class Worldly {
    static Object touch(Path path) throws Exception {
      new ProcessBuilder("true").start();
      new Thread(() -> { }).start();
      return List.of(Files.exists(path), System.nanoTime(), Instant.now(), path.toAbsolutePath());
    }
  }
}
