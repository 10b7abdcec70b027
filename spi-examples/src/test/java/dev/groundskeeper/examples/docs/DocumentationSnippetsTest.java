package dev.groundskeeper.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The Java snippets of the rule-author pages are compiled and run: each one is a region of a
 * source here (tests, or the example itself), marked {@code // snippet: NAME} ...
 * {@code // end snippet}, and the page must show exactly that region. A region that is not a
 * whole file is shown after the imports it needs: every import of its source file whose name
 * the region uses, in the file's order, then a blank line, so that a reader who copies a
 * snippet knows where each type comes from.
 */
class DocumentationSnippetsTest {

  private static final List<Path> PAGES = List.of(Path.of("../docs/writing-rules.md"),
      Path.of("../docs/testkit.md"), Path.of("../README.md"));
  private static final List<Path> SOURCES = List.of(Path.of("src/test/java"),
      Path.of("src/main/java"));

  private static final Pattern PAGE_SNIPPET = Pattern.compile(
      "<!-- snippet: ([a-z0-9-]+) -->\\n```java\\n(.*?)```", Pattern.DOTALL);
  private static final Pattern SOURCE_SNIPPET = Pattern.compile(
      "^([ \\t]*)// snippet: ([a-z0-9-]+)\\n(.*?)^[ \\t]*// end snippet$",
      Pattern.DOTALL | Pattern.MULTILINE);
  private static final Pattern JAVA_FENCE = Pattern.compile("^```java$", Pattern.MULTILINE);
  private static final Pattern IMPORT = Pattern.compile(
      "^import (static )?([\\w.]+)\\.(\\w+);$", Pattern.MULTILINE);

  @TestFactory
  Stream<DynamicTest> everyJavaSnippetOfThePagesIsCompiledHere() {
    Map<String, String> sources = sourceSnippets();
    return PAGES.stream().flatMap(page -> {
      String text = read(page);
      Matcher m = PAGE_SNIPPET.matcher(text);
      Stream.Builder<DynamicTest> tests = Stream.builder();
      while (m.find()) {
        String name = m.group(1);
        String shown = m.group(2);
        tests.add(DynamicTest.dynamicTest(page.getFileName() + ": " + name, () -> {
          assertThat(sources).as("a source region '// snippet: %s'", name).containsKey(name);
          assertThat(shown).as("snippet '%s' of %s", name, page).isEqualTo(sources.get(name));
        }));
      }
      return tests.build();
    });
  }

  @Test
  void everyJavaBlockOfThePagesIsASnippet() {
    for (Path page : PAGES) {
      String text = read(page);
      assertThat(count(PAGE_SNIPPET, text)).as("java blocks of %s marked as snippets", page)
          .isEqualTo(count(JAVA_FENCE, text)).isPositive();
    }
  }

  @Test
  void aRegionIsShownAfterTheImportsItUses() {
    String source = """
        package x;

        import static org.assertj.core.api.Assertions.assertThat;

        import dev.groundskeeper.api.Event;
        import dev.groundskeeper.api.Facts;
        import dev.groundskeeper.testkit.TestFacts;

        class X {
          void x() {
            Facts facts = TestFacts.atDefaultTime();
          }
        }
        """;
    String region = "Facts facts = TestFacts.atDefaultTime();\n";

    assertThat(withImports(region, source)).isEqualTo("import dev.groundskeeper.api.Facts;\n"
        + "import dev.groundskeeper.testkit.TestFacts;\n\n" + region);
    assertThat(withImports("import java.util.List;\n\nclass Y {}\n", source))
        .as("a whole file shows its own imports").isEqualTo("import java.util.List;\n\nclass Y {}\n");
  }

  private static Map<String, String> sourceSnippets() {
    Map<String, String> found = new HashMap<>();
    for (Path root : SOURCES) {
      try (Stream<Path> files = Files.walk(root)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
          String source = read(file);
          Matcher m = SOURCE_SNIPPET.matcher(source);
          while (m.find()) {
            String region = dedent(m.group(3), m.group(1).length());
            String previous = found.put(m.group(2), withImports(region, source));
            assertThat(previous).as("snippet '%s' defined twice", m.group(2)).isNull();
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return found;
  }

  /** The region after the imports of its file that it uses, unless it holds imports itself. */
  static String withImports(String region, String source) {
    if (IMPORT.matcher(region).find()) {
      return region;
    }
    StringBuilder imports = new StringBuilder();
    Matcher m = IMPORT.matcher(source);
    while (m.find()) {
      if (Pattern.compile("(?<![\\w.])" + m.group(3) + "\\b").matcher(region).find()) {
        imports.append(m.group()).append('\n');
      }
    }
    return imports.length() == 0 ? region : imports + "\n" + region;
  }

  private static String dedent(String region, int indent) {
    StringBuilder text = new StringBuilder();
    for (String line : region.split("\n", -1)) {
      text.append(line.length() >= indent && line.substring(0, indent).isBlank()
          ? line.substring(indent) : line.strip()).append('\n');
    }
    return text.substring(0, text.length() - 1);
  }

  private static long count(Pattern pattern, String text) {
    return pattern.matcher(text).results().count();
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
