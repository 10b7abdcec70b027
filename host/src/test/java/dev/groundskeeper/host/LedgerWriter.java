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
      // On a loaded machine a writer may give up on the lock (loudly, losing its record, which
      // the caller reports); this one then tries again, so that the count shows a record is
      // never lost silently.
      for (int attempt = 1; ; attempt++) {
        try {
          BranchLedgerStore.apply(file, List.of(new LedgerEffect.StartTurn(args[1])));
          break;
        } catch (java.io.IOException e) {
          if (attempt == 10 || !e.getMessage().contains("stayed held")) {
            throw e;
          }
          System.err.println("retrying: " + e.getMessage());
        }
      }
    }
  }
}
