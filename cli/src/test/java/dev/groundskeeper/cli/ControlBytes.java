package dev.groundskeeper.cli;

/**
 * What a terminal must never receive raw from text someone else wrote (a branch name, a path, a
 * recorded command): control characters other than line feed and tab (carriage return and
 * escape included), DEL, the C1 range, and the bidirectional overrides that make text read
 * differently than it is. The same set as {@code SafeText} escapes.
 */
final class ControlBytes {

  private ControlBytes() {}

  static boolean unsafe(char c) {
    return (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f || (c >= 0x80 && c <= 0x9f)
        || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x200e
        || c == 0x200f || c == 0x061c;
  }

  /** Fails naming the first such character of {@code text}, with what is around it. */
  static void assertNone(String text, String where) {
    for (int i = 0; i < text.length(); i++) {
      if (unsafe(text.charAt(i))) {
        int from = Math.max(0, i - 60);
        int to = Math.min(text.length(), i + 20);
        throw new AssertionError(where + ": a raw U+" + String.format("%04X",
            (int) text.charAt(i)) + " at " + i + " in: "
            + dev.groundskeeper.api.SafeText.escape(text.substring(from, to)));
      }
    }
  }
}
