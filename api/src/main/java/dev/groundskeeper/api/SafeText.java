package dev.groundskeeper.api;

import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Makes text that someone else controls (branch names, lock reasons, paths, rule texts that quote
 * them) safe to print on a terminal: control characters, including escape sequences and the C1
 * range, and the bidirectional overrides that can make text read differently than it is, become
 * visible escapes (a C0 control or a byte that is not UTF-8: backslash, x and two hex digits; a
 * C1 control or an override: backslash, u and the code point in braces, so that U+009B and the
 * raw byte 0x9B read differently), and a backslash is doubled so escapes stay unambiguous.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class SafeText {

  /** The longest {@link #failure} text, in characters, its cut mark included. */
  public static final int FAILURE_LENGTH = 200;

  /** A qualified throwable class name as {@code Throwable.toString()} writes it, with its colon. */
  private static final Pattern THROWABLE_NAME = Pattern.compile(
      "\\b(?:[A-Za-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error|Throwable)\\b(?::\\s*)?");

  /**
   * The failures said by their kind, first match first: their messages name Java types, or say
   * nothing a person can use.
   */
  private static final List<Map.Entry<Class<? extends Throwable>, String>> KINDS = List.of(
      Map.entry(NullPointerException.class, "a value was missing (null)"),
      Map.entry(ClassCastException.class, "a value was of an unexpected type"),
      Map.entry(StackOverflowError.class, "the call stack overflowed"),
      Map.entry(OutOfMemoryError.class, "out of memory"),
      Map.entry(LinkageError.class, "a class could not be loaded or linked"));

  /** The file system failures whose message is the file alone, said by their kind. */
  private static final List<Map.Entry<Class<? extends Throwable>, String>> FILE_KINDS = List.of(
      Map.entry(NoSuchFileException.class, "no such file or directory"),
      Map.entry(AccessDeniedException.class, "permission denied"),
      Map.entry(FileAlreadyExistsException.class, "it already exists"),
      Map.entry(DirectoryNotEmptyException.class, "the directory is not empty"),
      Map.entry(NotDirectoryException.class, "not a directory"),
      Map.entry(NotLinkException.class, "not a symbolic link"));

  private SafeText() {}

  /**
   * What went wrong in {@code failure}, in words for a person or an agent: its message on one
   * line, never an exception's class name, at most {@link #FAILURE_LENGTH} characters. A message
   * that only wraps its cause (as {@code new RuntimeException(cause)} writes it) is the cause's; a
   * failure whose message names only Java types (a missing value, a wrong cast) or that has none
   * is said by its kind. The result is not escaped: print it through {@link #escape}.
   *
   * @param failure what was thrown
   * @return the failure in words, never blank
   */
  public static String failure(Throwable failure) {
    Throwable e = failure;
    for (int depth = 0; depth < 8 && e.getCause() != null && e.getCause() != e
        && (e.getMessage() == null || e.getMessage().equals(e.getCause().toString())); depth++) {
      e = e.getCause();
    }
    String message = e.getMessage() == null ? ""
        : THROWABLE_NAME.matcher(e.getMessage()).replaceAll("").strip()
            .replaceAll(":\\s*\\R\\s*", ": ").replaceAll("\\s*\\R\\s*", "; ");
    String kind = firstKind(e, KINDS);
    String words;
    if (e instanceof FileSystemException fileSystem) {
      // its message is the file alone for the common kinds (no such file, permission denied)
      words = (fileSystem.getFile() == null ? "" : fileSystem.getFile() + ": ")
          + (fileSystem.getReason() == null ? fileKind(fileSystem) : fileSystem.getReason())
          + (fileSystem.getOtherFile() == null ? "" : " (" + fileSystem.getOtherFile() + ")");
    } else if (e instanceof NullPointerException || e instanceof ClassCastException) {
      words = kind; // their messages are Java type and variable names
    } else if (kind != null) {
      words = message.isEmpty() ? kind : kind + ": " + message;
    } else {
      words = message.isEmpty() ? "no reason given" : message;
    }
    return words.length() <= FAILURE_LENGTH ? words
        : words.substring(0, FAILURE_LENGTH - 1) + "\u2026";
  }

  /**
   * The words for a file system failure whose message names only the file, by its class (the
   * first that {@code e} is an instance of); {@code "a file system error"} for any other.
   */
  private static String fileKind(FileSystemException e) {
    String words = firstKind(e, FILE_KINDS);
    return words == null ? "a file system error" : words;
  }

  /** The words of the first of {@code kinds} that {@code e} is an instance of, or null. */
  private static String firstKind(Throwable e,
      List<Map.Entry<Class<? extends Throwable>, String>> kinds) {
    for (Map.Entry<Class<? extends Throwable>, String> kind : kinds) {
      if (kind.getKey().isInstance(e)) {
        return kind.getValue();
      }
    }
    return null;
  }

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
      int raw = RawText.rawByte(text, i);
      // a byte that is not UTF-8 (RawText) is written as bash's $'…' would write it
      String replacement = kept ? null
          : raw >= 0 ? String.format("\\x%02x", raw) : replacement(c);
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
    if (c < 0x20 || c == 0x7f) {
      return String.format("\\x%02x", (int) c);
    }
    if (c >= 0x80 && c <= 0x9f) {
      // a C1 control as a character: `\x9b` is kept for the raw byte 0x9b (RawText)
      return "\\" + "u{" + String.format("%04x", (int) c) + "}";
    }
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x200e
        || c == 0x200f || c == 0x061c) {
      return "\\" + "u{" + String.format("%04x", (int) c) + "}";
    }
    return null;
  }
}
