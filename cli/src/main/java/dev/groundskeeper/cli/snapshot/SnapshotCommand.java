package dev.groundskeeper.cli.snapshot;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.cli.Json;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code groundskeeper snapshot}: the copies {@code snapshot} mode keeps before a discard, listed,
 * shown, restored and dropped by name.
 */
@API(status = API.Status.INTERNAL)
@Command(name = "snapshot", mixinStandardHelpOptions = true,
    description = {"The snapshots kept before a discarding command ran (changes.discard or"
        + " changes.delete in snapshot mode): list, show, restore, drop.",
        "",
        "Snapshots live in the state directory ($GROUNDSKEEPER_HOME/state, else"
            + " $XDG_STATE_HOME/groundskeeper, else ~/.groundskeeper/state), one directory per"
            + " worktree, never inside the repository."})
public final class SnapshotCommand implements Runnable {

  /** A restore refused, or a snapshot not found. */
  public static final int REFUSED = 1;

  private final SnapshotContext context;

  private SnapshotCommand(SnapshotContext context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  /**
   * The {@code snapshot} command with its subcommands; bare, it lists.
   *
   * @param context the snapshot store, the directory {@code -C} is resolved against, the days
   *     a snapshot is kept and the streams the verbs report on
   * @return a new command line for {@code snapshot} with {@code list}, {@code show},
   *     {@code restore} and {@code drop}
   */
  public static CommandLine commandLine(SnapshotContext context) {
    return new CommandLine(new SnapshotCommand(context))
        .addSubcommand(new ListVerb(context))
        .addSubcommand(new ShowVerb(context))
        .addSubcommand(new RestoreVerb(context))
        .addSubcommand(new DropVerb(context));
  }

  @Override
  public void run() {
    new ListVerb(context).call();
  }

  /** The directory option every verb shares. */
  static final class Where {
    @Option(names = {"-C", "--directory"}, paramLabel = "DIR",
        description = "Act on the worktree holding DIR (default: the current directory).")
    Path directory;

    Path of(SnapshotContext context) {
      return directory == null ? context.directory()
          : context.directory().resolve(directory).normalize();
    }
  }

  static boolean expired(SnapshotContext context, Snapshot snapshot) {
    return snapshot.created().plus(Duration.ofDays(context.keepDays()))
        .isBefore(context.clock().instant());
  }

  static String line(SnapshotContext context, Snapshot snapshot) {
    return snapshot.id() + "  " + snapshot.created() + "  "
        + count(snapshot.files().size(), "path") + ", " + snapshot.bytes() + " bytes"
        + (snapshot.sessionId().isEmpty() ? "" : ", session " + SafeText.escape(
            snapshot.sessionId()))
        + (expired(context, snapshot) ? ", expired (older than " + context.keepDays()
            + " days)" : "")
        + "  before `" + SafeText.escape(snapshot.command()) + "`";
  }

  static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  /** Prints what a restore did or would do; the exit code. */
  static int report(SnapshotContext context, Snapshot snapshot, Snapshot.Restore restore,
      boolean dryRun) {
    if (!restore.leftovers().isEmpty()) {
      // what an earlier restore killed before its renames left: said, so no file goes unnoticed
      context.out().println((dryRun ? "would remove " : "removed ")
          + count(restore.leftovers().size(), "temporary file") + " an interrupted restore left"
          + " (the snapshot holds their content): "
          + SafeText.escape(String.join(", ", restore.leftovers())));
    }
    if (restore.refused()) {
      context.err().println("groundskeeper snapshot restore: refused: "
          + count(restore.conflicts().size(), "path") + " changed since snapshot "
          + snapshot.id() + " was taken, and restoring would overwrite "
          + (restore.conflicts().size() == 1 ? "it" : "them") + ": "
          + SafeText.escape(String.join(", ", restore.conflicts())));
      context.err().println("Nothing was written. Commit or stash those changes (git stash push"
          + " -- <paths>), then run the restore again.");
      return REFUSED;
    }
    String verb = dryRun ? "would restore " : "restored ";
    context.out().println(verb + count(restore.restored().size(), "path") + " from snapshot "
        + snapshot.id() + (restore.unchanged().isEmpty() ? "" : "; "
            + count(restore.unchanged().size(), "path") + " already as kept"));
    for (String path : restore.restored()) {
      context.out().println("  " + SafeText.escape(path));
    }
    if (!dryRun) {
      context.out().println(context.program().render(
          "The snapshot is kept; drop it with groundskeeper snapshot drop " + snapshot.id()));
    }
    return 0;
  }

  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "Lists the snapshots of this worktree, newest first.",
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:listed (none too)", "2:not in a worktree, or the store is unusable"})
  static final class ListVerb implements Callable<Integer> {
    private final SnapshotContext context;
    @CommandLine.Mixin
    Where where = new Where();
    @Option(names = "--json", description = "Print the listing as one JSON object.")
    boolean json;
    @Option(names = "--pretty", description = "With --json: indent the JSON.")
    boolean pretty;

    ListVerb(SnapshotContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      Path dir = where.of(context);
      List<Snapshot> snapshots = context.snapshots().list(dir);
      if (json) {
        context.out().println(Json.text(SnapshotJson.list(context, dir, snapshots), pretty));
        return 0;
      }
      if (snapshots.isEmpty()) {
        context.out().println("no snapshots of " + context.snapshots().worktree(dir));
      }
      int expired = 0;
      for (Snapshot snapshot : snapshots) {
        context.out().println(line(context, snapshot));
        expired += expired(context, snapshot) ? 1 : 0;
      }
      for (String damaged : context.snapshots().damaged(dir)) {
        context.out().println(SafeText.escape(damaged) + "  damaged: its manifest cannot be"
            + " read (look in " + context.snapshots().directory(dir) + ")");
      }
      if (expired > 0) {
        context.out().println(context.program().render(count(expired, "snapshot")
            + " older than " + context.keepDays()
            + " days; drop them with groundskeeper snapshot drop --expired --yes"));
      }
      return 0;
    }
  }

  /** The diff lines {@code snapshot show} prints before it says how to see the rest. */
  public static final int SHOWN_DIFF_LINES = 200;

  @Command(name = "show", mixinStandardHelpOptions = true,
      description = {"Shows what one snapshot holds: each path, its size, whether its staged"
          + " content was kept and what a restore would do with it, then the diff from the"
          + " worktree now to the kept copy (what a restore would write), then, under its own"
          + " heading, the diff of each kept staged content from HEAD when the snapshot was"
          + " taken (what a restore puts back in the index).",
          "",
          "The diff is cut after " + SHOWN_DIFF_LINES + " lines; --full prints it all, and"
              + " naming paths prints theirs whole."},
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:shown", "1:no such snapshot, or a named path it does not hold",
          "2:not in a worktree"})
  static final class ShowVerb implements Callable<Integer> {
    private final SnapshotContext context;
    @CommandLine.Mixin
    Where where = new Where();
    @Parameters(index = "0", paramLabel = "ID", description = "The snapshot (from groundskeeper"
        + " snapshot list).")
    String id;
    @Parameters(index = "1..*", arity = "0..*", paramLabel = "PATH", description = "Only these"
        + " paths (relative to the worktree, as listed), with their whole diff.")
    List<String> paths = new ArrayList<>();
    @Option(names = "--full", description = "Print the whole diff, however long.")
    boolean full;
    @Option(names = "--json", description = "Print the snapshot, its paths and the diffs shown"
        + " as one JSON object.")
    boolean json;
    @Option(names = "--pretty", description = "With --json: indent the JSON.")
    boolean pretty;

    ShowVerb(SnapshotContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      Path dir = where.of(context);
      var found = named(context, "show", dir, id);
      if (found.isEmpty()) {
        return REFUSED;
      }
      Snapshot snapshot = found.get();
      List<String> held = snapshot.files().stream().map(Snapshot.File::path).toList();
      for (String path : paths) {
        if (!held.contains(path)) {
          context.err().println("groundskeeper snapshot show: snapshot " + snapshot.id()
              + " holds no path " + SafeText.escape(path) + " (its paths are listed by"
              + " groundskeeper snapshot show " + snapshot.id() + ")");
          return REFUSED;
        }
      }
      Snapshot.Restore plan = context.snapshots().restore(dir, id, true);
      int budget = full || !paths.isEmpty() ? Integer.MAX_VALUE : SHOWN_DIFF_LINES;
      Tally tally = new Tally();
      List<Shown> diffs = shown(context.snapshots().diff(dir, id, paths), budget, tally);
      List<Snapshot.Diff> kept = context.snapshots().stagedDiff(dir, id, paths).stream()
          .filter(diff -> !diff.lines().isEmpty()).toList();
      List<Shown> staged = shown(kept, budget, tally);
      if (json) {
        context.out().println(Json.text(SnapshotJson.show(context, snapshot, plan, paths, diffs,
            staged, tally), pretty));
        return 0;
      }
      context.out().println(line(context, snapshot));
      context.out().println("worktree " + snapshot.top());
      for (Snapshot.File file : snapshot.files()) {
        if (!paths.isEmpty() && !paths.contains(file.path())) {
          continue;
        }
        String what = switch (file.kind()) {
          case FILE -> file.size() + " bytes";
          case LINK -> "symbolic link";
          case ABSENT -> "deleted in the worktree";
        };
        String restore = plan.conflicts().contains(file.path())
            ? "changed since: a restore refuses"
            : plan.unchanged().contains(file.path()) ? "already as kept"
            : "a restore writes it back";
        context.out().println("  " + SafeText.escape(file.path()) + "  " + what
            + (file.staged() ? ", staged content kept" : "") + "; " + restore);
      }
      print(diffs);
      if (!kept.isEmpty()) {
        context.out().println();
        context.out().println("staged content kept, " + count(kept.size(), "path") + ": the"
            + " diff from HEAD when the snapshot was taken to the index it kept, which a restore"
            + " puts back in the index");
        print(staged);
      }
      int left = tally.left;
      int pathsLeft = tally.pathsLeft;
      if (left > 0) {
        context.out().println();
        context.out().println(context.program().render("... " + count(left, "more diff line")
            + " of " + count(pathsLeft, "path") + " not shown: groundskeeper snapshot show "
            + snapshot.id() + " --full, or name the paths (groundskeeper snapshot show "
            + snapshot.id() + " <path>...)"));
      }
      context.out().println(context.program().render(
          "restore: groundskeeper snapshot restore " + snapshot.id())
          + (plan.refused() ? " (refused while " + count(plan.conflicts().size(), "path")
              + " differ from what the discard left; commit or stash them first)" : ""));
      return 0;
    }

    private void print(List<Shown> diffs) {
      for (Shown part : diffs) {
        context.out().println();
        part.diff().lines().subList(0, part.lines())
            .forEach(text -> context.out().println(diffLine(text)));
      }
    }
  }

  /** A diff {@code show} prints, and how many of its first lines. */
  record Shown(Snapshot.Diff diff, int lines) {}

  /**
   * The part of {@code diffs} shown within what is left of {@code budget}, a path whole or not at
   * all (unless it alone passes the bound); an empty diff (the worktree already holds the kept
   * copy) is not shown. The text and the JSON of {@code show} print the same part.
   */
  static List<Shown> shown(List<Snapshot.Diff> diffs, int budget, Tally tally) {
    List<Shown> shown = new ArrayList<>();
    for (Snapshot.Diff diff : diffs) {
      int size = diff.lines().size();
      if (size == 0) {
        continue;
      }
      if (tally.printed > 0 && tally.printed + size > budget) {
        tally.left += size;
        tally.pathsLeft++;
        continue;
      }
      int lines = Math.min(size, budget - tally.printed);
      shown.add(new Shown(diff, lines));
      tally.printed += lines;
      if (lines < size) {
        tally.left += size - lines;
        tally.pathsLeft++;
      }
    }
    return shown;
  }

  /** What the diffs of one {@code show} printed, and left out, against its one bound. */
  static final class Tally {
    int printed;
    int left;
    int pathsLeft;
  }

  /**
   * A diff line safe for a terminal: control characters escaped, tabs kept (a diff shows them),
   * backslashes kept as the file has them.
   */
  static String diffLine(String line) {
    java.util.StringJoiner joined = new java.util.StringJoiner("\t");
    for (String part : line.split("\t", -1)) {
      joined.add(SafeText.escapeControls(part));
    }
    return joined.toString();
  }

  /** The snapshot {@code id} of the worktree at {@code dir}; empty, said on stderr, when none. */
  private static java.util.Optional<Snapshot> named(SnapshotContext context, String verb, Path dir,
      String id) {
    var found = context.snapshots().find(dir, id);
    if (found.isEmpty()) {
      context.err().println("groundskeeper snapshot " + verb + ": no snapshot "
          + SafeText.escape(id) + " of " + context.snapshots().worktree(dir)
          + context.program().render(" (see groundskeeper snapshot list)"));
    }
    return found;
  }

  @Command(name = "restore", mixinStandardHelpOptions = true,
      description = {"Writes a snapshot back onto the worktree and index.",
          "",
          "A path is written only when it is as the discard left it (gone, or as HEAD has it);"
              + " when any path changed since, nothing is written and the paths are named."},
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:restored (or would be, with --dry-run)",
          "1:refused: a path changed since, or no such snapshot",
          "2:not in a worktree, or the store is unusable"})
  static final class RestoreVerb implements Callable<Integer> {
    private final SnapshotContext context;
    @CommandLine.Mixin
    Where where = new Where();
    @Parameters(paramLabel = "ID", description = "The snapshot (from groundskeeper snapshot"
        + " list).")
    String id;
    @Option(names = {"-n", "--dry-run"}, description = "Say what would be restored; write"
        + " nothing.")
    boolean dryRun;

    RestoreVerb(SnapshotContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      Path dir = where.of(context);
      var found = named(context, "restore", dir, id);
      if (found.isEmpty()) {
        return REFUSED;
      }
      return report(context, found.get(), context.snapshots().restore(dir, id, dryRun), dryRun);
    }
  }

  @Command(name = "drop", mixinStandardHelpOptions = true,
      description = {"Deletes snapshots by name, or the expired ones with --expired --yes.",
          "",
          "A dropped snapshot cannot be brought back."},
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:dropped", "1:no such snapshot", "2:bad usage (--expired without"
          + " --yes, or neither IDs nor --expired)"})
  static final class DropVerb implements Callable<Integer> {
    private final SnapshotContext context;
    @CommandLine.Mixin
    Where where = new Where();
    @Parameters(paramLabel = "ID", arity = "0..*", description = "The snapshots to drop.")
    List<String> ids = new ArrayList<>();
    @Option(names = "--expired", description = "Drop every snapshot older than"
        + " changes.snapshots.keep_days.")
    boolean expired;
    @Option(names = "--yes", description = "Confirm dropping more than the named snapshots.")
    boolean yes;

    DropVerb(SnapshotContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      Path dir = where.of(context);
      if (ids.isEmpty() && !expired) {
        context.err().println("groundskeeper snapshot drop: name the snapshots to drop, or"
            + context.program().render(" give --expired --yes (see groundskeeper snapshot list)"));
        return 2;
      }
      if (expired && !yes) {
        context.err().println("groundskeeper snapshot drop: --expired drops every snapshot"
            + " older than " + context.keepDays() + " days; add --yes to do it");
        return 2;
      }
      List<String> drop = new ArrayList<>(ids);
      if (expired) {
        for (Snapshot snapshot : context.snapshots().list(dir)) {
          if (expired(context, snapshot) && !drop.contains(snapshot.id())) {
            drop.add(snapshot.id());
          }
        }
      }
      for (String id : ids) {
        if (context.snapshots().find(dir, id).isEmpty()) {
          context.err().println("groundskeeper snapshot drop: no snapshot " + SafeText.escape(id)
              + " of " + context.snapshots().worktree(dir) + "; nothing was dropped");
          return REFUSED;
        }
      }
      for (String id : drop) {
        context.snapshots().drop(dir, id);
        context.out().println("dropped snapshot " + SafeText.escape(id));
      }
      if (drop.isEmpty()) {
        context.out().println("no snapshot is older than " + context.keepDays() + " days");
      }
      return 0;
    }
  }
}
