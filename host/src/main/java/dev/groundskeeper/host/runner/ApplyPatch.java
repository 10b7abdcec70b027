package dev.groundskeeper.host.runner;

import dev.groundskeeper.api.Event.WriteKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The files a Codex {@code apply_patch} text writes: {@code *** Add File: p} (a new file, whose
 * content is the patch's {@code +} lines), {@code *** Update File: p} (an edit) and the
 * destination of a {@code *** Move to: q} (written whole). Deleted files are not writes. Lines
 * this reader does not know are skipped; the header markers are what it keys on.
 */
final class ApplyPatch {

  /** One file the patch writes, with the new content of an added file. */
  record FileWrite(String path, WriteKind kind, Optional<String> content) {}

  private static final String ADD = "*** Add File: ";
  private static final String UPDATE = "*** Update File: ";
  private static final String MOVE = "*** Move to: ";

  private ApplyPatch() {}

  static List<FileWrite> writes(String patch) {
    List<FileWrite> writes = new ArrayList<>();
    String adding = null;
    StringBuilder content = new StringBuilder();
    for (String line : patch.split("\\R", -1)) {
      if (adding != null) {
        if (line.startsWith("+")) {
          content.append(line, 1, line.length()).append('\n');
          continue;
        }
        writes.add(new FileWrite(adding, WriteKind.WRITE, Optional.of(content.toString())));
        adding = null;
        content.setLength(0);
      }
      if (line.startsWith(ADD)) {
        adding = line.substring(ADD.length()).strip();
      } else if (line.startsWith(UPDATE)) {
        writes.add(new FileWrite(line.substring(UPDATE.length()).strip(), WriteKind.EDIT,
            Optional.empty()));
      } else if (line.startsWith(MOVE)) {
        writes.add(new FileWrite(line.substring(MOVE.length()).strip(), WriteKind.WRITE,
            Optional.empty()));
      }
    }
    if (adding != null) {
      writes.add(new FileWrite(adding, WriteKind.WRITE, Optional.of(content.toString())));
    }
    writes.removeIf(write -> write.path().isEmpty());
    return List.copyOf(writes);
  }
}
