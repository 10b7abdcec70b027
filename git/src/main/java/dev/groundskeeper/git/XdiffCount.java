package dev.groundskeeper.git;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * The added and removed line counts of git's default diff (xdiff's Myers, as {@code git diff
 * --numstat} runs it without options), without running git.
 *
 * <p>A count of a minimal diff is not enough: before its search, xdiff trims the common start
 * and end, then leaves out the lines that have no match in the other file and, among those with
 * many matches, the ones that sit inside a run of such lines (its {@code xdl_cleanup_records}
 * and {@code xdl_clean_mmatch}); a line left out is changed even where a minimal diff would have
 * matched it. That preparation is reproduced here step for step. The search itself finds a
 * minimal path as long as its cost stays under git's heuristic threshold ({@code
 * XDL_HEUR_MIN_COST}, 256: a split's search reaches at most about half the cost of its range), so
 * above {@link #MAX_COST} no count is given and the caller asks git.
 */
final class XdiffCount {

  /** Above this cost of the search, git's heuristics may leave the minimal path. */
  static final int MAX_COST = 256;
  /** xdiff's {@code XDL_MAX_EQLIMIT}: more matches than this always count as many. */
  private static final int MAX_EQLIMIT = 1024;
  /** xdiff's {@code XDL_SIMSCAN_WINDOW}: how far a run is looked at around a line. */
  private static final int SIMSCAN_WINDOW = 100;
  /** xdiff's {@code XDL_KPDIS_RUN}. */
  private static final int KPDIS_RUN = 4;

  private XdiffCount() {}

  /**
   * {@code {added, removed}} from {@code old} to {@code now}, as git counts them; null when the
   * search would cost more than {@link #MAX_COST} (git may then give a count of its own).
   */
  static int[] count(byte[] old, byte[] now) {
    Map<ByteBuffer, Integer> classes = new HashMap<>();
    int[] a = classify(old, classes);
    int[] b = classify(now, classes);
    int[] inA = new int[classes.size()];
    int[] inB = new int[classes.size()];
    for (int c : a) {
      inA[c]++;
    }
    for (int c : b) {
      inB[c]++;
    }
    // xdl_trim_ends
    int lim = Math.min(a.length, b.length);
    int start = 0;
    while (start < lim && a[start] == b[start]) {
      start++;
    }
    int tail = 0;
    while (tail < lim - start && a[a.length - 1 - tail] == b[b.length - 1 - tail]) {
      tail++;
    }
    int endA = a.length - tail - 1;
    int endB = b.length - tail - 1;
    // xdl_cleanup_records
    int[] keptA = kept(a, start, endA, inB);
    int[] keptB = kept(b, start, endB, inA);
    int cost = cost(keptA, keptB, MAX_COST);
    if (cost < 0) {
      return null;
    }
    int common = (keptA.length + keptB.length - cost) / 2;
    return new int[] {endB - start + 1 - common, endA - start + 1 - common};
  }

  /** The lines of {@code text} (each with its newline; a last line may have none) as classes. */
  private static int[] classify(byte[] text, Map<ByteBuffer, Integer> classes) {
    int lines = 0;
    for (int i = 0; i < text.length; i++) {
      if (text[i] == '\n') {
        lines++;
      }
    }
    if (text.length > 0 && text[text.length - 1] != '\n') {
      lines++;
    }
    int[] ids = new int[lines];
    int line = 0;
    int from = 0;
    for (int i = 0; i <= text.length; i++) {
      if (i == text.length ? i > from : text[i] == '\n') {
        int to = i == text.length ? i : i + 1;
        ByteBuffer key = ByteBuffer.wrap(text, from, to - from).slice();
        Integer id = classes.get(key);
        if (id == null) {
          id = classes.size();
          classes.put(key, id);
        }
        ids[line++] = id;
        from = to;
      }
    }
    return ids;
  }

  /**
   * The classes of {@code lines[start..end]} that xdiff keeps for its search: those with a match
   * in the other file, except the many-matched ones inside a run of lines left out.
   */
  private static int[] kept(int[] lines, int start, int end, int[] inOther) {
    if (end < start) {
      return new int[0];
    }
    int limit = Math.min(bogosqrt(lines.length), MAX_EQLIMIT);
    byte[] dis = new byte[lines.length];
    for (int i = start; i <= end; i++) {
      int matches = Math.min(inOther[lines[i]], limit);
      dis[i] = (byte) (matches == 0 ? 0 : matches >= limit ? 2 : 1);
    }
    int[] kept = new int[end - start + 1];
    int n = 0;
    for (int i = start; i <= end; i++) {
      if (dis[i] == 1 || (dis[i] == 2 && !leftOut(dis, i, start, end))) {
        kept[n++] = lines[i];
      }
    }
    return java.util.Arrays.copyOf(kept, n);
  }

  /** xdiff's {@code xdl_clean_mmatch}: whether a many-matched line is left out. */
  private static boolean leftOut(byte[] dis, int i, int s, int e) {
    if (i - s > SIMSCAN_WINDOW) {
      s = i - SIMSCAN_WINDOW;
    }
    if (e - i > SIMSCAN_WINDOW) {
      e = i + SIMSCAN_WINDOW;
    }
    int rdis0 = 0;
    int rpdis0 = 1;
    for (int r = 1; i - r >= s; r++) {
      if (dis[i - r] == 0) {
        rdis0++;
      } else if (dis[i - r] == 2) {
        rpdis0++;
      } else {
        break;
      }
    }
    if (rdis0 == 0) {
      return false;
    }
    int rdis1 = 0;
    int rpdis1 = 1;
    for (int r = 1; i + r <= e; r++) {
      if (dis[i + r] == 0) {
        rdis1++;
      } else if (dis[i + r] == 2) {
        rpdis1++;
      } else {
        break;
      }
    }
    if (rdis1 == 0) {
      return false;
    }
    rdis1 += rdis0;
    rpdis1 += rpdis0;
    return rpdis1 * KPDIS_RUN < rpdis1 + rdis1;
  }

  /** xdiff's {@code xdl_bogosqrt}. */
  private static int bogosqrt(int n) {
    int i = 1;
    for (; n > 0; n >>= 2) {
      i <<= 1;
    }
    return i;
  }

  /**
   * The cost (lines inserted plus deleted) of a shortest edit from {@code a} to {@code b}
   * (Myers' greedy search), or -1 when it exceeds {@code max}.
   */
  static int cost(int[] a, int[] b, int max) {
    int n = a.length;
    int m = b.length;
    int offset = max + 1;
    int[] v = new int[2 * max + 3];
    for (int d = 0; d <= max; d++) {
      for (int k = -d; k <= d; k += 2) {
        int x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
            ? v[offset + k + 1] : v[offset + k - 1] + 1;
        int y = x - k;
        while (x < n && y < m && a[x] == b[y]) {
          x++;
          y++;
        }
        v[offset + k] = x;
        if (x >= n && y >= m) {
          return d;
        }
      }
    }
    return -1;
  }
}
