package dev.groundskeeper.api.shell;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The redirections of one command or compound, each made into a {@link Redirection} the first
 * time it is read. Until then a heredoc body is only its offsets into the source, so a script
 * whose body nobody reads never copies it. A compound's list is handed to its {@link Nesting}
 * when the compound opens and filled when its end is read; only the parser adds, and only before
 * the {@link Script} is built. From outside it is unmodifiable, and a {@code Redirection} has only
 * final fields, so two threads that both build one see equal values.
 */
final class RedirectionList extends AbstractList<Redirection> implements RandomAccess {

  private static final Parser.RedirBuilder[] NONE = {};

  private Parser.RedirBuilder[] builders = NONE;
  private int size;

  /** Adds a redirection while the parser still reads the script. */
  void add(Parser.RedirBuilder builder) {
    if (size == builders.length) {
      builders = Arrays.copyOf(builders, Math.max(2, size * 2));
    }
    builders[size++] = builder;
  }

  /** The parser's record of the redirection at {@code index}, before it is made. */
  Parser.RedirBuilder builder(int index) {
    Objects.checkIndex(index, size);
    return builders[index];
  }

  @Override
  public Redirection get(int index) {
    return builder(index).build();
  }

  @Override
  public int size() {
    return size;
  }
}
