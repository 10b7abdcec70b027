package dev.groundskeeper.testkit;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * jqwik arbitraries for file-system paths as agents write them: plain and dotted names, hidden
 * files, spaces, nested directories, absolute and relative.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class PathArbitraries {

  private PathArbitraries() {}

  /** {@return one path segment: a name such as {@code notes}, {@code .env}, {@code plan v2.md}} */
  public static Arbitrary<String> segments() {
    Arbitrary<String> stem = Arbitraries.strings().withChars("abcdefghijklmnopqrstuvwxyz0123456789")
        .ofMinLength(1).ofMaxLength(10);
    Arbitrary<String> extension = Arbitraries.of("", ".md", ".txt", ".java", ".json", ".patch",
        ".log", ".tmp", ".yaml");
    Arbitrary<String> decorated = net.jqwik.api.Combinators.combine(
        Arbitraries.of("", "", "", ".", "_"), stem, Arbitraries.of("", "", "-2", " v2", "_old"),
        extension).as((prefix, name, suffix, ext) -> prefix + name + suffix + ext);
    return Arbitraries.oneOf(decorated, Arbitraries.of("src", "docs", "tmp", ".git", "notes",
        "scratch", "node_modules", "build", ".claude"));
  }

  /** {@return a relative path of one to five segments, such as {@code notes/plan.md}} */
  public static Arbitrary<String> relative() {
    return segments().list().ofMinSize(1).ofMaxSize(5).map(parts -> String.join("/", parts));
  }

  /** {@return an absolute path of one to five segments under {@code /}} */
  public static Arbitrary<Path> absolute() {
    return relative().map(path -> Path.of("/" + path));
  }

  /**
   * {@return an absolute path inside {@code root}}
   *
   * @param root the directory the paths lie in
   */
  public static Arbitrary<Path> under(Path root) {
    return relative().map(root::resolve);
  }

  /**
   * Working directories: the repository root, a directory in it, or elsewhere.
   *
   * @return the repository root ({@link EventBuilder#DEFAULT_CWD}), a directory in it, or an
   * absolute path elsewhere
   */
  public static Arbitrary<Path> workingDirectories() {
    return Arbitraries.oneOf(Arbitraries.just(EventBuilder.DEFAULT_CWD),
        under(EventBuilder.DEFAULT_CWD), absolute());
  }
}
