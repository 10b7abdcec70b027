package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.WorktreeStatus;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code git status --porcelain=v1 -z --ignored}: {@code XY path} entries ended by NUL, a
 * rename or copy followed by its source path.
 */
final class StatusParser {

  private StatusParser() {}

  static WorktreeStatus parse(byte[] output) {
    List<String> fields = fields(output);
    List<String> staged = new ArrayList<>();
    List<String> modified = new ArrayList<>();
    List<String> untracked = new ArrayList<>();
    List<String> ignored = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      String entry = fields.get(i);
      if (entry.length() < 4 || entry.charAt(2) != ' ') {
        throw new IllegalArgumentException("not a porcelain status entry: '" + entry + "'");
      }
      char index = entry.charAt(0);
      char work = entry.charAt(1);
      String path = entry.substring(3);
      if (index == 'R' || index == 'C') {
        i++; // the source path of a rename or copy
      }
      if (index == '?' && work == '?') {
        untracked.add(path);
      } else if (index == '!' && work == '!') {
        ignored.add(path);
      } else {
        if (index != ' ') {
          staged.add(path);
        }
        if (work != ' ') {
          modified.add(path);
        }
      }
    }
    return new WorktreeStatus(staged, modified, untracked, ignored);
  }

  /**
   * The fields of a git {@code -z} output (status, {@code diff-tree --name-only}), decoded as
   * UTF-8 (what {@code core.quotePath=false} and git's own paths are): git ends every field with
   * a NUL, so an empty field is kept as one and what follows the last NUL is not a field. The one
   * splitter of the module's {@code -z} readers ({@link StatusV2}, {@link ChangesReader}).
   */
  static List<String> fields(byte[] output) {
    List<String> fields = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < output.length; i++) {
      if (output[i] == 0) {
        fields.add(new String(output, start, i - start, StandardCharsets.UTF_8));
        start = i + 1;
      }
    }
    return fields;
  }
}
