package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.rules.branches.LedgerEffect;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 17: a branch-ledger write made to fail, or stopped dead (an {@link Error} no step
 * catches), before each of its steps. The file is then the old ledger, whole; a failure is an
 * {@link IOException} the hook reports as a lost record; and the next write completes.
 */
class LedgerFaultTest {

  static final class Killed extends Error {
    Killed(String step) {
      super("killed before " + step);
    }
  }

  @TempDir Path temp;

  static Stream<Arguments> steps() {
    return Stream.of("ledger:lock", "ledger:temp", "ledger:replace")
        .flatMap(step -> Stream.of(Arguments.of(step, false), Arguments.of(step, true)));
  }

  @ParameterizedTest(name = "{0}, killed: {1}")
  @MethodSource("steps")
  void aWriteStoppedAtAnyStepLeavesTheOldLedgerWholeAndTheNextWriteCompletes(String step,
      boolean kill) throws IOException {
    Path file = temp.resolve("common/groundskeeper/branch-ledger.json");
    BranchLedgerStore.apply(file, List.of(new LedgerEffect.CountBlockedStop("s:one")));
    byte[] before = Files.readAllBytes(file);

    BranchLedgerStore.Faults faults = at -> {
      if (at.equals(step)) {
        if (kill) {
          throw new Killed(at);
        }
        throw new IOException("no space left on device (injected before " + at + ")");
      }
    };
    List<LedgerEffect> second = List.of(new LedgerEffect.CountBlockedStop("s:one"));
    if (kill) {
      assertThatThrownBy(() -> BranchLedgerStore.apply(file, second, faults))
          .isInstanceOf(Killed.class);
    } else {
      assertThatThrownBy(() -> BranchLedgerStore.apply(file, second, faults))
          .isInstanceOf(IOException.class).hasMessageContaining("no space left");
    }
    // the old ledger, byte for byte, and it still parses
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
    new ObjectMapper().readTree(file.toFile());
    assertThat(BranchLedgerStore.read(file).blockedStops("s:one")).isEqualTo(1);

    BranchLedgerStore.apply(file, second);
    assertThat(BranchLedgerStore.read(file).blockedStops("s:one")).isEqualTo(2);
  }

  @org.junit.jupiter.api.Test
  void aTemporaryFileLeftByAKilledWriterIsRemovedByTheNextWrite() throws IOException {
    Path file = temp.resolve("common/groundskeeper/branch-ledger.json");
    BranchLedgerStore.apply(file, List.of(new LedgerEffect.CountBlockedStop("s:one")));
    // A SIGKILL between the temporary file and its move runs no finally block: three such
    // kills leave three files (made here, as a killed writer leaves them).
    for (int kill = 0; kill < 3; kill++) {
      Files.write(Files.createTempFile(file.getParent(), ".branch-ledger", ".tmp"),
          "{\"blocked_st".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    BranchLedgerStore.apply(file, List.of(new LedgerEffect.CountBlockedStop("s:one")));
    try (Stream<Path> left = Files.list(file.getParent())) {
      assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
    assertThat(BranchLedgerStore.read(file).blockedStops("s:one")).isEqualTo(2);
  }
}
