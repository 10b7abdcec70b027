package dev.groundskeeper.api.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The branch creation and deletion routes of git's argv. */
final class BranchRoutes {

  /** Options that make {@code git branch} something other than its create form. */
  private static final Set<String> NOT_CREATE = Set.of("-d", "-D", "--delete", "-m", "-M",
      "--move", "-c", "-C", "--copy", "--list", "-l", "-a", "--all", "-r", "--remotes",
      "--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "--show-current",
      "--edit-description", "--unset-upstream", "-u", "--set-upstream-to", "-v", "-vv",
      "--verbose", "--column", "--no-column", "--format", "--sort", "-i", "--ignore-case",
      "--color", "--no-color", "--abbrev", "--no-abbrev", "-h", "--help");

  private BranchRoutes() {}

  static List<CreatedBranch> created(GitCommand git) {
    List<CreatedBranch> out = new ArrayList<>(1);
    Argv a = git.arguments();
    switch (git.subcommand()) {
      case "switch":
        for (Argv.Option o : a.all("-c", "-C", "--create", "--force-create", "--orphan")) {
          o.value().ifPresent(name -> out.add(new CreatedBranch(git, name,
              o.name().equals("--orphan") ? CreatedBranch.Route.SWITCH_ORPHAN
                  : CreatedBranch.Route.SWITCH,
              o.name().equals("--orphan") ? Optional.empty() : a.operand(0),
              o.name().equals("-C") || o.name().equals("--force-create"), false,
              Optional.empty())));
        }
        break;
      case "checkout":
        for (Argv.Option o : a.all("-b", "-B", "--orphan")) {
          o.value().ifPresent(name -> out.add(new CreatedBranch(git, name,
              o.name().equals("--orphan") ? CreatedBranch.Route.CHECKOUT_ORPHAN
                  : CreatedBranch.Route.CHECKOUT, a.operand(0), o.name().equals("-B"), false,
              Optional.empty())));
        }
        break;
      case "branch":
        branch(git, a, out);
        break;
      case "worktree":
        if (git.action().equals("add")) {
          worktreeAdd(git, a, out);
        }
        break;
      default:
        break;
    }
    return List.copyOf(out);
  }

  private static void branch(GitCommand git, Argv a, List<CreatedBranch> out) {
    List<Word> ops = a.operands();
    if (a.has("-c", "-C", "--copy")) {
      if (!ops.isEmpty() && ops.size() <= 2) {
        out.add(new CreatedBranch(git, ops.get(ops.size() - 1), CreatedBranch.Route.BRANCH_COPY,
            ops.size() == 2 ? Optional.of(ops.get(0)) : Optional.empty(),
            a.has("-C") || a.has("-f", "--force"), false, Optional.empty()));
      }
      return;
    }
    for (Argv.Option o : a.options()) {
      if (NOT_CREATE.contains(o.name())) {
        return;
      }
    }
    if (ops.isEmpty() || ops.size() > 2) {
      return;
    }
    out.add(new CreatedBranch(git, ops.get(0), CreatedBranch.Route.BRANCH,
        ops.size() == 2 ? Optional.of(ops.get(1)) : Optional.empty(), a.has("-f", "--force"),
        false, Optional.empty()));
  }

  private static void worktreeAdd(GitCommand git, Argv a, List<CreatedBranch> out) {
    Optional<Word> path = a.operand(0);
    List<Argv.Option> named = a.all("-b", "-B");
    if (!named.isEmpty()) {
      Argv.Option o = named.get(named.size() - 1);
      o.value().ifPresent(name -> out.add(new CreatedBranch(git, name,
          CreatedBranch.Route.WORKTREE_ADD, a.operand(1), o.name().equals("-B"), false, path)));
      return;
    }
    if (a.has("-d", "--detach") || path.isEmpty() || a.operands().size() != 1) {
      return;
    }
    Word p = path.get();
    String base = Paths.basename(p.value());
    if (base.isEmpty() || base.equals(".") || base.equals("..") || base.equals("/")) {
      return;
    }
    Word name = new Word(base, p.source(), p.start(), p.end(), p.isStatic());
    out.add(new CreatedBranch(git, name, CreatedBranch.Route.WORKTREE_ADD_DWIM, Optional.empty(),
        false, true, path));
  }

  /**
   * {@code name}, not static when git resolves it to another branch's name: {@code @{-1}} is
   * the branch checked out before ({@code git checkout main && git branch -D @{-1}}), and newer
   * gits read {@code -} the same way.
   */
  private static Word resolvedByGit(Word name) {
    if (name.isStatic() && (name.value().contains("@{") || name.value().equals("-"))) {
      return new Word(name.value(), name.source(), name.start(), name.end(), false);
    }
    return name;
  }

  static List<DeletedBranch> deleted(GitCommand git) {
    return deleted(git, Optional.empty());
  }

  /**
   * The deletions of {@code git}; {@code before} is the command piped into it, whose output an
   * {@code update-ref --stdin} reads.
   */
  static List<DeletedBranch> deleted(GitCommand git, Optional<SimpleCommand> before) {
    List<DeletedBranch> out = new ArrayList<>(1);
    Argv a = git.arguments();
    switch (git.subcommand()) {
      case "branch":
        if (a.has("-d", "-D", "--delete")) {
          boolean forced = a.has("-D") || a.has("-f", "--force");
          boolean remoteTracking = a.has("-r", "--remotes");
          for (Word name : a.operands()) {
            out.add(new DeletedBranch(git, resolvedByGit(name), Optional.empty(), forced,
                remoteTracking, DeletedBranch.Route.BRANCH_DELETE));
          }
        }
        break;
      case "update-ref":
        if (a.has("--stdin")) {
          updateRefInput(git, before, out);
        } else if (a.has("-d")) {
          a.operand(0).ifPresent(ref -> {
            if (ref.value().startsWith("refs/heads/")) {
              out.add(new DeletedBranch(git, Argv.suffix(ref, "refs/heads/".length()),
                  Optional.empty(), true, false, DeletedBranch.Route.UPDATE_REF));
            } else if (ref.value().startsWith("refs/remotes/")) {
              out.add(new DeletedBranch(git, Argv.suffix(ref, "refs/remotes/".length()),
                  Optional.empty(), true, true, DeletedBranch.Route.UPDATE_REF));
            }
          });
        }
        break;
      case "push":
        push(git, a, out);
        break;
      default:
        break;
    }
    return List.copyOf(out);
  }

  /**
   * The branch name a {@code push --prune} or {@code push --mirror} deletes on the remote: every
   * remote branch without a local counterpart, which only the remote knows.
   */
  static final String PUSH_PRUNED = "{pruned by push}";

  /** What {@code update-ref --stdin} shows for its input when its text cannot be read. */
  static final String UPDATE_REF_INPUT = "{update-ref input}";

  /**
   * The deletions {@code git update-ref --stdin} reads: each {@code delete refs/heads/<n>} (or
   * {@code refs/remotes/}) instruction of the input the text shows (see {@link UpdateRefInput}).
   * Input the text does not show (a file, a pipe from another command) may delete any branch:
   * one name that is not static stands for it, {@link #UPDATE_REF_INPUT}.
   */
  private static void updateRefInput(GitCommand git, Optional<SimpleCommand> before,
      List<DeletedBranch> out) {
    Optional<UpdateRefInput.Text> input = UpdateRefInput.of(git, before);
    if (input.isEmpty()) {
      SimpleCommand c = git.command();
      out.add(new DeletedBranch(git, new Word(UPDATE_REF_INPUT, UPDATE_REF_INPUT, c.end(),
          c.end(), false), Optional.empty(), true, false, DeletedBranch.Route.UPDATE_REF));
      return;
    }
    for (UpdateRefInput.Op op : UpdateRefInput.ops(input.get(), git.arguments().has("-z"))) {
      String ref = op.ref().value();
      if (!op.verb().equals("delete")) {
        continue;
      }
      for (String prefix : new String[] {"refs/heads/", "refs/remotes/"}) {
        if (ref.startsWith(prefix)) {
          Word w = op.ref();
          out.add(new DeletedBranch(git, new Word(ref.substring(prefix.length()), w.source(),
              w.start(), w.end(), w.isStatic()), Optional.empty(), true,
              prefix.equals("refs/remotes/"), DeletedBranch.Route.UPDATE_REF));
        }
      }
    }
  }

  /**
   * The refs {@code git update-ref --stdin} drops besides branch deletions: tags it deletes, and
   * the refs an {@code update} instruction moves ({@code create} refuses a ref that exists, so it
   * drops nothing). Invisible input is read by {@link #updateRefInput}, which fails closed.
   */
  private static void updateRefInputDrops(GitCommand git, Optional<SimpleCommand> before,
      List<DroppedRef> out) {
    Optional<UpdateRefInput.Text> input = UpdateRefInput.of(git, before);
    if (input.isEmpty()) {
      return;
    }
    for (UpdateRefInput.Op op : UpdateRefInput.ops(input.get(), git.arguments().has("-z"))) {
      Word ref = op.ref();
      String v = ref.value();
      if (op.verb().equals("delete")) {
        if (!ref.isStatic() || v.startsWith("refs/tags/") || v.equals("HEAD")) {
          if (!v.startsWith("refs/heads/") && !v.startsWith("refs/remotes/")) {
            out.add(new DroppedRef(git, ref, Optional.empty(),
                DroppedRef.Route.UPDATE_REF_DELETE));
          }
        }
      } else if (op.verb().equals("update") && op.newValue().isPresent()) {
        if (!ref.isStatic() || v.equals("HEAD") || v.startsWith("refs/heads/")
            || v.startsWith("refs/remotes/") || v.startsWith("refs/tags/")) {
          out.add(new DroppedRef(git, ref, op.newValue(), DroppedRef.Route.UPDATE_REF_MOVE));
        }
      }
    }
  }

  private static void push(GitCommand git, Argv a, List<DeletedBranch> out) {
    List<Word> ops = a.operands();
    if (ops.isEmpty()) {
      return;
    }
    Optional<String> remote = Optional.of(ops.get(0).value());
    if (a.has("--prune", "--mirror")) {
      // deletes every remote branch with no local counterpart: names the text does not show
      SimpleCommand c = git.command();
      out.add(new DeletedBranch(git, new Word(PUSH_PRUNED, PUSH_PRUNED, c.end(), c.end(), false),
          remote, false, false, DeletedBranch.Route.PUSH_DELETE));
    }
    boolean delete = a.has("-d", "--delete");
    for (Word spec : ops.subList(1, ops.size())) {
      String v = spec.value();
      if (delete) {
        out.add(new DeletedBranch(git, stripHeads(spec, v.startsWith(":") ? 1 : 0), remote,
            false, false, DeletedBranch.Route.PUSH_DELETE));
      } else if (v.startsWith(":") && v.length() > 1) {
        out.add(new DeletedBranch(git, stripHeads(spec, 1), remote, false, false,
            DeletedBranch.Route.PUSH_DELETE));
      } else if (v.startsWith("+:") && v.length() > 2) {
        out.add(new DeletedBranch(git, stripHeads(spec, 2), remote, false, false,
            DeletedBranch.Route.PUSH_DELETE));
      }
    }
  }

  /**
   * The refs {@code git} deletes or points elsewhere by the routes of {@link DroppedRef.Route}:
   * renames over a branch, {@code update-ref} moves and tag deletions, tag deletions and forced
   * tags, pushes to the repository itself and forced fetch refspecs into local refs.
   */
  static List<DroppedRef> dropped(GitCommand git) {
    return dropped(git, Optional.empty());
  }

  /** The refs {@code git} drops; {@code before} is the command piped into it. */
  static List<DroppedRef> dropped(GitCommand git, Optional<SimpleCommand> before) {
    List<DroppedRef> out = new ArrayList<>(1);
    Argv a = git.arguments();
    List<Word> ops = a.operands();
    switch (git.subcommand()) {
      case "branch":
        if (a.has("-m", "-M", "--move") && !ops.isEmpty() && ops.size() <= 2
            && (a.has("-M") || a.has("-f", "--force"))) {
          Word renamed = ops.get(ops.size() - 1);
          out.add(new DroppedRef(git, qualified(resolvedByGit(renamed), "refs/heads/"),
              ops.size() == 2 ? Optional.of(ops.get(0)) : Optional.empty(),
              DroppedRef.Route.BRANCH_RENAME));
        }
        break;
      case "update-ref":
        if (a.has("--stdin")) {
          updateRefInputDrops(git, before, out);
          break;
        }
        if (a.has("-d")) {
          a.operand(0).filter(ref -> ref.value().startsWith("refs/tags/")).ifPresent(ref ->
              out.add(new DroppedRef(git, ref, Optional.empty(),
                  DroppedRef.Route.UPDATE_REF_DELETE)));
        } else if (ops.size() >= 2) {
          Word ref = ops.get(0);
          String v = ref.value();
          if (!ref.isStatic() || v.equals("HEAD") || v.startsWith("refs/heads/")
              || v.startsWith("refs/remotes/") || v.startsWith("refs/tags/")) {
            out.add(new DroppedRef(git, ref, Optional.of(ops.get(1)),
                DroppedRef.Route.UPDATE_REF_MOVE));
          }
        }
        break;
      case "tag":
        if (a.has("-d", "--delete")) {
          for (Word name : ops) {
            out.add(new DroppedRef(git, qualified(name, "refs/tags/"), Optional.empty(),
                DroppedRef.Route.TAG_DELETE));
          }
        } else if (a.has("-f", "--force") && !ops.isEmpty() && ops.size() <= 2
            && !a.has("-l", "--list", "-v", "--verify")) {
          out.add(new DroppedRef(git, qualified(ops.get(0), "refs/tags/"),
              ops.size() == 2 ? Optional.of(ops.get(1)) : Optional.empty(),
              DroppedRef.Route.TAG_MOVE));
        }
        break;
      case "push":
        if (!ops.isEmpty() && isSelf(ops.get(0))) {
          boolean delete = a.has("-d", "--delete");
          boolean forced = a.has("-f", "--force") || a.has("--force-with-lease")
              || a.has("--mirror");
          for (Word spec : ops.subList(1, ops.size())) {
            refspec(git, spec, delete, forced, DroppedRef.Route.PUSH_SELF_DELETE,
                DroppedRef.Route.PUSH_SELF_MOVE, out);
          }
        }
        break;
      case "fetch":
        if (ops.size() >= 2) {
          boolean forced = a.has("-f", "--force");
          for (Word spec : ops.subList(1, ops.size())) {
            refspec(git, spec, false, forced, null, DroppedRef.Route.FETCH_MOVE, out);
          }
        }
        break;
      default:
        break;
    }
    return List.copyOf(out);
  }

  /** True for the repository itself written as a remote ({@code .}, {@code ./}). */
  private static boolean isSelf(Word remote) {
    return remote.isStatic() && (remote.value().equals(".") || remote.value().equals("./"));
  }

  /**
   * One refspec of a push to the repository itself or of a fetch: {@code :dst} deletes
   * {@code dst} (a push only), {@code +src:dst} or a forced command moves {@code dst}. A spec
   * without a destination, or with a pattern, names no single local ref.
   */
  private static void refspec(GitCommand git, Word spec, boolean delete, boolean forced,
      DroppedRef.Route deleteRoute, DroppedRef.Route moveRoute, List<DroppedRef> out) {
    String v = spec.value();
    boolean plus = v.startsWith("+");
    String body = plus ? v.substring(1) : v;
    if (!spec.isStatic()) {
      if (deleteRoute != null || forced || plus || body.contains(":")) {
        out.add(new DroppedRef(git, spec, Optional.empty(),
            deleteRoute != null && delete ? deleteRoute : moveRoute));
      }
      return;
    }
    if (body.contains("*")) {
      return;
    }
    if (delete && deleteRoute != null) {
      out.add(new DroppedRef(git, named(spec, body.startsWith(":") ? body.substring(1) : body,
          "refs/heads/"), Optional.empty(), deleteRoute));
      return;
    }
    int colon = body.indexOf(':');
    if (colon < 0 || colon == body.length() - 1) {
      return;
    }
    String src = body.substring(0, colon);
    String dst = body.substring(colon + 1);
    if (src.isEmpty()) {
      if (deleteRoute != null) {
        out.add(new DroppedRef(git, named(spec, dst, "refs/heads/"), Optional.empty(),
            deleteRoute));
      }
      return;
    }
    if (plus || forced) {
      String prefix = src.startsWith("refs/tags/") ? "refs/tags/" : "refs/heads/";
      out.add(new DroppedRef(git, named(spec, dst, prefix),
          Optional.of(new Word(src, spec.source(), spec.start(), spec.end(), true)), moveRoute));
    }
  }

  /** {@code value} as a full ref name, {@code prefix} added unless it is one already. */
  private static Word named(Word spec, String value, String prefix) {
    String full = value.startsWith("refs/") || value.equals("HEAD") ? value : prefix + value;
    return new Word(full, spec.source(), spec.start(), spec.end(), spec.isStatic());
  }

  private static Word qualified(Word name, String prefix) {
    String v = name.value();
    String full = v.startsWith("refs/") ? v : prefix + v;
    return new Word(full, name.source(), name.start(), name.end(), name.isStatic());
  }

  private static Word stripHeads(Word spec, int from) {
    String rest = spec.value().substring(from);
    int skip = rest.startsWith("refs/heads/") ? "refs/heads/".length() : 0;
    return from + skip == 0 ? spec : Argv.suffix(spec, from + skip);
  }
}
