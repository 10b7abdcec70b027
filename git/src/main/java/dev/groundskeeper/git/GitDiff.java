package dev.groundskeeper.git;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.jgit.diff.Edit;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.diff.RawText;

/**
 * A line diff that is git's xdiff diff, line for line: xdiff's own Myers (its pre-pass that
 * discards unmatched lines, its split heuristics and tie-breaks) and its change compaction (each
 * group of changed lines slid as far down as it goes, or back up to line up with a change in the
 * other file). Among equally short edit scripts JGit's Myers picks others than git's, and a patch
 * id hashes context lines, so only git's choice gives git's patch id.
 */
final class GitDiff {

  private GitDiff() {}

  /** Line boundaries of a text: line i spans {@code [start(i), start(i + 1))}, newline included. */
  static final class Lines extends RawText {
    Lines(byte[] content) {
      super(content);
    }

    int start(int line) {
      return lines.get(line + 1);
    }

    int end(int line) {
      return lines.get(line + 2);
    }
  }

  static EditList edits(Lines a, Lines b) {
    Map<ByteBuffer, Integer> ids = new HashMap<>();
    int[] recsA = ids(a, ids);
    int[] recsB = ids(b, ids);
    // Change flags with a sentinel slot on each side, as xdiff keeps them (index i + 1 is line i).
    boolean[] changedA = new boolean[recsA.length + 2];
    boolean[] changedB = new boolean[recsB.length + 2];
    new Myers(recsA, recsB, ids.size(), changedA, changedB).run();
    compact(recsA, changedA, changedB);
    compact(recsB, changedB, changedA);
    EditList result = new EditList();
    int i = 0;
    int j = 0;
    while (i < recsA.length || j < recsB.length) {
      boolean ca = i < recsA.length && changedA[i + 1];
      boolean cb = j < recsB.length && changedB[j + 1];
      if (!ca && !cb) {
        i++;
        j++;
        continue;
      }
      int startA = i;
      int startB = j;
      while (i < recsA.length && changedA[i + 1]) {
        i++;
      }
      while (j < recsB.length && changedB[j + 1]) {
        j++;
      }
      result.add(new Edit(startA, i, startB, j));
    }
    return result;
  }

  /**
   * xdiff's Myers: common ends trimmed, lines without a match in the other file (and multi-matched
   * lines amid them) discarded up front, then divide and conquer on the middle snake with xdiff's
   * cost heuristics, so that among equally short scripts the one git picks is picked.
   */
  private static final class Myers {
    private static final int MAX_EQ_LIMIT = 1024;
    private static final int SIMSCAN_WINDOW = 100;
    private static final int KPDIS_RUN = 4;
    private static final int MAX_COST_MIN = 256;
    private static final int HEUR_MIN_COST = 256;
    private static final int SNAKE_CNT = 20;
    private static final int K_HEUR = 4;
    private static final long LINE_MAX = Long.MAX_VALUE;

    private final int[] recs1;
    private final int[] recs2;
    private final boolean[] rchg1;
    private final boolean[] rchg2;
    private final int classes;
    private int[] ha1;
    private int[] ha2;
    private int[] rindex1;
    private int[] rindex2;
    private long[] kvdf;
    private long[] kvdb;
    private int kOffset;
    private long mxcost;
    private long splitI1;
    private long splitI2;
    private boolean minLo;
    private boolean minHi;

    Myers(int[] recs1, int[] recs2, int classes, boolean[] rchg1, boolean[] rchg2) {
      this.recs1 = recs1;
      this.recs2 = recs2;
      this.classes = classes;
      this.rchg1 = rchg1;
      this.rchg2 = rchg2;
    }

    void run() {
      int n1 = recs1.length;
      int n2 = recs2.length;
      int start = 0;
      int limit = Math.min(n1, n2);
      while (start < limit && recs1[start] == recs2[start]) {
        start++;
      }
      int suffix = 0;
      while (suffix < limit - start && recs1[n1 - 1 - suffix] == recs2[n2 - 1 - suffix]) {
        suffix++;
      }
      int end1 = n1 - suffix - 1;
      int end2 = n2 - suffix - 1;
      int[] count1 = new int[classes];
      int[] count2 = new int[classes];
      for (int r : recs1) {
        count1[r]++;
      }
      for (int r : recs2) {
        count2[r]++;
      }
      byte[] dis1 = discards(recs1, start, end1, count2);
      byte[] dis2 = discards(recs2, start, end2, count1);
      ha1 = new int[Math.max(0, end1 - start + 1)];
      rindex1 = new int[ha1.length];
      int nreff1 = keep(recs1, dis1, start, end1, ha1, rindex1, rchg1);
      ha2 = new int[Math.max(0, end2 - start + 1)];
      rindex2 = new int[ha2.length];
      int nreff2 = keep(recs2, dis2, start, end2, ha2, rindex2, rchg2);
      int ndiags = nreff1 + nreff2 + 3;
      kvdf = new long[ndiags];
      kvdb = new long[ndiags];
      kOffset = nreff2 + 1;
      mxcost = Math.max(bogosqrt(ndiags), MAX_COST_MIN);
      compare(0, nreff1, 0, nreff2, false);
    }

    private static long bogosqrt(long n) {
      long i = 1;
      for (; n > 0; n >>= 2) {
        i <<= 1;
      }
      return i;
    }

    private static byte[] discards(int[] recs, int start, int end, int[] otherCounts) {
      byte[] dis = new byte[recs.length + 1];
      long limit = Math.min(bogosqrt(recs.length), MAX_EQ_LIMIT);
      for (int i = start; i <= end; i++) {
        int matches = otherCounts[recs[i]];
        dis[i] = (byte) (matches == 0 ? 0 : matches >= limit ? 2 : 1);
      }
      return dis;
    }

    private static int keep(int[] recs, byte[] dis, int start, int end, int[] ha, int[] rindex, boolean[] rchg) {
      int nreff = 0;
      for (int i = start; i <= end; i++) {
        if (dis[i] == 1 || dis[i] == 2 && !cleanMultiMatch(dis, i, start, end)) {
          rindex[nreff] = i;
          ha[nreff] = recs[i];
          nreff++;
        } else {
          rchg[i + 1] = true;
        }
      }
      return nreff;
    }

    /** Whether a multi-matched line sits amid unmatched lines and is better discarded. */
    private static boolean cleanMultiMatch(byte[] dis, int i, int s, int e) {
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

    private void compare(long off1, long lim1, long off2, long lim2, boolean needMin) {
      while (off1 < lim1 && off2 < lim2 && ha1[(int) off1] == ha2[(int) off2]) {
        off1++;
        off2++;
      }
      while (off1 < lim1 && off2 < lim2 && ha1[(int) lim1 - 1] == ha2[(int) lim2 - 1]) {
        lim1--;
        lim2--;
      }
      if (off1 == lim1) {
        for (; off2 < lim2; off2++) {
          rchg2[rindex2[(int) off2] + 1] = true;
        }
      } else if (off2 == lim2) {
        for (; off1 < lim1; off1++) {
          rchg1[rindex1[(int) off1] + 1] = true;
        }
      } else {
        split(off1, lim1, off2, lim2, needMin);
        long i1 = splitI1;
        long i2 = splitI2;
        boolean lo = minLo;
        boolean hi = minHi;
        compare(off1, i1, off2, i2, lo);
        compare(i1, lim1, i2, lim2, hi);
      }
    }

    private long f(long d) {
      return kvdf[(int) (d + kOffset)];
    }

    private void f(long d, long value) {
      kvdf[(int) (d + kOffset)] = value;
    }

    private long b(long d) {
      return kvdb[(int) (d + kOffset)];
    }

    private void b(long d, long value) {
      kvdb[(int) (d + kOffset)] = value;
    }

    private void found(long i1, long i2, boolean lo, boolean hi) {
      splitI1 = i1;
      splitI2 = i2;
      minLo = lo;
      minHi = hi;
    }

    private void split(long off1, long lim1, long off2, long lim2, boolean needMin) {
      long dmin = off1 - lim2;
      long dmax = lim1 - off2;
      long fmid = off1 - off2;
      long bmid = lim1 - lim2;
      boolean odd = ((fmid - bmid) & 1) != 0;
      long fmin = fmid;
      long fmax = fmid;
      long bmin = bmid;
      long bmax = bmid;
      f(fmid, off1);
      b(bmid, lim1);
      for (long ec = 1; ; ec++) {
        boolean gotSnake = false;
        if (fmin > dmin) {
          f(--fmin - 1, -1);
        } else {
          ++fmin;
        }
        if (fmax < dmax) {
          f(++fmax + 1, -1);
        } else {
          --fmax;
        }
        for (long d = fmax; d >= fmin; d -= 2) {
          long i1 = f(d - 1) >= f(d + 1) ? f(d - 1) + 1 : f(d + 1);
          long prev1 = i1;
          long i2 = i1 - d;
          while (i1 < lim1 && i2 < lim2 && ha1[(int) i1] == ha2[(int) i2]) {
            i1++;
            i2++;
          }
          if (i1 - prev1 > SNAKE_CNT) {
            gotSnake = true;
          }
          f(d, i1);
          if (odd && bmin <= d && d <= bmax && b(d) <= i1) {
            found(i1, i2, true, true);
            return;
          }
        }
        if (bmin > dmin) {
          b(--bmin - 1, LINE_MAX);
        } else {
          ++bmin;
        }
        if (bmax < dmax) {
          b(++bmax + 1, LINE_MAX);
        } else {
          --bmax;
        }
        for (long d = bmax; d >= bmin; d -= 2) {
          long i1 = b(d - 1) < b(d + 1) ? b(d - 1) : b(d + 1) - 1;
          long prev1 = i1;
          long i2 = i1 - d;
          while (i1 > off1 && i2 > off2 && ha1[(int) i1 - 1] == ha2[(int) i2 - 1]) {
            i1--;
            i2--;
          }
          if (prev1 - i1 > SNAKE_CNT) {
            gotSnake = true;
          }
          b(d, i1);
          if (!odd && fmin <= d && d <= fmax && i1 <= f(d)) {
            found(i1, i2, true, true);
            return;
          }
        }
        if (needMin) {
          continue;
        }
        if (gotSnake && ec > HEUR_MIN_COST) {
          long best = 0;
          for (long d = fmax; d >= fmin; d -= 2) {
            long dd = d > fmid ? d - fmid : fmid - d;
            long i1 = f(d);
            long i2 = i1 - d;
            long v = (i1 - off1) + (i2 - off2) - dd;
            if (v > K_HEUR * ec && v > best && off1 + SNAKE_CNT <= i1 && i1 < lim1
                && off2 + SNAKE_CNT <= i2 && i2 < lim2) {
              for (int k = 1; ha1[(int) (i1 - k)] == ha2[(int) (i2 - k)]; k++) {
                if (k == SNAKE_CNT) {
                  best = v;
                  splitI1 = i1;
                  splitI2 = i2;
                  break;
                }
              }
            }
          }
          if (best > 0) {
            minLo = true;
            minHi = false;
            return;
          }
          for (long d = bmax; d >= bmin; d -= 2) {
            long dd = d > bmid ? d - bmid : bmid - d;
            long i1 = b(d);
            long i2 = i1 - d;
            long v = (lim1 - i1) + (lim2 - i2) - dd;
            if (v > K_HEUR * ec && v > best && off1 < i1 && i1 <= lim1 - SNAKE_CNT
                && off2 < i2 && i2 <= lim2 - SNAKE_CNT) {
              for (int k = 0; ha1[(int) (i1 + k)] == ha2[(int) (i2 + k)]; k++) {
                if (k == SNAKE_CNT - 1) {
                  best = v;
                  splitI1 = i1;
                  splitI2 = i2;
                  break;
                }
              }
            }
          }
          if (best > 0) {
            minLo = false;
            minHi = true;
            return;
          }
        }
        if (ec >= mxcost) {
          long fbest = -1;
          long fbest1 = -1;
          for (long d = fmax; d >= fmin; d -= 2) {
            long i1 = Math.min(f(d), lim1);
            long i2 = i1 - d;
            if (lim2 < i2) {
              i1 = lim2 + d;
              i2 = lim2;
            }
            if (fbest < i1 + i2) {
              fbest = i1 + i2;
              fbest1 = i1;
            }
          }
          long bbest = LINE_MAX;
          long bbest1 = LINE_MAX;
          for (long d = bmax; d >= bmin; d -= 2) {
            long i1 = Math.max(off1, b(d));
            long i2 = i1 - d;
            if (i2 < off2) {
              i1 = off2 + d;
              i2 = off2;
            }
            if (i1 + i2 < bbest) {
              bbest = i1 + i2;
              bbest1 = i1;
            }
          }
          if ((lim1 + lim2) - bbest < fbest - (off1 + off2)) {
            found(fbest1, fbest - fbest1, true, false);
          } else {
            found(bbest1, bbest - bbest1, false, true);
          }
          return;
        }
      }
    }
  }

  private static int[] ids(Lines text, Map<ByteBuffer, Integer> ids) {
    int[] recs = new int[text.size()];
    byte[] raw = text.getRawContent();
    for (int i = 0; i < recs.length; i++) {
      ByteBuffer key = ByteBuffer.wrap(raw, text.start(i), text.end(i) - text.start(i)).slice();
      recs[i] = ids.computeIfAbsent(key, k -> ids.size());
    }
    return recs;
  }

  /** A run of changed lines {@code [start, end)} in one file (line numbers, not flag slots). */
  private static final class Group {
    int start;
    int end;

    Group(boolean[] changed) {
      end = 0;
      while (changed[end + 1]) {
        end++;
      }
    }

    boolean next(boolean[] changed, int records) {
      if (end == records) {
        return false;
      }
      start = end + 1;
      end = start;
      while (changed[end + 1]) {
        end++;
      }
      return true;
    }

    boolean previous(boolean[] changed) {
      if (start == 0) {
        return false;
      }
      end = start - 1;
      start = end;
      while (changed[start]) {
        start--;
      }
      return true;
    }

    boolean slideDown(int[] recs, boolean[] changed) {
      if (end < recs.length && recs[start] == recs[end]) {
        changed[start + 1] = false;
        changed[end + 1] = true;
        start++;
        end++;
        while (changed[end + 1]) {
          end++;
        }
        return true;
      }
      return false;
    }

    boolean slideUp(int[] recs, boolean[] changed) {
      if (start > 0 && recs[start - 1] == recs[end - 1]) {
        start--;
        end--;
        changed[start + 1] = true;
        changed[end + 1] = false;
        while (changed[start]) {
          start--;
        }
        return true;
      }
      return false;
    }
  }

  /** xdiff's {@code xdl_change_compact} without the indent heuristic (patch ids never use it). */
  private static void compact(int[] recs, boolean[] changed, boolean[] otherChanged) {
    int otherRecords = otherChanged.length - 2;
    Group g = new Group(changed);
    Group go = new Group(otherChanged);
    while (true) {
      if (g.end != g.start) {
        int groupSize;
        int earliestEnd;
        int endMatchingOther;
        do {
          groupSize = g.end - g.start;
          endMatchingOther = -1;
          while (g.slideUp(recs, changed)) {
            go.previous(otherChanged);
          }
          earliestEnd = g.end;
          if (go.end > go.start) {
            endMatchingOther = g.end;
          }
          while (g.slideDown(recs, changed)) {
            go.next(otherChanged, otherRecords);
            if (go.end > go.start) {
              endMatchingOther = g.end;
            }
          }
        } while (groupSize != g.end - g.start);
        if (g.end != earliestEnd && endMatchingOther != -1) {
          while (go.end == go.start) {
            g.slideUp(recs, changed);
            go.previous(otherChanged);
          }
        }
      }
      if (!g.next(changed, recs.length)) {
        break;
      }
      go.next(otherChanged, otherRecords);
    }
  }
}
