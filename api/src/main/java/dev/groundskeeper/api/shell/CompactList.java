package dev.groundskeeper.api.shell;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
    if (list instanceof CompactList || list instanceof RedirectionList || list instanceof Slice) {
      return (List<E>) list;
    }
    return List.copyOf(list);
  }

  /**
   * {@code head} (when present) followed by {@code backing}'s elements from {@code from} to
   * {@code to}, without copying them: {@code backing} must never change. Many answers of one
   * script share one run of elements (each command early in a pipeline reaches the files of
   * every later {@code tee}), and a copy per answer made them quadratic in the script (issue 17:
   * a 1 MiB pipeline of {@code git diff | tee f} asked for hundreds of millions of targets).
   */
  static <E> List<E> slice(Optional<E> head, List<E> backing, int from, int to) {
    Objects.checkFromToIndex(from, to, backing.size());
    if (from == to) {
      return head.map(List::of).orElse(List.of());
    }
    return new Slice<>(head.orElse(null), backing, from, to);
  }

  /** An unmodifiable view of a run of a list that never changes, with an optional first element. */
  private static final class Slice<E> extends AbstractList<E> implements RandomAccess {

    private final E head;
    private final List<E> backing;
    private final int from;
    private final int size;

    Slice(E head, List<E> backing, int from, int to) {
      this.head = head;
      this.backing = backing;
      this.from = from;
      this.size = to - from + (head == null ? 0 : 1);
    }

    @Override
    public E get(int index) {
      Objects.checkIndex(index, size);
      if (head == null) {
        return backing.get(from + index);
      }
      return index == 0 ? head : backing.get(from + index - 1);
    }

    @Override
    public int size() {
      return size;
    }
  }
}
