package dev.groundskeeper.api.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

/** Writes plain trees as JSON: two-space indents, {@code \n} line ends, keys in given order. */
final class Json {

  private static final ObjectWriter WRITER;

  static {
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
        .withSeparators(Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("").withArrayEmptySeparator(""));
    printer.indentObjectsWith(indenter);
    printer.indentArraysWith(indenter);
    WRITER = new ObjectMapper().writer(printer);
  }

  private Json() {}

  static String write(Object tree) {
    try {
      return WRITER.writeValueAsString(tree) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a plain configuration tree is always JSON", e);
    }
  }
}
