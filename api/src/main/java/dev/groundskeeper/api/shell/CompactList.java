package dev.groundskeeper.api.shell;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The list the parser fills while it reads one command and then hands to the model as it is:
 * {@link #freeze} lets a record keep it without the copy {@code List.copyOf} would make. Only
 * the parser appends, and only before the {@link Script} is built; from outside it is an
 * unmodifiable list (the mutators of {@link AbstractList} throw). Elements are never null.
 */
final class CompactList<E> extends AbstractList<E> implements RandomAccess {

  private Object[] items;
  private int size;

  /** The shared empty list ({@code List.of()}; never appended to, and {@link #freeze} keeps it). */
  static <E> List<E> empty() {
    return List.of();
  }

  CompactList(int capacity) {
    items = new Object[Math.max(capacity, 1)];
  }

  /** Appends while the parser still owns the list. */
  void append(E item) {
    Objects.requireNonNull(item, "item");
    if (size == items.length) {
      grow();
    }
    items[size++] = item;
  }

  // apart from append, which stays small enough to inline wherever the parser adds
  private void grow() {
    items = Arrays.copyOf(items, size * 2);
  }

  /** Appends every element of {@code from}. */
  void appendAll(List<? extends E> from) {
    for (int i = 0; i < from.size(); i++) {
      append(from.get(i));
    }
  }

  /** Replaces the element at {@code index} while the parser still owns the list. */
  void replace(int index, E item) {
    Objects.checkIndex(index, size);
    items[index] = Objects.requireNonNull(item, "item");
  }

  @Override
  @SuppressWarnings("unchecked")
  public E get(int index) {
    Objects.checkIndex(index, size);
    return (E) items[index];
  }

  @Override
  public int size() {
    return size;
  }

  /**
   * {@code list} itself when the parser made it (no copy), else an immutable copy: what the
   * model's records use in place of {@code List.copyOf}.
   */
  @SuppressWarnings("unchecked")
  static <E> List<E> freeze(List<? extends E> list) {
    if (list instanceof CompactList || list instanceof RedirectionList) {
      return (List<E>) list;
    }
    return List.copyOf(list);
  }
}
