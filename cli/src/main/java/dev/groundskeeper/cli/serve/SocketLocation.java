package dev.groundskeeper.cli.serve;

import dev.groundskeeper.git.store.StoreLevels;
import dev.groundskeeper.git.store.StoreLocation;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.io.IOException;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the server's socket lives, and the checks on its directory. The launcher's client
 * (bin/groundskeeper) finds the socket by the same rules, in this order: {@code --socket}
 * (server only), {@code GROUNDSKEEPER_SOCKET}, {@code $GROUNDSKEEPER_HOME/run/serve.sock},
 * {@code $XDG_RUNTIME_DIR/groundskeeper/serve.sock}, {@code ~/.groundskeeper/run/serve.sock}.
 * The directory is made one level at a time at mode 0700 and judged as the worktree store judges
 * its own: a symbolic link, a directory of another account, or one that group or others can
 * write is refused, since whoever can write there could answer in the server's place.
 */
final class SocketLocation {

  static final String VARIABLE = "GROUNDSKEEPER_SOCKET";
  static final String FILE_NAME = "serve.sock";
  /** The kernel's limit on a socket path ({@code sun_path}), less its terminating NUL. */
  static final int MAX_PATH_BYTES = 107;

  private final Path socket;
  private final Optional<Path> userHome;
  /** The store-like home whose levels are made and judged, and the levels beneath it. */
  private final Path home;
  private final List<String> levels;

  private SocketLocation(Path socket, Optional<Path> userHome, Path home, List<String> levels) {
    this.socket = socket;
    this.userHome = userHome;
    this.home = home;
    this.levels = levels;
  }

  /** The socket for {@code explicit} (resolved against {@code cwd}) or the environment. */
  static SocketLocation of(Optional<Path> explicit, Map<String, String> env, Path cwd) {
    Optional<Path> userHome = nonEmpty(env.get("HOME")).map(Path::of);
    Optional<Path> given = explicit.map(cwd::resolve)
        .or(() -> nonEmpty(env.get(VARIABLE)).map(Path::of));
    if (given.isPresent()) {
      Path socket = given.get().normalize();
      if (!socket.isAbsolute()) {
        throw new ServeException(VARIABLE + " must be an absolute path, not " + socket);
      }
      if (socket.getParent() == null) {
        throw new ServeException("the socket path " + socket + " names no file");
      }
      return new SocketLocation(socket, userHome, socket.getParent(), List.of());
    }
    if (nonEmpty(env.get(StoreLocation.HOME_VARIABLE)).isEmpty()
        && nonEmpty(env.get("XDG_RUNTIME_DIR")).isPresent()) {
      Path runtime = Path.of(env.get("XDG_RUNTIME_DIR"));
      if (!runtime.isAbsolute()) {
        throw new ServeException("XDG_RUNTIME_DIR must be an absolute path, not " + runtime);
      }
      return new SocketLocation(runtime.resolve("groundskeeper").resolve(FILE_NAME), userHome,
          runtime.normalize(), List.of("groundskeeper"));
    }
    StoreLocation store = StoreLocation.resolve(env, WorktreesConfig.DEFAULTS);
    return new SocketLocation(store.home().resolve("run").resolve(FILE_NAME), userHome,
        store.home(), List.of("run"));
  }

  Path socket() {
    return socket;
  }

  /** Beside the socket: the TCP port, pid and tokens of the server (see HookServer#openTcp). */
  Path portFile() {
    return socket.resolveSibling(socket.getFileName() + ".port");
  }

  /** Beside the socket; held for the server's lifetime so that two never share one socket. */
  Path lockFile() {
    return socket.resolveSibling(socket.getFileName() + ".lock");
  }

  /**
   * Makes the socket's directory where missing and judges every level from the home down; a
   * refusal says which level and why. Also refuses a path the kernel cannot bind.
   */
  void prepareDirectory() {
    int bytes = socket.toString().getBytes(Jvm.PATH_CHARSET).length;
    if (bytes > MAX_PATH_BYTES) {
      throw new ServeException("the socket path " + socket + " is " + bytes + " bytes long;"
          + " a Unix socket path holds at most " + MAX_PATH_BYTES
          + "; give a shorter one with --socket or " + VARIABLE);
    }
    new StoreLevels(new StoreLocation(home, userHome)).ensure(levels);
  }

  /** Judges the existing levels without creating any (for clients). */
  void judgeDirectory() {
    StoreLevels judge = new StoreLevels(new StoreLocation(home, userHome));
    Path level = home;
    judge.judge(level);
    for (String segment : levels) {
      level = level.resolve(segment);
      judge.judge(level);
    }
  }

  /** What is at the socket path now. */
  enum State { ABSENT, LIVE, STALE, NOT_A_SOCKET }

  State state() {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(socket, BasicFileAttributes.class,
          LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return State.ABSENT;
    } catch (IOException e) {
      throw new ServeException("cannot read " + socket + ": " + e.getMessage());
    }
    if (!attributes.isOther()) {
      return State.NOT_A_SOCKET;
    }
    try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
      probe.connect(UnixDomainSocketAddress.of(socket));
      return State.LIVE;
    } catch (ConnectException e) {
      return State.STALE;
    } catch (IOException e) {
      if (!Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
        return State.ABSENT;
      }
      throw new ServeException("cannot connect to " + socket + ": " + e.getMessage());
    }
  }

  private static Optional<String> nonEmpty(String value) {
    return Optional.ofNullable(value).filter(v -> !v.isEmpty());
  }
}
