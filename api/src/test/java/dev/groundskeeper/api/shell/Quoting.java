package dev.groundskeeper.api.shell;

/** Renders a value as one bash word in one of four quoting styles, for round-trip properties. */
final class Quoting {

  private Quoting() {}

  /** 0: single quotes; 1: double quotes; 2: backslashes; 3: ANSI-C {@code $'…'}. */
  static String quote(String value, int style) {
    switch (style) {
      case 0:
        return "'" + value.replace("'", "'\\''") + "'";
      case 1: {
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
          if (c == '"' || c == '\\' || c == '$' || c == '`') {
            out.append('\\');
          }
          out.append(c);
        }
        return out.append('"').toString();
      }
      case 2: {
        if (value.isEmpty()) {
          return "''";
        }
        StringBuilder out = new StringBuilder();
        for (char c : value.toCharArray()) {
          if (c == '\n') {
            out.append("$'\\n'");
          } else if (Character.isLetterOrDigit(c) && c < 128) {
            out.append(c);
          } else {
            out.append('\\').append(c);
          }
        }
        return out.toString();
      }
      default: {
        StringBuilder out = new StringBuilder("$'");
        for (char c : value.toCharArray()) {
          if (c == '\'' || c == '\\') {
            out.append('\\').append(c);
          } else if (c < ' ' || c == 127) {
            out.append(String.format("\\x%02x", (int) c));
          } else {
            out.append(c);
          }
        }
        return out.append('\'').toString();
      }
    }
  }
}
