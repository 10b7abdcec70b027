package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The git commands of a script that overwrite uncommitted content of tracked paths, read from
 * the shell model: which paths each touches (all of them, or its pathspecs), which side of a
 * change it overwrites, and, for one that writes another tree's files, that tree and which files
 * outside the index it overwrites where the tree tracks a path. What git itself refuses to
 * overwrite ({@code rm} without {@code -f}; the tracked changes of a plain
 * {@code checkout <branch>} or {@code reset --keep}) is not a discard of tracked changes; the
 * plain switches still overwrite ignored files, and are read for those.
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
    STAGED,
    /**
     * No tracked change: git stops rather than overwrite one (a plain {@code checkout <branch>});
     * what it may still destroy is untracked or ignored files ({@link Untracked}).
     */
    NONE
  }

  /**
   * Which files outside the index a command that writes another tree's files into the worktree
   * overwrites or removes where that tree tracks a path (git 2.39, tried on real repositories).
   */
  enum Untracked {
    /** None: the command writes no other tree (or only the index's and HEAD's files). */
    NONE,
    /**
     * Ignored files only: git stops before it overwrites an untracked file, and treats an ignored
     * one as expendable ({@code checkout <branch>}, {@code switch <branch>},
     * {@code switch --discard-changes}, {@code reset --merge/--keep <commit>}).
     */
    IGNORED,
    /**
     * Untracked and ignored files alike ({@code reset --hard <commit>}, {@code checkout -f},
     * {@code switch -f}, {@code checkout <tree-ish> -- <paths>}, {@code restore --source}).
     */
    ALL
  }

  /**
   * One discarding command.
   *
   * @param git the command
   * @param side what of a changed path it overwrites
   * @param paths the pathspecs it is limited to; empty for every path of the worktree
   * @param target the tree-ish whose files it writes, when that is not HEAD (nor the index)
   * @param untracked which untracked or ignored files at the target's paths it overwrites
   */
  record Discard(GitCommand git, Side side, Optional<List<Word>> paths, Optional<Word> target,
      Untracked untracked) {

    Discard(GitCommand git, Side side, Optional<List<Word>> paths) {
      this(git, side, paths, Optional.empty(), Untracked.NONE);
    }

    /**
     * This discard writing {@code target}'s files, overwriting {@code untracked}; as it is when
     * the target is absent or HEAD itself, whose tracked paths are the index's.
     */
    Discard writing(Optional<Word> target, Untracked untracked) {
      if (target.isEmpty() || target.get().isStatic() && HEAD.contains(target.get().value())) {
        return this;
      }
      Word written = target.get();
      if (written.isStatic() && written.value().equals("-")) {
        written = Word.of("@{-1}"); // what `git switch -` and `git checkout -` go back to
      }
      return new Discard(git, side, paths, Optional.of(written), untracked);
    }

    /** Whether anything at all is judged: a tracked side, or another tree's paths. */
    boolean judged() {
      return side != Side.NONE || target.isPresent();
    }
  }

  /** HEAD as written: its tracked paths are the index's, so it overwrites no untracked file. */
  private static final Set<String> HEAD = Set.of("HEAD", "@");

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
   * What the repository says of a word a {@code git checkout} or {@code git switch} names
   * (asked only for such a word, so a command without one reads no ref).
   */
  interface Revisions {

    /**
     * Whether {@code word} names a ref git reads before a path: a branch, a tag, a
     * remote-tracking branch (short or full), or a branch only one remote has, which checkout
     * creates from it.
     */
    boolean names(String word);

    /**
     * The ref a switch to {@code word} writes the files of: {@code word} itself, or the one
     * remote-tracking branch of that name when no local branch or tag has it (git's
     * {@code --guess}, on by default: {@code git checkout other} starts {@code other} from
     * {@code origin/other}).
     */
    String switchedTo(String word);
  }

  /**
   * The discards of {@code script}; {@code revisions} tells a ref from a path in a
   * {@code git checkout} written without {@code --}, and what a switch writes.
   */
  static List<Discard> of(Script script, Revisions revisions) {
    List<Discard> found = new ArrayList<>();
    for (GitCommand git : script.gitCommands()) {
      read(git, revisions).ifPresent(found::add);
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

  private static Optional<Discard> read(GitCommand git, Revisions revisions) {
    if (git.is("reset")) {
      GitWords w = GitWords.read(git, "", Set.of("--pathspec-from-file"));
      Optional<Word> target = w.operands().stream().findFirst();
      if (w.options().has("--hard")) {
        // with a commit, untracked and ignored files where it tracks a path go too
        return Optional.of(new Discard(git, Side.BOTH, Optional.empty())
            .writing(target, Untracked.ALL));
      }
      // --merge discards staged changes whatever the target, HEAD itself included (git 2.39:
      // 'git add f && git reset --merge' leaves f as committed); with a commit, it and --keep
      // stop at an untracked file in the way but overwrite an ignored one
      if (w.options().has("--merge")) {
        return Optional.of(new Discard(git, Side.STAGED, Optional.empty())
            .writing(target, Untracked.IGNORED));
      }
      if (w.options().has("--keep")) {
        return only(new Discard(git, Side.NONE, Optional.empty())
            .writing(target, Untracked.IGNORED));
      }
      if (w.options().has("-p", "--patch")) {
        // interactive: which hunks go is chosen as it runs, so every named path's staged
        // changes count (the working files keep theirs)
        return patched(git, w, w.allOperands(), Side.INDEX);
      }
      return Optional.empty(); // --soft/--mixed keep every file
    }
    if (git.is("switch")) {
      GitWords w = GitWords.read(git, "cC", Set.of("--create", "--force-create", "--orphan",
          "--conflict"));
      // the branch or commit switched to; with -c/-C the start point (their value is the name)
      Optional<Word> target = w.options().has("--orphan") ? Optional.empty()
          : w.options().has("-c", "-C", "--create", "--force-create")
              ? w.operands().stream().findFirst()
              : w.operands().stream().findFirst().map(word -> guessed(word, revisions));
      if (w.options().has("-f", "--force")) {
        return Optional.of(new Discard(git, Side.BOTH, Optional.empty())
            .writing(target, Untracked.ALL));
      }
      if (w.options().has("--discard-changes")) {
        // git 2.39: without -f it still stops at an untracked file in the way
        return Optional.of(new Discard(git, Side.BOTH, Optional.empty())
            .writing(target, Untracked.IGNORED));
      }
      // a plain switch keeps tracked changes and untracked files, and overwrites ignored ones
      return only(new Discard(git, Side.NONE, Optional.empty())
          .writing(target, Untracked.IGNORED));
    }
    if (git.is("restore")) {
      GitWords w = GitWords.read(git, "s", Set.of("--source", "--pathspec-from-file"));
      boolean staged = w.options().has("-S", "--staged");
      boolean worktree = w.options().has("-W", "--worktree") || !staged;
      Side side = staged && worktree ? Side.BOTH : staged ? Side.INDEX : Side.WORKTREE;
      // from another tree, the working files it writes replace untracked ones in the way
      Optional<Word> source = worktree ? w.options().value("-s", "--source") : Optional.empty();
      if (w.options().has("-p", "--patch")) {
        return patched(git, w, w.allOperands(), side).map(d -> d.writing(source, Untracked.ALL));
      }
      return pathsOf(git, w, w.allOperands(), side).map(d -> d.writing(source, Untracked.ALL));
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
      return checkout(git, revisions);
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

  private static Optional<Discard> checkout(GitCommand git, Revisions revisions) {
    GitWords w = GitWords.read(git, "bB", Set.of("--orphan", "--conflict",
        "--pathspec-from-file"));
    boolean force = w.options().has("-f", "--force");
    boolean creates = w.options().has("-b", "-B", "--orphan");
    if (w.options().has("-p", "--patch")) {
      // interactive: the hunks are chosen as it runs, so every named path's changes count;
      // with a tree-ish the index is overwritten too
      List<Word> operands = w.dashDash() ? w.paths() : w.operands();
      boolean treeish = w.dashDash() ? !w.operands().isEmpty() : !operands.isEmpty()
          && operands.get(0).isStatic() && (revisions.names(operands.get(0).value())
              || REVISION.matcher(operands.get(0).value()).matches());
      List<Word> named = treeish && !w.dashDash() ? operands.subList(1, operands.size())
          : operands;
      Optional<Word> tree = !treeish ? Optional.empty() : w.dashDash()
          ? Optional.of(w.operands().get(0)) : Optional.of(operands.get(0));
      return patched(git, w, named, treeish ? Side.BOTH : Side.WORKTREE)
          .map(d -> d.writing(tree, Untracked.ALL));
    }
    if (w.dashDash()) {
      Optional<Word> tree = w.operands().stream().findFirst();
      if (w.paths().isEmpty() && !w.options().has("--pathspec-from-file")) {
        // `git checkout <branch> --`: a switch
        return switched(git, force, tree);
      }
      // with a tree-ish the index is overwritten too, and untracked files where it tracks one
      Side side = w.operands().isEmpty() ? Side.WORKTREE : Side.BOTH;
      return pathsOf(git, w, w.paths(), side).map(d -> d.writing(tree, Untracked.ALL));
    }
    List<Word> operands = w.operands();
    if (operands.isEmpty() || creates) {
      if (w.options().has("--pathspec-from-file")) {
        return Optional.of(new Discard(git, Side.BOTH, Optional.empty()));
      }
      // `checkout [-f] [-b <new>] [<start>]`: a switch to the start point, HEAD when none
      return switched(git, force, operands.stream().findFirst());
    }
    Word first = operands.get(0);
    boolean revision = first.isStatic() && (revisions.names(first.value())
        || REVISION.matcher(first.value()).matches());
    if (revision) {
      if (operands.size() == 1) {
        // a switch: git refuses to overwrite local changes unless forced
        return switched(git, force, Optional.of(guessed(first, revisions)));
      }
      return Optional.of(new Discard(git, Side.BOTH,
          Optional.of(operands.subList(1, operands.size()))).writing(Optional.of(first),
              Untracked.ALL));
    }
    if (operands.size() == 1) {
      // a path restored from the index (a tag or commit name as the only word matches no path)
      return Optional.of(new Discard(git, force ? Side.BOTH : Side.WORKTREE,
          Optional.of(operands)));
    }
    // the first word may be a tree-ish or a path: judged as both, the broader reading (its
    // tracked paths are not asked for: a path there names no tree)
    return Optional.of(new Discard(git, Side.BOTH, Optional.of(operands)));
  }

  /**
   * A switch of branch or commit: forced, it overwrites tracked changes and untracked and
   * ignored files where the target tracks a path; plain, git stops at a tracked change or an
   * untracked file in the way, and overwrites an ignored one.
   */
  private static Optional<Discard> switched(GitCommand git, boolean force,
      Optional<Word> target) {
    if (force) {
      return Optional.of(new Discard(git, Side.BOTH, Optional.empty())
          .writing(target, Untracked.ALL));
    }
    return only(new Discard(git, Side.NONE, Optional.empty())
        .writing(target, Untracked.IGNORED));
  }

  /** {@code word} as the ref a switch to it writes (see {@link Revisions#switchedTo}). */
  private static Word guessed(Word word, Revisions revisions) {
    if (!word.isStatic()) {
      return word;
    }
    String ref = revisions.switchedTo(word.value());
    return ref.equals(word.value()) ? word : Word.of(ref);
  }

  /** The discard, when it judges anything at all. */
  private static Optional<Discard> only(Discard discard) {
    return discard.judged() ? Optional.of(discard) : Optional.empty();
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
