package dev.groundskeeper.git.files;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** A separate process for ExclusiveLockTest: prints whether it could take the file's lock. */
public final class LockProbe {

  private LockProbe() {}

  public static void main(String[] args) throws Exception {
    try (FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.WRITE)) {
      FileLock lock = channel.tryLock();
      System.out.print(lock == null ? "held" : "free");
    }
  }
}
