package dev.groundskeeper.host;

import dev.groundskeeper.rules.branches.LedgerEffect;
import java.nio.file.Path;
import java.util.List;

/**
 * A separate process for the ledger's concurrency test: counts prompts of one session, from
 * {@code args[3]} threads at once (1 when not given).
 */
public final class LedgerWriter {

  private LedgerWriter() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    int times = Integer.parseInt(args[2]);
    int threads = args.length > 3 ? Integer.parseInt(args[3]) : 1;
    List<Thread> started = new java.util.ArrayList<>();
    java.util.concurrent.atomic.AtomicReference<Exception> failed =
        new java.util.concurrent.atomic.AtomicReference<>();
    for (int t = 0; t < threads; t++) {
      Thread thread = new Thread(() -> {
        try {
          count(file, args[1], times);
        } catch (Exception e) {
          failed.compareAndSet(null, e);
        }
      });
      thread.start();
      started.add(thread);
    }
    for (Thread thread : started) {
      thread.join();
    }
    if (failed.get() != null) {
      throw failed.get();
    }
  }

  private static void count(Path file, String session, int times) throws Exception {
    for (int i = 0; i < times; i++) {
      // On a loaded machine a writer may give up on the lock (loudly, losing its record, which
      // the caller reports); this one then tries again, so that the count shows a record is
      // never lost silently.
      for (int attempt = 1; ; attempt++) {
        try {
          BranchLedgerStore.apply(file, List.of(new LedgerEffect.StartTurn(session)));
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
