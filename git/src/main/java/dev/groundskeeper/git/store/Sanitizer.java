package dev.groundskeeper.git.store;

/**
 * Escapes what another checkout controls (branch names, lock reasons, paths) before it reaches a
 * terminal or a JSON document: control characters, including escape sequences and the C1 range,
 * and the bidirectional overrides that can make text read differently than it is, become visible
 * escapes (backslash, x and two hex digits; for an override, backslash, u and the code point in
 * braces), and a backslash is doubled so escapes stay unambiguous.
 */
final class Sanitizer {

  private Sanitizer() {}

  static String text(String text) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      String replacement = replacement(c);
      if (replacement == null) {
        if (out != null) {
          out.append(c);
        }
        continue;
      }
      if (out == null) {
        out = new StringBuilder(text.length() + 8).append(text, 0, i);
      }
      out.append(replacement);
    }
    return out == null ? text : out.toString();
  }

  private static String replacement(char c) {
    if (c == '\\') {
      return "\\\\";
    }
    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) {
      return String.format("\\x%02x", (int) c);
    }
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x200e
        || c == 0x200f || c == 0x061c) {
      return "\\" + "u{" + String.format("%04x", (int) c) + "}";
    }
    return null;
  }
}
