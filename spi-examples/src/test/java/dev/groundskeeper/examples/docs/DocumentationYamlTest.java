package dev.groundskeeper.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.NoConfig;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.config.ConfigLoader;
import dev.groundskeeper.api.config.ConfigSpec;
import dev.groundskeeper.api.config.EffectiveConfig;
import dev.groundskeeper.examples.docs.EnvFileProvider.SecretsConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The configuration examples of the rule-author pages are valid configuration. */
class DocumentationYamlTest {

  private static final Pattern YAML = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL);

  @Test
  void theWritingRulesExampleBindsToItsRecord() throws IOException {
    EffectiveConfig config = load("../docs/writing-rules.md", new ConfigSpec<>("secrets",
        SecretsConfig.class, new EnvFileProvider().defaultConfig()));

    SecretsConfig secrets = config.get(new ConfigSpec<>("secrets", SecretsConfig.class,
        new EnvFileProvider().defaultConfig()));
    assertThat(secrets).isEqualTo(new SecretsConfig(Mode.ADVISE,
        List.of(".env", ".env.production")));
    assertThat(config.engine().exclude()).containsExactly("secrets.*");
    assertThat(config.engine().plugins()).containsExactly("tools/rules.jar");
  }

  @Test
  void theExampleRulePageConfigurationTurnsItOff() throws IOException {
    ConfigSpec<NoConfig> spec = new ConfigSpec<>("example", NoConfig.class, NoConfig.INSTANCE);

    EffectiveConfig config = load("../docs/rules/example.protected-force-push.md", spec);

    assertThat(config.engine().exclude()).containsExactly("example.protected-force-push");
  }

  private static EffectiveConfig load(String page, ConfigSpec<?> spec) throws IOException {
    Matcher yaml = YAML.matcher(Files.readString(Path.of(page)));
    assertThat(yaml.find()).as("a yaml block in %s", page).isTrue();
    return ConfigLoader.load(List.of(ConfigLayer.ofText(page, yaml.group(1))), List.of(spec),
        Set.of());
  }
}
