package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.files.FileEntry;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.files.ListingBudget;
import dev.groundskeeper.api.files.NudgeState;
import dev.groundskeeper.api.files.TreeListing;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The scratch directory a session orients on: its own space when {@code spaces.pattern} is set,
 * else the shared scratch directory; and the agent's files in it, newest first. Dotfiles are
 * bookkeeping (the nudge state among them) and are never listed as the agent's notes.
 */
record SessionDirectory(String relative, Path absolute, boolean perSession) {

  private static final Comparator<FileEntry> NEWEST_FIRST =
      Comparator.comparing(FileEntry::modified).reversed().thenComparing(FileEntry::path);

  /**
   * The directory of this session; empty outside a checkout (the directory is
   * repository-relative, and no source offers the file facts there) or when the session id
   * cannot name a directory.
   */
  static Optional<SessionDirectory> of(ScratchConfig config, EventContext context, Facts facts) {
    Optional<Path> checkout = facts.find(FileFacts.WORKTREE_ROOT);
    if (checkout.isEmpty()) {
      return Optional.empty();
    }
    Path root = checkout.get();
    if (config.spaces().pattern().isEmpty()) {
      return Optional.of(new SessionDirectory(config.directory(),
          root.resolve(config.directory()), false));
    }
    String session = context.sessionId();
    if (!usableSegment(session)) {
      return Optional.empty();
    }
    String relative = config.spaces().forSession(session).orElseThrow();
    return Optional.of(new SessionDirectory(relative, root.resolve(relative), true));
  }

  /** The directory as texts show it: a session id's control characters escaped. */
  String shown() {
    return SafeText.escape(relative);
  }

  /** A session id that is one plain path segment: no separators, not {@code .} or {@code ..}. */
  static boolean usableSegment(String session) {
    return !session.isBlank() && session.indexOf('/') < 0 && session.indexOf('\\') < 0
        && session.indexOf('\0') < 0 && !session.equals(".") && !session.equals("..");
  }

  /** What the agent keeps here: visible files and links, newest first, within the budget. */
  Notes notes(Facts facts) {
    TreeListing listing = facts.get(FileFacts.TREES).list(absolute, ListingBudget.DIRECTORY);
    List<FileEntry> files = new ArrayList<>();
    for (FileEntry entry : listing.entries()) {
      if (entry.isFileLike() && !entry.hidden()) {
        files.add(entry);
      }
    }
    files.sort(NEWEST_FIRST);
    return new Notes(List.copyOf(files), listing.complete());
  }

  /**
   * The state dotfile of the stale-notes nudge: one per directory when the directory is the
   * session's own, one per session in the shared scratch directory, so that concurrent sessions
   * never overwrite each other's count.
   */
  Path nudgeStateFile(String sessionId) {
    if (perSession) {
      return absolute.resolve(NudgeState.FILE_NAME);
    }
    StringBuilder name = new StringBuilder(NudgeState.FILE_PREFIX).append('-');
    for (int i = 0; i < sessionId.length() && i < 96; i++) {
      char c = sessionId.charAt(i);
      boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
          || c == '-' || c == '_' || c == '.';
      name.append(plain ? c : '_');
    }
    return absolute.resolve(name.append(".json").toString());
  }

  /** The agent's files, newest first; {@code complete} is false when the listing stopped early. */
  record Notes(List<FileEntry> entries, boolean complete) {

    /** One line per file, at most {@code max}, then how many more there are. */
    String describe(String directory, int max) {
      StringBuilder text = new StringBuilder();
      int shown = Math.min(max, entries.size());
      for (int i = 0; i < shown; i++) {
        FileEntry entry = entries.get(i);
        text.append("\n  - ").append(SafeText.escape(directory + entry.path())).append(" (")
            .append(Texts.size(entry.size())).append(')');
      }
      if (entries.size() > shown) {
        text.append("\n  - …and ").append(entries.size() - shown).append(" more");
      }
      if (!complete) {
        text.append("\n  (the listing stopped at its bound; there may be more)");
      }
      return text.toString();
    }
  }
}
