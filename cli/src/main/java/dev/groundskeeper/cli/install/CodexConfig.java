package dev.groundskeeper.cli.install;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The few keys of a Codex {@code config.toml} that decide whether a registered hook runs: the
 * {@code [features]} switch ({@code hooks}, formerly {@code codex_hooks}) and the per-hook state
 * Codex writes under {@code [hooks.state."<key>"]} ({@code enabled}, {@code trusted_hash}; a hook
 * of a user or project file runs only once its hash is trusted). Codex's key for one hook is the
 * path of the file that declares it, the event in snake case, and the group's and the handler's
 * positions ({@code /home/me/.codex/hooks.json:pre_tool_use:0:0}; codex-rs/hooks, hook_key).
 *
 * <p>Read with a TOML subset, not a TOML library: tables, dotted and quoted keys, strings,
 * booleans and flat inline tables are read; every other value (numbers, arrays, multi-line
 * strings, dates) is stepped over. A line the subset cannot read makes the whole file unread,
 * and doctor says so rather than guess.
 */
record CodexConfig(Map<String, Boolean> features, Map<String, HookState> hooks) {

  CodexConfig {
    features = Map.copyOf(features);
    hooks = Map.copyOf(hooks);
  }

  /** What Codex keeps for one hook; each field absent when the file does not say. */
  record HookState(Optional<Boolean> enabled, Optional<String> trustedHash) {}

  /** A line the subset could not read. */
  static final class Unreadable extends Exception {
    private static final long serialVersionUID = 1L;
    final int line;

    Unreadable(int line, String why) {
      super("line " + line + ": " + why);
      this.line = line;
    }
  }

  /** Whether the features switch turns hooks off ({@code hooks = false}, or the old name). */
  boolean hooksOff() {
    return Boolean.FALSE.equals(features.get("hooks"))
        || !features.containsKey("hooks") && Boolean.FALSE.equals(features.get("codex_hooks"));
  }

  /** The key Codex files the state of one handler under. */
  static String key(String sourcePath, String event, int group, int handler) {
    return sourcePath + ":" + snake(event) + ":" + group + ":" + handler;
  }

  /** {@code PreToolUse} as {@code pre_tool_use}. */
  static String snake(String event) {
    return event.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
  }

  static CodexConfig parse(String text) throws Unreadable {
    Map<String, Boolean> features = new LinkedHashMap<>();
    Map<String, Optional<Boolean>> enabled = new LinkedHashMap<>();
    Map<String, Optional<String>> trusted = new LinkedHashMap<>();
    List<String> table = List.of();
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Cursor at = new Cursor(lines[i], i + 1);
      at.space();
      if (at.end()) {
        continue;
      }
      if (at.peek() == '[') {
        boolean array = at.line.startsWith("[[", at.pos);
        at.pos += array ? 2 : 1;
        List<String> path = at.keyPath();
        at.expect(array ? "]]" : "]");
        at.space();
        at.endOfLine();
        // An array of tables holds nothing doctor reads; its keys are stepped over.
        table = array ? List.of("\u0000array") : path;
        continue;
      }
      List<String> key = new ArrayList<>(table);
      key.addAll(at.keyPath());
      at.expect("=");
      at.space();
      Object value = at.value(lines, i);
      i = at.lastLine;
      at.space();
      at.endOfLine();
      if (value instanceof Map<?, ?> inline) {
        inline.forEach((name, v) -> {
          List<String> full = new ArrayList<>(key);
          full.add((String) name);
          assign(full, v, features, enabled, trusted);
        });
      } else {
        assign(key, value, features, enabled, trusted);
      }
    }
    Map<String, HookState> hooks = new LinkedHashMap<>();
    for (String name : union(enabled.keySet(), trusted.keySet())) {
      hooks.put(name, new HookState(enabled.getOrDefault(name, Optional.empty()),
          trusted.getOrDefault(name, Optional.empty())));
    }
    return new CodexConfig(features, hooks);
  }

  private static List<String> union(java.util.Set<String> a, java.util.Set<String> b) {
    List<String> all = new ArrayList<>(a);
    b.stream().filter(name -> !a.contains(name)).forEach(all::add);
    return all;
  }

  private static void assign(List<String> key, Object value, Map<String, Boolean> features,
      Map<String, Optional<Boolean>> enabled, Map<String, Optional<String>> trusted) {
    if (key.size() == 2 && key.get(0).equals("features") && value instanceof Boolean on) {
      features.put(key.get(1), on);
    }
    if (key.size() == 4 && key.get(0).equals("hooks") && key.get(1).equals("state")) {
      String hook = key.get(2).strip();
      if (key.get(3).equals("enabled") && value instanceof Boolean on) {
        enabled.put(hook, Optional.of(on));
      }
      if (key.get(3).equals("trusted_hash") && value instanceof String hash) {
        trusted.put(hook, Optional.of(hash));
      }
    }
  }

  /** A position in one line (a multi-line value moves it on to later lines). */
  private static final class Cursor {
    String line;
    int pos;
    int lastLine;
    final int number;

    Cursor(String line, int number) {
      this.line = line;
      this.number = number;
      this.lastLine = number - 1;
    }

    boolean end() {
      return pos >= line.length() || line.charAt(pos) == '#';
    }

    char peek() {
      return line.charAt(pos);
    }

    void space() {
      while (pos < line.length() && (line.charAt(pos) == ' ' || line.charAt(pos) == '\t')) {
        pos++;
      }
    }

    void endOfLine() throws Unreadable {
      if (!end()) {
        throw new Unreadable(lastLine + 1, "unexpected `" + line.substring(pos) + "`");
      }
    }

    void expect(String text) throws Unreadable {
      space();
      if (!line.startsWith(text, pos)) {
        throw new Unreadable(lastLine + 1, "expected `" + text + "`");
      }
      pos += text.length();
    }

    List<String> keyPath() throws Unreadable {
      List<String> path = new ArrayList<>();
      do {
        space();
        if (pos < line.length() && (peek() == '"' || peek() == '\'')) {
          path.add(string());
        } else {
          int start = pos;
          while (pos < line.length() && (Character.isLetterOrDigit(peek()) || peek() == '_'
              || peek() == '-')) {
            pos++;
          }
          if (start == pos) {
            throw new Unreadable(lastLine + 1, "expected a key");
          }
          path.add(line.substring(start, pos));
        }
        space();
      } while (pos < line.length() && peek() == '.' && ++pos > 0);
      return path;
    }

    /** A single-line basic or literal string. */
    String string() throws Unreadable {
      char quote = peek();
      if (line.startsWith(String.valueOf(quote).repeat(3), pos)) {
        throw new Unreadable(lastLine + 1, "a multi-line string as a key");
      }
      pos++;
      StringBuilder out = new StringBuilder();
      while (pos < line.length() && peek() != quote) {
        char c = line.charAt(pos++);
        if (c == '\\' && quote == '"' && pos < line.length()) {
          char e = line.charAt(pos++);
          switch (e) {
            case 'n' -> out.append('\n');
            case 't' -> out.append('\t');
            case '"', '\\' -> out.append(e);
            case 'u' -> {
              if (pos + 4 > line.length()) {
                throw new Unreadable(lastLine + 1, "a short \\u escape");
              }
              out.append((char) Integer.parseInt(line.substring(pos, pos + 4), 16));
              pos += 4;
            }
            default -> out.append(e);
          }
        } else {
          out.append(c);
        }
      }
      if (pos >= line.length()) {
        throw new Unreadable(lastLine + 1, "an unclosed string");
      }
      pos++;
      return out.toString();
    }

    /**
     * A value: a string, a boolean, a flat inline table (as a map), or anything else stepped
     * over (null), reading on into later {@code lines} for multi-line strings and arrays.
     */
    Object value(String[] lines, int index) throws Unreadable {
      space();
      if (pos >= line.length()) {
        throw new Unreadable(lastLine + 1, "a key without a value");
      }
      char c = peek();
      if ((c == '"' || c == '\'') && line.startsWith(String.valueOf(c).repeat(3), pos)) {
        String close = String.valueOf(c).repeat(3);
        int end = line.indexOf(close, pos + 3);
        while (end < 0) {
          if (++lastLine >= lines.length) {
            throw new Unreadable(number, "an unclosed multi-line string");
          }
          line = lines[lastLine];
          pos = 0;
          end = line.indexOf(close);
        }
        pos = end + 3;
        return null;
      }
      if (c == '"' || c == '\'') {
        return string();
      }
      if (line.startsWith("true", pos)) {
        pos += 4;
        return Boolean.TRUE;
      }
      if (line.startsWith("false", pos)) {
        pos += 5;
        return Boolean.FALSE;
      }
      if (c == '{') {
        pos++;
        Map<String, Object> inline = new LinkedHashMap<>();
        space();
        while (pos < line.length() && peek() != '}') {
          List<String> key = keyPath();
          expect("=");
          Object value = value(lines, index);
          if (key.size() == 1) {
            inline.put(key.get(0), value);
          }
          space();
          if (pos < line.length() && peek() == ',') {
            pos++;
            space();
          }
        }
        expect("}");
        return inline;
      }
      if (c == '[') {
        skipArray(lines);
        return null;
      }
      // A number, a date or a time: up to a comment or the end of the line.
      while (pos < line.length() && peek() != '#' && peek() != ',' && peek() != '}') {
        pos++;
      }
      return null;
    }

    private void skipArray(String[] lines) throws Unreadable {
      int depth = 0;
      while (true) {
        if (pos >= line.length() || peek() == '#') {
          if (++lastLine >= lines.length) {
            throw new Unreadable(number, "an unclosed array");
          }
          line = lines[lastLine];
          pos = 0;
          continue;
        }
        char c = peek();
        if (c == '"' || c == '\'') {
          string();
          continue;
        }
        pos++;
        if (c == '[') {
          depth++;
        } else if (c == ']' && --depth == 0) {
          return;
        }
      }
    }
  }
}
