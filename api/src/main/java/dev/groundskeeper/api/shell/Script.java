package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A parsed command: its simple commands in the order they would run, each with its operator,
 * nesting and directory, and the questions rules ask of it (files written, files consumed,
 * branches created and deleted, worktrees removed, patches evacuated, files removed, whether two
 * steps are joined by {@code &&} only). Immutable; the answers are computed once, on first use.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Script {

  private final String source;
  private final List<SimpleCommand> commands;
  private final List<ParseProblem> problems;

  private volatile List<GitCommand> git;
  private volatile List<GhCommand> gh;
  private volatile List<FileTarget> written;
  private volatile List<ConsumedFile> consumed;
  private volatile List<Removal> removals;
  private volatile ScriptIndex index;

  /**
   * Commands and candidates the questions about other commands have looked at so far: a test
   * measures the cost of a query by it, without a clock (ScriptCostTest).
   */
  private final AtomicLong examined = new AtomicLong();

  private Script(String source, List<SimpleCommand> commands, List<ParseProblem> problems) {
    this.source = source;
    this.commands = commands;
    this.problems = problems;
  }

  long examined() {
    return examined.get();
  }

  private ScriptIndex index() {
    ScriptIndex result = index;
    if (result == null) {
      result = index = ScriptIndex.of(commands, removals());
      examined.addAndGet(commands.size());
    }
    return result;
  }

  static Script of(String source, Parser.Sink sink) {
    List<ParseProblem> problems = List.of();
    if (!sink.problems.isEmpty()) {
      List<ParseProblem> sorted = new ArrayList<>(sink.problems);
      sorted.sort(Comparator.comparingInt(ParseProblem::offset));
      problems = List.copyOf(sorted);
    }
    return new Script(source, sink.commands, problems);
  }

  /** The same text, with no commands and {@code problem} as its only problem. */
  Script withoutCommands(ParseProblem problem) {
    return new Script(source, List.of(), List.of(problem));
  }

  /** {@return the text that was parsed} */
  public String source() {
    return source;
  }

  /** {@return every simple command, in the order they would run (see {@link SimpleCommand})} */
  public List<SimpleCommand> commands() {
    return commands;
  }

  /** {@return what could not be read, with offsets; empty when the whole text was read} */
  public List<ParseProblem> problems() {
    return problems;
  }

  /**
   * {@return true when the whole text was read; a rule must not read a partial script as a pass}
   */
  public boolean complete() {
    return problems.isEmpty();
  }

  /**
   * The source text of {@code command}.
   *
   * @param command one of {@link #commands()}
   * @return its text as written
   */
  public String text(SimpleCommand command) {
    return command.text(source);
  }

  /** {@return every {@code git} command, read with the git argv model} */
  public List<GitCommand> gitCommands() {
    List<GitCommand> result = git;
    if (result == null) {
      List<GitCommand> list = new ArrayList<>();
      for (SimpleCommand c : commands) {
        GitCommand.of(c).ifPresent(list::add);
      }
      result = git = List.copyOf(list);
    }
    return result;
  }

  /** {@return every {@code gh} command, read with the gh argv model} */
  public List<GhCommand> ghCommands() {
    List<GhCommand> result = gh;
    if (result == null) {
      List<GhCommand> list = new ArrayList<>();
      for (SimpleCommand c : commands) {
        GhCommand.of(c).ifPresent(list::add);
      }
      result = gh = List.copyOf(list);
    }
    return result;
  }

  /**
   * Every file the script writes by redirection ({@code >}, {@code >|}, {@code >>},
   * {@code &>}, {@code n>}, including a group's), or {@code tee}; device files
   * ({@code /dev/null}, …) excluded. Files that {@code cp}, {@code mv} or programs write
   * by themselves are not seen.
   *
   * @return the files, in command order
   */
  public List<FileTarget> writtenFiles() {
    List<FileTarget> result = written;
    if (result == null) {
      List<FileTarget> list = new ArrayList<>();
      Set<Redirection> seen = new HashSet<>();
      for (SimpleCommand c : commands) {
        boolean heredoc = readsHeredoc(c);
        for (Redirection r : c.redirections()) {
          addRedirection(list, seen, c, r, heredoc);
        }
        for (Nesting n : c.nesting()) {
          for (Redirection r : n.redirections()) {
            addRedirection(list, seen, c, r, heredoc);
          }
        }
        if (c.isNamed("tee")) {
          addTee(list, c, heredoc || pipelineReadsHeredoc(c));
        }
      }
      result = written = List.copyOf(list);
    }
    return result;
  }

  private static void addRedirection(List<FileTarget> list, Set<Redirection> seen,
      SimpleCommand c, Redirection r, boolean heredoc) {
    if (r.writesFile() && seen.add(r)) {
      list.add(new FileTarget(c, r.target(), c.directory(),
          r.operator().appends() ? FileTarget.Route.APPEND : FileTarget.Route.REDIRECT,
          heredoc));
    }
  }

  static void addTee(List<FileTarget> list, SimpleCommand c, boolean heredoc) {
    Argv argv = Argv.read(c.arguments(), "", Set.of("--output-error"), false);
    boolean append = argv.has("-a", "--append");
    for (Word file : argv.operands()) {
      if (!Redirection.isDeviceTarget(file.value()) && !file.value().equals("-")
          && !Redirection.isProcessSubstitution(file)) {
        list.add(new FileTarget(c, file, c.directory(),
            append ? FileTarget.Route.TEE_APPEND : FileTarget.Route.TEE, heredoc));
      }
    }
  }

  static boolean readsHeredoc(SimpleCommand c) {
    for (Redirection r : c.redirections()) {
      if (r.operator().isHeredoc() || r.operator() == RedirectOperator.HERE_STRING) {
        return true;
      }
    }
    return false;
  }

  private boolean pipelineReadsHeredoc(SimpleCommand c) {
    return index().pipeline(c).firstHeredoc() < c.pipelinePosition();
  }

  /**
   * The files consumers read their text from: {@code git commit|merge|tag -F/--file},
   * {@code gh issue|pr create|comment|edit|close --body-file/-F}, {@code gh release create|edit
   * --notes-file/-F}. Standard input ({@code -}) is left out; {@code gh api -F} is a field.
   *
   * @return the files, in command order
   */
  public List<ConsumedFile> consumedFiles() {
    List<ConsumedFile> result = consumed;
    if (result == null) {
      List<ConsumedFile> list = new ArrayList<>();
      for (GitCommand g : gitCommands()) {
        g.messageFile().ifPresent(o -> o.value().filter(w -> !w.value().equals("-"))
            .ifPresent(w -> list.add(new ConsumedFile(g.command(), "git " + g.subcommand(),
                o.name(), w, g.directory()))));
      }
      for (GhCommand g : ghCommands()) {
        g.bodyFile().ifPresent(o -> o.value().filter(w -> !w.value().equals("-"))
            .ifPresent(w -> list.add(new ConsumedFile(g.command(),
                "gh " + g.group() + " " + g.action(), o.name(), w, g.command().directory()))));
      }
      list.sort(Comparator.comparingInt(f -> f.command().index()));
      result = consumed = List.copyOf(list);
    }
    return result;
  }

  /** {@return every branch created, by every git route, in command order} */
  public List<CreatedBranch> createdBranches() {
    List<CreatedBranch> list = new ArrayList<>();
    for (GitCommand g : gitCommands()) {
      list.addAll(g.createdBranches());
    }
    return List.copyOf(list);
  }

  /** {@return every branch deleted, locally or on a remote, in command order} */
  public List<DeletedBranch> deletedBranches() {
    List<DeletedBranch> list = new ArrayList<>();
    for (GitCommand g : gitCommands()) {
      list.addAll(BranchRoutes.deleted(g, pipedInto(g.command())));
    }
    return List.copyOf(list);
  }

  /** {@return every ref dropped by the routes of {@link DroppedRef.Route}, in command order} */
  public List<DroppedRef> droppedRefs() {
    List<DroppedRef> list = new ArrayList<>();
    for (GitCommand g : gitCommands()) {
      list.addAll(BranchRoutes.dropped(g, pipedInto(g.command())));
    }
    return List.copyOf(list);
  }

  /**
   * The command whose output {@code c} reads on its standard input: the pipeline member before
   * it, or before the wrappers {@code c} runs under when they hand it their standard input as
   * it is ({@code printf … | sudo git update-ref --stdin}). A wrapper that reads the input itself
   * ({@code xargs}) or one not known to pass it on leaves the input not visible.
   */
  private Optional<SimpleCommand> pipedInto(SimpleCommand c) {
    if (c.pipelinePosition() == 0) {
      return Optional.empty();
    }
    int depth = c.nesting().size();
    while (depth > 0 && c.nesting().get(depth - 1).kind() == Nesting.Kind.WRAPPER
        && PASSES_STDIN.contains(c.nesting().get(depth - 1).detail())) {
      depth--;
    }
    ScriptIndex.Pipeline pipeline = index().pipeline(c);
    long steps = 0;
    for (int k = pipeline.from(c.pipelinePosition() - 1); k < pipeline.members().size(); k++) {
      SimpleCommand other = pipeline.members().get(k);
      steps++;
      if (other.pipelinePosition() != c.pipelinePosition() - 1) {
        break;
      }
      if (other.nesting().size() == c.nesting().size() || other.nesting().size() == depth) {
        examined.addAndGet(steps);
        return Optional.of(other);
      }
    }
    examined.addAndGet(steps);
    return Optional.empty();
  }

  /** Wrappers whose command reads the wrapper's own standard input, untouched. */
  private static final java.util.Set<String> PASSES_STDIN = java.util.Set.of("sudo", "doas",
      "env", "nice", "nohup", "timeout", "time", "command", "exec", "stdbuf", "ionice");

  /** {@return every {@code git worktree remove}} */
  public List<WorktreeRemoval> worktreeRemovals() {
    List<WorktreeRemoval> list = new ArrayList<>();
    for (GitCommand g : gitCommands()) {
      g.worktreeRemoval().ifPresent(list::add);
    }
    return List.copyOf(list);
  }

  /** {@return every evacuation command and where its patch lands} */
  public List<Evacuation> evacuations() {
    List<Evacuation> list = new ArrayList<>();
    for (GitCommand g : gitCommands()) {
      Optional<Evacuation.Kind> kind = g.evacuationKind();
      if (kind.isEmpty()) {
        continue;
      }
      SimpleCommand c = g.command();
      boolean toFiles = kind.get() == Evacuation.Kind.FORMAT_PATCH
          && !g.arguments().has("--stdout");
      Optional<FileTarget> option = g.arguments().value("--output").map(
          w -> new FileTarget(c, w, g.directory(), FileTarget.Route.OUTPUT_OPTION, false));
      List<FileTarget> outputs;
      if (toFiles) {
        Optional<Word> dir = g.arguments().value("-o", "--output-directory");
        Word target = dir.orElseGet(() -> new Word(".", "", c.end(), c.end(), true));
        outputs = new ArrayList<>(2);
        outputs.add(new FileTarget(c, target, g.directory(), FileTarget.Route.OUTPUT_DIRECTORY,
            false));
        option.ifPresent(outputs::add);
      } else {
        // kept as standardOutputTargets gives it, a view shared along a pipeline: a copy per
        // git command of a long pipeline of tees made the answer quadratic (issue 17)
        outputs = standardOutputTargets(c, option);
      }
      list.add(new Evacuation(g, kind.get(), outputs));
    }
    return List.copyOf(list);
  }

  /**
   * The files {@code command}'s standard output lands in: its own redirection, else the
   * redirection of the innermost group around it that redirects, else along its pipeline: each
   * later member's {@code tee} files and standard-output redirections.
   *
   * @param command one of {@link #commands()}
   * @return the files its standard output reaches
   */
  public List<FileTarget> standardOutputTargets(SimpleCommand command) {
    return standardOutputTargets(command, Optional.empty());
  }

  /** {@code head}, when present, then the files {@code command}'s standard output lands in. */
  private List<FileTarget> standardOutputTargets(SimpleCommand command,
      Optional<FileTarget> head) {
    List<FileTarget> out = new ArrayList<>();
    head.ifPresent(out::add);
    if (collectStandardOutput(out, command, command.redirections())) {
      return List.copyOf(out);
    }
    for (int i = command.nesting().size() - 1; i >= 0; i--) {
      if (collectStandardOutput(out, command, command.nesting().get(i).redirections())) {
        return List.copyOf(out);
      }
    }
    // the later members' files, up to the first that redirects its standard output: one
    // lookup, and a view shared with the other members before it (issue 17)
    examined.incrementAndGet();
    return index().pipeline(command).after(command.pipelinePosition(), head);
  }

  static boolean collectStandardOutput(List<FileTarget> out, SimpleCommand c,
      List<Redirection> redirections) {
    boolean redirected = false;
    for (Redirection r : redirections) {
      if (r.redirectsStandardOutput()) {
        redirected = true;
        if (r.writesFile()) {
          out.add(new FileTarget(c, r.target(), c.directory(), r.operator().appends()
              ? FileTarget.Route.APPEND : FileTarget.Route.REDIRECT, false));
        }
      }
    }
    return redirected;
  }

  /** {@return every {@code rm} command with its paths and options} */
  public List<Removal> removals() {
    List<Removal> result = removals;
    if (result == null) {
      List<Removal> list = new ArrayList<>();
      for (SimpleCommand c : commands) {
        if (c.isNamed("rm")) {
          Argv argv = Argv.read(c.arguments(), "", Set.of(), false);
          list.add(new Removal(c, argv.operands(), argv.has("-f", "--force"),
              argv.has("-r", "-R", "--recursive")));
        }
      }
      result = removals = List.copyOf(list);
    }
    return result;
  }

  /**
   * True when {@code to} runs after {@code from} and every operator written between them is
   * {@code &&}, so {@code to} runs only when {@code from} succeeded. False when {@code from} or
   * a command between them is negated with {@code !}, when {@code from} runs as a coprocess or
   * by {@code find -exec},
   * and when a command between holds a substitution around {@code from} and does not pass its
   * status on (see {@link #holdsSubstitutionAround}).
   *
   * @param from the earlier command
   * @param to the later command
   * @return true when {@code to} runs only after {@code from} succeeded
   */
  public boolean andChained(SimpleCommand from, SimpleCommand to) {
    if (from.index() >= to.index() || to.index() >= commands.size()
        || from.isInside(Nesting.Kind.NEGATION) || statusIsNotPassedOn(from)) {
      return false;
    }
    // commands that hold a substitution around `from` come right after it, outermost last
    int holderDepth = from.nesting().size();
    for (int i = from.index() + 1; i <= to.index(); i++) {
      SimpleCommand c = commands.get(i);
      if (c.nesting().size() < holderDepth && holdsSubstitutionAround(c, from)) {
        holderDepth = c.nesting().size();
        // its operator is the one `from` already carries; its status is `from`'s only when
        // it is a bare assignment and `from`'s substitution is its last (x=$(git commit -F f))
        if (!c.words().isEmpty() || !onlyInside(from, c)) {
          return false;
        }
        continue;
      }
      if (c.operator() != ListOperator.AND) {
        return false;
      }
      if (i < to.index() && c.isInside(Nesting.Kind.NEGATION)) {
        return false;
      }
    }
    return true;
  }

  /**
   * True for a command whose wrapper does not fail when it does: {@code coproc} succeeds at once,
   * and {@code find -exec cmd ;} succeeds whatever {@code cmd} returned.
   */
  private static boolean statusIsNotPassedOn(SimpleCommand command) {
    for (Nesting n : command.nesting()) {
      if (n.kind() == Nesting.Kind.WRAPPER
          && (n.detail().equals("coproc") || n.detail().equals("find"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * True when {@code holder} is the command whose word or assignment holds the command or
   * process substitution {@code inner} runs in (at any depth): {@code echo "$(git commit -F f)"}
   * succeeds whatever the commit did.
   */
  private static boolean holdsSubstitutionAround(SimpleCommand holder, SimpleCommand inner) {
    int depth = holder.nesting().size();
    if (depth >= inner.nesting().size()) {
      return false;
    }
    Nesting.Kind kind = inner.nesting().get(depth).kind();
    return (kind == Nesting.Kind.COMMAND_SUBSTITUTION || kind == Nesting.Kind.BACKTICK
        || kind == Nesting.Kind.PROCESS_SUBSTITUTION)
        && inner.nesting().subList(0, depth).equals(holder.nesting());
  }

  /**
   * True when {@code inner} runs in a command substitution (not a process substitution, whose
   * status is lost) and every command between it and {@code holder} runs in that same one.
   */
  private boolean onlyInside(SimpleCommand inner, SimpleCommand holder) {
    int depth = holder.nesting().size();
    if (inner.nesting().get(depth).kind() == Nesting.Kind.PROCESS_SUBSTITUTION) {
      return false;
    }
    List<Nesting> substitution = inner.nesting().subList(0, depth + 1);
    for (int i = inner.index() + 1; i < holder.index(); i++) {
      List<Nesting> nesting = commands.get(i).nesting();
      if (nesting.size() <= depth || !nesting.subList(0, depth + 1).equals(substitution)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The {@code rm} that removes {@code file} after its consumer succeeded: a later command,
   * joined to the consumer by {@code &&} only, naming the same path (see
   * {@link Directory#sameFile}).
   *
   * @param file a consumed file of this script
   * @return the removal, or empty
   */
  public Optional<Removal> chainedRemoval(ConsumedFile file) {
    return chainedRemoval(file.command(), file.path(), file.directory());
  }

  /**
   * The {@code rm} after {@code after}, joined to it by {@code &&} only, that names
   * {@code path} as written in a command running in {@code directory}. A path that is not
   * static matches only the same text (for example the same {@code "$F"}).
   *
   * @param after the command the removal must follow
   * @param path the path as written
   * @param directory where that command runs
   * @return the removal, or empty
   */
  public Optional<Removal> chainedRemoval(SimpleCommand after, Word path, Directory directory) {
    if (after.index() < 0 || after.index() >= commands.size()) {
      return Optional.empty();
    }
    Optional<String> key = ScriptIndex.key(path, directory);
    if (key.isEmpty()) {
      return Optional.empty();
    }
    List<ScriptIndex.Candidate> candidates = index().removals(key.get());
    if (candidates.isEmpty()) {
      return Optional.empty();
    }
    long[] steps = {0};
    int last = lastAndChained(after, steps);
    Optional<Removal> found = Optional.empty();
    // candidates are in command order: the first in reach that names the path is the answer
    int low = 0;
    int high = candidates.size();
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (candidates.get(mid).removal().command().index() <= after.index()) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    for (int k = low; k < candidates.size(); k++) {
      ScriptIndex.Candidate c = candidates.get(k);
      steps[0]++;
      if (c.removal().command().index() > last) {
        break;
      }
      if (samePath(path, directory, c.path(), c.removal().command().directory())) {
        found = Optional.of(c.removal());
        break;
      }
    }
    examined.addAndGet(steps[0]);
    return found;
  }

  /**
   * The last command {@code from} is {@link #andChained} to, or {@code from}'s own index when
   * none is. The commands it is chained to form one run after it, since each step of
   * {@link #andChained}'s walk to a command is also a step of the walk to any later one; this is
   * that walk done once, jumping over runs of plain {@code &&} that cannot hold a substitution
   * around {@code from}.
   */
  private int lastAndChained(SimpleCommand from, long[] steps) {
    if (from.isInside(Nesting.Kind.NEGATION) || statusIsNotPassedOn(from)) {
      return from.index();
    }
    ScriptIndex index = index();
    int n = commands.size();
    int holderDepth = from.nesting().size();
    int floor = substitutionFloor(from, holderDepth);
    int i = from.index() + 1;
    while (i < n) {
      steps[0]++;
      // no command nested at least `floor` deep can hold a substitution around `from`
      i = Math.min(index.nextBreak(i), index.nextShallower(commands, i, floor, steps));
      if (i >= n) {
        break;
      }
      SimpleCommand c = commands.get(i);
      if (c.nesting().size() < holderDepth && holdsSubstitutionAround(c, from)) {
        holderDepth = c.nesting().size();
        if (!c.words().isEmpty() || !onlyInside(from, c)) {
          return i - 1;
        }
        floor = substitutionFloor(from, holderDepth);
        i++;
        continue;
      }
      if (c.operator() != ListOperator.AND) {
        return i - 1;
      }
      if (c.isInside(Nesting.Kind.NEGATION)) {
        return i;
      }
      i++;
    }
    return n - 1;
  }

  /**
   * One more than the deepest level under {@code depth} at which {@code from} runs in a command
   * or process substitution, 0 when there is none: only a command nested less deeply than that
   * can hold a substitution around {@code from}.
   */
  private static int substitutionFloor(SimpleCommand from, int depth) {
    for (int d = depth - 1; d >= 0; d--) {
      Nesting.Kind kind = from.nesting().get(d).kind();
      if (kind == Nesting.Kind.COMMAND_SUBSTITUTION || kind == Nesting.Kind.BACKTICK
          || kind == Nesting.Kind.PROCESS_SUBSTITUTION) {
        return d + 1;
      }
    }
    return 0;
  }

  private static boolean samePath(Word a, Directory da, Word b, Directory db) {
    if (a.isStatic() != b.isStatic()) {
      return false;
    }
    if (!a.isStatic()) {
      return !ScriptIndex.runsCommands(a) && a.value().equals(b.value()) && da.equals(db);
    }
    return da.sameFile(a.value(), db, b.value());
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    for (SimpleCommand c : commands) {
      text.append(c).append('\n');
    }
    for (ParseProblem p : problems) {
      text.append("! ").append(p).append('\n');
    }
    return text.toString();
  }
}
