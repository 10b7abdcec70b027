package dev.groundskeeper.git;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.eclipse.jgit.diff.Edit;
import org.eclipse.jgit.diff.EditList;
import org.eclipse.jgit.diff.MyersDiff;
import org.eclipse.jgit.diff.RawText;
import org.eclipse.jgit.diff.RawTextComparator;

/**
 * A line diff shaped as git's xdiff shapes it: Myers' edit script, then xdiff's change compaction
 * (every group of changed lines slid as far down as it goes, or back up to line up with a change
 * in the other file). Without the compaction an ambiguous insertion of repeated lines lands
 * elsewhere than git puts it, and the context lines, hence the patch id, differ.
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
    EditList myers = MyersDiff.INSTANCE.diff(RawTextComparator.DEFAULT, a, b);
    if (myers.isEmpty()) {
      return myers;
    }
    Map<ByteBuffer, Integer> ids = new HashMap<>();
    int[] recsA = ids(a, ids);
    int[] recsB = ids(b, ids);
    // Change flags with a sentinel slot on each side, as xdiff keeps them (index i + 1 is line i).
    boolean[] changedA = new boolean[a.size() + 2];
    boolean[] changedB = new boolean[b.size() + 2];
    for (Edit edit : myers) {
      for (int i = edit.getBeginA(); i < edit.getEndA(); i++) {
        changedA[i + 1] = true;
      }
      for (int i = edit.getBeginB(); i < edit.getEndB(); i++) {
        changedB[i + 1] = true;
      }
    }
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
