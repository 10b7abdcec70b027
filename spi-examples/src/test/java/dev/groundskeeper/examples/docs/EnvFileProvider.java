package dev.groundskeeper.examples.docs;

// snippet: provider
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.RuleProvider;
import java.util.List;

@ProvidesRules(namespace = "secrets", ids = EnvFileRule.ID)
public final class EnvFileProvider implements RuleProvider<EnvFileProvider.SecretsConfig> {

  /** The {@code secrets:} block: {@code mode} and {@code file_names}. */
  public record SecretsConfig(Mode mode, List<String> fileNames) {
    public SecretsConfig {
      fileNames = List.copyOf(fileNames);
    }
  }

  @Override
  public Class<SecretsConfig> configType() {
    return SecretsConfig.class;
  }

  @Override
  public SecretsConfig defaultConfig() {
    return new SecretsConfig(Mode.BLOCK, List.of(".env", ".env.local"));
  }

  @Override
  public List<ConfiguredRule> rules(SecretsConfig config) {
    return List.of(new ConfiguredRule(new EnvFileRule(config.fileNames()), config.mode()));
  }
}
// end snippet
