package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;

/**
 * One simple command of a script: its words (the first is the command name), leading
 * assignments, redirections, the operator written before it, the constructs it sits in and the
 * directory it runs in.
 *
 * <p>{@code index} is its position in {@link Script#commands()}, which lists commands in the
 * order they would run: a substitution's commands before the command whose word holds it, a
 * wrapper ({@code sudo rm x}) directly before the command it runs ({@code rm x}, nested in a
 * {@link Nesting.Kind#WRAPPER}), an {@code sh -c} string's commands after the {@code sh}
 * command. {@code pipeline} identifies the pipeline it belongs to (equal for every member, and
 * for a wrapped command and its wrapper), {@code pipelinePosition} its place there (0 for the
 * first member). {@code start} and {@code end} delimit its source text.
 *
 * @param index its position in {@link Script#commands()}
 * @param words its words, the command name first
 * @param assignments its leading assignments
 * @param redirections its redirections
 * @param operator the operator written before it
 * @param nesting the constructs it sits in, outermost first
 * @param directory the directory it runs in
 * @param pipeline which pipeline it belongs to
 * @param pipelinePosition its place in the pipeline, from 0
 * @param start where its text starts
 * @param end where its text ends, exclusive
 */
@API(status = API.Status.EXPERIMENTAL)
public record SimpleCommand(int index, List<Word> words, List<Assignment> assignments,
    List<Redirection> redirections, ListOperator operator, List<Nesting> nesting,
    Directory directory, int pipeline, int pipelinePosition, int start, int end) {

  /**
   * Checks the components.
   *
   * @param index its position in {@link Script#commands()}
   * @param words its words, the command name first
   * @param assignments its leading assignments
   * @param redirections its redirections
   * @param operator the operator written before it
   * @param nesting the constructs it sits in, outermost first
   * @param directory the directory it runs in
   * @param pipeline which pipeline it belongs to
   * @param pipelinePosition its place in the pipeline, from 0
   * @param start where its text starts
   * @param end where its text ends, exclusive
   */
  public SimpleCommand {
    words = CompactList.freeze(words);
    assignments = CompactList.freeze(assignments);
    redirections = CompactList.freeze(redirections);
    Objects.requireNonNull(operator, "operator");
    nesting = CompactList.freeze(nesting);
    Objects.requireNonNull(directory, "directory");
  }

  /**
   * {@return the command name's value, or the empty string for an assignment- or redirection-only
   * command}
   */
  public String name() {
    return words.isEmpty() ? "" : words.get(0).value();
  }

  /** {@return the name without a directory part ({@code /usr/bin/git} gives {@code git})} */
  public String baseName() {
    return Paths.basename(name());
  }

  /**
   * Whether the name is static and its base name is one of {@code names}.
   *
   * @param names program names ({@code git})
   * @return true when it is one of them
   */
  public boolean isNamed(String... names) {
    if (words.isEmpty() || !words.get(0).isStatic()) {
      return false;
    }
    String base = baseName();
    for (String candidate : names) {
      if (candidate.equals(base)) {
        return true;
      }
    }
    return false;
  }

  /** {@return the words after the name} */
  public List<Word> arguments() {
    return words.isEmpty() ? List.of() : words.subList(1, words.size());
  }

  /**
   * Whether some enclosing construct is of {@code kind}.
   *
   * @param kind a kind of construct
   * @return true when one encloses the command
   */
  public boolean isInside(Nesting.Kind kind) {
    for (Nesting n : nesting) {
      if (n.kind() == kind) {
        return true;
      }
    }
    return false;
  }

  /**
   * True when the command is run by {@code xargs}: its arguments include words read from
   * standard input, which the script's text does not show. Its {@link #words()} say so: with a
   * replace string ({@code xargs -I {} cp {} dest/}) the words holding it are not static;
   * otherwise the words end with one word that is not static, {@code {xargs input}}, at the end
   * of the command's text, standing for the arguments read from the input.
   *
   * @return true under {@code xargs}
   */
  public boolean takesArgumentsFromInput() {
    for (Nesting n : nesting) {
      if (n.kind() == Nesting.Kind.WRAPPER && n.detail().equals("xargs")) {
        return true;
      }
    }
    return false;
  }

  /**
   * This command's own source text within {@code scriptSource}.
   *
   * @param scriptSource the text of the script the command was read from
   * @return the command's text
   */
  public String text(String scriptSource) {
    int from = Math.max(0, Math.min(start, scriptSource.length()));
    int to = Math.max(from, Math.min(end, scriptSource.length()));
    return scriptSource.substring(from, to);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    text.append('#').append(index).append(' ');
    if (operator != ListOperator.NONE) {
      text.append(operator == ListOperator.NEWLINE ? "\\n" : operator.symbol()).append(' ');
    }
    for (Assignment a : assignments) {
      text.append(a.name()).append(a.append() ? "+=" : "=").append(a.value().value()).append(' ');
    }
    for (int i = 0; i < words.size(); i++) {
      text.append(i == 0 ? "" : " ").append(words.get(i).value());
    }
    return text.toString();
  }
}
