package dev.groundskeeper.api.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what an interpreter one-liner visibly runs: the code of {@code python -c}, {@code node
 * -e}, {@code perl -e}, {@code ruby -e} (or a script read from a heredoc or here-string) is
 * scanned for the calls that start processes ({@code os.system}, {@code subprocess.run},
 * {@code child_process.execSync}, {@code system}, backticks, …) and remove files
 * ({@code shutil.rmtree}, {@code fs.rmSync}, {@code FileUtils.rm_rf}, {@code unlink}, …), and
 * each is written as the shell command it amounts to, so that the rules judge it as if it ran in
 * the shell. Strings and comments are skipped while looking for calls, so code that only prints
 * or mentions a command runs nothing here. An argument computed when the code runs stays
 * unknown: in a removal it becomes a word that is only known when it runs; in a command that
 * visibly names {@code git} or a removal, the reading stops with a problem, so that the loss
 * guards fail closed.
 */
final class Interpreters {

  /** The language of an interpreter, by the base name of its command. */
  enum Language {
    PYTHON("python", "#"),
    NODE("node", "//"),
    PERL("perl", "#"),
    RUBY("ruby", "#");

    final String label;
    final String lineComment;

    Language(String label, String lineComment) {
      this.label = label;
      this.lineComment = lineComment;
    }
  }

  /** Command names of the interpreters read here (python3.X included). */
  static final Set<String> NAMES;

  static {
    List<String> names = new ArrayList<>(List.of("python", "python2", "python3", "pypy",
        "pypy3", "node", "nodejs", "perl", "ruby"));
    for (int minor = 6; minor <= 14; minor++) {
      names.add("python3." + minor);
    }
    NAMES = Set.copyOf(names);
  }

  /** The placeholder for a value the code computes when it runs: a word that is not static. */
  private static final String COMPUTED = "\"${value_computed_by_the_code}\"";

  private Interpreters() {}

  static Optional<Language> language(String baseName) {
    if (!NAMES.contains(baseName)) {
      return Optional.empty();
    }
    if (baseName.startsWith("py")) {
      return Optional.of(Language.PYTHON);
    }
    if (baseName.startsWith("node")) {
      return Optional.of(Language.NODE);
    }
    return Optional.of(baseName.equals("perl") ? Language.PERL : Language.RUBY);
  }

  // ------------------------------------------------------------------ where the code is

  /** Where an interpreter's code is: words of its command line, standard input, or neither. */
  record Code(List<Word> words, int skip, boolean standardInput) {
    static final Code NONE = new Code(List.of(), 0, false);
    static final Code STDIN = new Code(List.of(), 0, true);

    static Code of(List<Word> words) {
      return new Code(List.copyOf(words), 0, false);
    }

    /** The code written in one word after its switch: {@code -c'print(1)'}, {@code -e'…'}. */
    static Code attached(Word word, int skip) {
      return new Code(List.of(word), skip, false);
    }

    /** The code's text, the words joined by line feeds as perl and ruby join their -e. */
    String text() {
      StringBuilder text = new StringBuilder();
      for (Word w : words) {
        text.append(text.length() == 0 ? "" : "\n")
            .append(text.length() == 0 ? w.value().substring(skip) : w.value());
      }
      return text.toString();
    }

    boolean known() {
      for (Word w : words) {
        if (!w.isStatic()) {
          return false;
        }
      }
      return true;
    }
  }

  /** Words holding the code, or the code coming from standard input; {@link Code#NONE} else. */
  static Code code(Language language, List<Word> words) {
    return switch (language) {
      case PYTHON -> python(words);
      case NODE -> node(words);
      case PERL, RUBY -> perlOrRuby(language, words);
    };
  }

  private static final Set<String> PYTHON_VALUE_OPTIONS = Set.of("-W", "-X",
      "--check-hash-based-pycs");

  private static Code python(List<Word> words) {
    for (int i = 1; i < words.size(); i++) {
      String v = words.get(i).value();
      if (v.equals("-")) {
        return Code.STDIN;
      }
      if (v.equals("--")) {
        return i + 1 < words.size() ? Code.NONE : Code.STDIN;
      }
      if (!v.startsWith("-") || v.length() < 2) {
        return Code.NONE; // a script file: not visible here
      }
      if (PYTHON_VALUE_OPTIONS.contains(v)) {
        i++;
        continue;
      }
      if (v.startsWith("--")) {
        if (v.equals("--help") || v.equals("--version")) {
          return Code.NONE;
        }
        continue;
      }
      for (int k = 1; k < v.length(); k++) {
        char c = v.charAt(k);
        if (c == 'c') {
          if (k + 1 < v.length()) {
            return Code.attached(words.get(i), k + 1);
          }
          return i + 1 < words.size() ? Code.of(List.of(words.get(i + 1))) : Code.NONE;
        }
        if (c == 'm' || c == 'h' || c == 'V' || c == '?') {
          return Code.NONE; // a module, or no code at all
        }
        if (c == 'W' || c == 'X') {
          if (k + 1 == v.length()) {
            i++;
          }
          break;
        }
      }
    }
    return Code.STDIN;
  }

  private static final Set<String> NODE_VALUE_OPTIONS = Set.of("-r", "--require", "--import",
      "--loader", "--experimental-loader", "--input-type", "-C", "--conditions", "--title",
      "--env-file", "--inspect-port", "--max-old-space-size");

  private static Code node(List<Word> words) {
    for (int i = 1; i < words.size(); i++) {
      String v = words.get(i).value();
      if (v.equals("-e") || v.equals("--eval") || v.equals("-p") || v.equals("--print")
          || v.equals("-pe")) {
        return i + 1 < words.size() ? Code.of(List.of(words.get(i + 1))) : Code.NONE;
      }
      if (v.equals("-")) {
        return Code.STDIN;
      }
      if (v.equals("-i") || v.equals("--interactive") || v.equals("-v") || v.equals("--version")
          || v.equals("-h") || v.equals("--help") || v.equals("-c") || v.equals("--check")) {
        return Code.NONE;
      }
      if (NODE_VALUE_OPTIONS.contains(v)) {
        i++;
        continue;
      }
      if (!v.startsWith("-")) {
        return Code.NONE; // a script file
      }
    }
    return Code.STDIN;
  }

  private static Code perlOrRuby(Language language, List<Word> words) {
    List<Word> code = new ArrayList<>(1);
    // the switches whose value is the rest of the cluster (perl -Idir -MMod -i.bak -F: -x...)
    String restTaking = language == Language.PERL ? "iIMmFxdDC" : "iIrxCEFKTWU";
    for (int i = 1; i < words.size(); i++) {
      Word word = words.get(i);
      String v = word.value();
      if (v.equals("--") || v.equals("-")) {
        return code.isEmpty() && i + 1 == words.size() ? Code.STDIN
            : code.isEmpty() ? Code.NONE : Code.of(code);
      }
      if (!v.startsWith("-") || v.length() < 2) {
        break; // a program file, or the arguments after the -e code
      }
      if (v.startsWith("--")) {
        if (v.equals("--help") || v.equals("--version")) {
          return Code.NONE;
        }
        continue;
      }
      for (int k = 1; k < v.length(); k++) {
        char c = v.charAt(k);
        if (c == 'e' || c == 'E' && language == Language.PERL) {
          if (k + 1 < v.length()) {
            if (code.isEmpty()) {
              return Code.attached(word, k + 1);
            }
            break; // a second -e'…' glued on: the first one is judged
          }
          if (i + 1 < words.size()) {
            code.add(words.get(++i));
          }
          break;
        }
        if (c == 'v' || c == 'h' || c == 'c' && language == Language.PERL) {
          return Code.NONE; // a version, help, or a syntax check that runs nothing
        }
        if (restTaking.indexOf(c) >= 0) {
          if (k + 1 == v.length() && (c == 'I' || c == 'r' && language == Language.RUBY)) {
            i++; // -I dir, -r lib as separate words
          }
          break;
        }
        if (c == 'l' || c == '0') {
          while (k + 1 < v.length() && Character.isDigit(v.charAt(k + 1))) {
            k++;
          }
        }
      }
    }
    return code.isEmpty() ? (words.size() == 1 || allSwitches(words) ? Code.STDIN : Code.NONE)
        : Code.of(code);
  }

  private static boolean allSwitches(List<Word> words) {
    for (int i = 1; i < words.size(); i++) {
      if (!words.get(i).value().startsWith("-")) {
        return false;
      }
    }
    return true;
  }

  // ------------------------------------------------------------------ what the code runs

  /**
   * The shell commands the code visibly runs, one per line, and the first call that could not be
   * read in full where it could run git or remove files (empty when everything visible was read).
   */
  record Translation(String shell, String unreadable) {}

  private enum Effect { SHELL, ARGV, PROGRAM_ARGS, REMOVE_TREE, REMOVE_FILE, REMOVE }

  private record Call(Effect effect, boolean parenthesesOptional) {}

  private static final Map<String, Call> PYTHON_CALLS = Map.ofEntries(
      Map.entry("os.system", new Call(Effect.SHELL, false)),
      Map.entry("os.popen", new Call(Effect.SHELL, false)),
      Map.entry("subprocess.getoutput", new Call(Effect.SHELL, false)),
      Map.entry("subprocess.getstatusoutput", new Call(Effect.SHELL, false)),
      Map.entry("commands.getoutput", new Call(Effect.SHELL, false)),
      Map.entry("subprocess.run", new Call(Effect.ARGV, false)),
      Map.entry("subprocess.call", new Call(Effect.ARGV, false)),
      Map.entry("subprocess.check_call", new Call(Effect.ARGV, false)),
      Map.entry("subprocess.check_output", new Call(Effect.ARGV, false)),
      Map.entry("subprocess.Popen", new Call(Effect.ARGV, false)),
      Map.entry("os.execvp", new Call(Effect.PROGRAM_ARGS, false)),
      Map.entry("os.execv", new Call(Effect.PROGRAM_ARGS, false)),
      Map.entry("shutil.rmtree", new Call(Effect.REMOVE_TREE, false)),
      Map.entry("os.remove", new Call(Effect.REMOVE_FILE, false)),
      Map.entry("os.unlink", new Call(Effect.REMOVE_FILE, false)));

  private static final Map<String, Call> NODE_CALLS = Map.ofEntries(
      Map.entry("child_process.exec", new Call(Effect.SHELL, false)),
      Map.entry("child_process.execSync", new Call(Effect.SHELL, false)),
      Map.entry("child_process.spawn", new Call(Effect.PROGRAM_ARGS, false)),
      Map.entry("child_process.spawnSync", new Call(Effect.PROGRAM_ARGS, false)),
      Map.entry("child_process.execFile", new Call(Effect.PROGRAM_ARGS, false)),
      Map.entry("child_process.execFileSync", new Call(Effect.PROGRAM_ARGS, false)),
      Map.entry("fs.rmSync", new Call(Effect.REMOVE, false)),
      Map.entry("fs.rm", new Call(Effect.REMOVE, false)),
      Map.entry("fs.rmdirSync", new Call(Effect.REMOVE, false)),
      Map.entry("fs.rmdir", new Call(Effect.REMOVE, false)),
      Map.entry("fs.promises.rm", new Call(Effect.REMOVE, false)),
      Map.entry("fs.unlinkSync", new Call(Effect.REMOVE_FILE, false)),
      Map.entry("fs.unlink", new Call(Effect.REMOVE_FILE, false)),
      Map.entry("fs.promises.unlink", new Call(Effect.REMOVE_FILE, false)));

  private static final Map<String, Call> PERL_CALLS = Map.ofEntries(
      Map.entry("system", new Call(Effect.ARGV, true)),
      Map.entry("exec", new Call(Effect.ARGV, true)),
      Map.entry("unlink", new Call(Effect.REMOVE_FILE, true)),
      Map.entry("rmtree", new Call(Effect.REMOVE_TREE, true)),
      Map.entry("remove_tree", new Call(Effect.REMOVE_TREE, true)),
      Map.entry("File::Path::rmtree", new Call(Effect.REMOVE_TREE, true)),
      Map.entry("File::Path::remove_tree", new Call(Effect.REMOVE_TREE, true)));

  private static final Map<String, Call> RUBY_CALLS = Map.ofEntries(
      Map.entry("system", new Call(Effect.ARGV, true)),
      Map.entry("exec", new Call(Effect.ARGV, true)),
      Map.entry("spawn", new Call(Effect.ARGV, true)),
      Map.entry("Kernel.system", new Call(Effect.ARGV, true)),
      Map.entry("Process.spawn", new Call(Effect.ARGV, true)),
      Map.entry("Open3.capture2", new Call(Effect.ARGV, true)),
      Map.entry("Open3.capture2e", new Call(Effect.ARGV, true)),
      Map.entry("Open3.capture3", new Call(Effect.ARGV, true)),
      Map.entry("Open3.popen3", new Call(Effect.ARGV, true)),
      Map.entry("FileUtils.rm_rf", new Call(Effect.REMOVE_TREE, true)),
      Map.entry("FileUtils.rm_r", new Call(Effect.REMOVE_TREE, true)),
      Map.entry("FileUtils.rmtree", new Call(Effect.REMOVE_TREE, true)),
      Map.entry("FileUtils.remove_dir", new Call(Effect.REMOVE_TREE, true)),
      Map.entry("FileUtils.remove_entry", new Call(Effect.REMOVE_TREE, true)),
      Map.entry("FileUtils.remove_entry_secure", new Call(Effect.REMOVE_TREE, true)),
      Map.entry("FileUtils.rm", new Call(Effect.REMOVE_FILE, true)),
      Map.entry("FileUtils.rm_f", new Call(Effect.REMOVE_FILE, true)),
      Map.entry("FileUtils.remove", new Call(Effect.REMOVE_FILE, true)),
      Map.entry("File.delete", new Call(Effect.REMOVE_FILE, true)),
      Map.entry("File.unlink", new Call(Effect.REMOVE_FILE, true)));

  /** A module bound to another name: {@code import subprocess as sp}, {@code const cp = …}. */
  private static final Pattern PYTHON_ALIAS =
      Pattern.compile("\\bimport\\s+(os|subprocess|shutil)\\s+as\\s+([A-Za-z_]\\w*)");
  private static final Pattern PYTHON_FROM =
      Pattern.compile("\\bfrom\\s+(os|subprocess|shutil)\\s+import\\s+([\\w\\s,]+)");
  private static final Pattern NODE_REQUIRE = Pattern.compile(
      "\\b(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s*=\\s*require\\(\\s*['\"](?:node:)?"
          + "(child_process|fs)['\"]\\s*\\)");
  private static final Pattern NODE_DESTRUCTURE = Pattern.compile(
      "\\b(?:const|let|var)\\s*\\{([^}]*)\\}\\s*=\\s*require\\(\\s*['\"](?:node:)?"
          + "(child_process|fs)['\"]\\s*\\)");
  private static final Pattern NODE_IMPORT = Pattern.compile(
      "\\bimport\\s*(?:\\*\\s*as\\s+([A-Za-z_$][\\w$]*)|\\{([^}]*)\\})\\s*from\\s*['\"](?:node:)?"
          + "(child_process|fs)['\"]");

  /** Words that make an unreadable call worth refusing for: it may run git or remove files. */
  private static final Pattern RISKY = Pattern.compile(
      "\\bgit\\b|\\brm\\b|rmtree|remove_tree|rm_rf|rm_r\\b|rmSync|unlink|\\bclean\\b");

  /** True when code names git or a removal anywhere: unreadable code there fails closed. */
  static boolean mayBeRisky(String code) {
    return RISKY.matcher(code).find();
  }

  static Translation translate(Language language, String code) {
    Map<String, Call> calls = new java.util.HashMap<>(switch (language) {
      case PYTHON -> PYTHON_CALLS;
      case NODE -> NODE_CALLS;
      case PERL -> PERL_CALLS;
      case RUBY -> RUBY_CALLS;
    });
    addAliases(language, code, calls);
    Scanner scanner = new Scanner(language, code, calls);
    scanner.scan();
    return new Translation(String.join("\n", scanner.lines), scanner.unreadable);
  }

  private static void addAliases(Language language, String code, Map<String, Call> calls) {
    if (language == Language.PYTHON) {
      Matcher alias = PYTHON_ALIAS.matcher(code);
      while (alias.find()) {
        rebind(calls, alias.group(1) + ".", alias.group(2) + ".");
      }
      Matcher from = PYTHON_FROM.matcher(code);
      while (from.find()) {
        for (String name : from.group(2).split("[\\s,]+")) {
          Call call = calls.get(from.group(1) + "." + name);
          if (call != null) {
            calls.put(name, call);
          }
        }
      }
    } else if (language == Language.NODE) {
      Matcher require = NODE_REQUIRE.matcher(code);
      while (require.find()) {
        rebind(calls, require.group(2) + ".", require.group(1) + ".");
      }
      Matcher destructure = NODE_DESTRUCTURE.matcher(code);
      while (destructure.find()) {
        bindNames(calls, destructure.group(2), destructure.group(1));
      }
      Matcher imported = NODE_IMPORT.matcher(code);
      while (imported.find()) {
        if (imported.group(1) != null) {
          rebind(calls, imported.group(3) + ".", imported.group(1) + ".");
        } else {
          bindNames(calls, imported.group(3), imported.group(2));
        }
      }
      // require('child_process').execSync(…) written inline
      rebind(calls, "child_process.", "require('child_process').");
      rebind(calls, "child_process.", "require(\"child_process\").");
      rebind(calls, "fs.", "require('fs').");
      rebind(calls, "fs.", "require(\"fs\").");
    }
  }

  private static void rebind(Map<String, Call> calls, String module, String alias) {
    for (Map.Entry<String, Call> entry : List.copyOf(calls.entrySet())) {
      if (entry.getKey().startsWith(module)) {
        calls.put(alias + entry.getKey().substring(module.length()), entry.getValue());
      }
    }
  }

  private static void bindNames(Map<String, Call> calls, String module, String names) {
    for (String part : names.split(",")) {
      String[] binding = part.trim().split("\\s*(?::|\\bas\\b)\\s*");
      if (binding[0].isEmpty()) {
        continue;
      }
      Call call = calls.get(module + "." + binding[0]);
      if (call != null) {
        calls.put(binding.length > 1 ? binding[1] : binding[0], call);
      }
    }
  }

  /** One pass over the code: strings and comments skipped, calls read with their arguments. */
  private static final class Scanner {
    private final Language language;
    private final String code;
    private final Map<String, Call> calls;
    private final int len;
    private int pos;
    final List<String> lines = new ArrayList<>();
    String unreadable = "";

    Scanner(Language language, String code, Map<String, Call> calls) {
      this.language = language;
      this.code = code;
      this.calls = calls;
      this.len = code.length();
    }

    void scan() {
      while (pos < len) {
        char c = code.charAt(pos);
        if (code.startsWith(language.lineComment, pos)
            && !(language == Language.PERL && pos > 0 && code.charAt(pos - 1) == '$')) {
          skipLine();
        } else if (language == Language.NODE && code.startsWith("/*", pos)) {
          int end = code.indexOf("*/", pos + 2);
          pos = end < 0 ? len : end + 2;
        } else if (c == '`' && (language == Language.PERL || language == Language.RUBY)) {
          Literal command = readString();
          shell(command, "backticks");
        } else if (c == '%' && language == Language.RUBY && pos + 2 < len
            && code.charAt(pos + 1) == 'x' && "([{<|!/".indexOf(code.charAt(pos + 2)) >= 0) {
          pos += 2;
          shell(readDelimited(code.charAt(pos), true), "%x");
        } else if (c == 'q' && language == Language.PERL && code.startsWith("qx", pos)
            && pos + 2 < len && "([{<|!/".indexOf(code.charAt(pos + 2)) >= 0
            && (pos == 0 || !isIdentifierPart(code.charAt(pos - 1)))) {
          pos += 2;
          shell(readDelimited(code.charAt(pos), true), "qx");
        } else if (isQuote(c)) {
          readString();
        } else if (isIdentifierStart(c) && (pos == 0 || !isIdentifierPart(code.charAt(pos - 1))
            && code.charAt(pos - 1) != '.')) {
          int start = pos;
          String name = dottedName();
          if (isStringPrefix(name) && pos < len && isQuote(code.charAt(pos))) {
            pos = start; // r'…', f"…", b'…': a string, read as one
            readString();
            continue;
          }
          Call call = calls.get(name);
          if (call != null) {
            call(name, call);
          }
        } else {
          pos++;
        }
      }
    }

    private boolean isStringPrefix(String name) {
      return language == Language.PYTHON && name.length() <= 2
          && name.toLowerCase(Locale.ROOT).matches("[rbuf]{1,2}");
    }

    private void skipLine() {
      int end = code.indexOf('\n', pos);
      pos = end < 0 ? len : end + 1;
    }

    private String dottedName() {
      int start = pos;
      while (pos < len) {
        char c = code.charAt(pos);
        if (isIdentifierPart(c)) {
          pos++;
        } else if (c == '.' && pos + 1 < len && isIdentifierStart(code.charAt(pos + 1))) {
          pos++;
        } else if (c == ':' && language == Language.PERL && code.startsWith("::", pos)) {
          pos += 2;
        } else if (c == '(' && language == Language.NODE && code.startsWith("require(", start)
            && pos == start + 7) {
          // require('child_process').execSync: the require call is part of the name
          int close = code.indexOf(')', pos);
          if (close < 0) {
            break;
          }
          pos = close + 1;
        } else {
          break;
        }
      }
      return code.substring(start, pos);
    }

    private void call(String name, Call call) {
      int save = pos;
      skipSpaces();
      boolean parenthesised = pos < len && code.charAt(pos) == '(';
      if (parenthesised) {
        pos++;
      } else if (!call.parenthesesOptional() || pos == save || pos >= len
          || !(isQuote(code.charAt(pos)) || code.charAt(pos) == '[' || code.charAt(pos) == 'q'
              || code.charAt(pos) == '%' || code.charAt(pos) == '$')) {
        // a name written without a call (`os.system` passed around, `system` in a sentence)
        pos = save;
        return;
      }
      List<Argument> args = arguments(parenthesised);
      emit(name, call, args);
    }

    /** An argument: a literal string, a list of them, or something computed when it runs. */
    private record Argument(List<Literal> items, boolean list, String source) {
      boolean literal() {
        for (Literal item : items) {
          if (!item.literal()) {
            return false;
          }
        }
        return !items.isEmpty();
      }
    }

    /** A string literal's value, or {@code literal=false} for an interpolated or computed one. */
    private record Literal(String value, boolean literal, String source) {}

    private List<Argument> arguments(boolean parenthesised) {
      List<Argument> args = new ArrayList<>();
      while (pos < len) {
        skipSpaces();
        if (pos >= len) {
          break;
        }
        char c = code.charAt(pos);
        if (parenthesised && c == ')') {
          pos++;
          break;
        }
        if (!parenthesised && (c == ';' || c == '\n' || c == '}')) {
          break;
        }
        args.add(argument());
        skipSpaces();
        if (pos < len && code.charAt(pos) == ',') {
          pos++;
        } else if (pos < len && parenthesised && code.charAt(pos) == ')') {
          pos++;
          break;
        } else if (!parenthesised) {
          break;
        } else {
          // something we do not follow: skip to the call's end
          skipBalanced(')');
          break;
        }
      }
      return args;
    }

    private Argument argument() {
      int start = pos;
      char c = code.charAt(pos);
      if (c == '[' || c == '(' && language != Language.NODE) {
        pos++;
        List<Literal> items = new ArrayList<>();
        char close = c == '[' ? ']' : ')';
        while (pos < len) {
          skipSpaces();
          if (pos < len && code.charAt(pos) == close) {
            pos++;
            break;
          }
          items.add(item(close));
          skipSpaces();
          if (pos < len && code.charAt(pos) == ',') {
            pos++;
          }
        }
        return new Argument(items, true, code.substring(start, Math.min(pos, len)));
      }
      if (language == Language.PERL && code.startsWith("qw", pos) && pos + 2 < len
          && "([{<|!/".indexOf(code.charAt(pos + 2)) >= 0) {
        pos += 2;
        Literal words = readDelimited(code.charAt(pos), false);
        List<Literal> items = new ArrayList<>();
        for (String w : words.value().trim().split("\\s+")) {
          if (!w.isEmpty()) {
            items.add(new Literal(w, true, w));
          }
        }
        return new Argument(items, true, code.substring(start, pos));
      }
      if (language == Language.RUBY && c == '%' && pos + 2 < len
          && (code.charAt(pos + 1) == 'w' || code.charAt(pos + 1) == 'W')) {
        pos += 2;
        Literal words = readDelimited(code.charAt(pos), false);
        List<Literal> items = new ArrayList<>();
        for (String w : words.value().trim().split("\\s+")) {
          if (!w.isEmpty()) {
            items.add(new Literal(w, true, w));
          }
        }
        return new Argument(items, true, code.substring(start, pos));
      }
      Literal single = item(')');
      return new Argument(List.of(single), false, single.source());
    }

    /** One value up to a comma or {@code close}: a plain string literal, or computed. */
    private Literal item(char close) {
      int start = pos;
      if (pos < len && isQuote(code.charAt(pos))) {
        Literal s = readString();
        skipSpaces();
        if (pos >= len || code.charAt(pos) == ',' || code.charAt(pos) == close
            || code.charAt(pos) == ')' || code.charAt(pos) == ';' || code.charAt(pos) == '\n') {
          return s;
        }
      } else if (pos < len && isIdentifierStart(code.charAt(pos))) {
        int save = pos;
        String name = dottedName();
        if (isStringPrefix(name) && pos < len && isQuote(code.charAt(pos))) {
          pos = save;
          Literal s = readString();
          skipSpaces();
          if (pos >= len || code.charAt(pos) == ',' || code.charAt(pos) == close
              || code.charAt(pos) == ')') {
            return s;
          }
        }
      }
      // computed: read to the next comma or closing bracket at this level
      pos = start;
      int depth = 0;
      while (pos < len) {
        char c = code.charAt(pos);
        if (isQuote(c)) {
          readString();
          continue;
        }
        if (c == '(' || c == '[' || c == '{') {
          depth++;
        } else if (c == ')' || c == ']' || c == '}') {
          if (depth == 0) {
            break;
          }
          depth--;
        } else if (depth == 0 && (c == ',' || c == ';' || c == '\n')) {
          break;
        }
        pos++;
      }
      String source = code.substring(start, pos).trim();
      return new Literal("", false, source);
    }

    private void skipBalanced(char close) {
      int depth = 0;
      while (pos < len) {
        char c = code.charAt(pos);
        if (isQuote(c)) {
          readString();
          continue;
        }
        pos++;
        if (c == '(') {
          depth++;
        } else if (c == close) {
          if (depth == 0) {
            return;
          }
          depth--;
        }
      }
    }

    private void emit(String name, Call call, List<Argument> args) {
      if (args.isEmpty()) {
        return;
      }
      Argument first = args.get(0);
      switch (call.effect()) {
        case SHELL -> shell(first, name);
        case ARGV -> {
          boolean shell = false;
          for (Argument a : args) {
            shell |= a.source().replace(" ", "").equals("shell=True");
          }
          if (language == Language.PYTHON && !first.list() && shell) {
            shell(first, name);
          } else if (!first.list() && args.size() == 1
              && (language == Language.PERL || language == Language.RUBY)) {
            shell(first, name); // system("a b c"): one string goes to the shell
          } else if (!first.list() && language == Language.PYTHON) {
            argv(name, List.of(first.items().get(0)));
          } else if (first.list()) {
            argv(name, first.items());
          } else {
            List<Literal> items = new ArrayList<>();
            for (Argument a : args) {
              if (!a.list() && a.source().contains("=>")) {
                continue; // an option hash (chdir: …)
              }
              items.addAll(a.items());
            }
            argv(name, items);
          }
        }
        case PROGRAM_ARGS -> {
          List<Literal> items = new ArrayList<>(first.items());
          if (args.size() > 1 && args.get(1).list()) {
            List<Literal> rest = args.get(1).items();
            // os.execvp("git", ["git", "reset"]): the list repeats the program as argv[0]
            items.addAll(language == Language.PYTHON && !rest.isEmpty() ? rest.subList(1,
                rest.size()) : rest);
          }
          argv(name, items);
        }
        case REMOVE_TREE -> remove(name, args, true);
        case REMOVE_FILE -> remove(name, args, false);
        case REMOVE -> {
          boolean recursive = false;
          for (Argument a : args.subList(1, args.size())) {
            recursive |= a.source().replace(" ", "").contains("recursive:true");
          }
          remove(name, args.subList(0, 1), recursive);
        }
      }
    }

    private void shell(Argument argument, String name) {
      if (argument.items().size() == 1 && argument.items().get(0).literal()) {
        lines.add(argument.items().get(0).value());
      } else {
        risky(name, argument.source());
      }
    }

    private void shell(Literal command, String name) {
      if (command.literal()) {
        lines.add(command.value());
      } else {
        risky(name, command.source());
      }
    }

    private void argv(String name, List<Literal> items) {
      if (items.isEmpty()) {
        return;
      }
      if (!items.get(0).literal()) {
        risky(name, items.get(0).source());
        return;
      }
      StringBuilder line = new StringBuilder();
      for (Literal item : items) {
        line.append(line.length() == 0 ? "" : " ")
            .append(item.literal() ? ShellQuoting.word(item.value()) : COMPUTED);
      }
      lines.add(line.toString());
    }

    private void remove(String name, List<Argument> args, boolean recursive) {
      StringBuilder line = new StringBuilder(recursive ? "rm -rf --" : "rm -f --");
      int paths = 0;
      for (Argument a : args) {
        if (a.source().contains("=")) {
          continue; // ignore_errors=True, keyword options
        }
        for (Literal item : a.items()) {
          line.append(' ').append(item.literal() ? ShellQuoting.word(item.value()) : COMPUTED);
          paths++;
        }
      }
      if (paths > 0) {
        lines.add(line.toString());
      }
    }

    /** A call whose command is computed: worth failing closed for when it may be a loss. */
    private void risky(String name, String source) {
      if (unreadable.isEmpty() && RISKY.matcher(code).find()) {
        unreadable = "the " + language.label + " code runs `" + name + "` with a command computed"
            + " when it runs (`" + abbreviate(source) + "`), so what it runs cannot be read";
      }
    }

    private static String abbreviate(String text) {
      String one = text.replace('\n', ' ');
      return one.length() <= 40 ? one : one.substring(0, 37) + "...";
    }

    private void skipSpaces() {
      while (pos < len) {
        char c = code.charAt(pos);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' && isContinuation()) {
          pos++;
        } else if (c == '\\' && pos + 1 < len && code.charAt(pos + 1) == '\n') {
          pos += 2;
        } else {
          return;
        }
      }
    }

    /** Inside brackets a line feed does not end an argument list. */
    private boolean isContinuation() {
      return true;
    }

    private boolean isQuote(char c) {
      return c == '\'' || c == '"' || c == '`' && language == Language.NODE;
    }

    /** Reads a string literal at {@code pos}: its value, and whether it is free of interpolation. */
    private Literal readString() {
      int start = pos;
      char quote = code.charAt(pos);
      boolean triple = language == Language.PYTHON && code.startsWith(String.valueOf(quote)
          .repeat(3), pos);
      boolean raw = false;
      boolean formatted = false;
      // a python prefix just before: r'…', f"…"
      int p = start - 1;
      while (p >= 0 && language == Language.PYTHON && "rRbBuUfF".indexOf(code.charAt(p)) >= 0) {
        char prefix = Character.toLowerCase(code.charAt(p));
        raw |= prefix == 'r';
        formatted |= prefix == 'f';
        p--;
      }
      pos += triple ? 3 : 1;
      StringBuilder value = new StringBuilder();
      boolean interpolated = formatted;
      while (pos < len) {
        char c = code.charAt(pos);
        if (triple ? code.startsWith(String.valueOf(quote).repeat(3), pos) : c == quote) {
          pos += triple ? 3 : 1;
          return new Literal(value.toString(), !interpolated, code.substring(prefixStart(start),
              pos));
        }
        if (c == '\\' && pos + 1 < len && !(raw && code.charAt(pos + 1) != quote)) {
          char next = code.charAt(pos + 1);
          value.append(switch (next) {
            case 'n' -> '\n';
            case 't' -> '\t';
            default -> next;
          });
          pos += 2;
          continue;
        }
        if (interpolates(quote, c)) {
          interpolated = true;
        }
        value.append(c);
        pos++;
      }
      return new Literal(value.toString(), false, code.substring(start));
    }

    private int prefixStart(int start) {
      int p = start;
      while (p > 0 && language == Language.PYTHON && "rRbBuUfF".indexOf(code.charAt(p - 1)) >= 0) {
        p--;
      }
      return p;
    }

    private boolean interpolates(char quote, char c) {
      return switch (language) {
        case NODE -> quote == '`' && c == '$' && pos + 1 < len && code.charAt(pos + 1) == '{';
        case PERL -> (quote == '"' || quote == '`') && (c == '$' || c == '@')
            && pos + 1 < len && (isIdentifierStart(code.charAt(pos + 1))
                || code.charAt(pos + 1) == '{');
        case RUBY -> (quote == '"' || quote == '`') && c == '#' && pos + 1 < len
            && code.charAt(pos + 1) == '{';
        case PYTHON -> false;
      };
    }

    /** {@code qx{…}}, {@code %x(…)}, {@code qw[…]}: the text up to the matching delimiter. */
    private Literal readDelimited(char open, boolean interpolating) {
      char close = switch (open) {
        case '(' -> ')';
        case '[' -> ']';
        case '{' -> '}';
        case '<' -> '>';
        default -> open;
      };
      int start = pos;
      pos++;
      int depth = 0;
      StringBuilder value = new StringBuilder();
      boolean interpolated = false;
      while (pos < len) {
        char c = code.charAt(pos);
        if (c == '\\' && pos + 1 < len) {
          value.append(code.charAt(pos + 1));
          pos += 2;
          continue;
        }
        if (c == close && depth == 0) {
          pos++;
          return new Literal(value.toString(), !interpolated, code.substring(start, pos));
        }
        if (c == open && open != close) {
          depth++;
        } else if (c == close) {
          depth--;
        }
        if (interpolating && (language == Language.PERL ? c == '$' || c == '@'
            : c == '#' && pos + 1 < len && code.charAt(pos + 1) == '{')) {
          interpolated = true;
        }
        value.append(c);
        pos++;
      }
      return new Literal(value.toString(), false, code.substring(start));
    }

    private boolean isIdentifierStart(char c) {
      return Character.isLetter(c) || c == '_' || c == '$' && language == Language.NODE;
    }

    private boolean isIdentifierPart(char c) {
      return Character.isLetterOrDigit(c) || c == '_' || c == '$' && language == Language.NODE;
    }
  }
}
