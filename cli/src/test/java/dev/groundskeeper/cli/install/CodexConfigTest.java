package dev.groundskeeper.cli.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The TOML subset doctor reads Codex's switches with. */
class CodexConfigTest {

  @Test
  void readsTheFeatureSwitchAndHookStateInEveryShapeTomlAllows() throws Exception {
    CodexConfig config = CodexConfig.parse("""
        # Codex's own file
        model = "gpt-5.5"
        approval = 'on-request'   # a literal string
        retries = 3
        notify = ["say", "done # not a comment"]
        tools = [
          "a",
          ["nested", "]"],
        ]
        instructions = \"\"\"
        [features]
        hooks = false
        \"\"\"

        [features]
        hooks = true

        [[skills]]
        enabled = false

        [hooks.state."/h/.codex/hooks.json:pre_tool_use:0:0"]
        trusted_hash = "sha256:ab\\u0063"
        enabled = true

        [hooks.state]
        "/h/.codex/hooks.json:stop:0:0" = { enabled = false }
        'C:\\x:post_tool_use:1:0' = { trusted_hash = "sha256:ff", enabled = false }
        """);

    assertThat(config.features()).containsExactlyEntriesOf(java.util.Map.of("hooks", true));
    assertThat(config.hooksOff()).isFalse();
    assertThat(config.hooks().get("/h/.codex/hooks.json:pre_tool_use:0:0")).isEqualTo(
        new CodexConfig.HookState(Optional.of(true), Optional.of("sha256:abc")));
    assertThat(config.hooks().get("/h/.codex/hooks.json:stop:0:0")).isEqualTo(
        new CodexConfig.HookState(Optional.of(false), Optional.empty()));
    assertThat(config.hooks().get("C:\\x:post_tool_use:1:0")).isEqualTo(
        new CodexConfig.HookState(Optional.of(false), Optional.of("sha256:ff")));
    assertThat(config.hooks()).hasSize(3);
  }

  @Test
  void theOldNameCountsOnlyWithoutTheNewOne() throws Exception {
    assertThat(CodexConfig.parse("[features]\ncodex_hooks = false\n").hooksOff()).isTrue();
    assertThat(CodexConfig.parse("features.hooks = false").hooksOff()).isTrue();
    assertThat(CodexConfig.parse("[features]\ncodex_hooks = false\nhooks = true\n").hooksOff())
        .isFalse();
    assertThat(CodexConfig.parse("[profiles.x.features]\nhooks = false\n").hooksOff()).isFalse();
    assertThat(CodexConfig.parse("").hooksOff()).isFalse();
  }

  @Test
  void theKeyIsTheFileTheSnakeCaseEventAndThePositions() {
    assertThat(CodexConfig.key("/h/hooks.json", "PreToolUse", 0, 1))
        .isEqualTo("/h/hooks.json:pre_tool_use:0:1");
    assertThat(CodexConfig.snake("UserPromptSubmit")).isEqualTo("user_prompt_submit");
    assertThat(CodexConfig.snake("Stop")).isEqualTo("stop");
  }

  @Test
  void whatTheSubsetCannotReadIsAnErrorWithItsLine() {
    assertThatThrownBy(() -> CodexConfig.parse("a = 1\n[features\n"))
        .isInstanceOf(CodexConfig.Unreadable.class).hasMessage("line 2: expected `]`");
    assertThatThrownBy(() -> CodexConfig.parse("x = \"open\n"))
        .hasMessage("line 1: an unclosed string");
    assertThatThrownBy(() -> CodexConfig.parse("x = [1,\n2\n"))
        .hasMessage("line 1: an unclosed array");
    assertThatThrownBy(() -> CodexConfig.parse("= true"))
        .hasMessage("line 1: expected a key");
    assertThatThrownBy(() -> CodexConfig.parse("x = true false"))
        .hasMessageStartingWith("line 1: unexpected `false`");
  }
}
