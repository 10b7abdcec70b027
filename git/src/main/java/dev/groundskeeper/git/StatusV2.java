package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.WorktreeStatus;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code git status --porcelain=v2 -z}: beside what the v1 form says (which paths are
 * staged, modified, untracked, ignored), each tracked change carries the modes and object ids of
 * HEAD and the index and the worktree's mode, which is what lets the line counts be computed in
 * this process instead of in a second {@code git diff}.
 */
final class StatusV2 {

  private StatusV2() {}

  /** The modes git uses; the worktree mode 0 means the file is gone as git sees it. */
  static final int GITLINK = 0160000;
  static final int SYMLINK = 0120000;

  /**
   * One tracked change: {@code x} and {@code y} are the index and worktree letters ({@code .}
   * for unchanged); {@code origPath} is the source of a rename or copy ({@code kind} 2), empty
   * otherwise; an unmerged entry ({@code kind} u) has no usable ids and is counted by git.
   */
  record Entry(char kind, char x, char y, int headMode, int indexMode, int worktreeMode,
      String headId, String indexId, String path, String origPath) {

    boolean unmerged() {
      return kind == 'u';
    }
  }

  /** The parsed output: the v1-shaped status and the tracked entries with their ids. */
  record Parsed(WorktreeStatus status, List<Entry> entries) {}

  static Parsed parse(byte[] output) {
    List<String> fields = StatusParser.fields(output);
    List<String> staged = new ArrayList<>();
    List<String> modified = new ArrayList<>();
    List<String> untracked = new ArrayList<>();
    List<String> ignored = new ArrayList<>();
    List<Entry> entries = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      String line = fields.get(i);
      if (line.length() < 3 || line.charAt(1) != ' ') {
        throw new IllegalArgumentException("not a porcelain v2 status entry: '" + line + "'");
      }
      char kind = line.charAt(0);
      switch (kind) {
        case '?' -> untracked.add(line.substring(2));
        case '!' -> ignored.add(line.substring(2));
        case '#' -> { } // a header line (only with --branch or --show-stash)
        case '1', '2', 'u' -> {
          // "1 XY sub mH mI mW hH hI path", "2 XY sub mH mI mW hH hI Xscore path" + NUL + source,
          // "u XY sub m1 m2 m3 mW h1 h2 h3 path": the path is everything after the fixed fields
          int fixed = kind == '1' ? 8 : kind == '2' ? 9 : 10;
          String[] parts = line.split(" ", fixed + 1);
          if (parts.length != fixed + 1 || parts[1].length() != 2) {
            throw new IllegalArgumentException("not a porcelain v2 status entry: '" + line + "'");
          }
          char x = parts[1].charAt(0);
          char y = parts[1].charAt(1);
          String path = parts[fixed];
          String orig = "";
          if (kind == '2') {
            if (i + 1 >= fields.size()) {
              throw new IllegalArgumentException("a rename without its source: '" + line + "'");
            }
            orig = fields.get(++i);
          }
          Entry entry = kind == 'u'
              ? new Entry(kind, x, y, mode(parts[3]), mode(parts[4]), mode(parts[6]), "", "",
                  path, orig)
              : new Entry(kind, x, y, mode(parts[3]), mode(parts[4]), mode(parts[5]), parts[6],
                  parts[7], path, orig);
          entries.add(entry);
          if (x != '.') {
            staged.add(path);
          }
          if (y != '.') {
            modified.add(path);
          }
        }
        default -> throw new IllegalArgumentException("not a porcelain v2 status entry: '"
            + line + "'");
      }
    }
    return new Parsed(new WorktreeStatus(staged, modified, untracked, ignored), List.copyOf(entries));
  }

  private static int mode(String octal) {
    try {
      return Integer.parseInt(octal, 8);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a file mode: '" + octal + "'", e);
    }
  }
}
