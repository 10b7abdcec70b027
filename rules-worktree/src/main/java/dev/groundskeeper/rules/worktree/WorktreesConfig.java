package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.repo.WorktreeStoreSettings;
import dev.groundskeeper.api.config.ConfigSpec;
import dev.groundskeeper.api.config.Doc;
import dev.groundskeeper.api.config.OneOf;
import dev.groundskeeper.api.config.Range;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The {@code worktrees:} block: where the machine's worktree store lives, when an unmerged
 * worktree counts as quiet, where agents may still place worktrees by hand, and how a worktree's
 * notes are archived before it is reclaimed.
 *
 * @param home the store's home directory ({@code ~/} allowed); empty for
 *     {@code GROUNDSKEEPER_HOME} or {@code ~/.groundskeeper}
 * @param quietDays days without activity after which an unmerged worktree is a quiet candidate
 * @param allowedRoots directories besides the store where {@code git worktree add} gets no advice
 * @param notesDir the notes folder, relative to the worktree, archived before removal
 * @param placement the mode of {@code worktrees.placement}
 * @param redactionPatterns regular expressions of secrets replaced when notes are archived
 * @param maxNoteBytes the largest notes file archived, in bytes
 */
@API(status = API.Status.EXPERIMENTAL)
@Doc("The worktree store: lanes of agent worktrees keyed by the repository's root commit, and"
    + " how they are listed, archived and reclaimed.")
public record WorktreesConfig(
    @Doc("The store's home directory (worktrees/ and notes/ live under it). The environment"
        + " variable GROUNDSKEEPER_HOME wins; without either it is ~/.groundskeeper.")
    Optional<String> home,
    @Range(min = 1, max = 3650)
    @Doc("Days without activity after which an unmerged worktree is offered as a quiet"
        + " candidate.")
    int quietDays,
    @Doc("Directories (besides the store) where a git worktree add needs no advice; ~/ is"
        + " expanded.")
    List<String> allowedRoots,
    @Doc("The worktree's notes folder, relative to the worktree; archived before removal.")
    String notesDir,
    @OneOf({"advise", "block", "off"})
    @Doc("What a git worktree add outside the store and the allowed roots gets.")
    Mode placement,
    @Doc("Regular expressions of secrets replaced when notes are archived.")
    List<String> redactionPatterns,
    @Range(min = 1, max = 1073741824)
    @Doc("The largest notes file archived, in bytes; a larger one fails the archive.")
    long maxNoteBytes) implements WorktreeStoreSettings {

  /** The block's key in {@code .groundskeeper.yaml}. */
  public static final String NAMESPACE = "worktrees";

  /** Secrets that never reach the notes archive: common API keys, tokens and private keys. */
  public static final List<String> DEFAULT_REDACTIONS = List.of(
      "-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?-----END [A-Z ]*PRIVATE KEY-----",
      "\\bgh[pousr]_[A-Za-z0-9]{36,255}\\b",
      "\\bgithub_pat_[A-Za-z0-9_]{22,255}\\b",
      "\\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}\\b",
      "\\bAKIA[0-9A-Z]{16}\\b",
      "\\bxox[abposr]-[A-Za-z0-9-]{10,}\\b",
      "\\bAIza[0-9A-Za-z_-]{35}\\b",
      "(?i)\\b(?:api[_-]?key|secret|token|password)\\s*[:=]\\s*['\"]?[A-Za-z0-9_\\-/+=.]{12,}");

  /**
   * The embedded defaults: the default home, 14 quiet days, no allowed roots, notes in
   * {@code .groundskeeper/notes}, placement advises, the {@link #DEFAULT_REDACTIONS} and 4 MiB
   * notes files.
   */
  public static final WorktreesConfig DEFAULTS = new WorktreesConfig(Optional.empty(), 14,
      List.of(), ".groundskeeper/notes", Mode.ADVISE, DEFAULT_REDACTIONS, 4L * 1024 * 1024);

  /**
   * Checks the components and keeps immutable copies of its lists.
   *
   * @param home the store's home directory; empty for the default
   * @param quietDays days without activity after which an unmerged worktree is a quiet candidate
   * @param allowedRoots directories besides the store where {@code git worktree add} gets no advice
   * @param notesDir the notes folder, relative to the worktree
   * @param placement the mode of {@code worktrees.placement}
   * @param redactionPatterns regular expressions of secrets replaced when notes are archived
   * @param maxNoteBytes the largest notes file archived, in bytes
   * @throws IllegalArgumentException if a number is below 1, {@code notesDir} is blank, absolute
   *     or climbs out with {@code ..}, or a redaction pattern does not compile
   */
  public WorktreesConfig {
    Objects.requireNonNull(home, "home");
    allowedRoots = List.copyOf(allowedRoots);
    Objects.requireNonNull(notesDir, "notesDir");
    Objects.requireNonNull(placement, "placement");
    redactionPatterns = List.copyOf(redactionPatterns);
    if (quietDays < 1) {
      throw new IllegalArgumentException("quiet_days must be at least 1, got " + quietDays);
    }
    if (maxNoteBytes < 1) {
      throw new IllegalArgumentException("max_note_bytes must be at least 1, got " + maxNoteBytes);
    }
    String notes = notesDir.replace('\\', '/');
    if (notes.isBlank() || notes.startsWith("/") || List.of(notes.split("/")).contains("..")) {
      throw new IllegalArgumentException("notes_dir must be a relative path inside the worktree"
          + " without '..', got '" + notesDir + "'");
    }
    for (String pattern : redactionPatterns) {
      try {
        Pattern.compile(pattern);
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException("redaction_patterns holds an invalid regular"
            + " expression '" + pattern + "': " + e.getDescription());
      }
    }
  }

  /** {@return the block's namespace, type and defaults, for loading it from a configuration} */
  public static ConfigSpec<WorktreesConfig> spec() {
    return new ConfigSpec<>(NAMESPACE, WorktreesConfig.class, DEFAULTS);
  }

  /**
   * The redaction patterns compiled. Each call compiles them anew; the constructor has already
   * checked that they compile.
   *
   * @return the patterns in their configured order
   */
  public List<Pattern> redactions() {
    return redactionPatterns.stream().map(Pattern::compile).toList();
  }
}
