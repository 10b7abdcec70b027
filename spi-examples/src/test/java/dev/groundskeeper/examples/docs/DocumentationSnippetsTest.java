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
 * test source here, marked {@code // snippet: NAME} ... {@code // end snippet}, and the page
 * must show exactly that region.
 */
class DocumentationSnippetsTest {

  private static final List<Path> PAGES = List.of(Path.of("../docs/writing-rules.md"),
      Path.of("../docs/testkit.md"), Path.of("../README.md"));
  private static final Path SOURCES = Path.of("src/test/java");

  private static final Pattern PAGE_SNIPPET = Pattern.compile(
      "<!-- snippet: ([a-z0-9-]+) -->\\n```java\\n(.*?)```", Pattern.DOTALL);
  private static final Pattern SOURCE_SNIPPET = Pattern.compile(
      "^([ \\t]*)// snippet: ([a-z0-9-]+)\\n(.*?)^[ \\t]*// end snippet$",
      Pattern.DOTALL | Pattern.MULTILINE);
  private static final Pattern JAVA_FENCE = Pattern.compile("^```java$", Pattern.MULTILINE);

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

  private static Map<String, String> sourceSnippets() {
    Map<String, String> found = new HashMap<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        Matcher m = SOURCE_SNIPPET.matcher(read(file));
        while (m.find()) {
          String previous = found.put(m.group(2), dedent(m.group(3), m.group(1).length()));
          assertThat(previous).as("snippet '%s' defined twice", m.group(2)).isNull();
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return found;
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
