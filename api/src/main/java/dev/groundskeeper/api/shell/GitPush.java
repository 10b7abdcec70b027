package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.files.PathGlob;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryLayout;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One {@code git push} of a script, read through git's argv model: the words that force it
 * ({@code --force}, {@code -f}, or a cluster such as {@code -uf}), whether it carries a lease,
 * whether it pushes every branch ({@code --all}, {@code --branches}, {@code --mirror}), its
 * remote and its {@link Refspec refspecs}. It answers the questions a rule about pushes asks
 * ({@link #forcedBranches which protected branches it forces}) and writes the way out
 * ({@link #withLease() the same command with a lease}), so that no rule parses
 * {@code +a:refs/heads/main} by hand.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class GitPush {

  private static final String LEASE = "--force-with-lease";

  private final String scriptSource;
  private final GitCommand git;
  private final List<Word> forceWords;
  private final boolean lease;
  private final boolean mirror;
  private final boolean everyBranch;
  private final Optional<Word> remote;
  private final List<Refspec> refspecs;

  private GitPush(String scriptSource, GitCommand git) {
    this.scriptSource = scriptSource;
    this.git = git;
    Argv arguments = git.arguments();
    // A cluster such as -ff is one word: it is rewritten once.
    Map<Word, Boolean> seen = new IdentityHashMap<>();
    List<Word> forcing = new ArrayList<>();
    for (Argv.Option option : arguments.all("--force", "-f")) {
      if (seen.put(option.word(), Boolean.TRUE) == null) {
        forcing.add(option.word());
      }
    }
    this.forceWords = List.copyOf(forcing);
    this.lease = arguments.has(LEASE);
    this.mirror = arguments.has("--mirror");
    this.everyBranch = mirror || arguments.has("--all", "--branches");
    List<Word> operands = arguments.operands();
    this.remote = operands.isEmpty() ? Optional.empty() : Optional.of(operands.get(0));
    List<Refspec> read = new ArrayList<>();
    for (Word operand : operands.subList(Math.min(1, operands.size()), operands.size())) {
      read.add(Refspec.of(operand));
    }
    this.refspecs = List.copyOf(read);
  }

  /**
   * Every {@code git push} of a script, in order, wherever it stands (chains, subshells,
   * substitutions, {@code sh -c} strings).
   *
   * @param script a parsed command
   * @return its pushes; empty when it has none
   */
  public static List<GitPush> in(Script script) {
    List<GitPush> pushes = new ArrayList<>();
    for (GitCommand git : script.gitCommands()) {
      if (git.is("push")) {
        pushes.add(new GitPush(script.source(), git));
      }
    }
    return List.copyOf(pushes);
  }

  /**
   * The git command read.
   *
   * @return the push as git's argv model reads it
   */
  public GitCommand git() {
    return git;
  }

  /**
   * The words that force the push: {@code --force}, {@code -f}, or a short-option cluster holding
   * {@code f}, each word once.
   *
   * @return the forcing words, in order
   */
  public List<Word> forceWords() {
    return forceWords;
  }

  /**
   * Whether the push carries {@code --force-with-lease}.
   *
   * @return true with a lease
   */
  public boolean lease() {
    return lease;
  }

  /**
   * Whether it pushes every branch: {@code --all}, {@code --branches} or {@code --mirror}.
   *
   * @return true for a push of every branch
   */
  public boolean everyBranch() {
    return everyBranch;
  }

  /**
   * The remote operand.
   *
   * @return the remote as written, or empty when the push goes to the branch's upstream remote
   */
  public Optional<Word> remote() {
    return remote;
  }

  /**
   * The remote's name for messages.
   *
   * @return the remote operand's value, or {@code its upstream remote} when there is none
   */
  public String remoteName() {
    return remote.map(Word::value).orElse("its upstream remote");
  }

  /**
   * The refspec operands, after the remote.
   *
   * @return the refspecs, in order; empty when the push names none
   */
  public List<Refspec> refspecs() {
    return refspecs;
  }

  /**
   * Whether the push may rewrite history: a forcing word, {@code --mirror}, or a refspec with a
   * {@code +}. A lease alone does not count.
   *
   * @return true when anything in the push forces
   */
  public boolean forced() {
    return !forceWords.isEmpty() || mirror || refspecs.stream().anyMatch(Refspec::forced);
  }

  /**
   * The branches among {@code branches} whose history this push may replace. A forcing word or
   * {@code --mirror} forces every refspec, a {@code +} only its own; a forced push of every
   * branch (or a forced pattern refspec) forces each of {@code branches}, named as given; a
   * forced push naming no refspec, or the refspec {@code HEAD}, updates the branch checked out
   * where it runs, read from {@link RepoFacts#LAYOUT} (a detached HEAD updates none).
   *
   * @param branches names or globs ({@code release/*}, matched whole as in
   *     {@link PathGlob#matchesWhole}) of the branches asked about
   * @param facts the evaluation's facts; read only for the checked-out branch
   * @return the branches forced, in the order found (empty when none is); empty optional when
   *     none was found and one could be: a refspec known only when the command runs, or a
   *     checked-out branch that cannot be read (no repository facts, or a {@code cd} or
   *     {@code -C} before the push)
   */
  public Optional<List<String>> forcedBranches(List<String> branches, Facts facts) {
    Objects.requireNonNull(facts, "facts");
    boolean flagged = !forceWords.isEmpty() || mirror;
    Set<String> hit = new LinkedHashSet<>();
    boolean unknown = false;
    if (flagged && everyBranch) {
      hit.addAll(branches);
    }
    boolean checkedOut = flagged && refspecs.isEmpty() && !everyBranch;
    for (Refspec refspec : refspecs) {
      if (!flagged && !refspec.forced()) {
        continue;
      }
      if (!refspec.known()) {
        unknown = true;
      } else if (refspec.updatesCheckedOutBranch()) {
        checkedOut = true;
      } else if (refspec.pattern()) {
        hit.addAll(branches);
      } else {
        refspec.branch().filter(b -> PathGlob.anyMatchesWhole(branches, b)).ifPresent(hit::add);
      }
    }
    if (checkedOut) {
      Optional<RepositoryLayout.Head> head = git.directory().isStart()
          ? facts.find(RepoFacts.LAYOUT).map(RepositoryLayout::head) : Optional.empty();
      unknown |= head.isEmpty();
      head.flatMap(RepositoryLayout.Head::branch)
          .filter(b -> PathGlob.anyMatchesWhole(branches, b)).ifPresent(hit::add);
    }
    return hit.isEmpty() && unknown ? Optional.empty() : Optional.of(List.copyOf(hit));
  }

  /**
   * The command made safe: this push's forcing words become one {@code --force-with-lease} (or
   * go, when it has a lease already), the {@code +} of each refspec goes, and a push forced only
   * by {@code +} gains a lease after {@code push}. The rest of the command stays as written; when
   * the push's words cannot be found in the command's text (inside an {@code sh -c} string with
   * escapes), the corrected push is given on its own.
   *
   * @return the corrected command, a command that runs as printed
   */
  public String withLease() {
    Map<Word, String> rewritten = new IdentityHashMap<>();
    boolean leaseWritten = lease;
    for (Word word : forceWords) {
      String replacement = "";
      if (!word.value().equals("--force")) {
        String flags = shortFlags(word.value());
        String rest = "-" + flags.replace("f", "") + word.value().substring(1 + flags.length());
        replacement = rest.equals("-") ? "" : rest;
      }
      if (!leaseWritten) {
        // The lease goes first, so that a cluster ending in a value option keeps its value.
        replacement = replacement.isEmpty() ? LEASE : LEASE + " " + replacement;
        leaseWritten = true;
      }
      rewritten.put(word, replacement);
    }
    for (Refspec refspec : refspecs) {
      if (refspec.forced()) {
        rewritten.put(refspec.word(), refspec.word().source().replaceFirst("\\+", ""));
      }
    }
    Map<Word, String> appended = new IdentityHashMap<>();
    if (!leaseWritten) {
      appended.put(pushWord(), " " + LEASE);
    }
    List<Word> words = git.command().words();
    boolean mappable = true;
    for (Word word : words) {
      mappable &= word.end() <= scriptSource.length()
          && scriptSource.substring(word.start(), word.end()).equals(word.source());
    }
    if (!mappable) {
      StringBuilder text = new StringBuilder();
      for (Word word : words) {
        String shown = rewritten.getOrDefault(word, word.source());
        if (!shown.isEmpty()) {
          text.append(text.length() == 0 ? "" : " ").append(shown);
        }
        text.append(appended.getOrDefault(word, ""));
      }
      return text.toString();
    }
    List<Edit> edits = new ArrayList<>();
    rewritten.forEach((word, replacement) -> edits.add(replacement.isEmpty()
        ? Edit.deleteWord(scriptSource, word) : new Edit(word.start(), word.end(), replacement)));
    appended.forEach((word, text) -> edits.add(new Edit(word.end(), word.end(), text)));
    StringBuilder text = new StringBuilder(scriptSource);
    edits.sort(Comparator.comparingInt(Edit::start).reversed());
    for (Edit edit : edits) {
      text.replace(edit.start(), edit.end(), edit.replacement());
    }
    return text.toString();
  }

  /** The {@code push} word itself, after git's global options. */
  private Word pushWord() {
    List<Word> words = git.command().words();
    int firstArgument = Integer.MAX_VALUE;
    for (Argv.Option option : git.arguments().options()) {
      firstArgument = Math.min(firstArgument, option.word().start());
    }
    for (Word operand : git.arguments().operands()) {
      firstArgument = Math.min(firstArgument, operand.start());
    }
    Word push = words.get(words.size() - 1);
    for (Word word : words.subList(1, words.size())) {
      if (word.value().equals("push") && word.start() < firstArgument) {
        push = word;
      }
    }
    return push;
  }

  /** The flag letters of a short-option cluster, up to {@code o}, which takes a value. */
  private static String shortFlags(String cluster) {
    int value = cluster.indexOf('o');
    return value < 0 ? cluster.substring(1) : cluster.substring(1, value);
  }

  @Override
  public String toString() {
    return "GitPush[" + String.join(" ", git.command().words().stream().map(Word::source)
        .toList()) + "]";
  }

  private record Edit(int start, int end, String replacement) {

    /** Removes a word and the blanks before it. */
    static Edit deleteWord(String command, Word word) {
      int start = word.start();
      while (start > 0 && command.charAt(start - 1) == ' ') {
        start--;
      }
      return new Edit(start, word.end(), "");
    }
  }
}
