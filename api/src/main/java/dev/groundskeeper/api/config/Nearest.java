package dev.groundskeeper.api.config;

import java.util.Collection;
import java.util.Optional;

/** The valid word closest to a misspelt one, by edit distance, when it is close enough. */
final class Nearest {

  private Nearest() {}

  static Optional<String> to(String wrong, Collection<String> valid) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : valid) {
      int distance = distance(wrong, candidate);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    if (best == null) {
      return Optional.empty();
    }
    // A suggestion further than a third of the word away, or sharing no letter with it, is
    // noise, not help.
    int longer = Math.max(wrong.length(), best.length());
    boolean close = bestDistance <= Math.max(1, longer / 3) && bestDistance < longer;
    return close ? Optional.of(best) : Optional.empty();
  }

  /** Levenshtein distance, with a swap of two adjacent letters counting as one edit. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int best = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          best = Math.min(best, d[i - 2][j - 2] + 1);
        }
        d[i][j] = best;
      }
    }
    return d[a.length()][b.length()];
  }
}
