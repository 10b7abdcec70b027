package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Arguments split into options and operands the way getopt-style parsers read them: clustered
 * short flags ({@code -qF file}: {@code -q}, then {@code -F} taking {@code file}; {@code -am msg}
 * vs {@code -ma}), {@code --opt=value} and {@code --opt value} for options that take a value,
 * and {@code --} ending the options. Which options take a value is per command, given when the
 * arguments are read. Options are named as written with their dashes: {@code -F},
 * {@code --file}.
 *
 * @param options the options, in order
 * @param operands the operands, in order
 */
@API(status = API.Status.EXPERIMENTAL)
public record Argv(List<Option> options, List<Word> operands) {

  /**
   * Checks the components.
   *
   * @param options the options, in order
   * @param operands the operands, in order
   */
  public Argv {
    options = CompactList.freeze(options);
    operands = CompactList.freeze(operands);
  }

  private static final Argv EMPTY = new Argv(List.of(), List.of());

  /** {@code -a} … {@code -z}, {@code -A} …, {@code -0} …: the short options' names, shared. */
  private static final List<String> SHORT_NAMES = shortNames();

  private static List<String> shortNames() {
    String[] names = new String[128];
    for (char c = 0; c < 128; c++) {
      names[c] = c >= '!' && c < 127 ? "-" + c : "";
    }
    return List.of(names);
  }

  private static String shortName(char c) {
    return c >= '!' && c < 127 ? SHORT_NAMES.get(c) : "-" + c;
  }

  /**
   * One option as read: its name ({@code -F}, {@code --file}), its value if it took one, and the
   * word it came from.
   *
   * @param name the option as written, dashes included
   * @param value its value, when it took one
   * @param word the word it came from
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Option(String name, Optional<Word> value, Word word) {
    /**
     * Checks the components.
     *
     * @param name the option as written, dashes included
     * @param value its value, when it took one
     * @param word the word it came from
     */
    public Option {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(value, "value");
      Objects.requireNonNull(word, "word");
    }
  }

  /** A cluster of short options longer than any written by hand: its repeats are dropped. */
  private static final int LONG_CLUSTER = 32;

  /**
   * Reads {@code args}. {@code valueLetters} are the short options taking a value,
   * {@code valueNames} the long ones ({@code --file}) taking the next word when not written with
   * {@code =}. With {@code stopAtOperand}, reading stops at the first operand (the rest are
   * operands), as git's global options do. In a cluster of short options longer than 32
   * characters each letter is read at most twice: no question counts past two.
   *
   * @param args the words after the command name (or subcommand)
   * @param valueLetters the short options that take a value
   * @param valueNames the long options that take a value
   * @param stopAtOperand whether the first operand ends the options
   * @return the options and operands
   */
  public static Argv read(List<Word> args, String valueLetters, Set<String> valueNames,
      boolean stopAtOperand) {
    if (args.isEmpty()) {
      return EMPTY;
    }
    CompactList<Option> options = new CompactList<>(args.size());
    CompactList<Word> operands = new CompactList<>(args.size());
    boolean ended = false;
    for (int i = 0; i < args.size(); i++) {
      Word w = args.get(i);
      String v = w.value();
      if (ended || !v.startsWith("-") || v.length() < 2) {
        operands.append(w);
        if (stopAtOperand) {
          ended = true;
        }
        continue;
      }
      if (v.equals("--")) {
        ended = true;
        continue;
      }
      if (v.startsWith("--")) {
        int eq = v.indexOf('=');
        if (eq > 0) {
          options.append(new Option(v.substring(0, eq), Optional.of(suffix(w, eq + 1)), w));
        } else if (valueNames.contains(v) && i + 1 < args.size()) {
          options.append(new Option(v, Optional.of(args.get(++i)), w));
        } else {
          options.append(new Option(v, Optional.empty(), w));
        }
        continue;
      }
      // each letter of a cluster is an option, but a letter given a third time adds nothing any
      // question asks (-ff counts two): a word of a megabyte that starts with a dash made one
      // option per character, in each command it was nested in (issue 17)
      BitSet once = v.length() > LONG_CLUSTER ? new BitSet() : null;
      BitSet twice = once == null ? null : new BitSet();
      for (int j = 1; j < v.length(); j++) {
        char c = v.charAt(j);
        if (once != null) {
          if (twice.get(c)) {
            continue;
          }
          (once.get(c) ? twice : once).set(c);
        }
        String name = shortName(c);
        if (valueLetters.indexOf(c) >= 0) {
          if (j + 1 < v.length()) {
            options.append(new Option(name, Optional.of(suffix(w, j + 1)), w));
          } else if (i + 1 < args.size()) {
            options.append(new Option(name, Optional.of(args.get(++i)), w));
          } else {
            options.append(new Option(name, Optional.empty(), w));
          }
          break;
        }
        options.append(new Option(name, Optional.empty(), w));
      }
    }
    return new Argv(options, operands);
  }

  /** The part of {@code w}'s value from {@code from}, with exact offsets when they can be known. */
  static Word suffix(Word w, int from) {
    String value = w.value().substring(from);
    if (w.source().equals(w.value()) && w.end() - w.start() == w.source().length()) {
      return new Word(value, value, w.start() + from, w.end(), w.isStatic());
    }
    return new Word(value, w.source(), w.start(), w.end(), w.isStatic());
  }

  /**
   * Whether any of {@code names} was given.
   *
   * @param names option names as written ({@code -f}, {@code --force})
   * @return true when one was
   */
  public boolean has(String... names) {
    return count(names) > 0;
  }

  /**
   * How many times any of {@code names} was given ({@code -f -f} counts two).
   *
   * @param names option names as written
   * @return the count
   */
  public int count(String... names) {
    int n = 0;
    for (Option o : options) {
      for (String name : names) {
        if (o.name().equals(name)) {
          n++;
        }
      }
    }
    return n;
  }

  /**
   * The value of the last of {@code names} given with a value.
   *
   * @param names option names as written
   * @return the value, or empty
   */
  public Optional<Word> value(String... names) {
    Optional<Word> found = Optional.empty();
    for (Option o : options) {
      for (String name : names) {
        if (o.name().equals(name) && o.value().isPresent()) {
          found = o.value();
        }
      }
    }
    return found;
  }

  /**
   * The options among {@code names}, in order, with the name each was given as.
   *
   * @param names option names as written
   * @return the options
   */
  public List<Option> all(String... names) {
    List<Option> found = new ArrayList<>();
    for (Option o : options) {
      for (String name : names) {
        if (o.name().equals(name)) {
          found.add(o);
          break;
        }
      }
    }
    return found;
  }

  /**
   * The operand at {@code index}, if there is one.
   *
   * @param index from 0
   * @return the operand, or empty
   */
  public Optional<Word> operand(int index) {
    return index < operands.size() ? Optional.of(operands.get(index)) : Optional.empty();
  }
}
