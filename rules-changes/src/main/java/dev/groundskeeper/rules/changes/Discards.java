package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The git commands of a script that overwrite uncommitted content of tracked paths, read from
 * the shell model: which paths each touches (all of them, or its pathspecs) and which side of a
 * change it overwrites. What git itself refuses to overwrite (a plain {@code checkout <branch>},
 * {@code reset --keep}, {@code rm} without {@code -f}) is not a discard.
 */
final class Discards {

  /** Which content of a changed path a command overwrites. */
  enum Side {
    /** The index and the working file ({@code reset --hard}, {@code checkout <tree-ish> -- p}). */
    BOTH,
    /** The working file, from the index ({@code checkout -- p}, {@code restore p}). */
    WORKTREE,
    /** The index entry, from HEAD; the working file stays ({@code restore --staged p}). */
    INDEX,
    /** Staged content git overwrites while it keeps unstaged files ({@code reset --merge x}). */
    STAGED
  }

  /**
   * One discarding command.
   *
   * @param git the command
   * @param side what of a changed path it overwrites
   * @param paths the pathspecs it is limited to; empty for every path of the worktree
   */
  record Discard(GitCommand git, Side side, Optional<List<Word>> paths) {}

  /**
   * A stash entry dropped: {@code entry} empty for {@code stash clear} (every entry).
   */
  record StashDrop(GitCommand git, Optional<Word> entry) {}

  /** A revision as written: a sha prefix, or a name with {@code ~ ^ @ :} in it. */
  private static final Pattern REVISION = Pattern.compile("[0-9a-f]{7,40}|(?!:).*[~^@:].*|HEAD|-");

  private Discards() {}

  /** Whether some command of the script may discard, with no repository read at all. */
  static boolean anyCandidate(Script script) {
    for (GitCommand git : script.gitCommands()) {
      if (git.is("reset") || git.is("checkout") || git.is("switch") || git.is("restore")
          || git.is("rm") || git.is("stash") || git.is("apply")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The discards of {@code script}; {@code isBranch} tells a branch name from a path in a
   * {@code git checkout} written without {@code --} (asked only then).
   */
  static List<Discard> of(Script script, Predicate<String> isBranch) {
    List<Discard> found = new ArrayList<>();
    for (GitCommand git : script.gitCommands()) {
      read(git, isBranch).ifPresent(found::add);
    }
    return found;
  }

  static List<StashDrop> stashDrops(Script script) {
    List<StashDrop> found = new ArrayList<>();
    for (GitCommand git : script.gitCommands()) {
      if (git.is("stash", "clear")) {
        found.add(new StashDrop(git, Optional.empty()));
      } else if (git.is("stash", "drop")) {
        GitWords words = GitWords.read(git, "", Set.of());
        found.add(new StashDrop(git, Optional.of(words.operands().isEmpty()
            ? Word.of("stash@{0}") : words.operands().get(0))));
      }
      // stash pop drops an entry only after applying it: a failed apply keeps it
    }
    return found;
  }

  private static Optional<Discard> read(GitCommand git, Predicate<String> isBranch) {
    if (git.is("reset")) {
      GitWords w = GitWords.read(git, "", Set.of("--pathspec-from-file"));
      if (w.options().has("--hard")) {
        return Optional.of(new Discard(git, Side.BOTH, Optional.empty()));
      }
      // --merge discards staged changes whatever the target, HEAD itself included (git 2.39:
      // 'git add f && git reset --merge' leaves f as committed)
      if (w.options().has("--merge")) {
        return Optional.of(new Discard(git, Side.STAGED, Optional.empty()));
      }
      if (w.options().has("-p", "--patch")) {
        // interactive: which hunks go is chosen as it runs, so every named path's staged
        // changes count (the working files keep theirs)
        return patched(git, w, w.allOperands(), Side.INDEX);
      }
      return Optional.empty(); // --keep aborts rather than overwrite; --soft/--mixed keep files
    }
    if (git.is("switch")) {
      GitWords w = GitWords.read(git, "cC", Set.of("--create", "--force-create", "--orphan",
          "--conflict"));
      if (w.options().has("-f", "--force", "--discard-changes")) {
        return Optional.of(new Discard(git, Side.BOTH, Optional.empty()));
      }
      return Optional.empty();
    }
    if (git.is("restore")) {
      GitWords w = GitWords.read(git, "s", Set.of("--source", "--pathspec-from-file"));
      boolean staged = w.options().has("-S", "--staged");
      boolean worktree = w.options().has("-W", "--worktree") || !staged;
      Side side = staged && worktree ? Side.BOTH : staged ? Side.INDEX : Side.WORKTREE;
      if (w.options().has("-p", "--patch")) {
        return patched(git, w, w.allOperands(), side);
      }
      return pathsOf(git, w, w.allOperands(), side);
    }
    if (git.is("rm")) {
      GitWords w = GitWords.read(git, "", Set.of("--pathspec-from-file"));
      if (!w.options().has("-f", "--force") || w.options().has("-n", "--dry-run")) {
        return Optional.empty(); // without -f git refuses to remove a changed file
      }
      Side side = w.options().has("--cached") ? Side.INDEX : Side.BOTH;
      return pathsOf(git, w, w.allOperands(), side);
    }
    if (git.is("checkout")) {
      return checkout(git, isBranch);
    }
    if (git.is("apply")) {
      return apply(git);
    }
    return Optional.empty();
  }

  /**
   * {@code git apply -R}: undoes a patch's changes. With a patch file the file still holds what
   * it removes; read from standard input ({@code git diff | git apply -R}, the usual way to
   * throw changes away) nothing does, and which paths it touches is not in the command, so every
   * path counts. {@code --check}, {@code --stat} and the like apply nothing.
   */
  private static Optional<Discard> apply(GitCommand git) {
    GitWords w = GitWords.read(git, "pC", Set.of("--exclude", "--include", "--directory",
        "--whitespace", "--build-fake-ancestor"));
    if (!w.options().has("-R", "--reverse") || w.options().has("--check", "--stat",
        "--numstat", "--summary")) {
      return Optional.empty();
    }
    boolean fromInput = w.allOperands().isEmpty()
        || w.allOperands().stream().anyMatch(word -> !word.isStatic() || word.is("-"));
    if (!fromInput) {
      return Optional.empty();
    }
    Side side = w.options().has("--cached") ? Side.INDEX
        : w.options().has("--index", "-3", "--3way") ? Side.BOTH : Side.WORKTREE;
    return Optional.of(new Discard(git, side, Optional.empty()));
  }

  /** An interactive ({@code -p}) discard: the named paths, or every path when none is named. */
  private static Optional<Discard> patched(GitCommand git, GitWords w, List<Word> paths,
      Side side) {
    if (paths.isEmpty() || w.options().has("--pathspec-from-file")) {
      return Optional.of(new Discard(git, side, Optional.empty()));
    }
    return Optional.of(new Discard(git, side, Optional.of(paths)));
  }

  private static Optional<Discard> checkout(GitCommand git, Predicate<String> isBranch) {
    GitWords w = GitWords.read(git, "bB", Set.of("--orphan", "--conflict",
        "--pathspec-from-file"));
    boolean force = w.options().has("-f", "--force");
    boolean creates = w.options().has("-b", "-B", "--orphan");
    if (w.options().has("-p", "--patch")) {
      // interactive: the hunks are chosen as it runs, so every named path's changes count;
      // with a tree-ish the index is overwritten too
      List<Word> operands = w.dashDash() ? w.paths() : w.operands();
      boolean treeish = w.dashDash() ? !w.operands().isEmpty() : !operands.isEmpty()
          && operands.get(0).isStatic() && (isBranch.test(operands.get(0).value())
              || REVISION.matcher(operands.get(0).value()).matches());
      List<Word> named = treeish && !w.dashDash() ? operands.subList(1, operands.size())
          : operands;
      return patched(git, w, named, treeish ? Side.BOTH : Side.WORKTREE);
    }
    if (w.dashDash()) {
      if (w.paths().isEmpty() && !w.options().has("--pathspec-from-file")) {
        // `git checkout <branch> --`: a switch
        return force ? Optional.of(new Discard(git, Side.BOTH, Optional.empty()))
            : Optional.empty();
      }
      // with a tree-ish the index is overwritten too
      Side side = w.operands().isEmpty() ? Side.WORKTREE : Side.BOTH;
      return pathsOf(git, w, w.paths(), side);
    }
    List<Word> operands = w.operands();
    if (operands.isEmpty() || creates) {
      if (w.options().has("--pathspec-from-file")) {
        return Optional.of(new Discard(git, Side.BOTH, Optional.empty()));
      }
      return force ? Optional.of(new Discard(git, Side.BOTH, Optional.empty()))
          : Optional.empty();
    }
    Word first = operands.get(0);
    boolean revision = first.isStatic() && (isBranch.test(first.value())
        || REVISION.matcher(first.value()).matches());
    if (revision) {
      if (operands.size() == 1) {
        // a switch: git refuses to overwrite local changes unless forced
        return force ? Optional.of(new Discard(git, Side.BOTH, Optional.empty()))
            : Optional.empty();
      }
      return Optional.of(new Discard(git, Side.BOTH,
          Optional.of(operands.subList(1, operands.size()))));
    }
    if (operands.size() == 1) {
      // a path restored from the index (a tag or commit name as the only word matches no path)
      return Optional.of(new Discard(git, force ? Side.BOTH : Side.WORKTREE,
          Optional.of(operands)));
    }
    // the first word may be a tree-ish or a path: judged as both, the broader reading
    return Optional.of(new Discard(git, Side.BOTH, Optional.of(operands)));
  }

  private static Optional<Discard> pathsOf(GitCommand git, GitWords w, List<Word> paths,
      Side side) {
    if (w.options().has("--pathspec-from-file")) {
      return Optional.of(new Discard(git, side, Optional.empty())); // read from a file: any path
    }
    if (paths.isEmpty()) {
      return Optional.empty(); // git refuses: no path given
    }
    return Optional.of(new Discard(git, side, Optional.of(paths)));
  }
}
