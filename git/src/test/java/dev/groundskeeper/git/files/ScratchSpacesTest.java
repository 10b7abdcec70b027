package dev.groundskeeper.git.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.files.ListingBudget;
import dev.groundskeeper.api.files.RemoveScratchSpace;
import dev.groundskeeper.api.files.ScratchSpace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScratchSpacesTest {

  private static final Instant OLD = Instant.parse("2026-10-01T00:00:00Z");
  private static final Instant NEWER = Instant.parse("2026-10-05T00:00:00Z");
  private static final ListingBudget PLENTY = new ListingBudget(1000, Duration.ofSeconds(30));

  @TempDir
  Path root;
  private Path threads;
  private Path outside;

  @BeforeEach
  void spaces() throws IOException {
    threads = Files.createDirectories(root.resolve(".frizz/threads"));
    outside = Files.createDirectories(root.resolve("precious"));
    Files.writeString(outside.resolve("keep.md"), "keep");
    Path idle = Files.createDirectories(threads.resolve("idle/sub"));
    touch(Files.writeString(idle.resolve("a.md"), "a"), OLD);
    touch(Files.writeString(idle.resolve("b.md"), "b"), NEWER);
    Files.createSymbolicLink(idle.resolve("to-precious"), outside);
    touch(idle, OLD);
    touch(threads.resolve("idle"), OLD);
    Files.createSymbolicLink(threads.resolve("linked"), outside);
  }

  private static void touch(Path path, Instant time) throws IOException {
    Files.getFileAttributeView(path, java.nio.file.attribute.BasicFileAttributeView.class,
        LinkOption.NOFOLLOW_LINKS).setTimes(FileTime.from(time), null, null);
  }

  @Test
  void eachSpaceIsListedWithItsNewestChangeAndLinksAsLinks() {
    List<ScratchSpace> spaces = new SpaceScanner(root).list(Path.of(".frizz/threads"), PLENTY);
    assertThat(spaces).extracting(ScratchSpace::name).containsExactly("idle", "linked");
    ScratchSpace idle = spaces.get(0);
    assertThat(idle.symlink()).isFalse();
    assertThat(idle.complete()).isTrue();
    assertThat(idle.entries()).isEqualTo(4);
    assertThat(spaces.get(1).symlink()).isTrue();
  }

  @Test
  void anIdleSpaceIsRemovedWithoutFollowingItsLinks() throws IOException {
    ScratchSpace idle = new SpaceScanner(root).list(threads, PLENTY).get(0);
    FileEffects.Result result = FileEffects.forRoot(root)
        .execute(new RemoveScratchSpace(idle.path(), threads, idle.newest()));
    assertThat(result.applied()).as(result.message()).isTrue();
    assertThat(threads.resolve("idle")).doesNotExist();
    assertThat(outside.resolve("keep.md")).hasContent("keep");
  }

  @Test
  void aSpaceChangedAfterItWasJudgedIdleIsKept() throws IOException {
    ScratchSpace idle = new SpaceScanner(root).list(threads, PLENTY).get(0);
    Files.writeString(threads.resolve("idle/late.md"), "new work");
    FileEffects.Result result = FileEffects.forRoot(root)
        .execute(new RemoveScratchSpace(idle.path(), threads, idle.newest()));
    assertThat(result.applied()).isFalse();
    assertThat(result.message()).startsWith("refused:").contains("after it was judged idle");
    assertThat(threads.resolve("idle/late.md")).exists();
  }

  @Test
  void aLinkedSpaceIsNeverRemoved() {
    FileEffects.Result result = FileEffects.forRoot(root)
        .execute(new RemoveScratchSpace(threads.resolve("linked"), threads, NEWER));
    assertThat(result.applied()).isFalse();
    assertThat(result.message()).contains("symbolic link");
    assertThat(outside.resolve("keep.md")).exists();
    assertThat(Files.isSymbolicLink(threads.resolve("linked"))).isTrue();
  }

  @Test
  void nothingOutsideTheParentIsEverRemoved() {
    FileEffects.Result deeper = FileEffects.forRoot(root).execute(new RemoveScratchSpace(
        threads.resolve("idle/sub"), threads, Instant.now()));
    assertThat(deeper.applied()).isFalse();
    assertThat(deeper.message()).contains("not directly inside");
    FileEffects.Result escape = FileEffects.forRoot(root).execute(new RemoveScratchSpace(
        threads.resolve("../../precious"), threads, Instant.now()));
    assertThat(escape.applied()).isFalse();
    assertThat(outside).exists();
  }

  @Test
  void aParentReachedThroughALinkLosesOnlyWhatLiesBelowIt() throws IOException {
    Path alias = Files.createSymbolicLink(root.resolve("alias"), root.resolve("precious"));
    Files.createDirectories(root.resolve("precious/space"));
    FileEffects.Result result = FileEffects.forRoot(root).execute(new RemoveScratchSpace(
        alias.resolve("space"), alias, Instant.now()));
    // The link's own directory is consistent with its parent, so this removal is allowed:
    // it removes only what lies below the configured parent, whatever that parent points at.
    assertThat(result.applied()).as(result.message()).isTrue();
    assertThat(outside.resolve("keep.md")).exists();
    try (Stream<Path> left = Files.list(outside)) {
      assertThat(left).containsExactly(outside.resolve("keep.md"));
    }
  }
}
