package dev.groundskeeper.cli.install;

import java.util.ArrayList;
import java.util.List;

/** A unified diff of two texts, by lines, with three lines of context (what --dry-run prints). */
final class Diff {

  private static final int CONTEXT = 3;
  /** Above this many line pairs the whole file is shown replaced rather than compared. */
  private static final long MAX_CELLS = 16_000_000L;

  private Diff() {}

  static String unified(String label, String before, String after) {
    List<String> a = lines(before);
    List<String> b = lines(after);
    List<int[]> ops = operations(a, b); // {kind, indexA, indexB}: 0 same, 1 removed, 2 added
    StringBuilder out = new StringBuilder();
    out.append("--- ").append(before.isEmpty() ? "/dev/null" : label).append('\n');
    out.append("+++ ").append(label).append('\n');
    int i = 0;
    while (i < ops.size()) {
      if (ops.get(i)[0] == 0) {
        i++;
        continue;
      }
      int start = Math.max(0, i - CONTEXT);
      int end = i;
      // extend the hunk while changes are within twice the context of each other
      int lastChange = i;
      while (end < ops.size()) {
        if (ops.get(end)[0] != 0) {
          lastChange = end;
        } else if (end - lastChange > 2 * CONTEXT) {
          break;
        }
        end++;
      }
      end = Math.min(ops.size(), lastChange + CONTEXT + 1);
      int aStart = -1;
      int bStart = -1;
      int aCount = 0;
      int bCount = 0;
      StringBuilder body = new StringBuilder();
      for (int k = start; k < end; k++) {
        int[] op = ops.get(k);
        if (op[0] != 2) {
          aStart = aStart < 0 ? op[1] : aStart;
          aCount++;
        }
        if (op[0] != 1) {
          bStart = bStart < 0 ? op[2] : bStart;
          bCount++;
        }
        char mark = op[0] == 0 ? ' ' : op[0] == 1 ? '-' : '+';
        body.append(mark).append(op[0] == 2 ? b.get(op[2]) : a.get(op[1])).append('\n');
      }
      out.append("@@ -").append(range(aStart, aCount, op(ops, start, 1))).append(" +")
          .append(range(bStart, bCount, op(ops, start, 2))).append(" @@\n").append(body);
      i = end;
    }
    return out.toString();
  }

  private static int op(List<int[]> ops, int at, int side) {
    return ops.get(at)[side];
  }

  private static String range(int start, int count, int fallback) {
    int first = count == 0 ? fallback : start + 1;
    return count == 1 ? String.valueOf(first) : first + "," + count;
  }

  private static List<String> lines(String text) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
      lines.remove(lines.size() - 1);
    }
    return lines;
  }

  /** A shortest edit script by longest common subsequence. */
  private static List<int[]> operations(List<String> a, List<String> b) {
    int n = a.size();
    int m = b.size();
    List<int[]> ops = new ArrayList<>();
    if ((long) n * m > MAX_CELLS) {
      for (int i = 0; i < n; i++) {
        ops.add(new int[] {1, i, 0});
      }
      for (int j = 0; j < m; j++) {
        ops.add(new int[] {2, n, j});
      }
      return ops;
    }
    int[][] common = new int[n + 1][m + 1];
    for (int i = n - 1; i >= 0; i--) {
      for (int j = m - 1; j >= 0; j--) {
        common[i][j] = a.get(i).equals(b.get(j)) ? common[i + 1][j + 1] + 1
            : Math.max(common[i + 1][j], common[i][j + 1]);
      }
    }
    int i = 0;
    int j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a.get(i).equals(b.get(j))) {
        ops.add(new int[] {0, i++, j++});
      } else if (j < m && (i == n || common[i][j + 1] >= common[i + 1][j])) {
        ops.add(new int[] {2, i, j++});
      } else {
        ops.add(new int[] {1, i++, j});
      }
    }
    return ops;
  }
}
