package dev.groundskeeper.api.shell;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The redirections of one command or compound, each made into a {@link Redirection} the first
 * time it is read. Until then a heredoc body is only its offsets into the source, so a script
 * whose body nobody reads never copies it. Immutable: the parser has finished with the builders
 * before the list is handed out, and a {@code Redirection} has only final fields, so two threads
 * that both build one see equal values.
 */
final class RedirectionList extends AbstractList<Redirection> implements RandomAccess {

  private final Parser.RedirBuilder[] builders;

  RedirectionList(List<Parser.RedirBuilder> builders) {
    this.builders = builders.toArray(new Parser.RedirBuilder[0]);
  }

  @Override
  public Redirection get(int index) {
    Objects.checkIndex(index, builders.length);
    return builders[index].build();
  }

  @Override
  public int size() {
    return builders.length;
  }
}
