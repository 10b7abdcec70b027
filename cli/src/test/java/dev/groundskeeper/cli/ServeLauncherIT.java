package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code groundskeeper serve} and the launcher's client end to end: real processes, the packaged
 * jar, curl, a real repository, and a home, configuration and store of the test's own.
 */
class ServeLauncherIT {

  static final Path LAUNCHER = Path.of(System.getProperty("groundskeeper.launcher"));
  private static final boolean LINUX = System.getProperty("os.name").startsWith("Linux");

  @TempDir
  Path temp;

  private Path repo;
  private Path socket;
  private final Map<String, String> env = new HashMap<>();
  private final List<Process> servers = new ArrayList<>();

  record Run(int exit, String out, String err) {}

  @BeforeEach
  void setUp() throws IOException {
    repo = LossRepository.create(temp.resolve("repo"));
    env.put("HOME", Files.createDirectories(temp.resolve("home")).toString());
    env.put("XDG_CONFIG_HOME", Files.createDirectories(temp.resolve("xdg")).toString());
    env.put("GROUNDSKEEPER_HOME", temp.resolve("gk").toString());
    env.put("JAVA_HOME", System.getProperty("java.home"));
    env.put("GROUNDSKEEPER_SERVE_IDLE", "3m");
    socket = temp.resolve("gk/run/serve.sock");
  }

  /** One process per call: the answers a served call must equal. */
  static final Map<String, String> OFF = Map.of("GROUNDSKEEPER_SERVE", "off");

  @AfterEach
  void stopServers() throws Exception {
    // a server a hook call started in the background, too
    launch(Map.of(), "", "serve", "--stop");
    for (Process server : servers) {
      server.destroy();
      server.waitFor(60, TimeUnit.SECONDS);
    }
  }

  private ProcessBuilder builder(Map<String, String> extraEnv, String... args) {
    List<String> command = new ArrayList<>();
    command.add(LAUNCHER.toString());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(repo.toFile());
    Map<String, String> environment = builder.environment();
    for (String variable : List.of("GROUNDSKEEPER_SESSION_MODE", "GROUNDSKEEPER_SOCKET",
        "XDG_RUNTIME_DIR", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS")) {
      environment.remove(variable);
    }
    environment.putAll(env);
    environment.putAll(client());
    environment.putAll(extraEnv);
    return builder;
  }

  /**
   * How the launcher sends a hook call to the server: here bash's own path, whatever hook client
   * a developer's build left in cli/target ({@link HookClientServeLauncherIT} runs every test
   * through the compiled client).
   */
  Map<String, String> client() {
    return Map.of("GROUNDSKEEPER_HOOK_CLIENT", "off");
  }

  /** Whether a served call needs no {@code head} or {@code tr} (bash's path reads through them). */
  boolean servesWithoutHeadAndTr() {
    return false;
  }

  Run launch(Map<String, String> extraEnv, String stdin, String... args) throws Exception {
    Process process = builder(extraEnv, args).start();
    CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> read(process, true));
    process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
    process.getOutputStream().close();
    byte[] out = read(process, false);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("finished in time").isTrue();
    return new Run(process.exitValue(), new String(out, StandardCharsets.UTF_8),
        new String(err.get(), StandardCharsets.UTF_8));
  }

  private static byte[] read(Process process, boolean error) {
    try {
      return (error ? process.getErrorStream() : process.getInputStream()).readAllBytes();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** Starts {@code groundskeeper serve} and waits until its socket is there. */
  Process startServer(Map<String, String> extraEnv) throws Exception {
    Path log = temp.resolve("serve-" + servers.size() + ".log");
    Process server = builder(extraEnv, "serve", "--idle-timeout", "10m")
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    servers.add(server);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    // on Linux the port file too, written after the socket: a call between the two would not be
    // served over TCP
    while (!Files.exists(socket) || LINUX && !Files.exists(socket.resolveSibling("serve.sock.port"))) {
      assertThat(server.isAlive()).as("the server runs: %s", Files.readString(log)).isTrue();
      assertThat(System.nanoTime()).as("the socket appears in time").isLessThan(deadline);
      Thread.sleep(50);
    }
    return server;
  }

  String payload(String command) {
    return "{\"session_id\":\"s1\",\"cwd\":\"" + repo + "\",\"hook_event_name\":\"PreToolUse\","
        + "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"" + command + "\"}}";
  }

  /** Allow, advise, deny and an invalid payload. */
  Map<String, String> payloads() {
    Map<String, String> payloads = new LinkedHashMap<>();
    payloads.put("allow", payload("ls"));
    payloads.put("advise", payload("git worktree add ../x"));
    payloads.put("deny", payload("git branch -D feat/x"));
    payloads.put("invalid JSON", "{\"session_id\": ");
    return payloads;
  }

  Map<String, Run> hookCalls(Map<String, String> extraEnv) throws Exception {
    Map<String, Run> runs = new LinkedHashMap<>();
    for (Map.Entry<String, String> payload : payloads().entrySet()) {
      runs.put(payload.getKey(), launch(extraEnv, payload.getValue(), "hook"));
    }
    return runs;
  }

  String status() throws Exception {
    return launch(Map.of(), "", "serve", "--status").out();
  }

  @Test
  void aServedHookCallAnswersExactlyAsAFreshProcess() throws Exception {
    Map<String, Run> fresh = hookCalls(OFF);
    assertThat(fresh.get("allow")).isEqualTo(new Run(0, "{}\n", ""));
    assertThat(fresh.get("advise").out()).contains("additionalContext", "worktrees.placement");
    assertThat(fresh.get("deny").out()).contains("\"permissionDecision\":\"deny\"");
    assertThat(fresh.get("invalid JSON").exit()).isEqualTo(1);
    assertThat(fresh.get("invalid JSON").err())
        .startsWith("groundskeeper hook: the hook payload is not valid JSON");

    Process server = startServer(Map.of());
    assertThat(hookCalls(Map.of())).isEqualTo(fresh);
    assertThat(status()).contains("answered: 4", "declined: 0", "failed: 0");

    // both streams at once, several lines, read anew: an invalid configuration file
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "engine:\n  on_eror: deny\n");
    Run freshInvalid = launch(OFF, payload("ls"), "hook");
    assertThat(freshInvalid.out()).contains("additionalContext", "engine.configuration");
    assertThat(freshInvalid.err()).startsWith("groundskeeper hook: ").contains("on_eror");
    assertThat(launch(Map.of(), payload("ls"), "hook")).isEqualTo(freshInvalid);
    assertThat(status()).contains("answered: 5");
    Files.delete(repo.resolve(".groundskeeper.yaml"));

    Run stop = launch(Map.of(), "", "serve", "--stop");
    assertThat(stop).isEqualTo(new Run(0, "stopped the server on " + socket + "\n", ""));
    assertThat(server.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(server.exitValue()).isZero();
    assertThat(socket).doesNotExist();
    assertThat(launch(Map.of(), "", "serve", "--status"))
        .isEqualTo(new Run(1, "no server answers on " + socket + "\n", ""));
  }

  @Test
  void withoutCurlOrWithADeadServerTheLauncherRunsTheHookItself() throws Exception {
    Path tools = Files.createDirectories(temp.resolve("tools"));
    for (String tool : List.of("bash", "find", "readlink", "flock", "mkdir", "rm", "mv", "cat",
        "mktemp", "git")) {
      Path real = Path.of("/usr/bin", tool);
      Path found = Files.exists(real) ? real : Path.of("/bin", tool);
      if (Files.exists(found)) {
        Files.createSymbolicLink(tools.resolve(tool), found);
      }
    }
    Map<String, String> noCurl = Map.of("PATH", tools.toString());
    Map<String, Run> fresh = hookCalls(noCurl);
    startServer(noCurl);
    assertThat(hookCalls(noCurl)).isEqualTo(fresh);
    // without head and tr bash hands the input to the JVM as it is; the hook client needs neither
    assertThat(status()).contains("answered: " + (servesWithoutHeadAndTr() ? 4 : 0));
    for (String tool : List.of("head", "tr")) {
      Files.createSymbolicLink(tools.resolve(tool), Path.of("/usr/bin", tool));
    }
    assertThat(hookCalls(noCurl)).isEqualTo(fresh);
    // Linux: bash alone reaches the TCP port, so without curl the calls are served all the same
    assertThat(status()).contains("answered: " + (servesWithoutHeadAndTr() ? 8 : 4));

    assertThat(launch(Map.of(), "", "serve", "--stop").exit()).isZero();
    try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      dead.bind(UnixDomainSocketAddress.of(socket));
    }
    assertThat(socket).exists();
    // a stale socket: the call answers itself and starts a server for the next ones
    Map<String, Run> freshWithCurl = hookCalls(Map.of());
    assertThat(freshWithCurl.get("deny").out()).contains("deny");
    assertThat(freshWithCurl).isEqualTo(fresh);
  }

  long serversOn(Path socket) {
    return ProcessHandle.allProcesses()
        .filter(process -> process.info().commandLine().orElse("")
            .contains("serve --socket " + socket))
        .count();
  }

  void awaitSocket() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (!Files.exists(socket) || LINUX && !Files.exists(socket.resolveSibling("serve.sock.port"))) {
      assertThat(System.nanoTime()).as("a server was started in time").isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  /**
   * Issue 13 part 4: warm by default. The first calls of a session, even many at once, answer
   * themselves and start one server between them; the calls after go to it;
   * GROUNDSKEEPER_SERVE=off keeps one process per call.
   */
  @Test
  void theFirstHookCallsStartOneServerAndTheNextAreServed() throws Exception {
    Map<String, Run> fresh = hookCalls(OFF);
    assertThat(socket).doesNotExist();
    List<CompletableFuture<Run>> first = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      first.add(CompletableFuture.supplyAsync(() -> {
        try {
          return launch(Map.of(), payload("git branch -D feat/x"), "hook");
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }));
    }
    for (CompletableFuture<Run> run : first) {
      assertThat(run.get()).isEqualTo(fresh.get("deny"));
    }
    awaitSocket();
    assertThat(serversOn(socket)).isEqualTo(1);
    assertThat(hookCalls(Map.of())).isEqualTo(fresh);
    assertThat(status()).contains("answered: 4");
    assertThat(serversOn(socket)).isEqualTo(1);

    assertThat(launch(Map.of(), "", "serve", "--stop").exit()).isZero();
    assertThat(hookCalls(OFF)).isEqualTo(fresh);
    assertThat(socket).doesNotExist();
  }

  /**
   * A server killed in the middle of a call (here: one that reads the request and hangs up) and a
   * server that answers nothing: the call answers in a process of its own and says why on
   * standard error.
   */
  @Test
  void aServerThatBreaksOffACallLeavesTheCallToAFreshProcess() throws Exception {
    Run fresh = launch(OFF, payload("git branch -D feat/x"), "hook");
    Files.createDirectories(socket.getParent(),
        java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwx------")));
    try (ServerSocketChannel breaking = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      breaking.bind(UnixDomainSocketAddress.of(socket));
      Thread hangUp = new Thread(() -> {
        try (var channel = breaking.accept()) {
          channel.read(java.nio.ByteBuffer.allocate(4096));
        } catch (IOException ignored) {
          // closed: the call is broken off
        }
      });
      hangUp.start();
      Run run = launch(Map.of(), payload("git branch -D feat/x"), "hook");
      hangUp.join();
      assertThat(run.exit()).isEqualTo(fresh.exit());
      assertThat(run.out()).isEqualTo(fresh.out());
      assertThat(run.err()).startsWith("groundskeeper hook: the server on " + socket
          + " did not answer: the connection broke before the answer");

      Thread silent = new Thread(() -> {
        try (var channel = breaking.accept()) {
          Thread.sleep(8_000);
        } catch (IOException | InterruptedException ignored) {
          // over
        }
      });
      silent.start();
      Run timedOut = launch(Map.of("GROUNDSKEEPER_SERVE_TIMEOUT", "2"),
          payload("git branch -D feat/x"), "hook");
      silent.interrupt();
      assertThat(timedOut.out()).isEqualTo(fresh.out());
      assertThat(timedOut.err()).contains("did not answer: it did not answer within 2 s");
    }
    Files.deleteIfExists(socket);
  }

  /**
   * The TCP path's holes: a port file whose server is gone (no process has its pid), and a
   * listener of this account that is not the server (it does not know the server's token, or it
   * hangs up mid-call). Each call answers as a fresh process would; the impostor and the hang-up
   * say why on standard error; the gone server's port file is passed over in silence.
   */
  @Test
  void aStalePortFileOrAListenerWithoutTheServersTokenLeavesTheCallToAFreshProcess()
      throws Exception {
    Run fresh = launch(OFF, payload("git branch -D feat/x"), "hook");
    Files.createDirectories(socket.getParent(),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Path portFile = socket.resolveSibling("serve.sock.port");
    try (ServerSocketChannel impostor = ServerSocketChannel.open(StandardProtocolFamily.INET)) {
      impostor.bind(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0));
      int port = ((java.net.InetSocketAddress) impostor.getLocalAddress()).getPort();
      String tokens = " " + "a".repeat(32) + " " + "b".repeat(32) + "\n";
      // a pid no process has (beyond pid_max)
      Files.writeString(portFile, "groundskeeper-serve/3 " + port + " 99999999" + tokens);
      Files.setPosixFilePermissions(portFile, PosixFilePermissions.fromString("rw-------"));
      // no Unix socket either: a regular file there, so the server the call starts refuses to run
      Files.writeString(socket, "not a socket");
      Run stale = launch(Map.of(), payload("git branch -D feat/x"), "hook");
      assertThat(stale.out()).isEqualTo(fresh.out());
      assertThat(stale.err()).isEqualTo(fresh.err());
      // The file stays until the end: the server that call started in the background may still be
      // starting, and with the path free it would run and write a port file of its own over the
      // ones below.

      // this test's own pid: alive and this account's, but the listener answers without the token
      Files.writeString(portFile, "groundskeeper-serve/3 " + port + " "
          + ProcessHandle.current().pid() + tokens);
      Files.setPosixFilePermissions(portFile, PosixFilePermissions.fromString("rw-------"));
      // it asks for the body with a proof that is not the server's token, then keeps what comes
      ByteArrayOutputStream heard = new ByteArrayOutputStream();
      Thread answer = new Thread(() -> {
        try (var channel = impostor.accept()) {
          java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(65536);
          channel.read(buffer);
          channel.write(java.nio.ByteBuffer.wrap(("HTTP/1.1 100 Continue\r\n"
              + "X-Groundskeeper-Proof: " + "c".repeat(32) + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII)));
          heard.write(buffer.array(), 0, buffer.position());
          while (channel.read(buffer.clear()) >= 0) {
            heard.write(buffer.array(), 0, buffer.position());
          }
        } catch (IOException ignored) {
          // the caller hung up
        }
      });
      answer.start();
      Run forged = launch(Map.of(), payload("git branch -D feat/x"), "hook");
      answer.join();
      assertThat(heard.toString(StandardCharsets.ISO_8859_1))
          .as("the impostor got the head with the client token, never the payload")
          .contains("X-Groundskeeper-Token: " + "a".repeat(32)).doesNotContain("branch -D")
          .doesNotContain("HOME=");
      assertThat(forged.out()).isEqualTo(fresh.out());
      assertThat(forged.err()).startsWith("groundskeeper hook: the server on " + socket
          + " did not answer: its answer is malformed or not from this account's server");

      Thread hangUp = new Thread(() -> {
        try (var channel = impostor.accept()) {
          channel.read(java.nio.ByteBuffer.allocate(65536));
        } catch (IOException ignored) {
          // closed: the call is broken off
        }
      });
      hangUp.start();
      Run broken = launch(Map.of(), payload("git branch -D feat/x"), "hook");
      hangUp.join(60_000);
      assertThat(hangUp.isAlive()).as("the call connected to the listener: %s", broken).isFalse();
      assertThat(broken.out()).as(broken.err()).isEqualTo(fresh.out());
      assertThat(broken.err()).contains("did not answer: the connection broke before the answer");
    }
    Files.deleteIfExists(portFile);
    Files.deleteIfExists(socket);
  }

  @Test
  void aSecondServerOrAnOpenDirectoryIsRefusedAndASignalStopsTheServerCleanly() throws Exception {
    Process server = startServer(Map.of());
    Run second = launch(Map.of(), "", "serve");
    assertThat(second.exit()).isEqualTo(2);
    assertThat(second.err()).startsWith("groundskeeper serve: another server holds "
        + socket + ".lock");

    server.destroy();
    assertThat(server.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(server.exitValue()).as("the status for SIGTERM").isEqualTo(143);
    assertThat(socket).doesNotExist();

    Path open = Files.createDirectories(temp.resolve("open"));
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
    Run refused = launch(Map.of("GROUNDSKEEPER_SOCKET", open.resolve("s.sock").toString()), "",
        "serve");
    assertThat(refused.exit()).isEqualTo(2);
    assertThat(refused.err()).startsWith("groundskeeper serve: ")
        .contains("can be written by group or others");
  }
}
