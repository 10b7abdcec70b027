package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.config.Doc;
import dev.groundskeeper.api.config.Matches;
import dev.groundskeeper.api.config.OneOf;
import dev.groundskeeper.api.config.Range;
import dev.groundskeeper.api.files.PathGlob;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code scratch:} block of the configuration. Every key has a default ({@link #DEFAULTS});
 * paths are repository-relative with {@code /} separators, and directories are kept with a
 * trailing {@code /}. Invalid values fail at construction with a message naming the key.
 *
 * @param roots ignored roots whose new files are judged ({@code roots})
 * @param directory the scratch directory; any depth below it is scratch ({@code directory})
 * @param shapes the basename globs a new scratch file must match ({@code shapes})
 * @param stores directories under a root that tools write, added to the built-in stores
 * @param shapeDeny the shape whitelist rule ({@code shape_deny})
 * @param consumeChain the consume-then-remove rule ({@code consume_chain})
 * @param sweep the scratch sweep ({@code sweep})
 * @param spaces per-session scratch spaces ({@code spaces})
 * @param orientation scratch-directory orientation and nudges ({@code orientation})
 */
@API(status = API.Status.EXPERIMENTAL)
@Doc("Rules about an agent's scratch files: where new files may go, consume-then-remove, the "
    + "sweep, scratch-directory orientation and nudges, per-session spaces.")
public record ScratchConfig(
    @Doc("Repository-relative ignored roots whose new files are judged.") List<String> roots,
    @Doc("The scratch directory, inside a root; any depth below it is scratch.") String directory,
    @Doc("Basename globs a new scratch file must match.") Shapes shapes,
    @Doc("Directories under a root written by their own tools, added to the built-in stores.")
    List<String> stores,
    @Doc("The shape whitelist for new files (scratch.shape).") ShapeDeny shapeDeny,
    @Doc("The consume-then-remove rule (scratch.consume-chain).") ConsumeChain consumeChain,
    @Doc("The scratch sweep (scratch.sweep).") Sweep sweep,
    @Doc("Per-session scratch spaces and their reaper.") Spaces spaces,
    @Doc("Scratch-directory orientation and the stale-notes nudge.") Orientation orientation) {

  /** What a repository without any {@code scratch:} configuration gets. */
  public static final ScratchConfig DEFAULTS = new ScratchConfig(List.of("untracked/"),
      "untracked/scratch/", Shapes.DEFAULTS, List.of(), ShapeDeny.DEFAULTS,
      ConsumeChain.DEFAULTS, Sweep.DEFAULTS, Spaces.DEFAULTS, Orientation.DEFAULTS);

  /**
   * Checks the block and puts its directories in canonical form (relative, single slashes, a
   * trailing {@code /}).
   *
   * @param roots ignored roots whose new files are judged
   * @param directory the scratch directory, inside one of the roots
   * @param shapes the basename globs a new scratch file must match
   * @param stores directories under a root that tools write
   * @param shapeDeny the shape whitelist rule
   * @param consumeChain the consume-then-remove rule
   * @param sweep the scratch sweep
   * @param spaces per-session scratch spaces
   * @param orientation scratch-directory orientation and nudges
   * @throws NullPointerException if a component is null; the message is the key path
   * @throws IllegalArgumentException if a directory is blank, absolute or climbs out with
   *     {@code ..}, the scratch directory is under no root, or the spaces lie under a root but
   *     outside the scratch directory
   */
  public ScratchConfig {
    Objects.requireNonNull(roots, "scratch.roots");
    Objects.requireNonNull(directory, "scratch.directory");
    Objects.requireNonNull(shapes, "scratch.shapes");
    Objects.requireNonNull(stores, "scratch.stores");
    Objects.requireNonNull(shapeDeny, "scratch.shape_deny");
    Objects.requireNonNull(consumeChain, "scratch.consume_chain");
    Objects.requireNonNull(sweep, "scratch.sweep");
    Objects.requireNonNull(spaces, "scratch.spaces");
    Objects.requireNonNull(orientation, "scratch.orientation");
    List<String> normalizedRoots = new ArrayList<>();
    for (int i = 0; i < roots.size(); i++) {
      normalizedRoots.add(directoryKey("scratch.roots[" + i + "]", roots.get(i)));
    }
    roots = List.copyOf(normalizedRoots);
    directory = directoryKey("scratch.directory", directory);
    String scratch = directory;
    if (roots.stream().noneMatch(scratch::startsWith)) {
      throw new IllegalArgumentException("scratch.directory: '" + directory
          + "' is not under any of scratch.roots " + roots
          + "; the scratch directory must lie inside an ignored root");
    }
    List<String> normalizedStores = new ArrayList<>();
    for (int i = 0; i < stores.size(); i++) {
      normalizedStores.add(directoryKey("scratch.stores[" + i + "]", stores.get(i)));
    }
    stores = List.copyOf(normalizedStores);
    String spacesParent = spaces.parent().orElse(scratch);
    if (ScratchPaths.rootOf(spacesParent + "x", roots) != null && !spacesParent.startsWith(scratch)) {
      throw new IllegalArgumentException("scratch.spaces.pattern: '" + spaces.pattern().orElse("")
          + "' lies under an ignored root but outside scratch.directory '" + scratch
          + "', where the shape whitelist would deny every new file; put it inside "
          + scratch + " or outside the roots");
    }
  }

  /** The built-in stores under every root, as seed 000 registers them. */
  static final List<String> BUILT_IN_STORES = List.of("captures/", "issue-reports/",
      "agent-reports/", "agent-dispatch-registry/", "worktrees/", "qa/");

  /**
   * Every registered store: the built-in ones under each root, then the configured ones, each a
   * repository-relative directory ending in {@code /}.
   *
   * @return the stores, built-in ones first; never empty while a root is configured
   */
  public List<String> allStores() {
    List<String> all = new ArrayList<>();
    for (String root : roots) {
      for (String store : BUILT_IN_STORES) {
        all.add(root + store);
      }
    }
    all.addAll(stores);
    return List.copyOf(all);
  }

  /**
   * The basename globs for {@code shapes}.
   *
   * @param defaults whether the built-in shapes are in force
   * @param extra more basename globs, case-sensitive
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Shapes(
      @Doc("Use the built-in shapes (message bodies, journal-*.md, brief-*.md, captures).")
      boolean defaults,
      @Doc("More basename globs (*, ?, [abc], [!abc]), case-sensitive.") List<String> extra) {
    /** The built-in shapes and no extra ones. */
    public static final Shapes DEFAULTS = new Shapes(true, List.of());

    /**
     * Checks each extra glob and keeps an immutable copy of them.
     *
     * @param defaults whether the built-in shapes are in force
     * @param extra more basename globs, case-sensitive
     * @throws IllegalArgumentException if a glob is blank, malformed or holds a {@code /}
     */
    public Shapes {
      Objects.requireNonNull(extra, "scratch.shapes.extra");
      extra = List.copyOf(extra);
      for (int i = 0; i < extra.size(); i++) {
        checkShape("scratch.shapes.extra[" + i + "]", extra.get(i));
      }
    }

    /**
     * The globs in force: the built-in ones when {@code defaults} is true, then the extra ones.
     *
     * @return the globs; empty when the defaults are off and nothing extra is configured
     */
    public List<String> globs() {
      if (!defaults) {
        return extra;
      }
      List<String> all = new ArrayList<>(ScratchPaths.DEFAULT_SHAPES);
      all.addAll(extra);
      return List.copyOf(all);
    }

    /**
     * Checks a configured shape, naming the key when it is unusable: a file-name glob of
     * {@link PathGlob}'s syntax, matched against the whole name, so it holds no {@code /}.
     */
    static void checkShape(String key, String glob) {
      Optional<String> problem = PathGlob.problem(glob);
      if (problem.isPresent()) {
        throw new IllegalArgumentException(key + ": " + problem.get().replace(
            "a glob must not be blank", "a shape glob must not be blank"));
      }
      if (glob.indexOf('/') >= 0) {
        throw new IllegalArgumentException(key + ": '" + glob
            + "' contains '/'; shapes match the file name only, for example notes-*.md");
      }
    }
  }

  /**
   * {@code shape_deny}: the mode of the shape whitelist ({@code block}, {@code advise},
   * {@code off}).
   *
   * @param mode the rule's mode
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record ShapeDeny(@Doc("block, advise or off.") Mode mode) {
    /** The whitelist blocks. */
    public static final ShapeDeny DEFAULTS = new ShapeDeny(Mode.BLOCK);

    /**
     * Checks the mode.
     *
     * @param mode the rule's mode
     * @throws NullPointerException if {@code mode} is null
     * @throws IllegalArgumentException if {@code mode} is not block, advise or off
     */
    public ShapeDeny {
      mode = Enforcing.check("scratch.shape_deny.mode", mode);
    }
  }

  /**
   * {@code consume_chain}: the mode of the consume-then-remove rule and the consumers added to the
   * built-in list. A consumer is written as the words of its command with {@code {file}} where
   * the file goes, for example {@code mkplan.bash --journal * * {file}} (a positional file;
   * {@code *} is any one word) or {@code git notes add -F {file}} (the value of an option).
   *
   * @param mode the rule's mode
   * @param consumers the consumers added to the built-in ones
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record ConsumeChain(@Doc("block, advise or off.") Mode mode,
      @Doc("More consumers: the command's words with {file} where the file goes, e.g. "
          + "'git notes add -F {file}'.") List<String> consumers) {
    /** The rule blocks, with the built-in consumers only. */
    public static final ConsumeChain DEFAULTS = new ConsumeChain(Mode.BLOCK, List.of());

    /**
     * Checks the mode and that every consumer parses, and keeps an immutable copy of them.
     *
     * @param mode the rule's mode
     * @param consumers the consumers added to the built-in ones
     * @throws NullPointerException if a component is null
     * @throws IllegalArgumentException if the mode is not block, advise or off, or a consumer
     *     cannot be read (the message names its index)
     */
    public ConsumeChain {
      mode = Enforcing.check("scratch.consume_chain.mode", mode);
      Objects.requireNonNull(consumers, "scratch.consume_chain.consumers");
      consumers = List.copyOf(consumers);
      for (int i = 0; i < consumers.size(); i++) {
        ConsumerSpec.parse("scratch.consume_chain.consumers[" + i + "]", consumers.get(i));
      }
    }
  }

  /**
   * {@code sweep}: scratch files older than {@code max_age_hours} are reported; files older than
   * {@code baseline_before} (an ISO-8601 date or timestamp, UTC when no offset is given) are
   * counted, never listed; at most {@code max_listed} files are listed.
   *
   * @param maxAgeHours scratch files older than this many hours are reported
   * @param baselineBefore an ISO-8601 date or timestamp; older files are counted, never listed
   * @param maxListed at most this many files are listed, then a total
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Sweep(
      @Doc("Scratch files older than this many hours are reported.") @Range(min = 0)
      int maxAgeHours,
      @Doc("An ISO-8601 date or timestamp; older files are counted, never listed.")
      @Matches(value = "\\d{4}-\\d{2}-\\d{2}"
          + "(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?)?",
          description = "an ISO-8601 date or timestamp such as `2026-11-04` or"
              + " `2026-11-04T12:00:00Z`")
      Optional<String> baselineBefore,
      @Doc("At most this many files are listed, then a total.") @Range(min = 1) int maxListed) {
    /** Files older than 24 hours are reported, no baseline, at most 50 listed. */
    public static final Sweep DEFAULTS = new Sweep(24, Optional.empty(), 50);

    /**
     * Checks the numbers and that the baseline parses.
     *
     * @param maxAgeHours scratch files older than this many hours are reported
     * @param baselineBefore an ISO-8601 date or timestamp; older files are counted, never listed
     * @param maxListed at most this many files are listed, then a total
     * @throws IllegalArgumentException if {@code maxAgeHours} is negative, {@code maxListed} is
     *     below 1, or the baseline is no ISO-8601 date or timestamp
     */
    public Sweep {
      Objects.requireNonNull(baselineBefore, "scratch.sweep.baseline_before");
      if (maxAgeHours < 0) {
        throw new IllegalArgumentException(
            "scratch.sweep.max_age_hours: must be 0 or more, got " + maxAgeHours);
      }
      if (maxListed < 1) {
        throw new IllegalArgumentException(
            "scratch.sweep.max_listed: must be at least 1, got " + maxListed);
      }
      baselineBefore.ifPresent(Sweep::parseBaseline);
    }

    /**
     * The baseline cutoff: a timestamp without an offset, or a bare date (its midnight), is
     * taken as UTC.
     *
     * @return the cutoff; empty when no baseline is set
     */
    public Optional<Instant> baseline() {
      return baselineBefore.map(Sweep::parseBaseline);
    }

    private static Instant parseBaseline(String text) {
      String value = text.strip();
      try {
        return Instant.parse(value);
      } catch (DateTimeParseException notAnInstant) {
        try {
          return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException notOffset) {
          try {
            return LocalDateTime.parse(value).toInstant(ZoneOffset.UTC);
          } catch (DateTimeParseException notLocal) {
            try {
              return LocalDate.parse(value).atStartOfDay().toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException notDate) {
              throw new IllegalArgumentException("scratch.sweep.baseline_before: '" + text
                  + "' is not an ISO-8601 date or timestamp (for example 2026-11-04 or "
                  + "2026-11-04T12:00:00Z)");
            }
          }
        }
      }
    }
  }

  /**
   * {@code spaces}: per-session scratch spaces. {@code pattern} is a repository-relative
   * directory with {@code {session}} as one whole segment (for example
   * {@code .frizz/threads/{session}/}); spaces idle longer than {@code ttl_days} are reaped.
   *
   * @param pattern the spaces' directory with {@code {session}} as its last segment; empty
   *     orients on the scratch directory
   * @param ttlDays spaces idle longer than this many days are reaped
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Spaces(
      @Doc("A repository-relative directory with {session} as its last segment, e.g. "
          + "'.frizz/threads/{session}/'; null orients on the scratch directory.")
      Optional<String> pattern,
      @Doc("Spaces idle longer than this many days are reaped.") @Range(min = 1) int ttlDays) {
    /** No per-session spaces; were a pattern set, spaces idle over 7 days would be reaped. */
    public static final Spaces DEFAULTS = new Spaces(Optional.empty(), 7);
    /** The placeholder a pattern holds once, as a whole segment, for the session id. */
    public static final String SESSION = "{session}";

    /**
     * Checks the pattern and puts it in canonical form.
     *
     * @param pattern the spaces' directory with {@code {session}} as its last segment; empty
     *     orients on the scratch directory
     * @param ttlDays spaces idle longer than this many days are reaped
     * @throws IllegalArgumentException if the pattern is not a relative directory ending in a
     *     single {@code {session}/} segment below a parent, or {@code ttlDays} is below 1
     */
    public Spaces {
      Objects.requireNonNull(pattern, "scratch.spaces.pattern");
      pattern = pattern.map(p -> checkPattern(directoryKey("scratch.spaces.pattern", p)));
      if (ttlDays < 1) {
        throw new IllegalArgumentException(
            "scratch.spaces.ttl_days: must be at least 1, got " + ttlDays);
      }
    }

    /**
     * The directory holding every space: the pattern up to {@code {session}}.
     *
     * @return the parent directory, ending in {@code /}; empty when no pattern is set
     */
    public Optional<String> parent() {
      return pattern.map(p -> p.substring(0, p.indexOf(SESSION)));
    }

    /**
     * The space of one session.
     *
     * @param sessionId the runner's session id, put in as it is
     * @return the session's directory, ending in {@code /}; empty when no pattern is set
     */
    public Optional<String> forSession(String sessionId) {
      return pattern.map(p -> p.replace(SESSION, sessionId));
    }

    private static String checkPattern(String pattern) {
      int first = pattern.indexOf(SESSION);
      if (first < 0 || pattern.indexOf(SESSION, first + 1) >= 0) {
        throw new IllegalArgumentException("scratch.spaces.pattern: '" + pattern
            + "' must contain {session} exactly once");
      }
      boolean wholeSegment = (first == 0 || pattern.charAt(first - 1) == '/')
          && pattern.startsWith("/", first + SESSION.length());
      if (!wholeSegment) {
        throw new IllegalArgumentException("scratch.spaces.pattern: '" + pattern
            + "' must use {session} as a whole path segment, as in .frizz/threads/{session}/");
      }
      if (first + SESSION.length() + 1 != pattern.length()) {
        throw new IllegalArgumentException("scratch.spaces.pattern: '" + pattern
            + "' must end with {session}/: a space is one directory per session");
      }
      if (first == 0) {
        throw new IllegalArgumentException("scratch.spaces.pattern: '" + pattern
            + "' needs a parent directory before {session}, so the reaper stays inside it");
      }
      return pattern;
    }
  }

  /**
   * {@code orientation}: {@code on} or {@code off}; at most {@code max_listed} files named in a
   * listing; the stale-notes nudge fires after the context grew {@code stale_tokens} tokens
   * since the newest write in the directory.
   *
   * @param mode {@code on} or {@code off}
   * @param maxListed at most this many files are named in a listing
   * @param staleTokens context growth in tokens since the newest write that triggers the nudge
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Orientation(@Doc("on or off.") @OneOf({"on", "off"}) Mode mode,
      @Doc("At most this many files are named in a listing.") @Range(min = 1) int maxListed,
      @Doc("Context growth in tokens since the newest write that triggers the nudge.")
      @Range(min = 1) long staleTokens) {
    /** On, naming at most 40 files, nudging after 60,000 tokens. */
    public static final Orientation DEFAULTS = new Orientation(Mode.ON, 40, 60_000);

    /**
     * Checks the mode and the numbers.
     *
     * @param mode {@code on} or {@code off}
     * @param maxListed at most this many files are named in a listing
     * @param staleTokens context growth in tokens since the newest write that triggers the nudge
     * @throws NullPointerException if {@code mode} is null
     * @throws IllegalArgumentException if the mode is neither on nor off, or a number is below 1
     */
    public Orientation {
      Objects.requireNonNull(mode, "scratch.orientation.mode");
      if (!mode.equals(Mode.ON) && !mode.equals(Mode.OFF)) {
        throw new IllegalArgumentException(
            "scratch.orientation.mode: expected on or off, got " + mode);
      }
      if (maxListed < 1) {
        throw new IllegalArgumentException(
            "scratch.orientation.max_listed: must be at least 1, got " + maxListed);
      }
      if (staleTokens < 1) {
        throw new IllegalArgumentException(
            "scratch.orientation.stale_tokens: must be at least 1, got " + staleTokens);
      }
    }
  }

  /**
   * The modes of the enforcing settings, in a class of their own: the nested records check their
   * mode while they initialize, and reaching into {@code ScratchConfig} for it would initialize
   * {@link #DEFAULTS} before their own defaults exist (ConsumeChain.DEFAULTS read first failed).
   */
  private static final class Enforcing {
    static final Set<Mode> MODES = Set.of(Mode.BLOCK, Mode.ADVISE, Mode.OFF);

    static Mode check(String key, Mode mode) {
      Objects.requireNonNull(mode, key);
      if (!MODES.contains(mode)) {
        throw new IllegalArgumentException(key + ": expected block, advise or off, got " + mode);
      }
      return mode;
    }
  }

  /**
   * A repository-relative directory in canonical form: no leading {@code ./}, single slashes,
   * a trailing {@code /}; absolute paths and {@code ..} are refused.
   */
  static String directoryKey(String key, String value) {
    Objects.requireNonNull(value, key);
    String trimmed = value.strip();
    if (trimmed.isEmpty()) {
      throw new IllegalArgumentException(key + ": must not be blank");
    }
    if (trimmed.startsWith("/") || trimmed.startsWith("~")) {
      throw new IllegalArgumentException(key + ": '" + value
          + "' must be relative to the repository root, for example untracked/");
    }
    StringBuilder canonical = new StringBuilder();
    for (String segment : trimmed.split("/")) {
      if (segment.isEmpty() || segment.equals(".")) {
        continue;
      }
      if (segment.equals("..")) {
        throw new IllegalArgumentException(key + ": '" + value
            + "' must stay inside the repository (no '..')");
      }
      canonical.append(segment).append('/');
    }
    if (canonical.length() == 0) {
      throw new IllegalArgumentException(key + ": '" + value
          + "' names the repository root itself; name a directory inside it");
    }
    return canonical.toString();
  }
}
