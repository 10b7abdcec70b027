package dev.groundskeeper.api.shell;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link Script}'s questions about other commands look up instead of scanning every
 * command for each one: the members of each pipeline in order, the files their standard output
 * reaches along it (shared by the answers, never copied per command), the jumps along a run of {@code &&}, and the removals by the
 * path they name. Built once per script, on the first such question, in time and space linear
 * in the commands (issue 17: a 1 MiB command took minutes when each of its tens of thousands of
 * commands scanned all the others). Immutable once built.
 */
final class ScriptIndex {

  /**
   * One pipeline's members, by position (a wrapper before the command it runs), and the files
   * their standard output reaches along it: {@code outputs} holds, member after member, the
   * files of each {@code tee} and each standard-output redirection to a file, member {@code k}'s
   * from {@code outputStart[k]}; {@code stop[k]} is the first member at {@code k} or later that
   * redirects its standard output (so passes nothing further), or the member count.
   */
  record Pipeline(List<SimpleCommand> members, List<FileTarget> outputs, int[] outputStart,
      int[] stop, int firstHeredoc) {

    /**
     * The files the standard output of the member at {@code position} reaches through the
     * later members: a view of {@link #outputs}, shared by every member before the same run,
     * so that answering each member of a long pipeline costs no copy of that run.
     */
    List<FileTarget> after(int position, Optional<FileTarget> head) {
      int k = from(position + 1);
      int last = stop[k];
      int end = last < members.size() ? outputStart[last + 1] : outputs.size();
      return CompactList.slice(head, outputs, outputStart[k], end);
    }

    /** {@return the index in {@link #members} of the first member at {@code position} or later} */
    int from(int position) {
      int low = 0;
      int high = members.size();
      while (low < high) {
        int mid = (low + high) >>> 1;
        if (members.get(mid).pipelinePosition() < position) {
          low = mid + 1;
        } else {
          high = mid;
        }
      }
      return low;
    }
  }

  /** A path an {@code rm} names, under the key two paths naming one file share. */
  record Candidate(Removal removal, Word path) {}

  private final Map<Integer, Pipeline> pipelines;
  /** For each command, the first command at or after it not joined by a plain {@code &&}. */
  private final int[] nextBreak;
  /** For each command, the first later command nested less deeply (its list ends there). */
  private final int[] shallower;
  private final Map<String, List<Candidate>> removals;

  private ScriptIndex(Map<Integer, Pipeline> pipelines, int[] nextBreak, int[] shallower,
      Map<String, List<Candidate>> removals) {
    this.pipelines = pipelines;
    this.nextBreak = nextBreak;
    this.shallower = shallower;
    this.removals = removals;
  }

  static ScriptIndex of(List<SimpleCommand> commands, List<Removal> removalList) {
    int n = commands.size();
    Map<Integer, List<SimpleCommand>> grouped = new HashMap<>();
    for (SimpleCommand c : commands) {
      grouped.computeIfAbsent(c.pipeline(), k -> new ArrayList<>()).add(c);
    }
    Map<Integer, Pipeline> pipelines = new HashMap<>();
    for (Map.Entry<Integer, List<SimpleCommand>> e : grouped.entrySet()) {
      List<SimpleCommand> members = e.getValue();
      // stable: members at one position keep their command order, as the scans they replace did
      members.sort(Comparator.comparingInt(SimpleCommand::pipelinePosition));
      int size = members.size();
      List<FileTarget> outputs = new ArrayList<>();
      int[] outputStart = new int[size + 1];
      int[] stop = new int[size + 1];
      int firstHeredoc = Integer.MAX_VALUE;
      for (int k = 0; k < size; k++) {
        SimpleCommand m = members.get(k);
        outputStart[k] = outputs.size();
        if (m.isNamed("tee")) {
          Script.addTee(outputs, m, false);
        }
        Script.collectStandardOutput(outputs, m, m.redirections());
        if (Script.readsHeredoc(m)) {
          firstHeredoc = Math.min(firstHeredoc, m.pipelinePosition());
        }
      }
      outputStart[size] = outputs.size();
      stop[size] = size;
      for (int k = size - 1; k >= 0; k--) {
        stop[k] = redirectsOutput(members.get(k)) ? k : stop[k + 1];
      }
      pipelines.put(e.getKey(), new Pipeline(List.copyOf(members), List.copyOf(outputs),
          outputStart, stop, firstHeredoc));
    }
    int[] nextBreak = new int[n + 1];
    nextBreak[n] = n;
    for (int i = n - 1; i >= 0; i--) {
      SimpleCommand c = commands.get(i);
      boolean breaks = c.operator() != ListOperator.AND || c.isInside(Nesting.Kind.NEGATION);
      nextBreak[i] = breaks ? i : nextBreak[i + 1];
    }
    int[] shallower = new int[n];
    int[] stack = new int[n];
    int top = 0;
    for (int i = 0; i < n; i++) {
      int depth = commands.get(i).nesting().size();
      while (top > 0 && commands.get(stack[top - 1]).nesting().size() > depth) {
        shallower[stack[--top]] = i;
      }
      stack[top++] = i;
    }
    while (top > 0) {
      shallower[stack[--top]] = n;
    }
    Map<String, List<Candidate>> byPath = new HashMap<>();
    for (Removal r : removalList) {
      for (Word p : r.paths()) {
        key(p, r.command().directory()).ifPresent(
            k -> byPath.computeIfAbsent(k, x -> new ArrayList<>()).add(new Candidate(r, p)));
      }
    }
    return new ScriptIndex(Map.copyOf(pipelines), nextBreak, shallower, byPath);
  }

  /** True when a member redirects its standard output: the later members get none of it. */
  private static boolean redirectsOutput(SimpleCommand m) {
    for (Redirection r : m.redirections()) {
      if (r.redirectsStandardOutput()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The key under which {@code path}, written in a command running in {@code directory}, is
   * filed: paths that {@link Script}'s same-path test matches always share it (the test itself
   * still decides). Empty for a path that matches nothing.
   */
  static Optional<String> key(Word path, Directory directory) {
    if (!path.isStatic()) {
      if (runsCommands(path)) {
        // never the same file twice, and filing it would copy a text that holds every command
        // nested in it (issue 17: text x depth, out of memory at -Xmx256m)
        return Optional.empty();
      }
      // matched by its text alone; the NUL keeps it apart from any joined path
      return Optional.of("\0" + path.value());
    }
    if (directory.certainty() == Directory.Certainty.UNKNOWN || path.value().isEmpty()) {
      return Optional.empty();
    }
    // a rooted path joins to itself normalised, which is what the rooted comparison compares
    return Optional.of(Paths.join(directory.path().orElse(""), path.value()));
  }

  /**
   * Whether {@code word} runs a command when it is expanded ({@code $(…)}, {@code $((…))},
   * backticks, {@code <(…)}, {@code >(…)}): two such words never name one file by their text, as
   * each run may print another name. Read without copying the word.
   */
  static boolean runsCommands(Word word) {
    int length = word.valueLength();
    for (int i = 0; i < length; i++) {
      char c = word.valueCharAt(i);
      if (c == '`') {
        return true;
      }
      if ((c == '$' || c == '<' || c == '>') && i + 1 < length && word.valueCharAt(i + 1) == '(') {
        return true;
      }
    }
    return false;
  }

  Pipeline pipeline(SimpleCommand c) {
    return pipelines.get(c.pipeline());
  }

  List<Candidate> removals(String key) {
    return removals.getOrDefault(key, List.of());
  }

  int nextBreak(int i) {
    return nextBreak[i];
  }

  /**
   * The first command at {@code i} or later nested less deeply than {@code depth}, counting the
   * jumps taken in {@code steps[0]}: each jump passes a run nested at least as deeply as where
   * it starts.
   */
  int nextShallower(List<SimpleCommand> commands, int i, int depth, long[] steps) {
    if (depth == 0) {
      return commands.size();
    }
    int k = i;
    while (k < commands.size() && commands.get(k).nesting().size() >= depth) {
      steps[0]++;
      k = shallower[k];
    }
    return k;
  }
}
