package dev.groundskeeper.cli.serve;

import dev.groundskeeper.api.SafeText;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * A long-lived JVM answering hook calls on a Unix domain socket. Each call runs the same command
 * code a fresh process runs ({@link HookRunner}), with the caller's working directory,
 * environment and standard input, so it re-reads the configuration and the repository as a fresh
 * process does; only the JVM's start-up, class loading and JIT warm-up are saved.
 *
 * <p>A call is declined (the client then runs the hook in a process of its own, with the same
 * result) when the caller is another account, when its launcher would start other code, when a
 * variable the process itself reads differs ({@link ProcessEnvironment}), or when every worker
 * is busy for longer than {@link #QUEUE_WAIT}. A failing call never stops the server.
 *
 * <p>One thread accepts and reads every connection without blocking, each within
 * {@link #READ_TIMEOUT} and {@link #MAX_BODY}; only a complete request reaches a worker, so a
 * client that connects and sends nothing (or sends slowly) holds no worker and delays no other
 * call.
 */
final class HookServer {

  static final String HOOK_PATH = "/v1/hook";
  /** The same call, answered with lengths instead of a boundary (what bash reads without curl). */
  static final String HOOK_PATH_V2 = "/v2/hook";
  /** The first word of the port file and of a /v2 answer. */
  static final String PORT_MAGIC = "groundskeeper-serve/3";
  static final String TOKEN_HEADER = "x-groundskeeper-token";
  /** The header of a TCP caller's {@code 100 Continue} that carries this server's token. */
  static final String PROOF_HEADER = "X-Groundskeeper-Proof";
  static final String STATUS_PATH = "/v1/status";
  static final String STOP_PATH = "/v1/stop";
  /** The launcher's payload cap (8 MiB) and room for the call's fields. */
  static final int MAX_BODY = 9 * 1024 * 1024;
  /** From the connection's accept to its last request byte; a launcher needs milliseconds. */
  static final Duration READ_TIMEOUT = Duration.ofSeconds(5);
  /** Connections being read at once; one more is closed at once (its client runs the hook). */
  static final int MAX_READING = 256;
  /** Request bytes held at once across the connections being read. */
  static final long MAX_BUFFERED = 64L * 1024 * 1024;
  static final Duration QUEUE_WAIT = Duration.ofSeconds(2);
  static final Duration STOP_WAIT = Duration.ofSeconds(30);
  static final Duration LEFT_REQUEST_AGE = Duration.ofMinutes(10);
  /** Answered calls whose time --status summarises. */
  static final int CALL_TIMES = 512;

  /** What the server needs from its surroundings. */
  record Settings(SocketLocation location, Duration idleTimeout, int workers,
      Map<String, String> environment, CodeIdentity code, HookRunner runner, PrintStream log,
      Clock clock) {
    Settings {
      Objects.requireNonNull(location, "location");
      environment = Map.copyOf(environment);
      if (workers < 1) {
        throw new IllegalArgumentException("workers must be at least 1");
      }
    }
  }

  private static final Set<Path> LOCKED_HERE = ConcurrentHashMap.newKeySet();

  private final Settings settings;
  private final Path socket;
  private final AtomicBoolean stopping = new AtomicBoolean();
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicLong lastActivity = new AtomicLong(System.nanoTime());
  private final AtomicLong answered = new AtomicLong();
  private final AtomicLong declined = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  /** How long the last answered hook calls took in the server, request read to answer sent. */
  private final long[] callNanos = new long[CALL_TIMES];
  private long callsTimed;
  private final AtomicReference<String> lastDecline = new AtomicReference<>("");
  private final AtomicReference<String> stopReason = new AtomicReference<>("");
  private final SecureRandom random = new SecureRandom();
  private final Instant started;
  private ThreadPoolExecutor workers;
  private ScheduledExecutorService timers;
  private ServerSocketChannel listener;
  /** The loopback TCP port a launcher reaches with bash alone (no curl process), on Linux. */
  private ServerSocketChannel tcpListener;
  private String clientToken = "";
  private String serverToken = "";
  private Object portFileKey;
  private Selector selector;
  private FileChannel lockChannel;
  private FileLock lock;
  private Path lockedHere;
  private Object socketKey;
  private UserPrincipal owner;
  private int umask;

  private HookServer(Settings settings) {
    this.settings = settings;
    this.socket = settings.location().socket();
    this.started = settings.clock().instant();
  }

  /**
   * Starts serving: prepares the directory, takes the lock, removes a dead server's socket,
   * binds. Refuses (with a {@link ServeException}) a directory that fails its checks, a path that
   * is not a socket, and a socket another server answers on.
   */
  static HookServer start(Settings settings) {
    HookServer server = new HookServer(settings);
    try {
      server.bind();
    } catch (RuntimeException e) {
      server.abandon();
      throw e;
    }
    server.serve();
    return server;
  }

  private void bind() {
    try {
      settings.location().prepareDirectory();
    } catch (ServeException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ServeException("cannot serve on " + socket + ": " + e.getMessage());
    }
    lock();
    switch (settings.location().state()) {
      case LIVE -> throw new ServeException("a server already answers on " + socket
          + "; stop it first with groundskeeper serve --stop");
      case NOT_A_SOCKET -> throw new ServeException(socket + " exists and is not a socket;"
          + " move it away or give another path with --socket");
      case STALE -> {
        delete(socket);
        settings.log().println("groundskeeper serve: removed " + socket
            + ", the socket of a server that is gone");
      }
      case ABSENT -> { }
    }
    try {
      listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
      listener.bind(UnixDomainSocketAddress.of(socket));
      socketKey = fileKey(socket).orElse(null);
      Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
      owner = Files.getOwner(socket, LinkOption.NOFOLLOW_LINKS);
      umask = Umask.measure(socket.getParent());
      removeLeftRequests();
      openTcp();
    } catch (IOException e) {
      throw new ServeException("cannot listen on " + socket + ": " + e.getMessage());
    }
  }

  /**
   * Listens on an ephemeral port of 127.0.0.1 too, where the launcher connects with bash's own
   * {@code /dev/tcp} (a curl process costs more than the whole served call), and writes
   * {@link SocketLocation#portFile} (mode 0600, in the 0700 directory): the port, this pid, the
   * token a caller sends and the token this server answers with. Only a reader of that file (this
   * account, or root) knows them. A TCP caller must send the first token in its request head: one
   * that does not is refused before any of its body is read. The launcher sends its head with
   * {@code Expect: 100-continue} and sends the body (the hook payload) only once the interim
   * answer carries the second token, so a process that took the port of a server gone away
   * learns nothing of the call; the final answer carries that token too. (Reading the sockets'
   * owners from {@code /proc/net/tcp} on both sides cost several milliseconds a call: more than
   * the served call itself.)
   */
  private void openTcp() throws IOException {
    clientToken = token();
    serverToken = token();
    tcpListener = ServerSocketChannel.open(StandardProtocolFamily.INET);
    tcpListener.bind(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0),
        64);
    int port = ((java.net.InetSocketAddress) tcpListener.getLocalAddress()).getPort();
    Path portFile = settings.location().portFile();
    Path partial = portFile.resolveSibling(portFile.getFileName() + "."
        + ProcessHandle.current().pid());
    Files.deleteIfExists(partial);
    removeDeadPartials(portFile, partial);
    Files.writeString(partial, PORT_MAGIC + " " + port + " " + ProcessHandle.current().pid() + " "
        + clientToken + " " + serverToken + "\n", StandardCharsets.US_ASCII,
        StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rw-------"));
    Files.move(partial, portFile, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    portFileKey = fileKey(portFile).orElse(null);
  }

  /**
   * Removes the port files a killed server left half-written ({@code serve.sock.port.PID}): this
   * server holds the lock beside the socket, so no other server is writing one now. Only regular
   * files named by a pid, never through a link.
   */
  private static void removeDeadPartials(Path portFile, Path own) {
    String prefix = portFile.getFileName() + ".";
    try (java.nio.file.DirectoryStream<Path> left =
        Files.newDirectoryStream(portFile.getParent(), prefix + "*")) {
      for (Path candidate : left) {
        String name = candidate.getFileName().toString();
        if (!candidate.equals(own) && name.substring(prefix.length()).matches("[0-9]{1,10}")
            && Files.isRegularFile(candidate, LinkOption.NOFOLLOW_LINKS)) {
          Files.deleteIfExists(candidate);
        }
      }
    } catch (IOException | RuntimeException e) {
      // left for the next server; the port file itself is written all the same
    }
  }

  private String token() {
    byte[] bytes = new byte[16];
    random.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /**
   * The launcher's client keeps a call's standard input in {@code request.*} beside the socket
   * until the call is over; a client killed before it could remove its file leaves it behind.
   */
  private void removeLeftRequests() throws IOException {
    Instant before = settings.clock().instant().minus(LEFT_REQUEST_AGE);
    try (var files = Files.newDirectoryStream(socket.getParent(), "request.*")) {
      for (Path file : files) {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class,
            LinkOption.NOFOLLOW_LINKS);
        if (attributes.isRegularFile()
            && attributes.lastModifiedTime().toInstant().isBefore(before)) {
          Files.deleteIfExists(file);
        }
      }
    }
  }

  /** Whether a server (in this JVM or another process) still holds {@code lockFile}. */
  static boolean lockHeld(Path lockFile) {
    if (LOCKED_HERE.contains(lockFile)) {
      return true;
    }
    if (!Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try (FileChannel channel = FileChannel.open(lockFile, Set.of(StandardOpenOption.WRITE,
        LinkOption.NOFOLLOW_LINKS))) {
      FileLock probe = channel.tryLock();
      if (probe == null) {
        return true;
      }
      probe.release();
      return false;
    } catch (OverlappingFileLockException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private void lock() {
    Path lockFile = settings.location().lockFile();
    // A second channel on the file in this JVM would release the first one's lock when closed.
    if (!LOCKED_HERE.add(lockFile)) {
      throw new ServeException("another server holds " + lockFile
          + "; stop it first with groundskeeper serve --stop");
    }
    lockedHere = lockFile;
    try {
      lockChannel = FileChannel.open(lockFile, Set.of(StandardOpenOption.CREATE,
          StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      lock = lockChannel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null;
    } catch (IOException e) {
      throw new ServeException("cannot lock " + lockFile + ": " + e.getMessage());
    }
    if (lock == null) {
      throw new ServeException("another server holds " + lockFile
          + "; stop it first with groundskeeper serve --stop");
    }
  }

  private void serve() {
    workers = new ThreadPoolExecutor(settings.workers(), settings.workers(), 0,
        TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(settings.workers() * 8),
        daemon("groundskeeper-serve-worker"));
    timers = Executors.newSingleThreadScheduledExecutor(daemon("groundskeeper-serve-timer"));
    if (!settings.idleTimeout().isZero()) {
      long period = Math.max(50, Math.min(1_000, settings.idleTimeout().toMillis() / 4));
      timers.scheduleAtFixedRate(this::stopWhenIdle, period, period, TimeUnit.MILLISECONDS);
    }
    try {
      selector = Selector.open();
      listener.configureBlocking(false);
      listener.register(selector, SelectionKey.OP_ACCEPT);
      if (tcpListener != null) {
        tcpListener.configureBlocking(false);
        tcpListener.register(selector, SelectionKey.OP_ACCEPT);
      }
    } catch (IOException e) {
      throw new ServeException("cannot listen on " + socket + ": " + e.getMessage());
    }
    Thread reader = daemon("groundskeeper-serve-reader").newThread(this::readLoop);
    reader.start();
  }

  Path socket() {
    return socket;
  }

  /** Waits until the server has stopped; true when it did within {@code timeout}. */
  boolean awaitStopped(Duration timeout) throws InterruptedException {
    return stopped.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  String stopReason() {
    return stopReason.get();
  }

  /**
   * Stops accepting, lets the calls in progress finish (up to {@link #STOP_WAIT}), removes the
   * socket if it is still this server's, and releases the lock. Safe to call more than once and
   * from any thread but a worker's.
   */
  void stop(String reason) {
    if (!stopping.compareAndSet(false, true)) {
      return;
    }
    stopReason.set(reason);
    try {
      removeOwnPortFile();
      closeQuietly(tcpListener);
      closeQuietly(listener);
      if (selector != null) {
        selector.wakeup();
      }
      workers.shutdown();
      if (!workers.awaitTermination(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        settings.log().println("groundskeeper serve: calls still running after "
            + STOP_WAIT.toSeconds() + " s were abandoned");
        workers.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      timers.shutdownNow();
      removeOwnSocket();
      release();
      settings.log().println("groundskeeper serve: stopped (" + reason + ")");
      stopped.countDown();
    }
  }

  /** Undoes a start that failed part way: the listener, its socket, the lock. */
  private void abandon() {
    removeOwnPortFile();
    closeQuietly(tcpListener);
    closeQuietly(listener);
    removeOwnSocket();
    release();
  }

  /** First of all on a stop: no launcher may read the port after the listener is gone. */
  private void removeOwnPortFile() {
    Path portFile = settings.location().portFile();
    if (portFileKey != null && portFileKey.equals(fileKey(portFile).orElse(null))) {
      try {
        Files.deleteIfExists(portFile);
      } catch (IOException e) {
        settings.log().println("groundskeeper serve: could not remove " + portFile + ": "
            + e.getMessage());
      }
    }
  }

  private void removeOwnSocket() {
    if (socketKey != null && socketKey.equals(fileKey(socket).orElse(null))) {
      try {
        Files.deleteIfExists(socket);
      } catch (IOException e) {
        settings.log().println("groundskeeper serve: could not remove " + socket + ": "
            + e.getMessage());
      }
    }
  }

  private void stopInBackground(String reason) {
    daemon("groundskeeper-serve-stop").newThread(() -> stop(reason)).start();
  }

  private void release() {
    if (lockedHere != null) {
      LOCKED_HERE.remove(lockedHere);
    }
    try {
      if (lock != null) {
        lock.release();
      }
      if (lockChannel != null) {
        lockChannel.close();
      }
    } catch (IOException e) {
      settings.log().println("groundskeeper serve: could not release the lock: " + e.getMessage());
    }
  }

  private void stopWhenIdle() {
    Duration idle = Duration.ofNanos(System.nanoTime() - lastActivity.get());
    if (inFlight.get() == 0 && idle.compareTo(settings.idleTimeout()) >= 0) {
      stopInBackground("idle for " + ServeCommand.format(settings.idleTimeout()));
    }
  }

  /** A connection being read: its request so far and the moment it must be complete by. */
  private static final class Reading {
    final SocketChannel channel;
    final boolean tcp;
    final long acceptedAt;
    final Http.RequestReader reader;

    Reading(SocketChannel channel, boolean tcp, long acceptedAt, Http.RequestReader reader) {
      this.channel = channel;
      this.tcp = tcp;
      this.acceptedAt = acceptedAt;
      this.reader = reader;
    }
  }

  /**
   * Accepts and reads every connection on one thread, without blocking on any: a request is
   * handed to a worker only once it is complete; one not complete within {@link #READ_TIMEOUT}
   * is closed.
   */
  private void readLoop() {
    long buffered = 0;
    while (!stopping.get()) {
      try {
        selector.select(250);
      } catch (IOException | ClosedSelectorException e) {
        if (stopping.get()) {
          break;
        }
        settings.log().println("groundskeeper serve: select failed: " + e.getMessage());
        pause();
        continue;
      }
      List<Reading> complete = new ArrayList<>();
      for (SelectionKey key : selector.selectedKeys()) {
        if (!key.isValid()) {
          continue;
        }
        if (key.isAcceptable()) {
          acceptAll((ServerSocketChannel) key.channel());
        } else if (key.isReadable()) {
          Reading reading = (Reading) key.attachment();
          int before = reading.reader.size();
          try {
            Http.RequestReader.Progress progress;
            if (buffered > MAX_BUFFERED) {
              throw new Http.Refusal(503, "the server holds too many unread requests");
            }
            progress = reading.reader.read(reading.channel);
            buffered += reading.reader.size() - before;
            if (reading.tcp && progress == Http.RequestReader.Progress.MORE) {
              acknowledgeAtOnce(reading.channel);
            }
            if (progress == Http.RequestReader.Progress.DONE) {
              key.cancel();
              buffered -= reading.reader.size();
              complete.add(reading);
            } else if (progress == Http.RequestReader.Progress.EMPTY) {
              key.cancel();
              buffered -= reading.reader.size();
              finish(reading.channel);
            }
          } catch (Http.Refusal e) {
            key.cancel();
            // what this read added was never counted
            buffered -= before;
            refuse(reading.channel, e.status(), e.getMessage());
          } catch (IOException e) {
            key.cancel();
            buffered -= before;
            failed.incrementAndGet();
            finish(reading.channel);
          }
        }
      }
      selector.selectedKeys().clear();
      buffered -= expire();
      if (!complete.isEmpty()) {
        try {
          // Cancelled keys leave the selector at the next select; only then may a channel block.
          selector.selectNow();
        } catch (IOException e) {
          settings.log().println("groundskeeper serve: select failed: " + e.getMessage());
        }
        complete.forEach(this::dispatch);
      }
    }
    for (SelectionKey key : selector.keys()) {
      if (key.attachment() instanceof Reading reading) {
        finish(reading.channel);
      }
    }
    closeQuietly(selector);
  }

  private void acceptAll(ServerSocketChannel from) {
    boolean tcp = from == tcpListener;
    while (true) {
      SocketChannel channel;
      try {
        channel = from.accept();
      } catch (ClosedChannelException e) {
        return;
      } catch (IOException e) {
        settings.log().println("groundskeeper serve: accept failed: " + e.getMessage());
        pause();
        return;
      }
      if (channel == null) {
        return;
      }
      inFlight.incrementAndGet();
      lastActivity.set(System.nanoTime());
      try {
        if (!tcp && !sameAccount(channel)) {
          declined.incrementAndGet();
          refuse(channel, 403, "the caller is another account");
          continue;
        }
        if (selector.keys().size() > MAX_READING) {
          declined.incrementAndGet();
          lastDecline.set("more than " + MAX_READING + " connections were being read");
          finish(channel);
          continue;
        }
        channel.configureBlocking(false);
        channel.register(selector, SelectionKey.OP_READ,
            new Reading(channel, tcp, System.nanoTime(),
                new Http.RequestReader(MAX_BODY, tcp ? this::tcpHead : Http.RequestReader.HeadCheck.NONE)));
      } catch (IOException | RuntimeException e) {
        failed.incrementAndGet();
        finish(channel);
      }
    }
  }

  /**
   * Acknowledges what a TCP caller sent at once rather than up to 40 ms later: after the
   * {@code 100 Continue} the kernel delays its acknowledgements, and bash (which cannot turn
   * Nagle's algorithm off) holds each further write of a body over a few KiB until the one before
   * it is acknowledged. Linux keeps the option only until it next delays, so it is set after each
   * read; where it is not supported the call is only slower.
   */
  private static void acknowledgeAtOnce(SocketChannel channel) {
    try {
      if (channel.supportedOptions().contains(jdk.net.ExtendedSocketOptions.TCP_QUICKACK)) {
        channel.setOption(jdk.net.ExtendedSocketOptions.TCP_QUICKACK, true);
      }
    } catch (IOException | UnsupportedOperationException e) {
      // the acknowledgement comes when the kernel sends it
    }
  }

  /** Closes the connections whose request is not complete in time; returns the bytes freed. */
  private long expire() {
    long now = System.nanoTime();
    long freed = 0;
    for (SelectionKey key : selector.keys()) {
      if (key.isValid() && key.attachment() instanceof Reading reading
          && now - reading.acceptedAt > READ_TIMEOUT.toNanos()) {
        key.cancel();
        freed += reading.reader.size();
        failed.incrementAndGet();
        finish(reading.channel);
      }
    }
    return freed;
  }

  /** Answers a request that cannot be served as sent (a few bytes: they never block). */
  private void refuse(SocketChannel channel, int status, String why) {
    try {
      if (channel.isRegistered()) {
        selector.selectNow();
      }
      channel.configureBlocking(true);
    } catch (IOException | RuntimeException e) {
      // answered below as far as the channel lets
    }
    if (status != 403) {
      failed.incrementAndGet();
    }
    respondQuietly(channel, status, why);
    finish(channel);
  }

  private void dispatch(Reading reading) {
    try {
      reading.channel.configureBlocking(true);
    } catch (IOException | RuntimeException e) {
      failed.incrementAndGet();
      finish(reading.channel);
      return;
    }
    long readAt = System.nanoTime();
    try {
      workers.execute(() -> handle(reading.channel, reading.tcp, reading.reader.request(), readAt));
    } catch (RejectedExecutionException e) {
      declined.incrementAndGet();
      lastDecline.set("every worker was busy");
      respondQuietly(reading.channel, 503, "every worker was busy");
      finish(reading.channel);
    }
  }

  /** A moment's rest after a failed accept (out of file descriptors, say), so it cannot spin. */
  private static void pause() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void finish(SocketChannel channel) {
    closeQuietly(channel);
    lastActivity.set(System.nanoTime());
    inFlight.decrementAndGet();
  }

  private void handle(SocketChannel channel, boolean tcp, Http.Request request, long readAt) {
    try {
      route(channel, request, readAt);
    } catch (IOException e) {
      failed.incrementAndGet();
    } catch (RuntimeException | Error e) {
      // A request's failure is that request's alone: answer 500 (the client then runs the hook
      // itself) and keep serving.
      failed.incrementAndGet();
      settings.log().println("groundskeeper serve: a call failed: "
          + SafeText.escape(SafeText.failure(e)));
      respondQuietly(channel, 500, "internal error: " + SafeText.failure(e));
    } finally {
      finish(channel);
    }
  }

  private void route(SocketChannel channel, Http.Request request, long queuedAt)
      throws IOException {
    String route = request.method() + " " + request.target();
    switch (route) {
      case "POST " + HOOK_PATH, "POST " + HOOK_PATH_V2 -> {
        if (Duration.ofNanos(System.nanoTime() - queuedAt).compareTo(QUEUE_WAIT) > 0) {
          decline(channel, 503, "every worker was busy for more than "
              + QUEUE_WAIT.toSeconds() + " s");
        } else {
          hook(channel, request.body(), request.target().equals(HOOK_PATH_V2));
        }
      }
      case "GET " + STATUS_PATH -> Http.respondText(channel, 200, status());
      case "POST " + STOP_PATH -> {
        Http.respondText(channel, 200, "stopping");
        stopInBackground("asked to stop");
      }
      default -> Http.respondText(channel, 404, "no such request: " + route);
    }
  }

  private void hook(SocketChannel channel, byte[] body, boolean lengths) throws IOException {
    long start = System.nanoTime();
    HookRequest request;
    try {
      request = HookRequest.parse(body, Jvm.PATH_CHARSET);
    } catch (IllegalArgumentException e) {
      decline(channel, 400, e.getMessage());
      return;
    }
    if (!request.args().get(0).equals("hook")) {
      decline(channel, 400, "only hook calls are served, not " + request.args().get(0));
      return;
    }
    Optional<String> otherCode = settings.code().mismatch(request.jar());
    if (otherCode.isPresent()) {
      decline(channel, 409, otherCode.get());
      if (settings.code().changed()) {
        stopInBackground("its jar was rebuilt");
      }
      return;
    }
    Optional<String> differs = ProcessEnvironment.firstDifference(request.environment(),
        settings.environment());
    if (differs.isPresent()) {
      decline(channel, 409, "the caller's " + differs.get() + " differs from the server's"
          + " (start groundskeeper serve from the runner's environment)");
      return;
    }
    if (request.umask() != umask) {
      decline(channel, 409, String.format("the caller's umask %04o differs from the server's %04o",
          request.umask(), umask));
      return;
    }
    Path workingDirectory;
    try {
      workingDirectory = Path.of(request.workingDirectory()).toRealPath();
    } catch (IOException | RuntimeException e) {
      decline(channel, 409, "the caller's working directory cannot be resolved");
      return;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit;
    try (PrintStream stdout = new PrintStream(out, false, Jvm.STDOUT_CHARSET);
        PrintStream stderr = new PrintStream(err, false, Jvm.STDERR_CHARSET)) {
      exit = settings.runner().run(request.args().toArray(String[]::new),
          new ByteArrayInputStream(request.stdin()), stdout, stderr, forwarded(request),
          workingDirectory);
    }
    byte[] stdout = out.toByteArray();
    byte[] stderr = err.toByteArray();
    if (Http.indexOf(stdout, new byte[] {0}) >= 0 || Http.indexOf(stderr, new byte[] {0}) >= 0) {
      // The shell client cannot carry a NUL byte; it runs the hook itself instead.
      failed.incrementAndGet();
      Http.respondText(channel, 500, "the answer holds a NUL byte");
      return;
    }
    Http.respond(channel, 200, "application/octet-stream",
        lengths ? lengthFrame(exit, stdout, stderr) : frame(exit, stdout, stderr));
    answered.incrementAndGet();
    synchronized (callNanos) {
      callNanos[(int) (callsTimed++ % CALL_TIMES)] = System.nanoTime() - start;
    }
  }

  /** The variables a hook may read ({@link ProcessEnvironment#isForwarded}), whatever was sent. */
  private static Map<String, String> forwarded(HookRequest request) {
    Map<String, String> kept = new java.util.HashMap<>();
    request.environment().forEach((name, value) -> {
      if (ProcessEnvironment.isForwarded(name)) {
        kept.put(name, value);
      }
    });
    return kept;
  }

  /**
   * The answer as the shell client reads it: a first line with the exit code and a boundary that
   * occurs in neither stream, then standard output, the boundary, standard error.
   */
  byte[] frame(int exit, byte[] stdout, byte[] stderr) {
    byte[] boundary;
    do {
      byte[] token = new byte[12];
      random.nextBytes(token);
      boundary = ("--groundskeeper-" + HexFormat.of().formatHex(token) + "--")
          .getBytes(StandardCharsets.US_ASCII);
    } while (Http.indexOf(stdout, boundary) >= 0 || Http.indexOf(stderr, boundary) >= 0);
    ByteArrayOutputStream framed = new ByteArrayOutputStream();
    framed.writeBytes((HookRequest.MAGIC + " " + exit + " ").getBytes(StandardCharsets.US_ASCII));
    framed.writeBytes(boundary);
    framed.write('\n');
    framed.writeBytes(stdout);
    framed.writeBytes(boundary);
    framed.writeBytes(stderr);
    return framed.toByteArray();
  }

  /**
   * The /v2 answer, which bash reads with {@code read} alone: a first line
   * {@code groundskeeper-serve/3 SERVER-TOKEN EXIT STDOUT-BYTES STDERR-BYTES}, then both streams.
   * The token (from the port file) tells the launcher that this account's server answered.
   */
  byte[] lengthFrame(int exit, byte[] stdout, byte[] stderr) {
    ByteArrayOutputStream framed = new ByteArrayOutputStream();
    framed.writeBytes((PORT_MAGIC + " " + serverToken + " " + exit + " " + stdout.length + " "
        + stderr.length + "\n").getBytes(StandardCharsets.US_ASCII));
    framed.writeBytes(stdout);
    framed.writeBytes(stderr);
    return framed.toByteArray();
  }

  private void decline(SocketChannel channel, int status, String why) throws IOException {
    declined.incrementAndGet();
    // Once per reason in a row: a runner whose PATH differs would otherwise log every call.
    if (!why.equals(lastDecline.getAndSet(why))) {
      settings.log().println("groundskeeper serve: declined a call (the client runs it itself): "
          + why);
    }
    Http.respondText(channel, status, why);
  }

  private String status() {
    long pid = ProcessHandle.current().pid();
    return "socket: " + socket + "\n"
        + "pid: " + pid + "\n"
        + "code: " + settings.code().location() + "\n"
        + "started: " + started + "\n"
        + "idle timeout: " + (settings.idleTimeout().isZero() ? "none"
            : ServeCommand.format(settings.idleTimeout())) + "\n"
        + "workers: " + settings.workers() + "\n"
        + "answered: " + answered.get() + "\n"
        + "declined: " + declined.get() + "\n"
        + "failed: " + failed.get() + "\n"
        + "last declined: " + (lastDecline.get().isEmpty() ? "never" : lastDecline.get()) + "\n"
        + callTimes();
  }

  /**
   * A TCP caller is this account's when its head carries the token of the port file (mode 0600);
   * its interim answer then carries this server's token, so the caller knows whom it talks to
   * before it sends the payload.
   */
  private String tcpHead(java.util.Map<String, String> headers) throws Http.Refusal {
    if (!java.security.MessageDigest.isEqual(clientToken.getBytes(StandardCharsets.US_ASCII),
        headers.getOrDefault(TOKEN_HEADER, "").getBytes(StandardCharsets.US_ASCII))) {
      declined.incrementAndGet();
      throw new Http.Refusal(403, "the caller did not send this server's token");
    }
    return PROOF_HEADER + ": " + serverToken + "\r\n";
  }

  /** The server's own time of the last answered hook calls: p50 and p90 in milliseconds. */
  private String callTimes() {
    long[] times;
    synchronized (callNanos) {
      times = java.util.Arrays.copyOf(callNanos, (int) Math.min(callsTimed, CALL_TIMES));
    }
    if (times.length == 0) {
      return "call time: no call answered yet";
    }
    java.util.Arrays.sort(times);
    return String.format(java.util.Locale.ROOT,
        "call time (last %d answered): p50 %.3f ms, p90 %.3f ms", times.length,
        times[(times.length - 1) / 2] / 1e6, times[(times.length - 1) * 9 / 10] / 1e6);
  }

  private boolean sameAccount(SocketChannel channel) throws IOException {
    UnixDomainPrincipal peer = channel.getOption(ExtendedSocketOptions.SO_PEERCRED);
    return peer.user().getName().equals(owner.getName());
  }

  private void respondQuietly(SocketChannel channel, int status, String text) {
    try {
      Http.respondText(channel, status, text);
    } catch (IOException | RuntimeException ignored) {
      // the caller is gone; nothing is waiting for this answer
    }
  }

  private static Optional<Object> fileKey(Path path) {
    try {
      return Optional.ofNullable(Files.readAttributes(path, BasicFileAttributes.class,
          LinkOption.NOFOLLOW_LINKS).fileKey());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static void delete(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      throw new ServeException("cannot remove " + path + ": " + e.getMessage());
    }
  }

  private static void closeQuietly(java.io.Closeable closeable) {
    try {
      if (closeable != null) {
        closeable.close();
      }
    } catch (IOException ignored) {
      // closing is all that was asked
    }
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
