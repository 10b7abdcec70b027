package dev.groundskeeper.cli.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.config.ConfigLoader;
import dev.groundskeeper.api.config.EffectiveConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScratchCommandTest {

  private static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");

  @TempDir
  Path repo;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

  private ScratchCommand.Context context(String yaml) {
    return context(yaml, Optional.of(repo));
  }

  private ScratchCommand.Context context(String yaml, Optional<Path> root) {
    EffectiveConfig config = ConfigLoader.load(List.of(ConfigLayer.ofText("test.yaml", yaml)),
        List.of(ScratchCommand.SPEC), Set.of());
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    return new ScratchCommand.Context() {
      public Path directory() {
        return repo.resolve("src");
      }

      public Optional<Path> root() {
        return root;
      }

      public EffectiveConfig config() {
        return config;
      }

      public PrintStream out() {
        return out;
      }

      public Clock clock() {
        return Clock.fixed(NOW, ZoneOffset.UTC);
      }
    };
  }

  private int run(String yaml, String... args) {
    return ScratchCommand.commandLine(context(yaml)).execute(args);
  }

  private String output() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private Path file(String path, Duration age) throws IOException {
    Path file = repo.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, "x".repeat(10));
    Files.setLastModifiedTime(file, FileTime.from(NOW.minus(age)));
    return file;
  }

  @Test
  void sweepPrintsTheScratchSectionAlone() throws IOException {
    file("untracked/scratch/commit-old.txt", Duration.ofHours(30));
    file("untracked/scratch/commit-new.txt", Duration.ofHours(1));
    file("untracked/captures/c.txt", Duration.ofDays(9));
    assertThat(run("", "sweep")).isZero();
    assertThat(output())
        .startsWith("Scratch sweep: 1 file under untracked/ needs a decision.")
        .contains("- untracked/scratch/commit-old.txt (scratch file older than 24 h, 30 h old, "
            + "10 B)")
        .doesNotContain("commit-new").doesNotContain("captures");
  }

  @Test
  void aCleanTreeSaysSoInOneLine() throws IOException {
    file("untracked/scratch/commit-new.txt", Duration.ofHours(1));
    assertThat(run("", "sweep")).isZero();
    assertThat(output().strip())
        .isEqualTo("Scratch sweep: nothing under untracked/ needs a decision.");
  }

  @Test
  void sweepJsonListsEveryPartOfTheReport() throws IOException {
    file("untracked/reports/r.md", Duration.ofDays(2));
    file("untracked/scratch/ancient.md", Duration.ofDays(60));
    assertThat(run("scratch:\n  sweep:\n    baseline_before: \"2026-11-01\"\n", "sweep",
        "--json")).isZero();
    JsonNode json = new ObjectMapper().readTree(output());
    assertThat(json.path("total").asInt()).isEqualTo(1);
    assertThat(json.path("files").get(0).path("path").asText())
        .isEqualTo("untracked/reports/r.md");
    assertThat(json.path("files").get(0).path("kind").asText()).isEqualTo("unregistered");
    assertThat(json.path("files").get(0).path("age_hours").asInt()).isEqualTo(48);
    assertThat(json.path("predating_baseline").asInt()).isEqualTo(1);
    assertThat(json.path("baseline").asText()).isEqualTo("2026-11-01T00:00:00Z");
    assertThat(json.path("complete").asBoolean()).isTrue();
    assertThat(json.path("root").asText()).isEqualTo(repo.toAbsolutePath().toString());
  }

  private static final String SPACES =
      "scratch:\n  spaces:\n    pattern: \".frizz/threads/{session}/\"\n    ttl_days: 7\n";

  @Test
  void reapListsIdleSpacesAndRemovesNothingWithoutYes() throws IOException {
    file(".frizz/threads/old/a.md", Duration.ofDays(30));
    file(".frizz/threads/busy/a.md", Duration.ofDays(1));
    Files.setLastModifiedTime(repo.resolve(".frizz/threads/old"),
        FileTime.from(NOW.minus(Duration.ofDays(30))));
    Files.setLastModifiedTime(repo.resolve(".frizz/threads/busy"),
        FileTime.from(NOW.minus(Duration.ofDays(1))));
    assertThat(run(SPACES, "reap")).isZero();
    assertThat(output())
        .contains("1 space under .frizz/threads/ idle longer than 7 days:")
        .contains("  - .frizz/threads/old (idle 30 days, 1 entry)")
        .contains("  kept .frizz/threads/busy: changed 24 h ago")
        .contains("Nothing removed. Run `groundskeeper scratch reap --yes` to remove it.");
    assertThat(repo.resolve(".frizz/threads/old/a.md")).exists();
    assertThat(run(SPACES, "reap", "--dry-run", "--yes")).isZero();
    assertThat(repo.resolve(".frizz/threads/old/a.md")).exists();
  }

  @Test
  void reapWithYesRemovesOnlyIdleSpacesAndNeverFollowsLinks() throws IOException {
    Path precious = file("precious/keep.md", Duration.ofDays(90));
    file(".frizz/threads/old/a.md", Duration.ofDays(30));
    Files.createSymbolicLink(repo.resolve(".frizz/threads/old/link"), precious.getParent());
    Files.setLastModifiedTime(repo.resolve(".frizz/threads/old"),
        FileTime.from(NOW.minus(Duration.ofDays(30))));
    Files.getFileAttributeView(repo.resolve(".frizz/threads/old/link"),
        java.nio.file.attribute.BasicFileAttributeView.class,
        java.nio.file.LinkOption.NOFOLLOW_LINKS)
        .setTimes(FileTime.from(NOW.minus(Duration.ofDays(30))), null, null);
    Files.createSymbolicLink(repo.resolve(".frizz/threads/linked"), precious.getParent());
    file(".frizz/threads/busy/a.md", Duration.ofDays(1));
    assertThat(run(SPACES, "reap", "--yes")).as(output()).isZero();
    assertThat(output()).contains("removed " + repo.resolve(".frizz/threads/old"))
        .contains("kept .frizz/threads/linked: a symbolic link");
    assertThat(repo.resolve(".frizz/threads/old")).doesNotExist();
    assertThat(repo.resolve(".frizz/threads/busy/a.md")).exists();
    assertThat(precious).exists();
    assertThat(Files.isSymbolicLink(repo.resolve(".frizz/threads/linked"))).isTrue();
  }

  @Test
  void reapJsonListsIdleAndKeptSpacesThenWhatWasRemoved() throws IOException {
    file(".frizz/threads/old/a.md", Duration.ofDays(30));
    file(".frizz/threads/busy/a.md", Duration.ofDays(1));
    Files.setLastModifiedTime(repo.resolve(".frizz/threads/old"),
        FileTime.from(NOW.minus(Duration.ofDays(30))));
    Files.setLastModifiedTime(repo.resolve(".frizz/threads/busy"),
        FileTime.from(NOW.minus(Duration.ofDays(1))));
    assertThat(run(SPACES, "reap", "--json")).isZero();
    assertThat(output().strip()).doesNotContain("\n");
    JsonNode listed = new ObjectMapper().readTree(output());
    assertThat(listed.path("configured").asBoolean()).isTrue();
    assertThat(listed.path("parent").asText()).isEqualTo(".frizz/threads/");
    assertThat(listed.path("ttl_days").asInt()).isEqualTo(7);
    assertThat(listed.path("dry_run").asBoolean()).isTrue();
    assertThat(listed.path("idle")).hasSize(1);
    assertThat(listed.path("idle").get(0).path("path").asText()).isEqualTo(".frizz/threads/old");
    assertThat(listed.path("idle").get(0).path("idle_days").asInt()).isEqualTo(30);
    assertThat(listed.path("idle").get(0).path("entries").asInt()).isEqualTo(1);
    assertThat(listed.path("kept").get(0).path("name").asText()).isEqualTo("busy");
    assertThat(listed.path("kept").get(0).path("why").asText()).isEqualTo("changed 24 h ago");
    assertThat(listed.path("removed")).isEmpty();
    assertThat(listed.path("message").asText()).contains("scratch reap --yes");
    assertThat(repo.resolve(".frizz/threads/old/a.md")).exists();

    bytes.reset();
    assertThat(run(SPACES, "reap", "--yes", "--json", "--pretty")).isZero();
    assertThat(output().strip()).contains("\n");
    JsonNode done = new ObjectMapper().readTree(output());
    assertThat(done.path("dry_run").asBoolean()).isFalse();
    assertThat(done.path("removed").get(0).path("path").asText())
        .isEqualTo(repo.resolve(".frizz/threads/old").toString());
    assertThat(done.path("refused")).isEmpty();
    assertThat(repo.resolve(".frizz/threads/old")).doesNotExist();
    assertThat(repo.resolve(".frizz/threads/busy/a.md")).exists();
  }

  @Test
  void reapJsonWithoutAPatternSaysSoWithEmptyLists() throws IOException {
    assertThat(run("", "reap", "--json")).isZero();
    JsonNode json = new ObjectMapper().readTree(output());
    assertThat(json.path("configured").asBoolean()).isFalse();
    assertThat(json.path("idle")).isEmpty();
    assertThat(json.path("message").asText())
        .isEqualTo("No per-session scratch spaces to reap: scratch.spaces.pattern is not set.");
  }

  @Test
  void reapWithoutAPatternSaysThereIsNothingToReap() {
    assertThat(run("", "reap", "--yes")).isZero();
    assertThat(output().strip()).isEqualTo(
        "No per-session scratch spaces to reap: scratch.spaces.pattern is not set.");
  }

  @Test
  void outsideARepositoryNeitherVerbLooksAtTheDirectory() throws IOException {
    Path stale = file("untracked/scratch/commit-old.txt", Duration.ofHours(30));
    String spaces = "scratch:\n  spaces:\n    pattern: \"untracked/scratch/threads/{session}/\"\n";
    file("untracked/scratch/threads/old-session/notes.md", Duration.ofDays(30));
    assertThat(ScratchCommand.commandLine(context("", Optional.empty())).execute("sweep"))
        .isZero();
    assertThat(ScratchCommand.commandLine(context("", Optional.empty()))
        .execute("sweep", "--json")).isZero();
    assertThat(ScratchCommand.commandLine(context(spaces, Optional.empty()))
        .execute("reap", "--yes")).isZero();
    assertThat(output())
        .startsWith("Scratch sweep: " + repo.resolve("src") + " is not in a git repository, "
            + "and the scratch roots (untracked/) are repository-relative: nothing to sweep.")
        .doesNotContain("\"root\"").contains("\"total\":0")
        .contains("No per-session scratch spaces to reap: " + repo.resolve("src")
            + " is not in a git repository")
        .doesNotContain("commit-old.txt").doesNotContain("old-session");
    assertThat(stale).exists();
    assertThat(repo.resolve("untracked/scratch/threads/old-session/notes.md")).exists();
  }
}
