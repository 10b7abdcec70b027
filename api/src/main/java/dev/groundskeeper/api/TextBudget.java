package dev.groundskeeper.api;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The size budget of every text that reaches an agent (issue 16): at most {@link #MAX_LINES}
 * lines, {@link #MAX_BYTES} bytes of UTF-8 and {@link #MAX_LINE_CHARS} characters a line. A
 * paragraph several verdicts share (the branch principle, the lost-work block) is said once. When
 * the verdicts say more, each keeps its first lines (a verdict leads with its finding and its way
 * out), the rest is counted, and one closing line says how many lines were left out and which
 * command shows everything.
 */
final class TextBudget {

  static final int MAX_LINES = 40;
  static final int MAX_BYTES = 4096;
  static final int MAX_LINE_CHARS = 1_000;
  /** Fewer lines than this per verdict would cut its way out; later verdicts then go whole. */
  private static final int MIN_SHARE = 4;

  static final String FULL_TEXT = "`groundskeeper sweep` prints the whole report";
  /**
   * Room kept beside the closing note for the host to write its command with the launcher's path
   * when {@code groundskeeper} is not on PATH (host ProgramWord): a path of this many bytes more
   * than the name still fits the budget.
   */
  static final int PROGRAM_ROOM = 256;

  private TextBudget() {}

  /** Joins the texts (one per verdict, in order) within the budget. */
  static String join(List<String> texts) {
    Set<String> said = new HashSet<>();
    List<List<String>> blocks = new ArrayList<>();
    for (String text : texts) {
      List<String> lines = new ArrayList<>();
      for (String paragraph : text.split("\n\\s*\n")) {
        String key = paragraph.strip();
        if (key.isEmpty() || !said.add(key)) {
          continue; // said already, by this verdict or an earlier one
        }
        if (!lines.isEmpty()) {
          lines.add("");
        }
        for (String line : paragraph.replaceFirst("^\n+", "").stripTrailing().split("\n", -1)) {
          lines.add(clip(line));
        }
      }
      if (!lines.isEmpty()) {
        blocks.add(lines);
      }
    }
    int total = blocks.stream().mapToInt(List::size).sum() + Math.max(0, blocks.size() - 1);
    String whole = render(blocks);
    if (total <= MAX_LINES && bytes(whole) <= MAX_BYTES) {
      return whole;
    }
    // Over budget: share the lines out, two kept back for the closing note and the blank before it.
    int available = MAX_LINES - 2 - Math.max(0, blocks.size() - 1);
    int share = Math.max(MIN_SHARE, available / Math.max(1, blocks.size()));
    List<List<String>> kept = new ArrayList<>();
    int left = 0;
    int used = 0;
    for (List<String> block : blocks) {
      int room = Math.min(share, available - used);
      if (room < 1) {
        left += block.size();
        continue;
      }
      int take = Math.min(room, block.size());
      kept.add(new ArrayList<>(block.subList(0, take)));
      used += take;
      left += block.size() - take;
    }
    // Then the byte bound, whole lines from the end.
    String note;
    while (true) {
      note = note(left);
      String text = render(kept);
      if (bytes(text) + 2 + bytes(note) + PROGRAM_ROOM <= MAX_BYTES || kept.isEmpty()) {
        return text.isEmpty() ? note : text + "\n\n" + note;
      }
      List<String> last = kept.get(kept.size() - 1);
      last.remove(last.size() - 1);
      left++;
      if (last.isEmpty()) {
        kept.remove(kept.size() - 1);
      }
    }
  }

  private static String note(int left) {
    return "[" + left + " more line" + (left == 1 ? "" : "s") + " left out: an answer to an agent holds at most "
        + MAX_LINES + " lines and " + MAX_BYTES / 1024 + " KB; " + FULL_TEXT + "]";
  }

  private static String clip(String line) {
    if (line.length() <= MAX_LINE_CHARS) {
      return line;
    }
    int end = MAX_LINE_CHARS - 1;
    if (Character.isHighSurrogate(line.charAt(end - 1))) {
      end--;
    }
    return line.substring(0, end) + "…";
  }

  private static String render(List<List<String>> blocks) {
    List<String> parts = new ArrayList<>();
    for (List<String> block : blocks) {
      parts.add(String.join("\n", block));
    }
    return String.join("\n\n", parts);
  }

  static int bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }
}
