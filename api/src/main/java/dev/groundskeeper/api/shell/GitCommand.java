package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A {@code git} invocation read as git reads its argv: global options ({@code -C dir},
 * {@code -c k=v}, {@code --git-dir}, {@code --work-tree}, {@code --no-pager}, …), the
 * subcommand, for subcommands that have one the action ({@code worktree add},
 * {@code stash show}), and the remaining arguments with the options that take a value for that
 * subcommand. Aliases are not expanded here, since the text does not show them: {@code git co -b
 * x} is subcommand {@code co}; a rule that knows the aliases (from {@code -c alias.co=…},
 * {@link #aliasFromOptions()}, or the repository's configuration) reads
 * {@link #aliasExpansion(String)} as the command git runs.
 *
 * <p>{@code directory} is where git works: the command's directory with every {@code -C}
 * applied in order (unknown when a {@code -C} value is not static).
 *
 * @param command the simple command read
 * @param globalOptions git's own options, before the subcommand
 * @param subcommand the subcommand; empty when there is none
 * @param action the action of subcommands that have one; empty otherwise
 * @param arguments the rest, read with the subcommand's options
 * @param directory where git works
 */
@API(status = API.Status.EXPERIMENTAL)
public record GitCommand(SimpleCommand command, Argv globalOptions, String subcommand,
    String action, Argv arguments, Directory directory) {

  /**
   * Checks the components.
   *
   * @param command the simple command read
   * @param globalOptions git's own options, before the subcommand
   * @param subcommand the subcommand; empty when there is none
   * @param action the action of subcommands that have one; empty otherwise
   * @param arguments the rest, read with the subcommand's options
   * @param directory where git works
   */
  public GitCommand {
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(globalOptions, "globalOptions");
    Objects.requireNonNull(subcommand, "subcommand");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(arguments, "arguments");
    Objects.requireNonNull(directory, "directory");
  }

  private static final Set<String> GLOBAL_VALUE_NAMES = Set.of("--git-dir", "--work-tree",
      "--namespace", "--config-env", "--super-prefix", "--exec-path-value");

  private static final Set<String> WITH_ACTIONS = Set.of("worktree", "stash", "remote", "notes",
      "submodule", "bisect", "sparse-checkout", "lfs", "reflog", "maintenance");

  private record Spec(String letters, Set<String> names) {}

  private static final Spec NONE = new Spec("", Set.of());

  private static final Map<String, Spec> SPECS = Map.ofEntries(
      Map.entry("commit", new Spec("mFCct", Set.of("--message", "--file", "--reuse-message",
          "--reedit-message", "--fixup", "--squash", "--author", "--date", "--template",
          "--cleanup", "--trailer", "--pathspec-from-file"))),
      Map.entry("merge", new Spec("mFsX", Set.of("--message", "--file", "--strategy",
          "--strategy-option", "--into-name", "--cleanup"))),
      Map.entry("tag", new Spec("mFu", Set.of("--message", "--file", "--local-user",
          "--cleanup", "--sort", "--contains", "--no-contains", "--merged", "--no-merged",
          "--points-at", "--format"))),
      Map.entry("switch", new Spec("cC", Set.of("--create", "--force-create", "--orphan",
          "--conflict"))),
      Map.entry("checkout", new Spec("bB", Set.of("--orphan", "--conflict",
          "--pathspec-from-file"))),
      Map.entry("branch", new Spec("u", Set.of("--set-upstream-to", "--contains",
          "--no-contains", "--merged", "--no-merged", "--points-at", "--format", "--sort"))),
      Map.entry("push", new Spec("o", Set.of("--push-option", "--repo", "--receive-pack",
          "--exec"))),
      Map.entry("update-ref", new Spec("m", Set.of())),
      Map.entry("diff", new Spec("", Set.of("--output", "--src-prefix", "--dst-prefix"))),
      Map.entry("show", new Spec("", Set.of("--output"))),
      Map.entry("format-patch", new Spec("ov", Set.of("--output-directory", "--subject-prefix",
          "--to", "--cc", "--in-reply-to", "--base", "--suffix", "--start-number",
          "--reroll-count", "--add-header", "--signature-file", "--output"))),
      Map.entry("log", new Spec("n", Set.of("--max-count", "--author", "--grep", "--since",
          "--until", "--output"))),
      Map.entry("rebase", new Spec("sXx", Set.of("--onto", "--strategy", "--strategy-option",
          "--exec"))),
      Map.entry("reset", new Spec("", Set.of("--pathspec-from-file"))),
      Map.entry("clone", new Spec("bocju", Set.of("--branch", "--origin", "--config",
          "--depth", "--reference", "--upload-pack", "--separate-git-dir", "--template"))),
      Map.entry("fetch", new Spec("j", Set.of("--depth", "--upload-pack", "--jobs"))),
      Map.entry("pull", new Spec("sX", Set.of("--strategy", "--strategy-option", "--depth"))),
      Map.entry("worktree add", new Spec("bB", Set.of("--reason"))),
      Map.entry("worktree lock", new Spec("", Set.of("--reason"))),
      Map.entry("worktree prune", new Spec("", Set.of("--expire"))),
      Map.entry("stash push", new Spec("m", Set.of("--message", "--pathspec-from-file"))),
      Map.entry("stash save", new Spec("m", Set.of("--message"))),
      Map.entry("stash", new Spec("m", Set.of("--message", "--pathspec-from-file"))),
      Map.entry("notes add", new Spec("mFcC", Set.of("--message", "--file"))));

  /**
   * The long options of the subcommands whose options rules judge, as {@code git <cmd> -h}
   * lists them (git 2.39): git's option parser accepts any unambiguous prefix of a long option,
   * so {@code git branch --del --forc x} is {@code git branch --delete --force x}. A prefix that
   * is ambiguous in git fails there, and one that matches no listed option is left as written.
   */
  private static final Map<String, List<String>> LONG_OPTIONS = Map.of(
      "branch", List.of("--abbrev", "--all", "--color", "--column", "--contains", "--copy",
          "--create-reflog", "--delete", "--edit-description", "--force", "--format",
          "--ignore-case", "--list", "--merged", "--move", "--no-contains", "--no-merged",
          "--points-at", "--quiet", "--recurse-submodules", "--remotes", "--set-upstream-to",
          "--show-current", "--sort", "--track", "--unset-upstream", "--verbose"),
      "worktree remove", List.of("--force"),
      "push", List.of("--all", "--atomic", "--delete", "--dry-run", "--exec", "--follow-tags",
          "--force", "--force-if-includes", "--force-with-lease", "--ipv4", "--ipv6", "--mirror",
          "--no-verify", "--porcelain", "--progress", "--prune", "--push-option", "--quiet",
          "--receive-pack", "--recurse-submodules", "--repo", "--set-upstream", "--signed",
          "--tags", "--thin", "--verbose"),
      "commit", List.of("--ahead-behind", "--all", "--allow-empty", "--allow-empty-message",
          "--amend", "--author", "--branch", "--cleanup", "--date", "--dry-run", "--edit",
          "--file", "--fixup", "--gpg-sign", "--include", "--interactive", "--long", "--message",
          "--no-post-rewrite", "--no-verify", "--null", "--only", "--patch",
          "--pathspec-file-nul", "--pathspec-from-file", "--porcelain", "--quiet",
          "--reedit-message", "--reset-author", "--reuse-message", "--short", "--signoff",
          "--squash", "--status", "--template", "--trailer", "--untracked-files", "--verbose"),
      "merge", List.of("--abort", "--allow-unrelated-histories", "--autostash", "--cleanup",
          "--commit", "--continue", "--edit", "--ff", "--ff-only", "--file", "--gpg-sign",
          "--into-name", "--log", "--message", "--no-verify", "--overwrite-ignore", "--progress",
          "--quiet", "--quit", "--rerere-autoupdate", "--signoff", "--squash", "--stat",
          "--strategy", "--strategy-option", "--summary", "--verbose", "--verify-signatures"),
      "tag", List.of("--annotate", "--cleanup", "--color", "--column", "--contains",
          "--create-reflog", "--delete", "--edit", "--file", "--force", "--format",
          "--ignore-case", "--list", "--local-user", "--merged", "--message", "--no-column",
          "--no-contains", "--no-merged", "--points-at", "--sign", "--sort", "--verify"),
      "update-ref", List.of("--create-reflog", "--no-deref", "--stdin"),
      "switch", List.of("--conflict", "--create", "--detach", "--discard-changes", "--force",
          "--force-create", "--guess", "--ignore-other-worktrees", "--merge", "--orphan",
          "--overwrite-ignore", "--progress", "--quiet", "--recurse-submodules", "--track"),
      "checkout", List.of("--conflict", "--detach", "--force", "--guess",
          "--ignore-other-worktrees", "--ignore-skip-worktree-bits", "--merge", "--orphan",
          "--ours", "--overlay", "--overwrite-ignore", "--patch", "--pathspec-file-nul",
          "--pathspec-from-file", "--progress", "--quiet", "--recurse-submodules", "--theirs",
          "--track"),
      "format-patch", List.of("--add-header", "--attach", "--base", "--cc",
          "--cover-from-description", "--cover-letter", "--creation-factor",
          "--filename-max-length", "--force-in-body-from", "--from", "--ignore-if-in-upstream",
          "--in-reply-to", "--inline", "--interdiff", "--keep-subject", "--no-binary",
          "--no-numbered", "--no-stat", "--numbered", "--numbered-files", "--output-directory",
          "--progress", "--quiet", "--range-diff", "--reroll-count", "--rfc", "--signature",
          "--signature-file", "--signoff", "--start-number", "--stdout", "--subject-prefix",
          "--suffix", "--thread", "--to", "--zero-commit"));

  /**
   * {@code args} with each abbreviated long option of {@code known} written in full (the value
   * after {@code =} kept, the word's source and offsets kept); {@code args} itself when none is.
   */
  static List<Word> unabbreviated(List<Word> args, List<String> known) {
    List<Word> out = null;
    for (int i = 0; i < args.size(); i++) {
      Word w = args.get(i);
      String v = w.value();
      if (v.equals("--")) {
        break;
      }
      if (!v.startsWith("--") || v.length() < 3) {
        continue;
      }
      int eq = v.indexOf('=');
      String name = eq < 0 ? v : v.substring(0, eq);
      String full = completion(name, known);
      if (full != null) {
        if (out == null) {
          out = new ArrayList<>(args);
        }
        out.set(i, new Word(full + (eq < 0 ? "" : v.substring(eq)), w.source(), w.start(),
            w.end(), w.isStatic()));
      }
    }
    return out == null ? args : out;
  }

  /** The one option of {@code known} that {@code name} abbreviates, or null. */
  private static String completion(String name, List<String> known) {
    if (known.contains(name)) {
      return null;
    }
    String found = null;
    for (String option : known) {
      if (option.startsWith(name)) {
        if (found != null) {
          return null;
        }
        found = option;
      }
    }
    return found;
  }

  /**
   * Reads {@code command} as git, when its name is {@code git}.
   *
   * @param command a simple command of a script
   * @return the git reading, or empty for another program
   */
  public static Optional<GitCommand> of(SimpleCommand command) {
    if (!command.isNamed("git")) {
      return Optional.empty();
    }
    return Optional.of(readAsGit(command));
  }

  /**
   * Reads {@code command} as git whatever its name: for a name known only when the command runs
   * ({@code $(echo git) branch -D x}, {@code $g branch -D x}), what the rest of its words would
   * do if the name turned out to be git.
   *
   * @param command a simple command whose name is not static
   * @return its words read as git's
   */
  public static GitCommand readAsGit(SimpleCommand command) {
    List<Word> words = command.words();
    int i = subcommandIndex(words);
    Argv globals = Argv.read(words.subList(1, i), "Cc", GLOBAL_VALUE_NAMES, false);
    String subcommand = i < words.size() ? words.get(i).value() : "";
    List<Word> rest = i < words.size() ? words.subList(i + 1, words.size()) : List.of();
    String action = "";
    if (WITH_ACTIONS.contains(subcommand) && !rest.isEmpty()
        && !rest.get(0).value().startsWith("-")) {
      action = rest.get(0).value();
      rest = rest.subList(1, rest.size());
    }
    String key = action.isEmpty() ? subcommand : subcommand + " " + action;
    Spec spec = SPECS.getOrDefault(key, NONE);
    List<String> longOptions = LONG_OPTIONS.get(key);
    if (longOptions != null) {
      rest = unabbreviated(rest, longOptions);
    }
    Argv arguments = Argv.read(rest, spec.letters(), spec.names(), false);
    Directory directory = command.directory();
    if (!globals.options().isEmpty()) {
      for (Argv.Option o : globals.all("-C")) {
        directory = moved(directory, o.value());
      }
    }
    return new GitCommand(command, globals, subcommand, action, arguments, directory);
  }

  /** Where the subcommand is among git's words: after the global options. */
  private static int subcommandIndex(List<Word> words) {
    int i = 1;
    while (i < words.size()) {
      String v = words.get(i).value();
      if (!v.startsWith("-") || v.length() < 2) {
        break;
      }
      boolean takesNext = v.equals("-C") || v.equals("-c") || GLOBAL_VALUE_NAMES.contains(v);
      i += takesNext ? 2 : 1;
    }
    return Math.min(i, words.size());
  }

  private static Directory moved(Directory from, Optional<Word> target) {
    if (target.isEmpty() || !target.get().isStatic()) {
      return new Directory(Directory.Certainty.UNKNOWN, Optional.empty());
    }
    String value = target.get().value();
    if (value.isEmpty() || from.certainty() == Directory.Certainty.UNKNOWN && !value.startsWith("/")) {
      return from;
    }
    String joined = Paths.join(from.path().orElse(""), value);
    Directory.Certainty certainty = value.startsWith("/") ? Directory.Certainty.CERTAIN
        : from.certainty();
    if (from.certainty() == Directory.Certainty.UNCERTAIN && value.startsWith("/")) {
      certainty = Directory.Certainty.CERTAIN;
    }
    return new Directory(certainty, joined.isEmpty() ? Optional.empty() : Optional.of(joined));
  }

  /**
   * Whether the subcommand is {@code subcommand}.
   *
   * @param subcommand a git subcommand ({@code push})
   * @return true when it is
   */
  public boolean is(String subcommand) {
    return this.subcommand.equals(subcommand);
  }

  /**
   * Whether the subcommand and action are {@code subcommand} and {@code action}.
   *
   * @param subcommand a git subcommand ({@code worktree})
   * @param action its action ({@code add})
   * @return true when both are
   */
  public boolean is(String subcommand, String action) {
    return this.subcommand.equals(subcommand) && this.action.equals(action);
  }

  /** {@return the repository given by {@code --git-dir} or a {@code GIT_DIR=} assignment} */
  public Optional<Word> gitDir() {
    return globalOptions.value("--git-dir").or(() -> assigned("GIT_DIR"));
  }

  /** {@return the work tree given by {@code --work-tree} or a {@code GIT_WORK_TREE=} assignment} */
  public Optional<Word> workTree() {
    return globalOptions.value("--work-tree").or(() -> assigned("GIT_WORK_TREE"));
  }

  /** {@return the {@code -c name=value} settings, in order} */
  public List<Word> configs() {
    List<Word> out = new ArrayList<>();
    for (Argv.Option o : globalOptions.all("-c")) {
      o.value().ifPresent(out::add);
    }
    return out;
  }

  private Optional<Word> assigned(String name) {
    for (Assignment a : command.assignments()) {
      if (a.name().equals(name)) {
        return Optional.of(a.value());
      }
    }
    return Optional.empty();
  }

  /**
   * The message file of {@code commit}, {@code merge} or {@code tag} ({@code -F}/{@code --file}),
   * including {@code -} (standard input).
   *
   * @return the option with its value, or empty
   */
  public Optional<Argv.Option> messageFile() {
    if (!is("commit") && !is("merge") && !is("tag")) {
      return Optional.empty();
    }
    List<Argv.Option> files = arguments.all("-F", "--file");
    for (int i = files.size() - 1; i >= 0; i--) {
      if (files.get(i).value().isPresent()) {
        return Optional.of(files.get(i));
      }
    }
    return Optional.empty();
  }

  /**
   * {@return the branches this command creates, by every route git offers (see {@link
   * CreatedBranch.Route})}
   */
  public List<CreatedBranch> createdBranches() {
    return BranchRoutes.created(this);
  }

  /** {@return the branches this command deletes (see {@link DeletedBranch.Route})} */
  public List<DeletedBranch> deletedBranches() {
    return BranchRoutes.deleted(this);
  }

  /** {@return the refs this command deletes or moves by the routes of {@link DroppedRef.Route}} */
  public List<DroppedRef> droppedRefs() {
    return BranchRoutes.dropped(this);
  }

  /**
   * Git's own commands (git 2.39's builtins, and the commands it ships as scripts): git never
   * lets an alias replace one of them.
   */
  private static final Set<String> BUILTINS = Set.of("add", "am", "annotate", "apply",
      "archive", "bisect", "blame", "branch", "bugreport", "bundle", "cat-file", "check-attr",
      "check-ignore", "check-mailmap", "check-ref-format", "checkout", "checkout-index", "cherry",
      "cherry-pick", "clean", "clone", "column", "commit", "commit-graph", "commit-tree",
      "config", "count-objects", "credential", "describe", "diagnose", "diff", "diff-files",
      "diff-index", "diff-tree", "difftool", "fast-export", "fast-import", "fetch", "fetch-pack",
      "fmt-merge-msg", "for-each-ref", "for-each-repo", "format-patch", "fsck", "gc", "grep",
      "hash-object", "help", "hook", "index-pack", "init", "interpret-trailers", "log",
      "ls-files", "ls-remote", "ls-tree", "mailinfo", "mailsplit", "maintenance", "merge",
      "merge-base", "merge-file", "merge-index", "merge-tree", "mktag", "mktree",
      "multi-pack-index", "mv", "name-rev", "notes", "pack-objects", "pack-refs", "patch-id",
      "prune", "prune-packed", "pull", "push", "range-diff", "read-tree", "rebase",
      "receive-pack", "reflog", "remote", "repack", "replace", "rerere", "reset", "restore",
      "rev-list", "rev-parse", "revert", "rm", "send-pack", "shortlog", "show", "show-branch",
      "show-index", "show-ref", "sparse-checkout", "stage", "stash", "status", "stripspace",
      "submodule", "switch", "symbolic-ref", "tag", "unpack-file", "unpack-objects",
      "update-index", "update-ref", "update-server-info", "upload-archive", "upload-pack", "var",
      "verify-commit", "verify-pack", "verify-tag", "version", "whatchanged", "worktree",
      "write-tree", "instaweb", "mergetool", "request-pull", "send-email", "filter-branch",
      "web--browse", "subtree", "lfs", "gui", "gitk", "citool", "p4", "svn", "cvsimport",
      "quiltimport", "archimport", "imap-send", "http-fetch", "http-push", "sh-setup",
      "merge-octopus", "merge-one-file", "merge-resolve", "difftool--helper");

  /** {@return true when git runs its own command for this subcommand, so no alias can apply} */
  public boolean isBuiltin() {
    return BUILTINS.contains(subcommand);
  }

  /**
   * The value of the alias named by this command's subcommand given with {@code -c alias.<name>=}
   * on this command (the last one wins, as in git); empty when none is given. The word is not
   * static when the value is known only when the command runs.
   *
   * @return the alias's value, or empty
   */
  public Optional<Word> aliasFromOptions() {
    if (subcommand.isEmpty() || isBuiltin()) {
      return Optional.empty();
    }
    Optional<Word> found = Optional.empty();
    for (Word setting : configs()) {
      String v = setting.value();
      int eq = v.indexOf('=');
      String key = eq < 0 ? v : v.substring(0, eq);
      if (key.equalsIgnoreCase("alias." + subcommand)) {
        found = Optional.of(new Word(eq < 0 ? "true" : v.substring(eq + 1), setting.source(),
            setting.start(), setting.end(), setting.isStatic()));
      }
    }
    return found;
  }

  /**
   * The command git runs for this command when its subcommand is an alias of {@code value}, as
   * text: {@code git <global options> <value> <arguments>}, or for a shell alias ({@code !…})
   * the shell command with the arguments appended, as git passes them.
   *
   * @param value the alias's value
   * @return the command it expands to
   */
  public String aliasExpansion(String value) {
    StringBuilder out = new StringBuilder();
    List<Word> words = command.words();
    int sub = subcommandIndex(words);
    if (value.startsWith("!")) {
      out.append(value.substring(1));
    } else {
      out.append("git");
      for (int i = 1; i < sub && i < words.size(); i++) {
        out.append(' ').append(words.get(i).source());
      }
      out.append(' ').append(value);
    }
    for (int i = sub + 1; i < words.size(); i++) {
      out.append(' ').append(words.get(i).source());
    }
    return out.toString();
  }

  /** {@return the worktree this command removes ({@code worktree remove [-f [-f]] <path>})} */
  public Optional<WorktreeRemoval> worktreeRemoval() {
    if (!is("worktree", "remove")) {
      return Optional.empty();
    }
    return arguments.operand(0).map(path ->
        new WorktreeRemoval(this, path, arguments.count("-f", "--force")));
  }

  /**
   * {@return what kind of evacuation command this is: one that prints committed or pending work as
   * a patch}
   */
  public Optional<Evacuation.Kind> evacuationKind() {
    switch (subcommand) {
      case "diff":
        return Optional.of(Evacuation.Kind.DIFF);
      case "format-patch":
        return Optional.of(Evacuation.Kind.FORMAT_PATCH);
      case "show":
        return Optional.of(Evacuation.Kind.SHOW);
      case "stash":
        return action.equals("show") && arguments.has("-p", "--patch", "-u",
            "--include-untracked") ? Optional.of(Evacuation.Kind.STASH_SHOW)
            : Optional.empty();
      default:
        return Optional.empty();
    }
  }
}
