package dev.groundskeeper.api;

/**
 * Makes text that someone else controls (branch names, lock reasons, paths, rule texts that quote
 * them) safe to print on a terminal: control characters, including escape sequences and the C1
 * range, and the bidirectional overrides that can make text read differently than it is, become
 * visible escapes (backslash, x and two hex digits; for an override, backslash, u and the code
 * point in braces), and a backslash is doubled so escapes stay unambiguous.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class SafeText {

  private SafeText() {}

  /**
   * One line of text with every control character escaped.
   *
   * @param text any text
   * @return the text on one line, safe to print to a terminal
   */
  public static String escape(String text) {
    return replaced(text, false);
  }

  /**
   * Several lines: each escaped as by {@link #escape}, the line breaks kept.
   *
   * @param text any text
   * @return the text, safe to print to a terminal
   */
  public static String escapeLines(String text) {
    String[] lines = text.split("\n", -1);
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < lines.length; i++) {
      if (i > 0) {
        out.append('\n');
      }
      out.append(escape(lines[i]));
    }
    return out.toString();
  }

  /**
   * Several lines with every control character and override escaped as by {@link #escape}, the
   * line breaks and backslashes kept as they are: for text whose own backslashes must survive,
   * such as a shell command in bash's {@code $'…'} form that is meant to be pasted. A terminal
   * still receives no control character; unlike {@link #escape}, the result is not unambiguous.
   *
   * @param text any text
   * @return the text, safe to print to a terminal
   */
  public static String escapeControls(String text) {
    return replaced(text, true);
  }

  /** The text with each character that needs it replaced; a copy only when one does. */
  private static String replaced(String text, boolean keepBackslashesAndLineBreaks) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean kept = keepBackslashesAndLineBreaks && (c == '\\' || c == '\n');
      String replacement = kept ? null : replacement(c);
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
