package dev.groundskeeper.api.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the commands a command runs on its behalf: the command behind a wrapper ({@code sudo},
 * {@code env}, {@code timeout}, {@code xargs}, …) and the script of a nested shell
 * ({@code bash -c '…'}, {@code eval …}, {@code bash <<< '…'}), and hands them back to the parser.
 */
final class Expansions {

  private static final int MAX_DEPTH = 8;

  static final Set<String> SHELLS = Set.of("sh", "bash", "dash", "zsh", "ksh", "mksh", "ash");

  /** Every command name this class looks into: wrappers, shells, eval and interpreters. */
  private static final Set<String> EXPANDED = union(Interpreters.NAMES, "sudo", "doas", "env", "command", "builtin",
      "nohup", "time", "nice", "exec", "stdbuf", "timeout", "xargs", "coproc", "parallel", "find",
      "setsid", "ionice", "chronic", "unbuffer", "taskset", "flock", "busybox", "su", "script",
      "watch", "eval", "trap",
      "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash");

  private static Set<String> union(Set<String> more, String... names) {
    Set<String> all = new java.util.HashSet<>(more);
    all.addAll(List.of(names));
    return Set.copyOf(all);
  }

  // the long options of each wrapper, made once rather than on every wrapped command
  private static final Set<String> SUDO_VALUE_OPTIONS = Set.of("--user", "--group",
      "--close-from", "--chdir", "--host", "--prompt", "--role", "--type", "--other-user",
      "--command-timeout");
  private static final Set<String> SUDO_NO_COMMAND = Set.of("--edit", "--list", "--validate",
      "--version", "--remove-timestamp");
  private static final Set<String> ENV_VALUE_OPTIONS = Set.of("--unset", "--chdir",
      "--split-string");
  private static final Set<String> TIME_VALUE_OPTIONS = Set.of("--format", "--output");
  private static final Set<String> NICE_VALUE_OPTIONS = Set.of("--adjustment");
  private static final Set<String> STDBUF_VALUE_OPTIONS = Set.of("--input", "--output",
      "--error");
  private static final Set<String> TIMEOUT_VALUE_OPTIONS = Set.of("--signal", "--kill-after");
  private static final Set<String> XARGS_VALUE_OPTIONS = Set.of("--arg-file", "--delimiter",
      "--max-args", "--max-procs", "--max-chars", "--process-slot-var");
  private static final Set<String> XARGS_NO_COMMAND = Set.of("--help", "--version",
      "--show-limits");
  private static final Set<String> PARALLEL_VALUE_OPTIONS = Set.of("--arg-file", "--delimiter",
      "--jobs", "--max-args", "--max-replace-args", "--sshlogin", "--halt", "--joblog",
      "--results", "--tmpdir", "--timeout", "--delay", "--retries", "--colsep", "--tagstring",
      "--workdir", "--env", "--basefile", "--return", "--eof", "--max-lines", "--load",
      "--memfree", "--nice", "--shebang-wrap", "--sshloginfile", "--transfer-file", "--wd",
      "--shell", "--replace", "--extensionreplace", "--basenamereplace", "--dirnamereplace",
      "--basenameextensionreplace", "--seqreplace", "--slotreplace", "--block", "--header");
  private static final Set<String> PARALLEL_NO_COMMAND = Set.of("--help", "--version",
      "--citation", "--number-of-cpus", "--number-of-cores", "--number-of-threads",
      "--max-line-length-allowed", "--minversion", "--record-env", "--embed");
  private static final Set<String> IONICE_VALUE_OPTIONS = Set.of("--class", "--classdata",
      "--pid", "--pgid", "--uid");
  private static final Set<String> FLOCK_VALUE_OPTIONS = Set.of("--timeout", "--wait",
      "--conflict-exit-code");
  private static final Set<String> WATCH_VALUE_OPTIONS = Set.of("--interval", "--differences");
  private static final Set<String> FLOCK_COMMAND_OPTIONS = Set.of("--timeout", "--wait",
      "--conflict-exit-code", "--command");
  private static final Set<String> FLOCK_NO_COMMAND = Set.of("--command", "--help",
      "--version");
  private static final Set<String> VERSION_HELP = Set.of("--help", "--version");
  private static final Set<String> HELP = Set.of("--help");

  /** Per first letter, the lengths (as bits) of the names in {@link #EXPANDED} starting with it. */
  private static final List<Integer> LENGTHS = lengths();

  private static List<Integer> lengths() {
    Integer[] lengths = new Integer[128];
    java.util.Arrays.fill(lengths, 0);
    for (String name : EXPANDED) {
      lengths[name.charAt(0)] |= 1 << name.length();
    }
    return List.of(lengths);
  }

  private Expansions() {}

  /** Per first letter, the names in {@link #EXPANDED} starting with it. */
  private static final List<List<String>> BY_FIRST = byFirst();

  private static List<List<String>> byFirst() {
    List<List<String>> byFirst = new java.util.ArrayList<>();
    for (char c = 0; c < 128; c++) {
      List<String> same = new java.util.ArrayList<>();
      for (String name : EXPANDED) {
        if (name.charAt(0) == c) {
          same.add(name);
        }
      }
      byFirst.add(List.copyOf(same));
    }
    return List.copyOf(byFirst);
  }

  /** A cheap first test for {@link #EXPANDED}: false for most command names. */
  static boolean mayBeExpanded(String name) {
    return !name.isEmpty() && mayBeExpanded(name.charAt(0), name.length());
  }

  /** {@link #mayBeExpanded(String)} for a name of {@code length} starting with {@code first}. */
  static boolean mayBeExpanded(char first, int length) {
    return length <= 31 && first < 128 && (LENGTHS.get(first) & (1 << length)) != 0;
  }

  /**
   * {@link #mayBeExpanded(String)} for the base name of a command's first word, tested without
   * copying the word out of the command: most names have no slash and fail on their first
   * character and length.
   */
  static boolean mayBeExpanded(Word name) {
    if (!name.isStatic()) {
      return false;
    }
    int length = name.valueLength();
    for (int i = 0; i < length; i++) {
      if (name.valueCharAt(i) == '/') {
        return mayBeExpanded(Paths.basename(name.value()));
      }
    }
    return length > 0 && mayBeExpanded(name.valueCharAt(0), length);
  }

  /** {@code EXPANDED.contains(name)} without hashing a name that is new on every parse. */
  private static boolean isExpanded(String name) {
    if (!mayBeExpanded(name)) {
      return false;
    }
    for (String candidate : BY_FIRST.get(name.charAt(0))) {
      if (candidate.equals(name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Reads what {@code command} (base name {@code name}, run in directory state {@code at}) runs
   * on its behalf, as commands added after it.
   */
  static void expand(SimpleCommand command, String name, Parser.DirState at, Parser parser,
      int depth) {
    List<Word> words = command.words();
    if (depth > MAX_DEPTH || words.isEmpty() || !isExpanded(name)) {
      return;
    }
    if (name.equals("parallel")) {
      parallel(command, words, at, parser, depth);
      return;
    }
    Optional<Interpreters.Language> language = Interpreters.language(name);
    if (language.isPresent()) {
      interpreter(command, words, language.get(), at, parser, depth);
      return;
    }
    if (name.equals("find")) {
      findExec(command, words, at, parser, depth);
      return;
    }
    if (name.equals("flock")) {
      // flock [opts] FILE -c 'command' (or -c among the options): the string runs in a shell
      int file = optionsEnd(words, 1, "wEnc", FLOCK_COMMAND_OPTIONS, "", VERSION_HELP);
      for (int i = 1; file > 0 && i + 1 < words.size() && i <= file + 1; i++) {
        String v = words.get(i).value();
        if (v.equals("-c") || v.equals("--command")) {
          reparse(command, at, parser, words.get(i + 1), Nesting.Kind.SHELL_STRING, "flock",
              depth);
          return;
        }
      }
    }
    List<Assignment> assignments = new ArrayList<>(0);
    int from = wrappedCommandStart(name, words, assignments);
    if (from > 0 && from < words.size()) {
      List<Word> run = words.subList(from, words.size());
      String replace = null;
      if (name.equals("xargs")) {
        replace = xargsReplace(words, from);
        run = xargsArguments(words, from, replace, command.end());
      }
      SimpleCommand inner = parser.wrapped(command, run, name, assignments);
      expand(inner, Parser.baseName(inner.words()), at, parser, depth + 1);
      if (replace != null && !replace.isEmpty()) {
        parser.markReplaced(inner.index() + 1, replace);
      }
      return;
    }
    if (SHELLS.contains(name)) {
      int string = shellStringIndex(words);
      if (string > 0) {
        reparse(command, at, parser, words.get(string), Nesting.Kind.SHELL_STRING, name, depth);
        return;
      }
      if (readsScriptFromStandardInput(words, name)
          && command.redirections() instanceof RedirectionList) {
        // read the parser's records: a heredoc's Redirection is made only once its body is read
        RedirectionList redirections = (RedirectionList) command.redirections();
        for (int i = 0; i < redirections.size(); i++) {
          Parser.RedirBuilder r = redirections.builder(i);
          if (r.operator == RedirectOperator.HERE_STRING) {
            reparse(command, at, parser, r.target, Nesting.Kind.SHELL_STRING, name, depth);
          }
        }
      }
      return;
    }
    if (name.equals("trap")) {
      // trap 'action' SIGNAL…: the action is evaluated when a signal comes or the shell exits
      // (the hook's shell exits when the command ends), so `trap 'rm -f f' EXIT` removes f
      // however the commands before the exit went
      int i = words.size() > 1 && words.get(1).value().equals("--") ? 2 : 1;
      if (words.size() - i >= 2) {
        Word action = words.get(i);
        String v = action.value();
        boolean option = i == 1 && v.startsWith("-") && v.length() > 1;
        if (!option && !v.equals("-")) {
          reparse(command, at, parser, action, Nesting.Kind.EVAL, "trap", depth);
        }
      }
      return;
    }
    if (name.equals("su") || name.equals("script")) {
      // su [-l] -c 'script' [user], script [-q] -c 'script' [file]: the string runs in a shell
      Argv argv = Argv.read(words.subList(1, words.size()), "cgGsuEIOT",
          Set.of("--command", "--group", "--supp-group", "--shell", "--session-command",
              "--whitelist-environment", "--echo", "--log-in", "--log-out", "--log-io",
              "--log-timing", "--output-limit", "--logging-format"), false);
      argv.value("-c", "--command", "--session-command").ifPresent(script ->
          reparse(command, at, parser, script, Nesting.Kind.SHELL_STRING, name, depth));
      return;
    }
    if (name.equals("watch")) {
      // watch [opts] command…: the words, joined, run in a shell every interval (-x: run as is)
      int i = optionsEnd(words, 1, "nqd", WATCH_VALUE_OPTIONS, "", VERSION_HELP);
      if (i > 0 && i < words.size()) {
        List<Word> run = words.subList(i, words.size());
        if (run.size() == 1) {
          reparse(command, at, parser, run.get(0), Nesting.Kind.SHELL_STRING, name, depth);
        } else {
          StringBuilder text = new StringBuilder();
          for (Word w : run) {
            text.append(text.length() == 0 ? "" : " ").append(w.value());
          }
          parser.reparse(command, at, text.toString(), 0, run.get(0).start(),
              run.get(run.size() - 1).end(), Nesting.Kind.SHELL_STRING, name, depth);
        }
      }
      return;
    }
    if (name.equals("env")) {
      // env -S 'cmd args' (--split-string): the string is split into the command and its words
      Argv argv = Argv.read(words.subList(1, words.size()), "uCS",
          ENV_VALUE_OPTIONS, true);
      argv.value("-S", "--split-string").ifPresent(split ->
          reparse(command, at, parser, split, Nesting.Kind.SHELL_STRING, "env", depth));
      return;
    }
    if (name.equals("eval") && words.size() > 1) {
      List<Word> args = words.subList(words.get(1).value().equals("--") ? 2 : 1, words.size());
      if (args.isEmpty()) {
        return;
      }
      if (args.size() == 1) {
        reparse(command, at, parser, args.get(0), Nesting.Kind.EVAL, "eval", depth);
      } else {
        StringBuilder text = new StringBuilder();
        for (Word w : args) {
          text.append(text.length() == 0 ? "" : " ").append(w.value());
        }
        parser.reparse(command, at, text.toString(), 0, args.get(0).start(),
            args.get(args.size() - 1).end(), Nesting.Kind.EVAL, "eval", depth);
      }
    }
  }

  /**
   * Reads the command GNU {@code parallel} runs: its words up to {@code :::} or {@code ::::},
   * joined with spaces, are a script it hands to a shell once per input, with each input in
   * place of the replacement strings ({@code {}}, {@code {.}}, {@code {1}}, …) or, when there is
   * none, after the words. Words holding a replacement string are not static, and without one a
   * {@code {}} word stands for the input: {@code parallel git branch -D ::: a b} deletes
   * branches the reading cannot name.
   */
  private static void parallel(SimpleCommand command, List<Word> words, Parser.DirState at,
      Parser parser, int depth) {
    int from = optionsEnd(words, 1, "adEIjLnNPSs", PARALLEL_VALUE_OPTIONS, "",
        PARALLEL_NO_COMMAND);
    if (from <= 0 || from >= words.size()) {
      return;
    }
    int to = from;
    while (to < words.size() && !words.get(to).value().startsWith(":::")) {
      to++;
    }
    if (to == from) {
      return;
    }
    StringBuilder text = new StringBuilder();
    boolean replaced = false;
    for (Word w : words.subList(from, to)) {
      text.append(text.length() == 0 ? "" : " ").append(w.value());
      replaced |= w.value().indexOf('{') >= 0 && w.value().indexOf('}') > w.value().indexOf('{');
    }
    if (!replaced) {
      text.append(" {}");
    }
    int first = parser.commandCount();
    parser.reparse(command, at, text.toString(), 0, words.get(from).start(),
        words.get(to - 1).end(), Nesting.Kind.SHELL_STRING, "parallel", depth);
    parser.markReplaced(first, "{");
  }

  /**
   * Reads the commands {@code find} runs for what it finds: each {@code -exec}, {@code -execdir},
   * {@code -ok} or {@code -okdir} up to its {@code ;} or {@code +}. The words holding {@code {}}
   * are not static (find puts the paths there), also in the script of a shell it runs.
   */
  private static void findExec(SimpleCommand command, List<Word> words, Parser.DirState at,
      Parser parser, int depth) {
    for (int i = 1; i < words.size(); i++) {
      String v = words.get(i).value();
      if (!v.equals("-exec") && !v.equals("-execdir") && !v.equals("-ok")
          && !v.equals("-okdir")) {
        continue;
      }
      int end = i + 1;
      while (end < words.size() && !words.get(end).value().equals(";")
          && !(words.get(end).value().equals("+") && words.get(end - 1).value().equals("{}"))) {
        end++;
      }
      if (end > i + 1) {
        List<Word> run = new ArrayList<>(end - i - 1);
        for (Word w : words.subList(i + 1, end)) {
          run.add(w.isStatic() && w.value().contains("{}") ? w.withStatic(false) : w);
        }
        SimpleCommand inner = parser.wrapped(command, run, "find", List.of());
        expand(inner, Parser.baseName(inner.words()), at, parser, depth + 1);
        parser.markReplaced(inner.index() + 1, "{}");
      }
      i = end;
    }
  }

  /**
   * Reads what an interpreter one-liner visibly runs (see {@link Interpreters}): the code of its
   * {@code -c}/{@code -e} words, or of a here-string when it reads its script from standard input
   * (a heredoc is read when its body is, in {@link Parser}).
   */
  private static void interpreter(SimpleCommand command, List<Word> words,
      Interpreters.Language language, Parser.DirState at, Parser parser, int depth) {
    Interpreters.Code code = Interpreters.code(language, words);
    if (!code.words().isEmpty()) {
      Word first = code.words().get(0);
      Word last = code.words().get(code.words().size() - 1);
      if (!code.known()) {
        // the code is known only when it runs ("$(cat <<'EOF' … EOF)", "$SCRIPT")
        StringBuilder source = new StringBuilder();
        for (Word w : code.words()) {
          source.append(w.source()).append('\n');
        }
        if (Interpreters.mayBeRisky(source.toString())) {
          parser.addProblem("the " + language.label + " code is only known when it runs, and"
              + " it may run git or remove files", first.start());
        }
        return;
      }
      interpreterText(command, at, parser, language, code.text(), first.start(), last.end(),
          Parser.baseName(words), depth);
      return;
    }
    if (code.standardInput() && command.redirections() instanceof RedirectionList) {
      RedirectionList redirections = (RedirectionList) command.redirections();
      for (int i = 0; i < redirections.size(); i++) {
        Parser.RedirBuilder r = redirections.builder(i);
        if (r.operator == RedirectOperator.HERE_STRING && r.target != null) {
          if (r.target.isStatic()) {
            interpreterText(command, at, parser, language, r.target.value(), r.target.start(),
                r.target.end(), Parser.baseName(words), depth);
          } else if (Interpreters.mayBeRisky(r.target.source())) {
            parser.addProblem("the " + language.label + " code is only known when it runs, and"
                + " it may run git or remove files", r.target.start());
          }
        }
      }
    }
  }

  /** Translates interpreter code and reads the commands it runs as nested in {@code command}. */
  static void interpreterText(SimpleCommand command, Parser.DirState at, Parser parser,
      Interpreters.Language language, String code, int spanStart, int spanEnd, String name,
      int depth) {
    Interpreters.Translation t = Interpreters.translate(language, code);
    if (!t.shell().isEmpty()) {
      parser.reparse(command, at, t.shell(), 0, spanStart, spanEnd, Nesting.Kind.INTERPRETER,
          name, depth);
    }
    if (!t.unreadable().isEmpty()) {
      parser.addProblem(t.unreadable(), spanStart);
    }
  }

  private static void reparse(SimpleCommand command, Parser.DirState at, Parser parser, Word w,
      Nesting.Kind kind, String detail, int depth) {
    if (isSingleExpansion(w)) {
      return;
    }
    boolean mapped = w.end() - w.start() == w.source().length();
    String value = w.value();
    String source = w.source();
    if (mapped && source.equals(value)) {
      parser.reparse(command, at, value, w.start(), -1, -1, kind, detail, depth);
    } else if (mapped && source.length() == value.length() + 2
        && (source.startsWith("'") || source.startsWith("\""))
        && source.regionMatches(1, value, 0, value.length())) {
      parser.reparse(command, at, value, w.start() + 1, -1, -1, kind, detail, depth);
    } else {
      parser.reparse(command, at, value, 0, w.start(), w.end(), kind, detail, depth);
    }
  }

  /** True for a shell given no {@code -c} and no script file: it reads its script from stdin. */
  static boolean readsScriptFromStandardInput(List<Word> words, String baseName) {
    if (!SHELLS.contains(baseName)) {
      return false;
    }
    for (int i = 1; i < words.size(); i++) {
      String v = words.get(i).value();
      if (v.equals("-") || v.equals("--")) {
        return i == words.size() - 1;
      }
      if (v.equals("-o") || v.equals("+o") || v.equals("-O") || v.equals("+O")
          || v.equals("--rcfile") || v.equals("--init-file")) {
        i++;
        continue;
      }
      if (!(v.startsWith("-") || v.startsWith("+")) || v.length() < 2) {
        return false;
      }
      if (!v.startsWith("--") && v.indexOf('c') > 0) {
        return false;
      }
    }
    return true;
  }

  /** The index of the script string of {@code sh -c 'script'}, or -1. */
  static int shellStringIndex(List<Word> words) {
    boolean command = false;
    int i = 1;
    for (; i < words.size(); i++) {
      String v = words.get(i).value();
      if (v.equals("--") || v.equals("-")) {
        i++;
        break;
      }
      if (v.startsWith("--")) {
        if (v.equals("--rcfile") || v.equals("--init-file")) {
          i++;
        }
        continue;
      }
      if ((v.startsWith("-") || v.startsWith("+")) && v.length() > 1) {
        if (v.startsWith("-") && v.indexOf('c') > 0) {
          command = true;
        }
        if (v.endsWith("o") || v.endsWith("O")) {
          i++;
        }
        continue;
      }
      break;
    }
    return command && i < words.size() ? i : -1;
  }

  /** Past the {@code NAME=value} words from {@code i} on, each added to {@code assignments}. */
  private static int assignmentsEnd(List<Word> words, int i, List<Assignment> assignments) {
    while (i > 0 && i < words.size()) {
      Word w = words.get(i);
      int eq = w.value().indexOf('=');
      if (eq <= 0 || !isName(w.value().substring(0, eq))) {
        break;
      }
      String valueText = w.value().substring(eq + 1);
      assignments.add(new Assignment(w.value().substring(0, eq),
          new Word(valueText, valueText, w.start(), w.end(), w.isStatic()), false, w.start(),
          w.end()));
      i++;
    }
    return i;
  }

  /**
   * The index of the first word of the command a wrapper runs, or -1 when {@code name} is no
   * wrapper or runs nothing. The assignments {@code env} and {@code sudo} take are added to
   * {@code assignments}.
   */
  static int wrappedCommandStart(String name, List<Word> words, List<Assignment> assignments) {
    switch (name) {
      case "sudo":
      case "doas":
        // sudo also takes VAR=value before the command (found by ShellFuzzTest: `sudo A=1 git
        // branch -D feat` was read as a command named A=1, so the deletion went unseen)
        return assignmentsEnd(words, optionsEnd(words, 1, "ugCDhprtUTa",
            SUDO_VALUE_OPTIONS, "elvVK", SUDO_NO_COMMAND), assignments);
      case "env":
        return assignmentsEnd(words, optionsEnd(words, 1, "uCS", ENV_VALUE_OPTIONS, "",
            VERSION_HELP), assignments);
      case "command":
        return optionsEnd(words, 1, "", Set.of(), "vV", Set.of());
      case "setsid":
      case "chronic":
      case "unbuffer":
        return optionsEnd(words, 1, "", Set.of(), "", VERSION_HELP);
      case "ionice":
        return optionsEnd(words, 1, "cnpPu", IONICE_VALUE_OPTIONS, "", VERSION_HELP);
      case "taskset": {
        // taskset [opts] MASK|LIST command: -p (a running process) runs nothing
        int i = optionsEnd(words, 1, "", Set.of(), "p", VERSION_HELP);
        return i > 0 && i < words.size() ? i + 1 : -1;
      }
      case "flock": {
        // flock [opts] FILE command…; with -c the command is a string for a shell (not here)
        int i = optionsEnd(words, 1, "wEn", FLOCK_VALUE_OPTIONS, "c", FLOCK_NO_COMMAND);
        return i > 0 && i < words.size() ? i + 1 : -1;
      }
      case "busybox":
        // busybox APPLET args…: the applet is the command (busybox sh -c '…')
        return words.size() > 1 && !words.get(1).value().startsWith("-") ? 1 : -1;
      case "coproc":
        // coproc runs a simple command (no NAME then) in the background with pipes to it
        return 1;
      case "builtin":
      case "nohup":
        return optionsEnd(words, 1, "", Set.of(), "", VERSION_HELP);
      case "time":
        return optionsEnd(words, 1, "fo", TIME_VALUE_OPTIONS, "", VERSION_HELP);
      case "nice":
        return optionsEnd(words, 1, "n", NICE_VALUE_OPTIONS, "", HELP);
      case "exec":
        return optionsEnd(words, 1, "a", Set.of(), "", Set.of());
      case "stdbuf":
        return optionsEnd(words, 1, "ioe", STDBUF_VALUE_OPTIONS, "", HELP);
      case "timeout": {
        int i = optionsEnd(words, 1, "sk", TIMEOUT_VALUE_OPTIONS, "", VERSION_HELP);
        return i > 0 && i < words.size() ? i + 1 : -1;
      }
      case "xargs":
        // -e[eof], -i[replace], -l[lines]: a value only when attached
        return optionsEnd(words, 1, "adEILnPs", "eil", XARGS_VALUE_OPTIONS, "",
            XARGS_NO_COMMAND);
      default:
        return -1;
    }
  }

  /**
   * The words of the command {@code xargs} runs (from {@code from}) as rules must read them: what
   * xargs adds from its input is known only when it runs. With a replace string ({@code -I R},
   * {@code -i[R]}, {@code --replace[=R]}) the words holding it are not static; otherwise the
   * input's arguments follow the written ones, shown as one word that is not static
   * ({@link #XARGS_INPUT}, at the end of the command's text).
   */
  private static List<Word> xargsArguments(List<Word> words, int from, String replace,
      int end) {
    List<Word> run = new ArrayList<>(words.size() - from + 1);
    for (Word w : words.subList(from, words.size())) {
      boolean replaced = replace != null && !replace.isEmpty() && w.value().contains(replace);
      run.add(replaced ? w.withStatic(false) : w);
    }
    if (replace == null) {
      run.add(new Word(XARGS_INPUT, XARGS_INPUT, end, end, false));
    }
    return run;
  }

  /** The replace string of xargs' options before {@code from} ({@code -I R}, {@code -i}, …), or null. */
  private static String xargsReplace(List<Word> words, int from) {
    String replace = null;
    for (int i = 1; i < from; i++) {
      String v = words.get(i).value();
      if (v.equals("--")) {
        break;
      }
      if (v.equals("--replace") || v.equals("-i")) {
        replace = "{}";
      } else if (v.startsWith("--replace=")) {
        replace = v.substring("--replace=".length());
      } else if (v.startsWith("-") && !v.startsWith("--")) {
        // a cluster: -I takes the rest or the next word, -i the rest if any; other letters
        // that take a value end the cluster
        for (int j = 1; j < v.length(); j++) {
          char c = v.charAt(j);
          if (c == 'I') {
            replace = j + 1 < v.length() ? v.substring(j + 1)
                : i + 1 < from ? words.get(i + 1).value() : null;
            break;
          }
          if (c == 'i') {
            replace = j + 1 < v.length() ? v.substring(j + 1) : "{}";
            break;
          }
          if ("adeElLnPs".indexOf(c) >= 0) {
            break;
          }
        }
      }
    }
    return replace;
  }

  /** The word standing for the arguments xargs reads from its input (see {@link #xargsArguments}). */
  static final String XARGS_INPUT = "{xargs input}";

  /**
   * Skips the options of a wrapper from {@code i}: short letters in {@code valueLetters} and long
   * names in {@code valueNames} take the next word unless attached. Returns the first operand's
   * index, or -1 when an option in {@code noCommand} / {@code noCommandLong} means no command runs.
   */
  private static int optionsEnd(List<Word> words, int i, String valueLetters,
      Set<String> valueNames, String noCommand, Set<String> noCommandLong) {
    return optionsEnd(words, i, valueLetters, "", valueNames, noCommand, noCommandLong);
  }

  /** As above; a letter in {@code optionalLetters} takes the rest of its word, if any, as value. */
  private static int optionsEnd(List<Word> words, int i, String valueLetters,
      String optionalLetters, Set<String> valueNames, String noCommand,
      Set<String> noCommandLong) {
    while (i < words.size()) {
      String v = words.get(i).value();
      if (v.equals("--")) {
        return i + 1;
      }
      if (v.startsWith("--")) {
        String name = v.indexOf('=') > 0 ? v.substring(0, v.indexOf('=')) : v;
        if (noCommandLong.contains(name)) {
          return -1;
        }
        i += v.indexOf('=') < 0 && valueNames.contains(name) ? 2 : 1;
        continue;
      }
      if (!v.startsWith("-") || v.length() < 2) {
        return i;
      }
      i++;
      for (int j = 1; j < v.length(); j++) {
        char c = v.charAt(j);
        if (noCommand.indexOf(c) >= 0) {
          return -1;
        }
        if (optionalLetters.indexOf(c) >= 0) {
          break;
        }
        if (valueLetters.indexOf(c) >= 0) {
          if (j == v.length() - 1) {
            i++;
          }
          break;
        }
      }
    }
    return i;
  }

  /**
   * True for a word that is one expansion and nothing else ({@code "$CMD"}, {@code "$(…)"}):
   * the script it holds is only known when the command runs, so there is nothing to re-parse.
   */
  private static boolean isSingleExpansion(Word w) {
    if (w.isStatic()) {
      return false;
    }
    String v = w.value();
    if (v.startsWith("`")) {
      return v.length() > 1 && v.indexOf('`', 1) == v.length() - 1;
    }
    if (v.startsWith("$(") || v.startsWith("${")) {
      char open = v.charAt(1);
      char close = open == '(' ? ')' : '}';
      int depth = 0;
      for (int i = 1; i < v.length(); i++) {
        char c = v.charAt(i);
        if (c == open) {
          depth++;
        } else if (c == close && --depth == 0) {
          return i == v.length() - 1;
        }
      }
      return false;
    }
    return v.startsWith("$") && isName(v.substring(1));
  }

  static boolean isName(String text) {
    if (text.isEmpty()) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean ok = c == '_' || (c < 128 && Character.isLetter(c))
          || (i > 0 && c < 128 && Character.isDigit(c));
      if (!ok) {
        return false;
      }
    }
    return true;
  }
}
