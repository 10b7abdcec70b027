package dev.groundskeeper.api.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A compact, line-per-fact text of what the model reads in a script, for the corpus. A word that
 * is not static is prefixed with {@code %}; a value with blanks, quotes or escapes is written in
 * double quotes with Java escapes.
 */
final class Reading {

  private Reading() {}

  static String render(Script s) {
    List<String> lines = new ArrayList<>();
    for (SimpleCommand c : s.commands()) {
      StringBuilder line = new StringBuilder("cmd ");
      line.append(op(c.operator()));
      for (Assignment a : c.assignments()) {
        line.append(' ').append(a.name()).append(a.append() ? "+=" : "=").append(word(a.value()));
      }
      for (Word w : c.words()) {
        line.append(' ').append(word(w));
      }
      for (Redirection r : c.redirections()) {
        line.append(" ").append(r.descriptor().isPresent() ? String.valueOf(r.descriptor().getAsInt()) : "")
            .append(r.descriptorVariable().map(v -> "{" + v + "}").orElse(""))
            .append(r.operator().symbol()).append(word(r.target()));
        r.heredocBody().ifPresent(b -> line.append('=').append(quote(b)));
      }
      if (!c.nesting().isEmpty()) {
        line.append("  in ").append(c.nesting().stream()
            .map(n -> n.kind() + (n.detail().isEmpty() ? "" : "(" + n.detail() + ")")
                + (n.redirections().isEmpty() ? "" : n.redirections().stream()
                    .map(r -> r.operator().symbol() + word(r.target()))
                    .collect(Collectors.joining(" ", "[", "]"))))
            .collect(Collectors.joining(">")));
      }
      if (!c.directory().isStart()) {
        line.append("  @").append(c.directory().certainty())
            .append(c.directory().path().map(p -> ":" + p).orElse(""));
      }
      lines.add(line.toString());
    }
    for (FileTarget f : s.writtenFiles()) {
      lines.add("writes " + f.route() + " " + word(f.path()) + (f.fromHeredoc() ? " heredoc" : ""));
    }
    for (ConsumedFile f : s.consumedFiles()) {
      lines.add("consumes " + f.consumer() + " " + f.option() + " " + word(f.path())
          + (s.chainedRemoval(f).isPresent() ? " removed" : " kept"));
    }
    for (CreatedBranch b : s.createdBranches()) {
      lines.add("creates " + b.route() + " " + word(b.name()) + (b.force() ? " force" : "")
          + (b.dwim() ? " dwim" : ""));
    }
    for (DeletedBranch b : s.deletedBranches()) {
      lines.add("deletes " + b.route() + " " + b.remote().map(r -> r + " ").orElse("")
          + word(b.name()) + (b.forced() ? " forced" : "") + (b.remoteTracking() ? " tracking" : ""));
    }
    for (WorktreeRemoval w : s.worktreeRemovals()) {
      lines.add("removes-worktree " + word(w.path()) + " force=" + w.forceCount());
    }
    for (Evacuation e : s.evacuations()) {
      lines.add("evacuates " + e.kind() + " ->" + e.outputs().stream()
          .map(o -> " " + o.route() + ":" + word(o.path())).collect(Collectors.joining()));
    }
    for (ParseProblem p : s.problems()) {
      lines.add("problem @" + p.offset() + " " + p.reason());
    }
    return String.join("\n", lines);
  }

  private static String op(ListOperator op) {
    switch (op) {
      case NONE:
        return "·";
      case NEWLINE:
        return "\\n";
      default:
        return op.symbol();
    }
  }

  static String word(Word w) {
    return (w.isStatic() ? "" : "%") + plainOrQuoted(w.value());
  }

  private static String plainOrQuoted(String v) {
    if (!v.isEmpty() && v.chars().allMatch(ch -> ch > ' ' && ch < 127 && ch != '"' && ch != '\\')) {
      return v;
    }
    return quote(v);
  }

  static String quote(String v) {
    StringBuilder out = new StringBuilder("\"");
    for (int i = 0; i < v.length(); i++) {
      char ch = v.charAt(i);
      switch (ch) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\t': out.append("\\t"); break;
        default:
          if (ch < ' ' || ch >= 127) {
            out.append(String.format("\\u%04x", (int) ch));
          } else {
            out.append(ch);
          }
      }
    }
    return out.append('"').toString();
  }
}
