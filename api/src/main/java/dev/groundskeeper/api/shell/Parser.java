package dev.groundskeeper.api.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A recursive-descent reader of bash command text. It never throws for bad input: what it cannot
 * read is recorded as a {@link ParseProblem} and reading stops there (a nested string re-parsed
 * from {@code sh -c} or backticks stops alone). Each {@link SimpleCommand} is made as soon as its
 * last word is read: what arrives later (a heredoc body, a compound's trailing redirections) is
 * added to lists the command already holds, which make their elements on first read.
 */
final class Parser {

  private static final int MAX_LEVEL = 100;
  /** Nested strings may be re-read this many times the script's length, beside the floor. */
  static final int REPARSE_FACTOR = 16;
  static final int REPARSE_FLOOR = 64 * 1024;
  /**
   * The longest directory path a {@code cd} chain is followed to: Linux's PATH_MAX, the longest
   * path one call may name, so that the paths every later command carries stay small.
   */
  static final int MAX_DIRECTORY_CHARS = 4096;

  /** What all parsers of one script share. */
  static final class Sink {
    /** The script's commands in order; handed to the {@link Script} as it is. */
    final CompactList<SimpleCommand> commands = new CompactList<>(6);
    /** Empty and immutable until the first problem: most scripts have none. */
    List<ParseProblem> problems = List.of();
    int pipelines;
    /**
     * How many characters nested strings may be re-read in all ({@code sh -c}, {@code eval},
     * wrappers that run their words). Each wrapper inside a re-read string is re-read again, so an
     * unbounded reading grows with the power of the nesting depth: a 40 KB chain of
     * {@code watch 'x'$(watch 'x'$(…} exhausted a 6 GB heap.
     */
    final long reparseBudget;
    long reparsed;
    boolean reparseBudgetSpent;
    /**
     * How many characters of directory paths and pushd stack entries the moves may build in all,
     * the same multiple of the script's length. Each {@code cd x} makes a path one segment
     * longer than the last, so a chain of them builds paths quadratic in its length: 1 MiB of
     * {@code cd x && } exhausted a 1 GB heap in the fuzzer (issue 17).
     */
    final long directoryBudget;
    long directoryChars;
    boolean directoryBudgetSpent;

    Sink(int sourceLength) {
      this.reparseBudget = (long) sourceLength * REPARSE_FACTOR + REPARSE_FLOOR;
      this.directoryBudget = reparseBudget;
    }

    void addProblem(ParseProblem problem) {
      if (problems.isEmpty()) {
        problems = new ArrayList<>(2);
      }
      problems.add(problem);
    }
  }

  /** Where positions of this parser's text fall in the original source. */
  private static final class Origin {
    final int base;
    final int spanStart;
    final int spanEnd;

    Origin(int base, int spanStart, int spanEnd) {
      this.base = base;
      this.spanStart = spanStart;
      this.spanEnd = spanEnd;
    }

    static final Origin SOURCE = new Origin(0, -1, -1);

    static Origin exact(int base) {
      return base == 0 ? SOURCE : new Origin(base, -1, -1);
    }

    static Origin span(int start, int end) {
      return new Origin(0, start, end);
    }

    int start(int i) {
      return spanStart >= 0 ? spanStart : base + i;
    }

    int end(int i) {
      return spanStart >= 0 ? spanEnd : base + i;
    }
  }

  static final class RedirBuilder {
    OptionalInt descriptor = OptionalInt.empty();
    Optional<String> variable = Optional.empty();
    RedirectOperator operator;
    Word target;
    /** A body that is not a plain range of the source (tabs stripped, or missing). */
    String heredocBody;
    /** Otherwise the body is {@code bodySource[bodyStart, bodyEnd)}, copied only when read. */
    String bodySource;
    int bodyStart;
    int bodyEnd;
    boolean heredocQuoted;
    /** Written on a simple command (not after a compound): its heredoc may be a script. */
    boolean ofSimpleCommand;
    /** The heredoc body was read before its command ended; it is judged when the command ends. */
    boolean bodyRead;
    /** For a heredoc of a simple command: that command, its base name and directory state. */
    SimpleCommand owner;
    String ownerBase;
    DirState ownerDir;
    int start;
    int end;
    private Redirection built;

    Redirection build() {
      Redirection r = built;
      if (r == null) {
        r = new Redirection(descriptor, variable, operator, target, Optional.ofNullable(body()),
            start, end);
        built = r;
      }
      return r;
    }

    /** The heredoc body (null for other redirections). */
    String body() {
      return bodySource != null ? bodySource.substring(bodyStart, bodyEnd) : heredocBody;
    }
  }

  /** The base name of a command's first word when it is static, else "". */
  static String baseName(List<Word> words) {
    return words.isEmpty() || !words.get(0).isStatic() ? "" : Paths.basename(words.get(0).value());
  }

  /**
   * The directory chain as the parser walks the script. Immutable: every move makes a new state,
   * so saving and restoring the chain around a subshell or pipeline is sharing a reference.
   */
  static final class DirState {
    static final DirState START = new DirState("", false, Directory.Certainty.CERTAIN, List.of());

    final String path;
    final boolean moved;
    final Directory.Certainty certainty;
    /** The pushd stack; {@code null} entries are directories that were not known. */
    final List<String> stack;
    private final Directory snapshot;

    private DirState(String path, boolean moved, Directory.Certainty certainty,
        List<String> stack) {
      this.path = path;
      this.moved = moved;
      this.certainty = certainty;
      this.stack = stack;
      if (certainty == Directory.Certainty.UNKNOWN) {
        snapshot = new Directory(certainty, Optional.empty());
      } else if (!moved && certainty == Directory.Certainty.CERTAIN) {
        snapshot = Directory.START;
      } else {
        snapshot = new Directory(certainty, path.isEmpty() ? Optional.empty() : Optional.of(path));
      }
    }

    boolean sameAs(DirState o) {
      return path.equals(o.path) && certainty == o.certainty && moved == o.moved;
    }

    Directory snapshot() {
      return snapshot;
    }

    DirState afterOperator(ListOperator op) {
      if (moved && certainty == Directory.Certainty.CERTAIN && (op == ListOperator.SEMICOLON
          || op == ListOperator.NEWLINE || op == ListOperator.OR
          || op == ListOperator.BACKGROUND)) {
        return new DirState(path, true, Directory.Certainty.UNCERTAIN, stack);
      }
      return this;
    }

    DirState weakened() {
      Directory.Certainty c = certainty.weakest(Directory.Certainty.UNCERTAIN);
      return c == certainty ? this : new DirState(path, moved, c, stack);
    }

    DirState unknown() {
      return new DirState("", true, Directory.Certainty.UNKNOWN, stack);
    }

    DirState moveTo(String target) {
      boolean absolute = target.startsWith("/") || target.equals("~") || target.startsWith("~/");
      if (absolute) {
        return new DirState(Paths.normalize(target), true, Directory.Certainty.CERTAIN, stack);
      }
      if (certainty == Directory.Certainty.UNKNOWN) {
        return new DirState("", true, certainty, stack);
      }
      return new DirState(Paths.join(path, target), true, certainty, stack);
    }

    DirState returnTo(String back) {
      return new DirState(back, true, certainty, stack.subList(0, stack.size() - 1));
    }

    DirState pushed() {
      List<String> next = new ArrayList<>(stack.size() + 1);
      next.addAll(stack);
      next.add(certainty == Directory.Certainty.UNKNOWN ? null : path);
      return new DirState(path, moved, certainty, next);
    }

    DirState popped() {
      return new DirState(path, moved, certainty, stack.subList(0, stack.size() - 1));
    }
  }

  private final String s;
  private final int len;
  private final Origin origin;
  private final Sink sink;
  private int pos;
  private int level;
  private boolean stopped;
  private ListOperator pendingOp = ListOperator.NONE;
  private ListOperator commandOp = ListOperator.NONE;
  /** The constructs the cursor is inside, outermost first; shared by the commands read there. */
  private List<Nesting> nest = CompactList.empty();
  private DirState dir = DirState.START;
  /** Heredocs whose bodies start after the next newline; empty and immutable while none wait. */
  private List<RedirBuilder> heredocs = List.of();
  private int pipeline;
  private int position;

  private Parser(String text, Origin origin, int level, Sink sink) {
    this.s = text;
    this.len = text.length();
    this.origin = origin;
    this.level = level;
    this.sink = sink;
  }

  static Sink parse(String source) {
    Sink sink = new Sink(source.length());
    try {
      Parser p = new Parser(source, Origin.exact(0), 0, sink);
      p.pipeline = ++sink.pipelines;
      p.parseWhole();
    } catch (RuntimeException | StackOverflowError e) {
      sink.addProblem(new ParseProblem("internal parser error: " + e.getClass().getSimpleName(),
          0));
    }
    return sink;
  }

  private void parseWhole() {
    parseList();
    if (!stopped && pos < len) {
      fail("unexpected '" + tokenAt(pos) + "'", pos);
    }
    if (!heredocs.isEmpty()) {
      problem("the heredoc body is missing (no line follows the command)", heredocs.get(0).start);
      for (RedirBuilder h : heredocs) {
        h.heredocBody = "";
      }
      heredocs = List.of();
    }
  }

  // ---------------------------------------------------------------- problems

  private void problem(String reason, int at) {
    sink.addProblem(new ParseProblem(reason, origin.start(Math.min(at, len))));
  }

  /** Records a problem at {@code offset} of the whole command's text (not of this parser's). */
  void addProblem(String reason, int offset) {
    sink.addProblem(new ParseProblem(reason, offset));
  }

  private void fail(String reason, int at) {
    if (!stopped) {
      problem(reason, at);
      stopped = true;
    }
    pos = len;
  }

  private String tokenAt(int at) {
    int end = at + 1;
    while (end < len && end < at + 12 && !isBlank(s.charAt(end)) && s.charAt(end) != '\n') {
      end++;
    }
    return s.substring(at, Math.min(end, len));
  }

  // ---------------------------------------------------------------- characters

  private char at(int i) {
    return i < len ? s.charAt(i) : '\0';
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f';
  }

  private static boolean isMeta(char c) {
    return c < 128 && (CLASS.charAt(c) & META) != 0;
  }

  /** What an ASCII character is to the scanner, as a set of the flags below. */
  private static final String CLASS;
  /** Ends a word: blanks, newline, {@code ; & | ( ) < >}. */
  private static final int META = 1;
  /** Ends a plain word: a metacharacter, or a quote, escape or expansion that needs reading. */
  private static final int SPECIAL = 2;
  /** Makes a word a pattern ({@code *}, {@code ?}) or may start a brace expansion ({@code {}). */
  private static final int GLOB = 4;
  /** May stand in a variable name: letters, digits, {@code _}. */
  private static final int NAME = 8;
  /** May start a variable name: letters, {@code _}. */
  private static final int NAME_START = 16;
  /** At a word's start, may begin a comment or a redirection ({@code 2>}, {@code {fd}>}). */
  private static final int NOT_PLAIN_START = 32;
  /** May begin a reserved word ({@code if}, {@code done}, {@code {}, {@code [[}, …). */
  private static final int RESERVED_START = 64;

  static {
    char[] table = new char[128];
    for (char c : " \t\n\r\f;&|()<>".toCharArray()) {
      table[c] |= META | SPECIAL;
    }
    for (char c : "\\'\"$`".toCharArray()) {
      table[c] |= SPECIAL;
    }
    for (char c : "#{0123456789".toCharArray()) {
      table[c] |= NOT_PLAIN_START;
    }
    for (char c : "{}![cdefistuw".toCharArray()) {
      table[c] |= RESERVED_START;
    }
    table['*'] |= GLOB;
    table['?'] |= GLOB;
    table['['] |= GLOB;
    table['{'] |= GLOB;
    for (char c = 0; c < 128; c++) {
      boolean letter = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
      if (letter || c == '_') {
        table[c] |= NAME | NAME_START;
      } else if (c >= '0' && c <= '9') {
        table[c] |= NAME;
      }
    }
    CLASS = new String(table);
  }


  private static boolean isName(char c, int flag) {
    return c < 128 && (CLASS.charAt(c) & flag) != 0;
  }

  /** True when a word ending at {@code i} is delimited there. */
  private boolean delimitedAt(int i) {
    return i >= len || isMeta(s.charAt(i));
  }

  private boolean startsWith(String token) {
    return s.startsWith(token, pos);
  }

  private void skipBlanks() {
    int i = pos;
    while (i < len) {
      char c = s.charAt(i);
      if (c > ' ' && c != '\\') {
        break; // the usual way out: a visible character
      }
      if (isBlank(c)) {
        i++;
      } else if (c == '\\' && i + 1 < len && s.charAt(i + 1) == '\n') {
        i += 2;
      } else {
        break;
      }
    }
    pos = i;
  }

  private void skipBlanksAndComment() {
    skipBlanks();
    if (pos < len && s.charAt(pos) == '#') {
      while (pos < len && s.charAt(pos) != '\n') {
        pos++;
      }
    }
  }

  private void skipLinebreaks() {
    while (!stopped) {
      skipBlanksAndComment();
      if (pos < len && s.charAt(pos) == '\n') {
        pos++;
        newlineConsumed();
      } else {
        return;
      }
    }
  }

  /**
   * The reserved word at the cursor, when one stands there in command position. The second
   * character is tested first: it turns away most command names ({@code cd}, {@code echo},
   * {@code tee}, …) without comparing whole words.
   */
  private String reservedAt() {
    char c = at(pos);
    char n = at(pos + 1);
    switch (c) {
      case '{':
        return delimitedAt(pos + 1) ? "{" : "";
      case '}':
        return delimitedAt(pos + 1) ? "}" : "";
      case '!':
        return delimitedAt(pos + 1) ? "!" : "";
      case '[':
        return n == '[' && delimitedAt(pos + 2) ? "[[" : "";
      case 'c':
        return n == 'a' ? reserved("case", "", "") : "";
      case 'd':
        return n == 'o' ? reserved("do", "done", "") : "";
      case 'e':
        return n == 'l' || n == 's' ? reserved("elif", "else", "esac") : "";
      case 'f':
        return n == 'i' || n == 'o' || n == 'u' ? reserved("fi", "for", "function") : "";
      case 'i':
        return n == 'f' || n == 'n' ? reserved("if", "in", "") : "";
      case 's':
        return n == 'e' ? reserved("select", "", "") : "";
      case 't':
        return n == 'h' ? reserved("then", "", "") : "";
      case 'u':
        return n == 'n' ? reserved("until", "", "") : "";
      case 'w':
        return n == 'h' ? reserved("while", "", "") : "";
      default:
        return "";
    }
  }

  /** The one of the reserved words {@code a}, {@code b}, {@code c} standing whole at the cursor, or "". */
  private String reserved(String a, String b, String c) {
    if (s.startsWith(a, pos) && delimitedAt(pos + a.length())) {
      return a;
    }
    if (!b.isEmpty() && s.startsWith(b, pos) && delimitedAt(pos + b.length())) {
      return b;
    }
    if (!c.isEmpty() && s.startsWith(c, pos) && delimitedAt(pos + c.length())) {
      return c;
    }
    return "";
  }

  private boolean atListEnd() {
    if (pos >= len) {
      return true;
    }
    char c = s.charAt(pos);
    if (c == ')') {
      return true;
    }
    if (c == ';' && (at(pos + 1) == ';' || at(pos + 1) == '&')) {
      return true;
    }
    if (c != 't' && c != 'e' && c != 'f' && c != 'd' && c != '}') {
      return false;
    }
    switch (reservedAt()) {
      case "then": case "elif": case "else": case "fi": case "do": case "done": case "esac":
      case "}":
        return true;
      default:
        return false;
    }
  }

  private boolean expectReserved(String word, int openedAt) {
    skipLinebreaks();
    if (!stopped && reservedAt().equals(word)) {
      pos += word.length();
      return true;
    }
    if (!stopped) {
      fail(pos >= len ? "'" + word + "' expected before the end (opened at offset "
          + origin.start(openedAt) + ")" : "'" + word + "' expected, found '" + tokenAt(pos) + "'",
          pos);
    }
    return false;
  }

  private boolean enter(int at) {
    if (++level > MAX_LEVEL) {
      fail("nesting deeper than " + MAX_LEVEL + " levels", at);
      return false;
    }
    return true;
  }

  /** Enters a construct that takes no redirections of its own. */
  private void push(Nesting.Kind kind, String detail, int start) {
    nest = nested(nest, new Nesting(kind, detail, origin.start(start), CompactList.empty()));
  }

  /**
   * Enters a compound ({@code ( )}, {@code { }}, {@code if}, a loop); returns the list its
   * trailing redirections are added to once its end is read.
   */
  private RedirectionList pushCompound(Nesting.Kind kind, String detail, int start) {
    RedirectionList redirections = new RedirectionList();
    nest = nested(nest, new Nesting(kind, detail, origin.start(start), redirections));
    return redirections;
  }

  /** {@code chain} with {@code inner} added as its innermost construct. */
  private static List<Nesting> nested(List<Nesting> chain, Nesting inner) {
    CompactList<Nesting> next = new CompactList<>(chain.size() + 1);
    next.appendAll(chain);
    next.append(inner);
    return next;
  }

  private void pop(List<Nesting> saved) {
    nest = saved;
  }

  // ---------------------------------------------------------------- lists

  private void parseList() {
    skipLinebreaks();
    while (!stopped && !atListEnd()) {
      DirState before = dir;
      parseAndOr();
      if (stopped) {
        return;
      }
      skipBlanksAndComment();
      if (pos >= len) {
        return;
      }
      char c = s.charAt(pos);
      if (c == ';') {
        if (at(pos + 1) == ';' || at(pos + 1) == '&') {
          return;
        }
        pos++;
        pendingOp = ListOperator.SEMICOLON;
      } else if (c == '&') {
        pos++;
        pendingOp = ListOperator.BACKGROUND;
        dir = before;
      } else if (c == '\n') {
        pos++;
        pendingOp = ListOperator.NEWLINE;
        newlineConsumed();
      } else {
        return;
      }
      skipLinebreaks();
    }
  }

  private void parseAndOr() {
    parsePipeline();
    while (!stopped) {
      skipBlanks();
      char c = at(pos);
      if (c == '&' && at(pos + 1) == '&') {
        pos += 2;
        pendingOp = ListOperator.AND;
      } else if (c == '|' && at(pos + 1) == '|') {
        pos += 2;
        pendingOp = ListOperator.OR;
      } else {
        return;
      }
      skipLinebreaks();
      parsePipeline();
    }
  }

  private void parsePipeline() {
    skipBlanks();
    List<Nesting> savedNest = nest;
    if (at(pos) == '!' && delimitedAt(pos + 1)) {
      push(Nesting.Kind.NEGATION, "!", pos);
      pos++;
      skipBlanks();
    }
    int savedPipeline = pipeline;
    int savedPosition = position;
    pipeline = ++sink.pipelines;
    position = 0;
    DirState before = dir;
    parseCommand();
    while (!stopped) {
      skipBlanks();
      if (at(pos) == '|' && at(pos + 1) != '|') {
        boolean stderr = at(pos + 1) == '&';
        pos += stderr ? 2 : 1;
        pendingOp = stderr ? ListOperator.PIPE_STDERR : ListOperator.PIPE;
        skipLinebreaks();
        position++;
        dir = before;
        parseCommand();
      } else {
        break;
      }
    }
    if (position > 0) {
      dir = before;
    }
    pipeline = savedPipeline;
    position = savedPosition;
    pop(savedNest);
  }

  /** Reads one command at the cursor; every caller has skipped the blanks before it. */
  private void parseCommand() {
    if (stopped) {
      return;
    }
    char first = at(pos);
    if (first >= 128 || (CLASS.charAt(first) & (META | RESERVED_START)) == 0 && first != '\0') {
      // the usual command: it cannot start a compound, a reserved word or a list's end
      if (enter(pos)) {
        parseSimple();
        level--;
      }
      return;
    }
    if (pos >= len || atListEnd() || at(pos) == '\n' || at(pos) == ';' || at(pos) == '|'
        || (at(pos) == '&' && at(pos + 1) != '>')) {
      fail(pos >= len ? "a command is missing at the end" : "a command is missing before '"
          + tokenAt(pos) + "'", pos);
      return;
    }
    int start = pos;
    if (!enter(start)) {
      return;
    }
    try {
      if (at(pos) == '(') {
        if (at(pos + 1) == '(') {
          parseArithmeticCommand();
        } else {
          parseSubshell();
        }
        return;
      }
      switch (reservedAt()) {
        case "{":
          parseBraceGroup();
          return;
        case "if":
          parseIf();
          return;
        case "while":
        case "until":
          parseWhile();
          return;
        case "for":
        case "select":
          parseFor();
          return;
        case "case":
          parseCase();
          return;
        case "function":
          parseFunction(true);
          return;
        case "[[":
          parseDoubleBracket();
          return;
        case "in":
        case "!":
          break;
        case "":
          if (first == 't' && timedCompound()) {
            return;
          }
          break;
        default:
          fail("unexpected '" + reservedAt() + "'", pos);
          return;
      }
      parseSimple();
    } finally {
      level--;
    }
  }

  // ---------------------------------------------------------------- compounds

  private static final java.util.Set<String> COMPOUND_STARTS = java.util.Set.of("{", "if",
      "while", "until", "for", "select", "case", "[[");

  /**
   * Reads {@code time [-p] [--]} before a compound command ({@code time { make; git push; }},
   * {@code time ( … )}, {@code time for …}): the compound's commands run inside
   * {@code WRAPPER(time)}. False, reading nothing, when no compound follows: a {@code time}
   * before a simple command is read as a wrapper of it.
   */
  private boolean timedCompound() {
    if (!s.startsWith("time", pos) || !delimitedAt(pos + 4)) {
      return false;
    }
    int start = pos;
    int j = pos + 4;
    while (true) {
      while (j < len && isBlank(s.charAt(j))) {
        j++;
      }
      if ((s.startsWith("-p", j) || s.startsWith("--", j)) && delimitedAt(j + 2)) {
        j += 2;
        continue;
      }
      break;
    }
    pos = j;
    if (at(j) != '(' && !COMPOUND_STARTS.contains(reservedAt())) {
      pos = start;
      return false;
    }
    List<Nesting> saved = nest;
    push(Nesting.Kind.WRAPPER, "time", start);
    parseCommand();
    pop(saved);
    return true;
  }

  private void parseArithmeticCommand() {
    int start = pos;
    int end = arithmeticEnd(pos + 2);
    if (end < 0) {
      fail("unterminated '(('", start);
      return;
    }
    pos = end;
    parseCompoundRedirections(null);
  }

  private void parseSubshell() {
    int start = pos;
    pos++;
    List<Nesting> savedNest = nest;
    RedirectionList n = pushCompound(Nesting.Kind.SUBSHELL, "", start);
    DirState saved = dir;
    parseList();
    if (!stopped) {
      if (at(pos) == ')') {
        pos++;
      } else {
        fail("')' expected to close the subshell opened at offset " + origin.start(start), pos);
      }
    }
    dir = saved;
    pop(savedNest);
    parseCompoundRedirections(n);
  }

  private void parseBraceGroup() {
    int start = pos;
    pos++;
    List<Nesting> savedNest = nest;
    RedirectionList n = pushCompound(Nesting.Kind.BRACE_GROUP, "", start);
    parseList();
    if (!stopped && !expectReserved("}", start)) {
      return;
    }
    pop(savedNest);
    parseCompoundRedirections(n);
  }

  private void parseIf() {
    int start = pos;
    pos += 2;
    List<Nesting> savedNest = nest;
    RedirectionList n = pushCompound(Nesting.Kind.IF, "if", start);
    DirState before = dir;
    parseList();
    if (!expectReserved("then", start)) {
      return;
    }
    pendingOp = ListOperator.SEMICOLON;
    parseList();
    while (!stopped) {
      skipLinebreaks();
      String word = reservedAt();
      if (word.equals("elif")) {
        pos += 4;
        pendingOp = ListOperator.SEMICOLON;
        parseList();
        if (!expectReserved("then", start)) {
          return;
        }
        pendingOp = ListOperator.SEMICOLON;
        parseList();
      } else if (word.equals("else")) {
        pos += 4;
        pendingOp = ListOperator.SEMICOLON;
        parseList();
      } else {
        break;
      }
    }
    if (!expectReserved("fi", start)) {
      return;
    }
    endConditional(before);
    pop(savedNest);
    parseCompoundRedirections(n);
  }

  private void endConditional(DirState before) {
    if (!dir.sameAs(before)) {
      dir = dir.weakened();
    }
  }

  private void parseWhile() {
    int start = pos;
    String word = reservedAt();
    pos += word.length();
    List<Nesting> savedNest = nest;
    RedirectionList n = pushCompound(Nesting.Kind.LOOP, word, start);
    DirState before = dir;
    parseList();
    parseLoopBody(start, before, savedNest, n);
  }

  private void parseLoopBody(int start, DirState before, List<Nesting> savedNest,
      RedirectionList n) {
    skipLinebreaks();
    if (reservedAt().equals("{")) {
      int open = pos;
      pos++;
      pendingOp = ListOperator.SEMICOLON;
      parseList();
      if (!expectReserved("}", open)) {
        return;
      }
    } else {
      if (!expectReserved("do", start)) {
        return;
      }
      pendingOp = ListOperator.SEMICOLON;
      parseList();
      if (!expectReserved("done", start)) {
        return;
      }
    }
    endConditional(before);
    pop(savedNest);
    parseCompoundRedirections(n);
  }

  private void parseFor() {
    int start = pos;
    String word = reservedAt();
    pos += word.length();
    List<Nesting> savedNest = nest;
    RedirectionList n = pushCompound(Nesting.Kind.LOOP, word, start);
    DirState before = dir;
    skipBlanks();
    if (startsWith("((")) {
      int end = arithmeticEnd(pos + 2);
      if (end < 0) {
        fail("unterminated '((' in for", pos);
        return;
      }
      pos = end;
    } else {
      if (parseWord() == null) {
        fail("a loop variable is missing after '" + word + "'", pos);
        return;
      }
      skipLinebreaks();
      if (reservedAt().equals("in")) {
        pos += 2;
        while (!stopped) {
          skipBlanks();
          char c = at(pos);
          if (pos >= len || c == ';' || c == '\n') {
            break;
          }
          if (c == '#') {
            skipBlanksAndComment();
            continue;
          }
          if (parseWord() == null) {
            fail("unexpected '" + tokenAt(pos) + "' in the word list", pos);
            return;
          }
        }
      }
    }
    skipBlanks();
    if (at(pos) == ';') {
      pos++;
    }
    parseLoopBody(start, before, savedNest, n);
  }

  private void parseCase() {
    int start = pos;
    pos += 4;
    skipBlanks();
    if (parseWord() == null) {
      fail("a word is missing after 'case'", pos);
      return;
    }
    if (!expectReserved("in", start)) {
      return;
    }
    List<Nesting> savedNest = nest;
    DirState before = dir;
    while (!stopped) {
      skipLinebreaks();
      if (pos >= len || reservedAt().equals("esac")) {
        break;
      }
      int itemStart = pos;
      if (at(pos) == '(') {
        pos++;
      }
      while (!stopped) {
        skipBlanks();
        if (parseWord() == null) {
          fail("a case pattern is missing", pos);
          return;
        }
        skipBlanks();
        if (at(pos) == '|') {
          pos++;
          continue;
        }
        break;
      }
      if (at(pos) != ')') {
        fail("')' expected after the case pattern", pos);
        return;
      }
      pos++;
      push(Nesting.Kind.CASE, "case", itemStart);
      pendingOp = ListOperator.SEMICOLON;
      parseList();
      pop(savedNest);
      skipLinebreaks();
      if (startsWith(";;&")) {
        pos += 3;
      } else if (startsWith(";;") || startsWith(";&")) {
        pos += 2;
      }
    }
    if (!expectReserved("esac", start)) {
      return;
    }
    endConditional(before);
    parseCompoundRedirections(null);
  }

  /** True when {@code ( )} (blanks allowed) stands at {@code i}. */
  private boolean functionParensAt(int i) {
    if (at(i) != '(') {
      return false;
    }
    i++;
    while (i < len && isBlank(s.charAt(i))) {
      i++;
    }
    return at(i) == ')';
  }

  private void parseFunction(boolean keyword) {
    int start = pos;
    if (keyword) {
      pos += "function".length();
      skipBlanks();
    }
    int nameStart = pos;
    while (pos < len && !isMeta(s.charAt(pos))) {
      pos++;
    }
    String name = s.substring(nameStart, pos);
    if (name.isEmpty()) {
      fail("a function name is missing", pos);
      return;
    }
    skipBlanks();
    if (at(pos) == '(') {
      pos++;
      skipBlanks();
      if (at(pos) != ')') {
        fail("')' expected in the function definition", pos);
        return;
      }
      pos++;
    }
    skipLinebreaks();
    List<Nesting> savedNest = nest;
    push(Nesting.Kind.FUNCTION, name, start);
    DirState saved = dir;
    ListOperator savedOp = pendingOp;
    pendingOp = ListOperator.SEMICOLON;
    parseCommand();
    pendingOp = savedOp;
    dir = saved;
    pop(savedNest);
  }

  private void parseDoubleBracket() {
    ListOperator op = takePendingOp();
    CompactList<Word> words = new CompactList<>(6);
    int start = pos;
    words.append(word("[[", pos, pos + 2, true));
    pos += 2;
    while (!stopped) {
      skipBlanks();
      if (pos >= len) {
        fail("']]' expected to close '[[' at offset " + origin.start(start), pos);
        return;
      }
      if (startsWith("]]") && delimitedAt(pos + 2)) {
        words.append(word("]]", pos, pos + 2, true));
        pos += 2;
        break;
      }
      char c = s.charAt(pos);
      if (c == '\n') {
        pos++;
        newlineConsumed();
        continue;
      }
      if ("<>()&|!".indexOf(c) >= 0) {
        int from = pos;
        while (pos < len && "<>()&|!".indexOf(s.charAt(pos)) >= 0) {
          pos++;
        }
        words.append(sourceWord(from, pos, true));
        continue;
      }
      Word w = parseWord();
      if (w == null) {
        pos++;
      } else {
        words.append(w);
      }
    }
    finishCommand(words, CompactList.empty(), null, op, origin.start(start), origin.end(pos));
  }

  /** Reads the redirections after a compound; {@code into} is null where they are not kept. */
  private void parseCompoundRedirections(RedirectionList into) {
    while (!stopped) {
      skipBlanks();
      if (!redirectionAt()) {
        return;
      }
      RedirBuilder r = parseRedirection(false);
      if (r != null && into != null) {
        into.add(r);
      }
    }
  }

  // ---------------------------------------------------------------- simple commands

  /** The operator written before the command starting here, which no later command shares. */
  private ListOperator takePendingOp() {
    ListOperator op = pendingOp;
    pendingOp = ListOperator.NONE;
    return op;
  }

  private void parseSimple() {
    ListOperator op = takePendingOp();
    int start = origin.start(pos);
    CompactList<Word> words = new CompactList<>(4);
    List<Assignment> assignments = CompactList.empty();
    RedirectionList redirections = null;
    ListOperator savedCommandOp = commandOp;
    commandOp = op;
    int lastEnd = pos;
    int firstWordAt = pos;
    while (!stopped) {
      skipBlanks();
      if (pos >= len) {
        break;
      }
      char c = s.charAt(pos);
      // most words start with a character that can only start a word: skip the other checks
      if (c < 128 && (CLASS.charAt(c) & (META | NOT_PLAIN_START)) != 0) {
        if (c == '#') {
          skipBlanksAndComment();
          break;
        }
        if (redirectionAt()) {
          RedirBuilder r = parseRedirection(true);
          if (r != null) {
            if (redirections == null) {
              redirections = new RedirectionList();
            }
            redirections.add(r);
          }
          lastEnd = pos;
          continue;
        }
        if (isMeta(c) && !processSubstitutionAt(pos)) {
          if (c == '(' && lastEnd == pos && !words.isEmpty() && continuesThroughParens(words)) {
            lastEnd = pos;
            continue;
          }
          if (c == '(' && words.size() == 1 && assignments.isEmpty() && redirections == null
              && functionParensAt(pos)) {
            // name ( ) compound: a function definition, not a command
            commandOp = savedCommandOp;
            pendingOp = op;
            pos = firstWordAt;
            parseFunction(false);
            return;
          }
          break;
        }
      }
      if (words.isEmpty()) {
        List<Assignment> more = parseAssignment(assignments);
        if (more != null) {
          assignments = more;
          lastEnd = pos;
          continue;
        }
        firstWordAt = pos;
      }
      Word w = parseWord();
      if (w == null) {
        break;
      }
      words.append(w);
      lastEnd = pos;
    }
    commandOp = savedCommandOp;
    if (words.isEmpty() && assignments.isEmpty() && redirections == null) {
      if (!stopped) {
        fail("unexpected '" + tokenAt(pos) + "'", pos);
      }
      return;
    }
    finishCommand(words, assignments, redirections, op, start, origin.end(lastEnd));
  }

  /**
   * At a {@code (} right after the last word: when that word ends in an extended-glob operator
   * ({@code !(keep).log}, {@code @(a|b)}, {@code *(x)}, {@code +(y)}, {@code ?(z)}) or in the
   * {@code =} of an array value given to a declaration ({@code local -a arr=(a b)}), the
   * parentheses and what follows them belong to the word, which is then not static. Replaces
   * the last word and returns true; false, reading nothing, otherwise (a function definition, a
   * syntax error).
   */
  private boolean continuesThroughParens(CompactList<Word> words) {
    Word last = words.get(words.size() - 1);
    String source = last.source();
    char before = s.charAt(pos - 1);
    boolean glob = "?*+@!".indexOf(before) >= 0;
    boolean array = before == '=' && words.size() > 1 && isName(source.charAt(0), NAME_START);
    int open = pos;
    int start = open - source.length();
    int close = (glob || array) && start >= 0 && s.startsWith(source, start)
        ? balancedParenEnd(open) : -1;
    if (close < 0) {
      return false;
    }
    // the substitutions inside run when the word is expanded: arr=($(git branch --merged))
    parameterSubstitutions(open + 1, close);
    if (stopped) {
      return true;
    }
    pos = close;
    StringBuilder value = new StringBuilder(last.value()).append(s, open, close);
    if (pos < len && !isMeta(s.charAt(pos))) {
      Word rest = parseWord();
      if (rest != null) {
        value.append(rest.value());
      }
    }
    words.replace(words.size() - 1, new Word(value.toString(), s.substring(start, pos),
        origin.start(start), origin.end(pos), false));
    return true;
  }

  /**
   * Makes the command read at the cursor's nesting, pipeline and directory, then applies what it
   * does to the directory and reads the commands it runs on its behalf (wrappers, nested shells).
   */
  private void finishCommand(CompactList<Word> words, List<Assignment> assignments,
      RedirectionList redirections, ListOperator op, int start, int end) {
    if (end == 0 && start > 0 || end < start) {
      end = origin.end(pos);
    }
    dir = dir.afterOperator(op);
    DirState at = dir;
    SimpleCommand command = new SimpleCommand(sink.commands.size(), words, assignments,
        redirections == null ? CompactList.empty() : redirections, op, nest, at.snapshot(),
        pipeline, position, start, end);
    sink.commands.append(command);
    applyMove(words, position);
    // the name is copied out of the text only for the commands that need it
    if (!words.isEmpty() && Expansions.mayBeExpanded(words.get(0))) {
      Expansions.expand(command, baseName(words), at, this, 0);
    }
    if (redirections != null) {
      adoptHeredocs(redirections, command, baseName(words), at);
    }
  }

  /**
   * Gives the command's heredocs their owner. A body read before the command ended (a newline
   * inside one of its substitutions) is judged now that the command's words are known.
   */
  private void adoptHeredocs(RedirectionList redirections, SimpleCommand command, String base,
      DirState at) {
    for (int i = 0; i < redirections.size(); i++) {
      RedirBuilder r = redirections.builder(i);
      if (r.ofSimpleCommand && r.operator.isHeredoc() && r.owner == null) {
        r.owner = command;
        r.ownerBase = base;
        r.ownerDir = at;
        if (r.bodyRead) {
          judgeHeredoc(r);
        }
      }
    }
  }

  /** Moves the directory for a {@code cd}, {@code pushd} or {@code popd} outside a pipeline. */
  private void applyMove(List<Word> words, int pipelinePosition) {
    if (pipelinePosition > 0 || words.isEmpty() || !words.get(0).isStatic()) {
      return;
    }
    Word name = words.get(0);
    // a first test small enough to inline, made without copying the name: most commands are
    // none of the three
    int length = name.valueLength();
    if (length == 2 || length == 4 || length == 5) {
      char first = name.valueCharAt(0);
      if (first == 'c' || first == 'p') {
        move(name.value(), words);
      }
    }
  }

  private void move(String name, List<Word> words) {
    if (!name.equals("cd") && !name.equals("pushd") && !name.equals("popd")) {
      return;
    }
    // only the first operand and whether there is one matter: no list of them
    Word target = null;
    boolean ended = false;
    for (int i = 1; i < words.size() && target == null; i++) {
      Word w = words.get(i);
      if (!ended && w.value().equals("--")) {
        ended = true;
      } else if (ended || !isDirectoryOption(w.value())) {
        target = w;
      }
    }
    if (name.equals("popd")) {
      if (dir.stack.isEmpty() || target != null) {
        dir = dir.unknown();
      } else {
        String back = dir.stack.get(dir.stack.size() - 1);
        dir = back == null ? dir.popped().unknown() : dir.returnTo(back);
      }
      return;
    }
    if (name.equals("pushd")) {
      if (!charge(dir.stack.size() + 1L, words.get(0))) {
        return;
      }
      dir = dir.pushed();
      if (target == null) {
        dir = dir.unknown();
        return;
      }
    }
    if (target == null) {
      dir = dir.moveTo("~");
      return;
    }
    String value = target.value();
    boolean home = value.equals("~") || value.startsWith("~/");
    boolean known = target.isStatic() || (home && !value.substring(1).contains("$")
        && !target.source().contains("$") && !target.source().contains("`"));
    if (!known || value.equals("-") || value.isEmpty() || (value.startsWith("~") && !home)
        || (name.equals("pushd") && (value.startsWith("+") || value.startsWith("-")))) {
      dir = dir.unknown();
      return;
    }
    boolean absolute = value.startsWith("/") || home;
    long length = absolute ? value.length() : (long) dir.path.length() + 1 + value.length();
    if (!charge(length, words.get(0))) {
      return;
    }
    dir = dir.moveTo(value);
  }

  /**
   * Takes {@code chars} of a move's work from the script's directory budget. A move past the
   * budget, or to a path longer than {@link #MAX_DIRECTORY_CHARS}, leaves the directory unknown
   * from there on and the script with one problem, so loss guards refuse it rather than judge
   * paths in a directory the model no longer follows.
   */
  private boolean charge(long chars, Word name) {
    if (!sink.directoryBudgetSpent && chars <= MAX_DIRECTORY_CHARS
        && sink.directoryChars + chars <= sink.directoryBudget) {
      sink.directoryChars += chars;
      return true;
    }
    if (!sink.directoryBudgetSpent) {
      sink.directoryBudgetSpent = true;
      sink.addProblem(new ParseProblem("the command changes directory too often or too deep to"
          + " follow (a path past " + MAX_DIRECTORY_CHARS + " characters, or more than "
          + sink.directoryBudget + " characters of paths); run the later commands from a"
          + " directory named in full", Math.max(0, name.start())));
    }
    dir = dir.unknown();
    return false;
  }

  /** {@code cd}/{@code pushd} options: {@code -L}, {@code -P}, {@code -e}, {@code -@}, {@code -n}. */
  private static boolean isDirectoryOption(String v) {
    if (v.length() < 2 || v.charAt(0) != '-') {
      return false;
    }
    for (int i = 1; i < v.length(); i++) {
      if ("LPe@n".indexOf(v.charAt(i)) < 0) {
        return false;
      }
    }
    return true;
  }

  // ---------------------------------------------------------------- nested strings

  /**
   * Re-parses {@code text} as commands nested in {@code outer} (sh -c, eval, heredoc to a
   * shell), starting from the directory state {@code at} that {@code outer} ran in.
   */
  void reparse(SimpleCommand outer, DirState at, String text, int base, int spanStart,
      int spanEnd, Nesting.Kind kind, String detail, int depth) {
    if (sink.reparsed + text.length() > sink.reparseBudget) {
      if (!sink.reparseBudgetSpent) {
        sink.reparseBudgetSpent = true;
        sink.addProblem(new ParseProblem("the command nests shell strings too often to read in"
            + " full (more than " + sink.reparseBudget + " characters re-read); run the inner"
            + " commands as plain shell commands", Math.max(0, outer.start())));
      }
      return;
    }
    sink.reparsed += text.length();
    Origin o = spanStart >= 0 ? Origin.span(spanStart, spanEnd) : Origin.exact(base);
    Parser p = new Parser(text, o, level + 1 + depth, sink);
    p.pendingOp = outer.operator();
    p.commandOp = outer.operator();
    p.nest = nested(outer.nesting(), new Nesting(kind, detail, outer.start(),
        CompactList.empty()));
    p.dir = at;
    p.pipeline = ++sink.pipelines;
    if (p.level > MAX_LEVEL) {
      p.fail("nesting deeper than " + MAX_LEVEL + " levels", 0);
      return;
    }
    p.parseWhole();
  }

  /**
   * Adds the command a wrapper runs: the words {@code run} (from {@code outer}'s), with the
   * wrapper's own assignments ({@code env X=1 cmd}) and {@code outer}'s redirections.
   */
  SimpleCommand wrapped(SimpleCommand outer, List<Word> run, String wrapper,
      List<Assignment> assignments) {
    CompactList<Word> words = new CompactList<>(run.size());
    words.appendAll(run);
    List<Assignment> own = CompactList.empty();
    if (!assignments.isEmpty()) {
      CompactList<Assignment> list = new CompactList<>(assignments.size());
      list.appendAll(assignments);
      own = list;
    }
    SimpleCommand inner = new SimpleCommand(sink.commands.size(), words, own,
        outer.redirections(), outer.operator(), nested(outer.nesting(),
            new Nesting(Nesting.Kind.WRAPPER, wrapper, outer.start(), CompactList.empty())),
        outer.directory(), outer.pipeline(), outer.pipelinePosition(),
        words.isEmpty() ? outer.start() : words.get(0).start(), outer.end());
    sink.commands.append(inner);
    if (wrapper.equals("builtin") || wrapper.equals("command")) {
      applyMove(words, outer.pipelinePosition());
    }
    return inner;
  }

  /** How many commands have been read so far: the index the next one gets. */
  int commandCount() {
    return sink.commands.size();
  }

  /**
   * Makes the words holding xargs' replace string not static in the commands read from
   * {@code from} on: the script of a shell xargs runs ({@code xargs -I % sh -c 'git branch -D
   * %'}) gets the input's text where the string stands, which the text does not show.
   */
  void markReplaced(int from, String replace) {
    for (int i = from; i < sink.commands.size(); i++) {
      SimpleCommand c = sink.commands.get(i);
      CompactList<Word> words = null;
      for (int j = 0; j < c.words().size(); j++) {
        Word w = c.words().get(j);
        boolean replaced = w.isStatic() && w.value().contains(replace);
        if (replaced && words == null) {
          words = new CompactList<>(c.words().size());
          words.appendAll(c.words().subList(0, j));
        }
        if (words != null) {
          words.append(replaced ? w.withStatic(false) : w);
        }
      }
      if (words != null) {
        sink.commands.replace(i, new SimpleCommand(c.index(), words, c.assignments(),
            c.redirections(), c.operator(), c.nesting(), c.directory(), c.pipeline(),
            c.pipelinePosition(), c.start(), c.end()));
      }
    }
  }

  // ---------------------------------------------------------------- heredocs

  private void newlineConsumed() {
    if (heredocs.isEmpty()) {
      return;
    }
    List<RedirBuilder> pending = heredocs;
    heredocs = List.of();
    for (RedirBuilder h : pending) {
      String delimiter = h.target.value();
      boolean strip = h.operator == RedirectOperator.HEREDOC_STRIP_TABS;
      StringBuilder body = strip ? new StringBuilder() : null;
      int bodyStart = pos;
      int bodyEnd = len;
      boolean found = false;
      while (pos < len) {
        int eol = s.indexOf('\n', pos);
        int lineEnd = eol < 0 ? len : eol;
        int from = pos;
        if (strip) {
          while (from < lineEnd && s.charAt(from) == '\t') {
            from++;
          }
        }
        int lineStart = pos;
        pos = eol < 0 ? len : eol + 1;
        if (lineEnd - from == delimiter.length() && s.startsWith(delimiter, from)) {
          found = true;
          bodyEnd = lineStart;
          break;
        }
        if (strip) {
          body.append(s, from, lineEnd);
          if (eol >= 0) {
            body.append('\n');
          }
        }
      }
      h.bodyStart = bodyStart;
      if (strip) {
        h.heredocBody = body.toString();
      } else {
        // the body stays a range of the source until someone reads it
        h.bodySource = s;
        h.bodyEnd = found ? bodyEnd : len;
      }
      if (!found) {
        problem("the heredoc is not closed by a line '" + delimiter + "'", h.start);
      }
      if (h.owner != null) {
        judgeHeredoc(h);
      } else if (h.ofSimpleCommand) {
        h.bodyRead = true;
      }
    }
  }

  /**
   * Reads what a simple command's heredoc runs: the whole body when the command is a shell
   * reading its script from standard input, else the substitutions of an unquoted body.
   */
  private void judgeHeredoc(RedirBuilder h) {
    boolean strip = h.operator == RedirectOperator.HEREDOC_STRIP_TABS;
    boolean exact = !strip && origin.spanStart < 0;
    SimpleCommand owner = h.owner;
    if (Expansions.readsScriptFromStandardInput(owner.words(), h.ownerBase)) {
      reparse(owner, h.ownerDir, h.body(), origin.start(h.bodyStart), exact ? -1 : h.start,
          exact ? -1 : h.end, Nesting.Kind.SHELL_STRING, h.ownerBase, 0);
      return;
    }
    java.util.Optional<Interpreters.Language> language = Interpreters.language(h.ownerBase);
    if (language.isPresent()
        && Interpreters.code(language.get(), owner.words()).standardInput()) {
      // python3 - <<'EOF' … EOF: the body is the script the interpreter runs
      Expansions.interpreterText(owner, h.ownerDir, this, language.get(), h.body(),
          h.start, h.end, h.ownerBase, 0);
    }
    if (!h.heredocQuoted && (strip
        ? hasSubstitution(h.heredocBody, 0, h.heredocBody.length())
        : hasSubstitution(h.bodySource, h.bodyStart, h.bodyEnd))) {
      // an unquoted body is expanded when the command runs: its substitutions run too
      Parser p = new Parser(h.body(), exact ? Origin.exact(origin.start(h.bodyStart))
          : Origin.span(h.start, h.end), level + 1, sink);
      p.commandOp = owner.operator();
      p.pendingOp = owner.operator();
      p.nest = owner.nesting();
      p.dir = h.ownerDir;
      p.pipeline = owner.pipeline();
      p.scanExpansions();
    }
  }

  /** True when {@code text[from, to)} holds a {@code $(} or a backtick; reads only that range. */
  private static boolean hasSubstitution(String text, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c == '`' || c == '$' && i + 1 < to && text.charAt(i + 1) == '(') {
        return true;
      }
    }
    return false;
  }

  /** Parses the command substitutions of text that is otherwise data (a heredoc body). */
  private void scanExpansions() {
    substitutionsUntil(len, false);
  }

  /**
   * Parses the command substitutions inside the body of a {@code ${…}} (or of a word's
   * parentheses) ending at {@code end} (the index after its closing character), which run when
   * it is expanded: {@code ${B:-$(git branch --show-current)}}. Leaves the cursor at
   * {@code end}.
   */
  private void parameterSubstitutions(int from, int end) {
    if (!hasSubstitution(s, from, end)) {
      pos = end;
      return;
    }
    pos = from;
    substitutionsUntil(end - 1, true);
    if (!stopped) {
      pos = end;
    }
  }

  /**
   * Parses the {@code $( )} and backtick substitutions from the cursor to {@code end}, and those
   * of the {@code ${…}} bodies there. Single quotes hide them where {@code quotesHide} (inside a
   * {@code ${…}}); in a heredoc body they are data.
   */
  private void substitutionsUntil(int end, boolean quotesHide) {
    while (pos < end && !stopped) {
      char c = s.charAt(pos);
      if (c == '\\') {
        pos += 2;
      } else if (c == '\'' && quotesHide) {
        int close = s.indexOf('\'', pos + 1);
        pos = close < 0 || close >= end ? end : close + 1;
      } else if (c == '$' && at(pos + 1) == '(') {
        int arithmetic = at(pos + 2) == '(' ? arithmeticEnd(pos + 3) : -1;
        if (arithmetic >= 0) {
          pos = arithmetic;
        } else {
          substitution(Nesting.Kind.COMMAND_SUBSTITUTION, pos, pos + 2);
        }
      } else if (c == '$' && at(pos + 1) == '{') {
        int close = braceExpansionEnd(pos + 2);
        if (close < 0 || close > end) {
          pos = end;
        } else {
          parameterSubstitutions(pos + 2, close);
        }
      } else if (c == '`') {
        parseBacktick(new WordValue(s, pos));
      } else {
        pos++;
      }
    }
  }

  // ---------------------------------------------------------------- redirections

  private boolean processSubstitutionAt(int i) {
    char c = at(i);
    return (c == '<' || c == '>') && at(i + 1) == '(';
  }

  private boolean redirectionAt() {
    char c = at(pos);
    if (c == '<' || c == '>') {
      return !processSubstitutionAt(pos);
    }
    if (c == '&') {
      return at(pos + 1) == '>';
    }
    return (c >= '0' && c <= '9' || c == '{') && numberedRedirectionAt(c);
  }

  /** {@code 2>}, {@code 10<}, {@code {fd}>}: apart, as they are rare where redirections are sought. */
  private boolean numberedRedirectionAt(char c) {
    if (c != '{') {
      int i = pos;
      while (i < len && Character.isDigit(s.charAt(i))) {
        i++;
      }
      return (at(i) == '<' || at(i) == '>') && !processSubstitutionAt(i);
    }
    int i = pos + 1;
    while (i < len && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
      i++;
    }
    return i > pos + 1 && at(i) == '}' && (at(i + 1) == '<' || at(i + 1) == '>')
        && !processSubstitutionAt(i + 1);
  }

  private static final List<String> REDIRECT_TOKENS = List.of(
      "&>>", "&>", "<<<", "<<-", "<<", "<>", "<&", ">&", ">>", ">|", "<", ">");
  private static final List<RedirectOperator> REDIRECT_OPERATORS = List.of(
      RedirectOperator.APPEND_OUT_ERR, RedirectOperator.OUT_ERR, RedirectOperator.HERE_STRING,
      RedirectOperator.HEREDOC_STRIP_TABS, RedirectOperator.HEREDOC, RedirectOperator.IN_OUT,
      RedirectOperator.DUP_IN, RedirectOperator.DUP_OUT, RedirectOperator.APPEND,
      RedirectOperator.CLOBBER, RedirectOperator.IN, RedirectOperator.OUT);

  /**
   * Reads the operator at the cursor by its characters, longest first (as
   * {@link #REDIRECT_TOKENS} lists them), rather than trying each token in turn.
   */
  private RedirectOperator readRedirectOperator() {
    char c = at(pos);
    char next = at(pos + 1);
    if (c == '>') {
      RedirectOperator op = next == '&' ? RedirectOperator.DUP_OUT
          : next == '>' ? RedirectOperator.APPEND
          : next == '|' ? RedirectOperator.CLOBBER : RedirectOperator.OUT;
      pos += op == RedirectOperator.OUT ? 1 : 2;
      return op;
    }
    if (c == '<') {
      if (next == '<') {
        char third = at(pos + 2);
        RedirectOperator op = third == '<' ? RedirectOperator.HERE_STRING
            : third == '-' ? RedirectOperator.HEREDOC_STRIP_TABS : RedirectOperator.HEREDOC;
        pos += op == RedirectOperator.HEREDOC ? 2 : 3;
        return op;
      }
      RedirectOperator op = next == '>' ? RedirectOperator.IN_OUT
          : next == '&' ? RedirectOperator.DUP_IN : RedirectOperator.IN;
      pos += op == RedirectOperator.IN ? 1 : 2;
      return op;
    }
    for (int i = 0; i < REDIRECT_TOKENS.size(); i++) {
      if (startsWith(REDIRECT_TOKENS.get(i))) {
        pos += REDIRECT_TOKENS.get(i).length();
        return REDIRECT_OPERATORS.get(i);
      }
    }
    return null;
  }

  private RedirBuilder parseRedirection(boolean ofSimpleCommand) {
    RedirBuilder r = new RedirBuilder();
    int start = pos;
    r.start = origin.start(start);
    char c = at(pos);
    if (c >= '0' && c <= '9') {
      int from = pos;
      while (pos < len && Character.isDigit(s.charAt(pos))) {
        pos++;
      }
      try {
        r.descriptor = OptionalInt.of(pos - from == 1 ? c - '0'
            : Integer.parseInt(s.substring(from, pos)));
      } catch (NumberFormatException e) {
        r.descriptor = OptionalInt.of(Integer.MAX_VALUE);
      }
    } else if (c == '{') {
      int close = s.indexOf('}', pos);
      r.variable = Optional.of(s.substring(pos + 1, close));
      pos = close + 1;
    }
    r.operator = readRedirectOperator();
    skipBlanks();
    if (pos >= len || (isMeta(s.charAt(pos)) && !processSubstitutionAt(pos))) {
      fail("the redirection '" + s.substring(start, Math.min(pos, len)).trim()
          + "' has no target", start);
      return null;
    }
    Word target = parseWord();
    if (target == null) {
      fail("the redirection has no target", start);
      return null;
    }
    if (r.operator == RedirectOperator.DUP_OUT && r.descriptor.isEmpty()
        && r.variable.isEmpty() && !isDescriptorWord(target.value())) {
      r.operator = RedirectOperator.OUT_ERR;
    }
    r.target = target;
    r.end = origin.end(pos);
    r.ofSimpleCommand = ofSimpleCommand;
    if (r.operator.isHeredoc()) {
      r.heredocQuoted = target.source().indexOf('\'') >= 0 || target.source().indexOf('"') >= 0
          || target.source().indexOf('\\') >= 0;
      if (heredocs.isEmpty()) {
        heredocs = new ArrayList<>(2);
      }
      heredocs.add(r);
    }
    return r;
  }

  private static boolean isDescriptorWord(String value) {
    if (value.equals("-")) {
      return true;
    }
    String digits = value.endsWith("-") ? value.substring(0, value.length() - 1) : value;
    if (digits.isEmpty()) {
      return false;
    }
    for (int i = 0; i < digits.length(); i++) {
      if (!Character.isDigit(digits.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  // ---------------------------------------------------------------- words

  /** A word whose value is {@code value}, a literal that is also its source text. */
  private Word word(String value, int start, int end, boolean isStatic) {
    return new Word(value, value, origin.start(start), origin.end(end), isStatic);
  }

  /** A word whose value is its source text {@code s[start, end)}. */
  private Word sourceWord(int start, int end, boolean isStatic) {
    return rangeWord(start, end, null, isStatic);
  }

  /** A word written as {@code s[start, end)} whose value was read into {@code v}. */
  private Word word(WordValue v, int start, int end, boolean isStatic) {
    String value = v.isSource(start, end) ? null : v.value();
    return rangeWord(start, end, value, isStatic);
  }

  /**
   * Reads a {@code NAME=value} at the cursor into {@code into} (a new list while it is the empty
   * one); null when no assignment stands here.
   */
  private List<Assignment> parseAssignment(List<Assignment> into) {
    if (!isName(at(pos), NAME_START)) {
      return null;
    }
    int i = pos + 1;
    while (i < len && isName(s.charAt(i), NAME)) {
      i++;
    }
    char next = at(i);
    // most first words are command names: stay small enough to inline for them
    return next == '=' || next == '[' || next == '+' ? parseAssignment(into, i) : null;
  }

  /** {@link #parseAssignment(List)} once a name ends at {@code nameEnd}. */
  private List<Assignment> parseAssignment(List<Assignment> into, int nameEnd) {
    int i = nameEnd;
    if (at(i) == '[') {
      int close = s.indexOf(']', i);
      if (close < 0) {
        return null;
      }
      i = close + 1;
    }
    boolean append = false;
    if (at(i) == '+' && at(i + 1) == '=') {
      append = true;
      i++;
    }
    if (at(i) != '=') {
      return null;
    }
    int start = pos;
    String name = s.substring(pos, nameEnd);
    pos = i + 1;
    Word value;
    if (at(pos) == '(') {
      int close = balancedParenEnd(pos);
      if (close < 0) {
        fail("unclosed array assignment", pos);
        return into;
      }
      value = sourceWord(pos, close, false);
      pos = close;
    } else {
      Word w = delimitedAt(pos) && !processSubstitutionAt(pos) ? null : parseWord();
      value = w == null ? word("", pos, pos, true) : w;
    }
    CompactList<Assignment> list = into.isEmpty() ? new CompactList<>(2)
        : (CompactList<Assignment>) into;
    list.append(new Assignment(name, value, append, origin.start(start), origin.end(pos)));
    return list;
  }

  /**
   * Reads one word at the cursor; null when none starts here. Most words are plain text, taken
   * here as one substring; this stays small enough for the JIT to inline where words are read.
   */
  private Word parseWord() {
    int start = pos;
    int i = start;
    while (i < len) {
      char c = s.charAt(i);
      if (c < 128 && (CLASS.charAt(c) & (SPECIAL | GLOB)) != 0) {
        break;
      }
      i++;
    }
    if (i == start || s.charAt(start) == '~' || i < len && !isMeta(s.charAt(i))
        || processSubstitutionAt(i)) {
      return parseQuotedWord();
    }
    pos = i;
    return rangeWord(start, i, null, true);
  }

  /**
   * The word written as {@code s[start, end)} with the value {@code value} (null: that same
   * text). Where this text maps exactly onto the source, the word keeps its range and copies
   * nothing until it is read; otherwise (a re-parsed string that is not the source's text) it
   * is copied now, with the outer span's offsets.
   */
  private Word rangeWord(int start, int end, String value, boolean isStatic) {
    if (origin.spanStart < 0) {
      return Word.ofRange(s, origin.base, value, origin.base + start, origin.base + end,
          isStatic);
    }
    String source = s.substring(start, end);
    return new Word(value == null ? source : value, source, origin.spanStart, origin.spanEnd,
        isStatic);
  }

  /** Reads a word with quotes, escapes, expansions or patterns in it (see {@link #parseWord}). */
  private Word parseQuotedWord() {
    int start = pos;
    WordValue v = new WordValue(s, pos);
    boolean isStatic = true;
    if (at(pos) == '~') {
      isStatic = false;
    }
    loop:
    while (pos < len && !stopped) {
      char c = s.charAt(pos);
      switch (c) {
        case ' ': case '\t': case '\n': case ';': case '&': case '|': case '(': case ')':
        case '\r': case '\f':
          break loop;
        case '<':
        case '>':
          if (at(pos + 1) == '(') {
            int open = pos;
            substitution(Nesting.Kind.PROCESS_SUBSTITUTION, open, open + 2);
            v.copy(open, pos);
            isStatic = false;
            continue;
          }
          break loop;
        case '\\':
          if (pos + 1 < len) {
            char n = s.charAt(pos + 1);
            if (n != '\n') {
              v.append(n);
            }
            pos += 2;
          } else {
            v.copy(pos, pos + 1);
            pos++;
          }
          break;
        case '\'': {
          int close = s.indexOf('\'', pos + 1);
          if (close < 0) {
            v.copy(pos + 1, len);
            fail("unterminated single quote", pos);
            break loop;
          }
          v.copy(pos + 1, close);
          pos = close + 1;
          break;
        }
        case '"':
          isStatic &= parseDoubleQuoted(v);
          break;
        case '$':
          isStatic &= parseDollar(v, false);
          break;
        case '`':
          parseBacktick(v);
          isStatic = false;
          break;
        case '*':
        case '?':
          isStatic = false;
          v.copy(pos, pos + 1);
          pos++;
          break;
        case '[':
        case '{':
          // a bracket expression ([ab], [!x]) is a glob bash expands (rm -rf ../[vw]ork), a
          // brace expansion makes several words (git branch -D feat/{a,b}): not static; a `[`
          // with no `]` later in the word ([ -f x ]) or a lone brace is a plain character
          if (c == '[' ? bracketExpressionAt(pos) : braceExpansionAt(pos)) {
            isStatic = false;
          }
          v.copy(pos, pos + 1);
          pos++;
          break;
        default: {
          // copy the whole run of plain characters at once, not one character at a time
          int end = pos + 1;
          while (end < len) {
            char d = s.charAt(end);
            if (d < 128 && (CLASS.charAt(d) & (SPECIAL | GLOB)) != 0) {
              break;
            }
            end++;
          }
          v.copy(pos, end);
          pos = end;
        }
      }
    }
    if (pos == start) {
      return null;
    }
    return word(v, start, pos, isStatic);
  }

  /** Whether the {@code [} at {@code at} opens a bracket expression closed within its word. */
  private boolean bracketExpressionAt(int at) {
    // bash takes a `]` right after the `[` (or after `[!`, `[^`) as a member, not the end
    int i = at + 1;
    if (i < len && (s.charAt(i) == '!' || s.charAt(i) == '^')) {
      i++;
    }
    if (i < len && s.charAt(i) == ']') {
      i++;
    }
    for (; i < len; i++) {
      char c = s.charAt(i);
      if (c == ']') {
        return true;
      }
      if (c < 128 && (CLASS.charAt(c) & SPECIAL) != 0 && c != '[') {
        return false;
      }
    }
    return false;
  }

  private boolean parseDoubleQuoted(WordValue v) {
    int open = pos;
    pos++;
    boolean isStatic = true;
    while (pos < len && !stopped) {
      char c = s.charAt(pos);
      if (c == '"') {
        pos++;
        return isStatic;
      }
      if (c == '\\' && pos + 1 < len) {
        char n = s.charAt(pos + 1);
        if (n == '\n') {
          pos += 2;
        } else if (n == '$' || n == '`' || n == '"' || n == '\\') {
          v.append(n);
          pos += 2;
        } else {
          v.copy(pos, pos + 1);
          pos++;
        }
        continue;
      }
      if (c == '$') {
        isStatic &= parseDollar(v, true);
        continue;
      }
      if (c == '`') {
        parseBacktick(v);
        isStatic = false;
        continue;
      }
      int end = pos + 1;
      while (end < len && !endsDoubleQuotedRun(s.charAt(end))) {
        end++;
      }
      v.copy(pos, end);
      pos = end;
    }
    if (!stopped) {
      fail("unterminated double quote", open);
    }
    return false;
  }

  /** The characters that need reading inside double quotes; the others are copied in runs. */
  private static boolean endsDoubleQuotedRun(char c) {
    return c == '"' || c == '\\' || c == '$' || c == '`';
  }

  /** Reads an expansion at a '$'; returns whether the text read is static. */
  private boolean parseDollar(WordValue v, boolean inDouble) {
    int start = pos;
    char n = at(pos + 1);
    if (!inDouble && n == '\'') {
      pos++;
      return parseAnsiC(v);
    }
    if (!inDouble && n == '"') {
      pos++;
      return parseDoubleQuoted(v);
    }
    if (n == '(') {
      if (at(pos + 2) == '(') {
        int end = arithmeticEnd(pos + 3);
        if (end >= 0) {
          v.copy(start, end);
          pos = end;
          return false;
        }
      }
      substitution(Nesting.Kind.COMMAND_SUBSTITUTION, pos, pos + 2);
      v.copy(start, pos);
      return false;
    }
    if (n == '{') {
      int end = braceExpansionEnd(pos + 2);
      if (end < 0) {
        v.copy(start, len);
        fail("unterminated '${'", start);
        return false;
      }
      parameterSubstitutions(pos + 2, end);
      v.copy(start, end);
      pos = end;
      return false;
    }
    if (n == '[') {
      int close = s.indexOf(']', pos);
      if (close > 0) {
        v.copy(start, close + 1);
        pos = close + 1;
        return false;
      }
    }
    if (isName(n, NAME_START)) {
      int i = pos + 1;
      while (i < len && isName(s.charAt(i), NAME)) {
        i++;
      }
      v.copy(start, i);
      pos = i;
      return false;
    }
    if (Character.isDigit(n) || "@*#?$!-".indexOf(n) >= 0 && n != '\0') {
      v.copy(start, pos + 2);
      pos += 2;
      return false;
    }
    v.copy(pos, pos + 1);
    pos++;
    return true;
  }

  private boolean parseAnsiC(WordValue v) {
    int open = pos;
    pos++;
    while (pos < len) {
      char c = s.charAt(pos);
      if (c == '\'') {
        pos++;
        return true;
      }
      if (c != '\\' || pos + 1 >= len) {
        v.copy(pos, pos + 1);
        pos++;
        continue;
      }
      char e = s.charAt(pos + 1);
      pos += 2;
      switch (e) {
        case 'n': v.append('\n'); break;
        case 't': v.append('\t'); break;
        case 'r': v.append('\r'); break;
        case 'a': v.append('\u0007'); break;
        case 'b': v.append('\b'); break;
        case 'e': case 'E': v.append('\u001b'); break;
        case 'f': v.append('\f'); break;
        case 'v': v.append('\u000b'); break;
        case '\\': case '\'': case '"': case '?': v.append(e); break;
        case 'c':
          if (pos < len) {
            v.append((char) (s.charAt(pos) & 0x1f));
            pos++;
          }
          break;
        case 'x':
          pos -= 2;
          appendEscapedBytes(v);
          break;
        case 'u':
          v.appendCodePoint(readNumber(16, 4, 0));
          break;
        case 'U':
          v.appendCodePoint(readNumber(16, 8, 0));
          break;
        default:
          if (e >= '0' && e <= '7') {
            pos -= 2;
            appendEscapedBytes(v);
          } else {
            v.append('\\');
            v.append(e);
          }
      }
    }
    fail("unterminated $'", open);
    return false;
  }

  /**
   * A run of byte escapes ({@code \xHH}, {@code \NNN}) in {@code $'…'}, read from the backslash
   * at {@code pos}. Bash emits the bytes as they are: bytes that are valid UTF-8 are text
   * ({@code $'\xc3\xa9'} is "é"), any other byte stays a byte ({@link dev.groundskeeper.api.RawText}).
   */
  private void appendEscapedBytes(WordValue v) {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    while (pos + 1 < len && s.charAt(pos) == '\\') {
      char e = s.charAt(pos + 1);
      if (e == 'x' && pos + 2 < len && Character.digit(s.charAt(pos + 2), 16) >= 0) {
        pos += 2;
        bytes.write(readNumber(16, 2, 0));
      } else if (e >= '0' && e <= '7') {
        pos += 1;
        bytes.write(readNumber(8, 3, 0) & 0xff);
      } else {
        break;
      }
    }
    if (bytes.size() == 0) {
      // A lone "\x" with no hex digit: bash keeps it as written.
      v.append('\\');
      v.append('x');
      pos += 2;
      return;
    }
    // each byte as itself; the word joins runs that form UTF-8 together when it is read
    // ($'\xc3'$'\xa9' is "é"), and the rest stays bytes, as a ref name that is not UTF-8 is read
    for (byte b : bytes.toByteArray()) {
      v.appendRawByte(b);
    }
  }

  private int readNumber(int radix, int maxDigits, int fallback) {
    int value = 0;
    int digits = 0;
    while (digits < maxDigits && pos < len && Character.digit(s.charAt(pos), radix) >= 0) {
      value = value * radix + Character.digit(s.charAt(pos), radix);
      pos++;
      digits++;
    }
    if (digits == 0) {
      return fallback;
    }
    return Character.isValidCodePoint(value) ? value : 0xfffd;
  }

  private void parseBacktick(WordValue v) {
    int open = pos;
    StringBuilder inner = new StringBuilder();
    boolean escaped = false;
    int i = pos + 1;
    while (i < len) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < len) {
        char n = s.charAt(i + 1);
        if (n == '`' || n == '\\' || n == '$') {
          inner.append(n);
          escaped = true;
          i += 2;
          continue;
        }
        inner.append(c);
        i++;
        continue;
      }
      if (c == '`') {
        break;
      }
      inner.append(c);
      i++;
    }
    if (i >= len) {
      v.copy(open, len);
      fail("unterminated backtick", open);
      return;
    }
    pos = i + 1;
    v.copy(open, pos);
    Origin o = escaped || origin.spanStart >= 0 ? Origin.span(origin.start(open), origin.end(pos))
        : Origin.exact(origin.start(open + 1));
    Parser p = new Parser(inner.toString(), o, level + 1, sink);
    p.pendingOp = commandOp;
    p.commandOp = commandOp;
    p.nest = nested(nest, new Nesting(Nesting.Kind.BACKTICK, "", origin.start(open),
        CompactList.empty()));
    p.dir = dir;
    p.pipeline = ++sink.pipelines;
    if (p.level > MAX_LEVEL) {
      fail("nesting deeper than " + MAX_LEVEL + " levels", open);
      return;
    }
    p.parseWhole();
  }

  /** Parses {@code $( … )} or {@code <( … )} starting at {@code open}; the list starts at {@code from}. */
  private void substitution(Nesting.Kind kind, int open, int from) {
    if (!enter(open)) {
      return;
    }
    pos = from;
    List<Nesting> savedNest = nest;
    ListOperator savedPending = pendingOp;
    ListOperator savedCommandOp = commandOp;
    int savedPipeline = pipeline;
    int savedPosition = position;
    DirState savedDir = dir;
    dir = dir;
    push(kind, "", open);
    pendingOp = commandOp;
    parseList();
    if (!stopped) {
      if (at(pos) == ')') {
        pos++;
      } else {
        fail("')' expected to close the substitution opened at offset " + origin.start(open),
            pos);
      }
    }
    nest = savedNest;
    pendingOp = savedPending;
    commandOp = savedCommandOp;
    pipeline = savedPipeline;
    position = savedPosition;
    dir = savedDir;
    level--;
  }

  /** The index after the {@code ))} closing an arithmetic expression starting at {@code from}, or -1. */
  private int arithmeticEnd(int from) {
    int depth = 0;
    for (int i = from; i < len; i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '\'' || c == '"') {
        int close = s.indexOf(c, i + 1);
        if (close < 0) {
          return -1;
        }
        i = close;
      } else if (c == '(') {
        depth++;
      } else if (c == ')') {
        if (depth == 0) {
          return at(i + 1) == ')' ? i + 2 : -1;
        }
        depth--;
      }
    }
    return -1;
  }

  /**
   * True when the unquoted {@code {} at {@code open} starts a brace expansion as Bash reads it:
   * a matching {@code }} in the same word with a {@code ,} or {@code ..} at its own depth
   * ({@code {a,b}}, {@code {1..3}}, {@code {,}}), not {@code {}}, {@code {a}} or
   * {@code HEAD@{1}}.
   */
  private boolean braceExpansionAt(int open) {
    int depth = 0;
    boolean list = false;
    for (int i = open + 1; i < len; i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '\'') {
        int quote = s.indexOf('\'', i + 1);
        if (quote < 0) {
          return false;
        }
        i = quote;
      } else if (c == '"') {
        int quote = doubleQuoteEnd(i);
        if (quote < 0) {
          return false;
        }
        i = quote;
      } else if (c == '$' && at(i + 1) == '{') {
        int end = braceExpansionEnd(i + 2);
        if (end < 0) {
          return false;
        }
        i = end - 1;
      } else if (isMeta(c)) {
        return false;
      } else if (c == '{') {
        depth++;
      } else if (c == '}') {
        if (depth == 0) {
          return list;
        }
        depth--;
      } else if (depth == 0 && (c == ',' || c == '.' && at(i + 1) == '.')) {
        list = true;
      }
    }
    return false;
  }

  /** The index after the '}' closing a {@code ${…}} whose body starts at {@code from}, or -1. */
  private int braceExpansionEnd(int from) {
    return closingEnd(from, '{', '}');
  }

  /**
   * The index after the {@code close} that ends a run starting at {@code from} at depth 0, or -1;
   * quotes and backslash escapes are skipped, nested {@code open}/{@code close} pairs counted.
   */
  private int closingEnd(int from, char open, char close) {
    int depth = 0;
    for (int i = from; i < len; i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '\'') {
        int quote = s.indexOf('\'', i + 1);
        if (quote < 0) {
          return -1;
        }
        i = quote;
      } else if (c == '"') {
        int quote = doubleQuoteEnd(i);
        if (quote < 0) {
          return -1;
        }
        i = quote;
      } else if (c == open) {
        depth++;
      } else if (c == close) {
        if (depth == 0) {
          return i + 1;
        }
        depth--;
      }
    }
    return -1;
  }

  private int doubleQuoteEnd(int open) {
    for (int i = open + 1; i < len; i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '"') {
        return i;
      }
    }
    return -1;
  }

  /** The index after the ')' matching the '(' at {@code open}, or -1. */
  private int balancedParenEnd(int open) {
    return closingEnd(open + 1, '(', ')');
  }
}
