package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.shell.ConsumedFile;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.SimpleCommand;
import dev.groundskeeper.api.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The files a command feeds to a consumer: the built-in consumers the shell model knows
 * ({@code git commit|merge|tag -F}, {@code gh issue|pr … --body-file}, {@code gh release …
 * --notes-file}) and the configured ones ({@code scratch.consume_chain.consumers}).
 */
final class Consumption {

  private final List<ConsumerSpec> configured;
  private final List<String> names;

  Consumption(ScratchConfig.ConsumeChain config) {
    List<ConsumerSpec> specs = new ArrayList<>();
    for (int i = 0; i < config.consumers().size(); i++) {
      specs.add(ConsumerSpec.parse("scratch.consume_chain.consumers[" + i + "]",
          config.consumers().get(i)));
    }
    this.configured = List.copyOf(specs);
    List<String> words = new ArrayList<>(List.of("git", "gh"));
    for (ConsumerSpec spec : configured) {
      String command = spec.leading().get(0);
      words.add(command.substring(command.lastIndexOf('/') + 1));
    }
    this.names = List.copyOf(words);
  }

  /**
   * False when the text cannot hold a consumer: no consumer's name appears in it at all. The
   * parser resolves no names either (a command named by {@code $GIT} is not static), so this
   * spares the parse for most commands without changing any verdict.
   */
  boolean mayConsume(String command) {
    for (String name : names) {
      if (command.contains(name)) {
        return true;
      }
    }
    return false;
  }

  /** Every consumed file of the script, in command order. */
  List<ConsumedFile> of(Script script) {
    if (configured.isEmpty()) {
      return script.consumedFiles();
    }
    List<ConsumedFile> all = new ArrayList<>(script.consumedFiles());
    for (SimpleCommand command : script.commands()) {
      List<String> values = command.words().stream().map(Word::value).toList();
      for (ConsumerSpec spec : configured) {
        spec.match(values).flatMap(operand -> file(command, operand, spec))
            .ifPresent(all::add);
      }
    }
    all.sort((a, b) -> Integer.compare(a.command().index(), b.command().index()));
    return List.copyOf(all);
  }

  private static Optional<ConsumedFile> file(SimpleCommand command, ConsumerSpec.Operand operand,
      ConsumerSpec spec) {
    Word word = command.words().get(operand.wordIndex());
    String value = word.value().substring(operand.prefixLength());
    if (value.isEmpty() || value.equals("-")) {
      return Optional.empty();
    }
    String source = word.source();
    String prefix = word.value().substring(0, operand.prefixLength());
    source = operand.prefixLength() == 0 ? source
        : source.startsWith(prefix) ? source.substring(prefix.length()) : Texts.shellWord(value);
    Word path = new Word(value, source, word.start(), word.end(), word.isStatic());
    return Optional.of(new ConsumedFile(command, spec.leading().get(0),
        spec.option().orElse(""), path, command.directory()));
  }
}
