package dev.groundskeeper.host;

import dev.groundskeeper.rules.branches.LedgerEffect;
import java.nio.file.Path;
import java.util.List;

/** A separate process for the ledger's concurrency test: counts prompts of one session. */
public final class LedgerWriter {

  private LedgerWriter() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    int times = Integer.parseInt(args[2]);
    for (int i = 0; i < times; i++) {
      BranchLedgerStore.apply(file, List.of(new LedgerEffect.StartTurn(args[1])));
    }
  }
}
