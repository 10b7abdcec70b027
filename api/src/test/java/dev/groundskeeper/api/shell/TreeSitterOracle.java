package dev.groundskeeper.api.shell;

import java.lang.ref.Reference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.treesitter.TSNode;
import org.treesitter.TSParser;
import org.treesitter.TSTree;
import org.treesitter.TreeSitterBash;

/**
 * Reads the simple commands and the operator before each out of tree-sitter-bash's tree, in the
 * same shape as {@link #ours(Script)}, for differential tests. Test scope only.
 */
final class TreeSitterOracle {

  private static final Set<String> COMMAND_TYPES = Set.of("command", "declaration_command",
      "unset_command", "test_command");
  private static final Set<String> OPERATORS = Set.of("&&", "||", ";", "&", "|", "|&");
  private static final Set<String> WORD_LEVEL = Set.of("command", "declaration_command",
      "unset_command", "test_command", "string", "concatenation", "command_substitution",
      "process_substitution", "variable_assignment", "file_redirect", "heredoc_redirect",
      "herestring_redirect", "expansion", "arithmetic_expansion", "array", "heredoc_body",
      "binary_expression", "unary_expression", "parenthesized_expression");
  private static final Set<String> BODY_OPENERS = Set.of("then", "do", "else", ")", ";;");

  private final TSParser parser = new TSParser();

  TreeSitterOracle() {
    parser.setLanguage(new TreeSitterBash());
  }

  /** One line per command: the operator before it and the source of its first token. */
  List<String> read(String text) {
    TSTree tree = parser.parseString(null, text);
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    List<String> out = new ArrayList<>();
    walk(tree.getRootNode(), bytes, out);
    // the native tree is freed by a cleaner once unreachable; keep it alive while walking
    Reference.reachabilityFence(tree);
    return out;
  }

  /**
   * True when tree-sitter reads one simple command across a line break. Generated words hold no
   * line break, so this is tree-sitter-bash 0.23.3 joining two commands, as it does after a
   * pipeline of subshells: {@code ( a ) | ( b ) | echo "$(c)"⏎echo "$(d)"}.
   */
  boolean joinsCommandsAcrossLines(String text) {
    TSTree tree = parser.parseString(null, text);
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    boolean joined = joins(tree.getRootNode(), bytes);
    Reference.reachabilityFence(tree);
    return joined;
  }

  private static boolean joins(TSNode node, byte[] bytes) {
    if (node.getType().equals("command") && text(node, bytes).indexOf('\n') >= 0) {
      return true;
    }
    for (int i = 0; i < node.getChildCount(); i++) {
      if (joins(node.getChild(i), bytes)) {
        return true;
      }
    }
    return false;
  }

  boolean hasError(String text) {
    TSTree tree = parser.parseString(null, text);
    boolean error = tree.getRootNode().hasError();
    Reference.reachabilityFence(tree);
    return error;
  }

  private void walk(TSNode node, byte[] bytes, List<String> out) {
    if (COMMAND_TYPES.contains(node.getType())) {
      List<String> inner = new ArrayList<>();
      for (int i = 0; i < node.getChildCount(); i++) {
        walk(node.getChild(i), bytes, inner);
      }
      out.addAll(inner);
      String name = firstToken(node, bytes);
      if (!name.isEmpty()) {
        out.add(operatorBefore(node) + " " + name);
      }
      return;
    }
    for (int i = 0; i < node.getChildCount(); i++) {
      walk(node.getChild(i), bytes, out);
    }
  }

  private static String firstToken(TSNode command, byte[] bytes) {
    if (command.getType().equals("command")) {
      for (int i = 0; i < command.getChildCount(); i++) {
        TSNode c = command.getChild(i);
        if (c.getType().equals("command_name")) {
          return text(c, bytes);
        }
      }
      return "";
    }
    return command.getChildCount() == 0 ? "" : text(command.getChild(0), bytes);
  }

  private static String operatorBefore(TSNode node) {
    TSNode current = node;
    while (true) {
      TSNode parent = current.getParent();
      if (parent == null || parent.isNull()) {
        return "NONE";
      }
      if (parent.getType().equals("function_definition")) {
        return "SEMICOLON";
      }
      if (WORD_LEVEL.contains(parent.getType())) {
        // inside a word of another command: a substitution runs as part of that command
        current = parent;
        continue;
      }
      TSNode prev = current.getPrevSibling();
      while (prev != null && !prev.isNull() && prev.getType().equals("comment")) {
        prev = prev.getPrevSibling();
      }
      if (prev == null || prev.isNull()) {
        current = parent;
        continue;
      }
      String type = prev.getType();
      if (!prev.isNamed() && OPERATORS.contains(type)) {
        return switch (type) {
          case "&&" -> "AND";
          case "||" -> "OR";
          case ";" -> "SEMICOLON";
          case "&" -> "BACKGROUND";
          case "|" -> "PIPE";
          default -> "PIPE_STDERR";
        };
      }
      if (!prev.isNamed() && BODY_OPENERS.contains(type)) {
        return "SEMICOLON";
      }
      if (!prev.isNamed()) {
        current = parent;
        continue;
      }
      if (COMMAND_TYPES.contains(current.getType()) && !COMMAND_TYPES.contains(type)
          && parent.getType().equals("command")) {
        current = parent;
        continue;
      }
      return "NEWLINE";
    }
  }

  private static String text(TSNode n, byte[] bytes) {
    int start = Math.min(n.getStartByte(), bytes.length);
    int end = Math.min(Math.max(n.getEndByte(), start), bytes.length);
    return new String(bytes, start, end - start, StandardCharsets.UTF_8);
  }

  /** Our reading in the oracle's shape: commands tree-sitter also sees, with their operators. */
  static List<String> ours(Script s) {
    List<String> out = new ArrayList<>();
    for (SimpleCommand c : s.commands()) {
      if (c.words().isEmpty() || c.isInside(Nesting.Kind.WRAPPER)
          || c.isInside(Nesting.Kind.SHELL_STRING) || c.isInside(Nesting.Kind.EVAL)) {
        continue;
      }
      out.add(c.operator().name() + " " + c.words().get(0).source());
    }
    return out;
  }
}
