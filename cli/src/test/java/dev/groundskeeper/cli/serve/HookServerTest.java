package dev.groundskeeper.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.cli.ServedRunners;
import dev.groundskeeper.cli.TestProcesses;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server in-process against real repositories: a served call gives what the same command
 * gives when run directly (the one-shot path), byte for byte, and the server survives, declines
 * and stops as it says.
 */
class HookServerTest {

  private static final int TRIALS = Integer.getInteger("groundskeeper.race.trials", 4);
  /** Rounds of the concurrent callers (half a second each): 1 in the build, 100 with -Pslow. */
  private static final int CALLER_ROUNDS = TRIALS <= 4 ? 1 : TRIALS / 2;
  /** Rounds of the idle connections (each waits out the 5 s read timeout): 1, 20 with -Pslow. */
  private static final int IDLE_ROUNDS = Math.max(1, TRIALS / 10);

  @TempDir
  Path temp;

  private Path repo;
  private Map<String, String> env;
  private final List<HookServer> servers = new ArrayList<>();
  private final ByteArrayOutputStream log = new ByteArrayOutputStream();
  private final HookRunner runner = ServedRunners.builtInRulesOnly();

  record Answer(int exit, String out, String err) {}

  /** This JVM's umask, which the servers under test measure too. */
  private static int umask;

  @BeforeAll
  static void measureUmask(@TempDir Path dir) {
    umask = Umask.measure(dir);
  }

  @BeforeEach
  void setUp() throws IOException {
    fresh(temp);
  }

  /** A fresh repository, home and Groundskeeper home (so a fresh socket) under {@code dir}. */
  private void fresh(Path dir) throws IOException {
    Files.createDirectories(dir);
    repo = dir.resolve("repo");
    git(dir, "init", "-q", "-b", "main", repo.toString());
    git(repo, "commit", "-q", "--allow-empty", "-m", "initial");
    env = new HashMap<>();
    env.put("HOME", Files.createDirectories(dir.resolve("home")).toString());
    env.put("XDG_CONFIG_HOME", Files.createDirectories(dir.resolve("xdg")).toString());
    env.put("GROUNDSKEEPER_HOME", dir.resolve("gk").toString());
  }

  /** Round 0 runs on what setUp made; each later round on a fresh repository and server. */
  private void freshRound(int round) throws IOException {
    if (round > 0) {
      fresh(temp.resolve("round-" + round));
    }
  }

  @AfterEach
  void stopServers() {
    servers.forEach(server -> server.stop("test over"));
  }

  private static String git(Path dir, String... args) {
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    return TestProcesses.run(dir, Map.of(), command);
  }

  private HookServer start(Duration idle, int workers, HookRunner runner) {
    return start(SocketLocation.of(Optional.empty(), env, temp), idle, workers, runner);
  }

  private HookServer start(SocketLocation location, Duration idle, int workers,
      HookRunner runner) {
    HookServer server = HookServer.start(new HookServer.Settings(location, idle, workers, env,
        CodeIdentity.of(ServeCommand.class), runner,
        new PrintStream(log, true, StandardCharsets.UTF_8), Clock.systemUTC()));
    servers.add(server);
    return server;
  }

  private HookServer start() {
    return start(Duration.ZERO, 4, runner);
  }

  private String payload(String event, String command) {
    return "{\"session_id\":\"s1\",\"cwd\":\"" + repo + "\",\"hook_event_name\":\"" + event
        + "\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"" + command + "\"}}";
  }

  private HookRequest request(String stdin, Map<String, String> environment) {
    return new HookRequest(repo.toString(), umask,
        CodeIdentity.of(ServeCommand.class).location().toString(), List.of("hook"), environment,
        stdin.getBytes(StandardCharsets.UTF_8));
  }

  private Answer direct(String stdin) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = runner.run(new String[] {"hook"},
        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), env, repo);
    return new Answer(exit, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  private Http.Response send(HookServer server, HookRequest request) throws IOException {
    return ServeClient.call(server.socket(), "POST", HookServer.HOOK_PATH,
        request.encode(StandardCharsets.UTF_8)).orElseThrow();
  }

  private Answer served(HookServer server, String stdin) throws IOException {
    Http.Response response = send(server, request(stdin, env));
    assertThat(response.status()).as(response.text()).isEqualTo(200);
    return unframe(response.body());
  }

  /** Reads the framed answer the way the launcher's shell client does. */
  static Answer unframe(byte[] body) {
    String text = new String(body, StandardCharsets.UTF_8);
    String first = text.substring(0, text.indexOf('\n'));
    String rest = text.substring(first.length() + 1);
    String[] head = first.split(" ");
    assertThat(head).hasSize(3);
    assertThat(head[0]).isEqualTo(HookRequest.MAGIC);
    String boundary = head[2];
    int at = rest.indexOf(boundary);
    assertThat(at).isNotNegative();
    assertThat(rest.indexOf(boundary, at + 1)).as("the boundary occurs once").isNegative();
    return new Answer(Integer.parseInt(head[1]), rest.substring(0, at),
        rest.substring(at + boundary.length()));
  }

  private String status(HookServer server) throws IOException {
    return ServeClient.call(server.socket(), "GET", HookServer.STATUS_PATH, new byte[0])
        .orElseThrow().text();
  }

  @Test
  void aServedCallAnswersExactlyAsTheCommandRunDirectly() throws IOException {
    git(repo, "switch", "-q", "-c", "feat/x");
    git(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    git(repo, "switch", "-q", "main");
    HookServer server = start();

    String allow = payload("PreToolUse", "ls");
    String advise = payload("PreToolUse", "git worktree add ../x");
    String deny = payload("PreToolUse", "git branch -D feat/x");
    String invalid = "{\"session_id\": ";
    for (String stdin : List.of(allow, advise, deny, invalid, "")) {
      assertThat(served(server, stdin)).as(stdin).isEqualTo(direct(stdin));
    }
    assertThat(served(server, allow)).isEqualTo(new Answer(0, "{}\n", ""));
    assertThat(served(server, advise).out()).contains("additionalContext", "worktrees.placement")
        .doesNotContain("permissionDecision");
    assertThat(served(server, deny).out()).contains("\"permissionDecision\":\"deny\"",
        "branches.force-removal");
    Answer broken = served(server, invalid);
    assertThat(broken.exit()).isEqualTo(1);
    assertThat(broken.out()).isEmpty();
    assertThat(broken.err()).startsWith("groundskeeper hook: the hook payload is not valid JSON");
    assertThat(status(server)).contains("answered: 9", "declined: 0", "failed: 0");
  }

  /** Sends {@code request} to the server's TCP port as the launcher does, with {@code token}. */
  /**
   * A call on the TCP port as the launcher makes it: the head with the token and
   * {@code Expect: 100-continue}; the body only after an interim answer with the server's token
   * (the proof is kept in {@link #lastProof}); the whole answer after it. An answer other than
   * {@code 100} to the head is returned with the body unsent.
   */
  private Http.Response sendTcp(HookServer server, String token, HookRequest request)
      throws IOException {
    String[] port = Files.readString(server.socket().resolveSibling("serve.sock.port")).strip()
        .split(" ");
    try (java.nio.channels.SocketChannel channel = java.nio.channels.SocketChannel.open(
        new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(),
            Integer.parseInt(port[1])))) {
      byte[] body = request.encode(StandardCharsets.UTF_8);
      String head = "POST " + HookServer.HOOK_PATH_V2 + " HTTP/1.1\r\nHost: groundskeeper\r\n"
          + "X-Groundskeeper-Token: " + token + "\r\nContent-Length: " + body.length
          + "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n";
      channel.write(java.nio.ByteBuffer.wrap(head.getBytes(StandardCharsets.US_ASCII)));
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate(8192);
      while (!received.toString(StandardCharsets.ISO_8859_1).contains("\r\n\r\n")
          && channel.read(buffer.clear()) >= 0) {
        received.write(buffer.array(), 0, buffer.position());
      }
      String interim = received.toString(StandardCharsets.ISO_8859_1);
      lastProof = "";
      if (interim.startsWith("HTTP/1.1 100 ")) {
        String interimHead = interim.substring(0, interim.indexOf("\r\n\r\n"));
        for (String line : interimHead.split("\r\n")) {
          if (line.startsWith(HookServer.PROOF_HEADER + ": ")) {
            lastProof = line.substring(HookServer.PROOF_HEADER.length() + 2);
          }
        }
        received.reset();
        received.write(interim.substring(interimHead.length() + 4)
            .getBytes(StandardCharsets.ISO_8859_1));
        channel.write(java.nio.ByteBuffer.wrap(body));
      }
      while (channel.read(buffer.clear()) >= 0) {
        received.write(buffer.array(), 0, buffer.position());
      }
      String all = received.toString(StandardCharsets.ISO_8859_1);
      int headEnd = all.indexOf("\r\n\r\n");
      return new Http.Response(Integer.parseInt(all.split(" ")[1]),
          all.substring(headEnd + 4).getBytes(StandardCharsets.ISO_8859_1));
    }
  }

  private String lastProof = "";

  /**
   * The loopback TCP port the launcher reaches with bash alone: the port file is this account's
   * alone and names this process; a call with the token is answered as the command run directly,
   * with the server's token (in the interim answer, before the payload is sent, and in the
   * answer) and both streams' lengths; one without it is refused from its head, its payload never
   * asked for; a stop removes the port file before anything else.
   */
  /** A port file a killed server left half-written is removed by the next server. */
  @Test
  void aKilledServersHalfWrittenPortFileIsRemovedByTheNext() throws IOException {
    Path directory = SocketLocation.of(Optional.empty(), env, temp).socket().getParent();
    Files.createDirectories(directory,
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Path dead = directory.resolve("serve.sock.port.99999999");
    Files.writeString(dead, HookServer.PORT_MAGIC + " 1");
    Path notOurs = directory.resolve("serve.sock.port.notes");
    Files.writeString(notOurs, "kept");
    HookServer server = start();
    assertThat(dead).doesNotExist();
    assertThat(notOurs).as("only pid-named partials go").hasContent("kept");
    assertThat(server.socket().resolveSibling("serve.sock.port")).isRegularFile();
  }

  @Test
  void theTcpPortAnswersOnlyACallerWithTheTokenAndNamesItselfByItsOwn() throws IOException {
    HookServer server = start();
    Path portFile = server.socket().resolveSibling("serve.sock.port");
    assertThat(Files.getPosixFilePermissions(portFile))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));
    String[] fields = Files.readString(portFile).strip().split(" ");
    assertThat(fields).hasSize(5);
    assertThat(fields[0]).isEqualTo(HookServer.PORT_MAGIC);
    assertThat(fields[2]).isEqualTo(String.valueOf(ProcessHandle.current().pid()));
    assertThat(fields[3]).matches("[0-9a-f]{32}").isNotEqualTo(fields[4]);

    String stdin = payload("PreToolUse", "git branch -D nothing");
    Answer direct = direct(stdin);
    Http.Response answered = sendTcp(server, fields[3], request(stdin, env));
    assertThat(answered.status()).as(answered.text()).isEqualTo(200);
    assertThat(lastProof).isEqualTo(fields[4]);
    String text = answered.text();
    String first = text.substring(0, text.indexOf('\n'));
    byte[] out = direct.out().getBytes(StandardCharsets.UTF_8);
    byte[] err = direct.err().getBytes(StandardCharsets.UTF_8);
    assertThat(first).isEqualTo(HookServer.PORT_MAGIC + " " + fields[4] + " " + direct.exit()
        + " " + out.length + " " + err.length);
    assertThat(text.substring(first.length() + 1)).isEqualTo(direct.out() + direct.err());

    Http.Response refused = sendTcp(server, fields[4], request(stdin, env));
    assertThat(refused.status()).isEqualTo(403);
    assertThat(lastProof).as("no proof, so no payload sent").isEmpty();
    assertThat(refused.text()).doesNotContain(fields[4]).contains("token");
    assertThat(status(server)).contains("answered: 1", "declined: 1");

    server.stop("test over");
    assertThat(portFile).doesNotExist();
  }

  @Test
  void eachCallReadsTheRepositoryAndTheConfigurationAfresh() throws IOException {
    git(repo, "switch", "-q", "-c", "feat/x");
    git(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    git(repo, "switch", "-q", "main");
    HookServer server = start();
    String deny = payload("PreToolUse", "git branch -D feat/x");
    assertThat(served(server, deny).out()).contains("deny");

    git(repo, "merge", "-q", "--ff-only", "feat/x");
    Answer afterMerge = served(server, deny);
    assertThat(afterMerge).isEqualTo(direct(deny));
    assertThat(afterMerge.out()).doesNotContain("deny");

    Files.writeString(repo.resolve(".groundskeeper.yaml"), "engine:\n  on_eror: deny\n");
    Answer invalidConfig = served(server, payload("PreToolUse", "ls"));
    assertThat(invalidConfig).isEqualTo(direct(payload("PreToolUse", "ls")));
    assertThat(invalidConfig.err()).startsWith("groundskeeper hook: ").contains("on_eror");
    assertThat(invalidConfig.out()).contains("engine.configuration");

    Files.delete(repo.resolve(".groundskeeper.yaml"));
    assertThat(served(server, payload("PreToolUse", "ls"))).isEqualTo(new Answer(0, "{}\n", ""));
  }

  @Test
  void concurrentCallsEachGetTheirOwnAnswer() throws Exception {
    for (int round = 0; round < CALLER_ROUNDS; round++) {
      freshRound(round);
      git(repo, "switch", "-q", "-c", "feat/x");
      git(repo, "commit", "-q", "--allow-empty", "-m", "only here");
      git(repo, "switch", "-q", "main");
      HookServer server = start(Duration.ZERO, 3, runner);
      List<String> inputs = List.of(payload("PreToolUse", "ls"),
          payload("PreToolUse", "git branch -D feat/x"),
          payload("PreToolUse", "git worktree add ../y"), "not json");
      Map<String, Answer> expected = new HashMap<>();
      inputs.forEach(input -> expected.put(input, direct(input)));
      ExecutorService callers = Executors.newFixedThreadPool(8);
      try {
        List<Future<Boolean>> results = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
          String input = inputs.get(i % inputs.size());
          results.add(callers.submit(() -> {
            Http.Response response = send(server, request(input, env));
            // a call over the bound may be declined (the client then runs it itself)
            return response.status() == 503
                || unframe(response.body()).equals(expected.get(input));
          }));
        }
        for (Future<Boolean> result : results) {
          assertThat(result.get()).as("round " + round).isTrue();
        }
      } finally {
        callers.shutdownNow();
      }
      assertThat(status(server)).as("round " + round).contains("failed: 0");
      server.stop("round over");
    }
  }

  @Test
  void aCallTheServerCannotAnswerAsAFreshProcessWouldIsDeclined() throws IOException {
    HookServer server = start();
    Map<String, String> otherPath = new HashMap<>(env);
    otherPath.put("PATH", "/nowhere");
    Http.Response response = send(server, request(payload("PreToolUse", "ls"), otherPath));
    assertThat(response.status()).isEqualTo(409);
    assertThat(response.text()).contains("PATH differs").doesNotContain("/nowhere");

    Map<String, String> scratch = new HashMap<>(env);
    scratch.put("GROUNDSKEEPER_SESSION_MODE", "bogus");
    HookRequest perCall = request(payload("PreToolUse", "ls"), scratch);
    Answer answer = unframe(send(server, perCall).body());
    assertThat(answer.err()).as("the caller's own variables reach the hook")
        .contains("GROUNDSKEEPER_SESSION_MODE must be `normal` or `scratch`, not `bogus`");

    HookRequest otherJar = new HookRequest(repo.toString(), umask, temp.toString(),
        List.of("hook"), env, new byte[0]);
    assertThat(send(server, otherJar).status()).isEqualTo(409);
    HookRequest otherUmask = new HookRequest(repo.toString(), umask ^ 0007,
        CodeIdentity.of(ServeCommand.class).location().toString(), List.of("hook"), env,
        new byte[0]);
    Http.Response umaskDeclined = send(server, otherUmask);
    assertThat(umaskDeclined.status()).isEqualTo(409);
    assertThat(umaskDeclined.text()).contains("umask");
    HookRequest notAHook = new HookRequest(repo.toString(), umask,
        CodeIdentity.of(ServeCommand.class).location().toString(), List.of("sweep"), env,
        new byte[0]);
    assertThat(send(server, notAHook).status()).isEqualTo(400);
    assertThat(ServeClient.call(server.socket(), "POST", HookServer.HOOK_PATH,
        "garbage".getBytes(StandardCharsets.UTF_8)).orElseThrow().status()).isEqualTo(400);
    assertThat(status(server)).contains("answered: 1", "declined: 5");
  }

  /**
   * Issue 20: 36 connections that sent nothing stalled every served call for 31.7 s, each holding
   * a worker until its read timed out. Reading is now done for all connections by one thread
   * without blocking, so a served call answers while 40 idle connections (ten times the workers)
   * stay open, and they are closed after the read timeout.
   */
  @Test
  void idleConnectionsHoldNoWorker() throws Exception {
    for (int round = 0; round < IDLE_ROUNDS; round++) {
      freshRound(round);
      int current = round;
      // each round within the 20 s the whole test had before it had rounds
      org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(20),
          () -> idleRound(current));
    }
  }

  private void idleRound(int round) throws Exception {
    HookServer server = start(Duration.ZERO, 4, runner);
    List<java.nio.channels.SocketChannel> idle = new ArrayList<>();
    try {
      for (int i = 0; i < 40; i++) {
        java.nio.channels.SocketChannel channel =
            java.nio.channels.SocketChannel.open(StandardProtocolFamily.UNIX);
        channel.connect(UnixDomainSocketAddress.of(server.socket()));
        idle.add(channel);
      }
      // one that sends half a head and stops
      idle.get(0).write(java.nio.ByteBuffer.wrap(
          "POST /v1/hook HTTP/1.1\r\nContent-Le".getBytes(StandardCharsets.US_ASCII)));
      assertThat(served(server, payload("PreToolUse", "ls"))).isEqualTo(new Answer(0, "{}\n", ""));
      // the idle ones are closed once their time to send a request is over
      java.nio.ByteBuffer one = java.nio.ByteBuffer.allocate(1);
      assertThat(idle.get(1).read(one)).as("round " + round).isEqualTo(-1);
    } finally {
      for (java.nio.channels.SocketChannel channel : idle) {
        channel.close();
      }
    }
    server.stop("round over");
  }

  @Test
  void aRequestOverTheSizeCapIsRefusedBeforeItIsRead() throws IOException {
    HookServer server = start();
    try (java.nio.channels.SocketChannel channel =
        java.nio.channels.SocketChannel.open(StandardProtocolFamily.UNIX)) {
      channel.connect(UnixDomainSocketAddress.of(server.socket()));
      Http.Response response = Http.exchange(channel, "POST", HookServer.HOOK_PATH,
          new byte[HookServer.MAX_BODY + 1]);
      assertThat(response.status()).isEqualTo(413);
      assertThat(response.text()).contains("longer than " + HookServer.MAX_BODY);
    } catch (IOException brokenPipe) {
      // the server may close before the whole body is written: refused all the same
      assertThat(brokenPipe.getMessage()).containsAnyOf("Broken pipe", "reset");
    }
    assertThat(served(server, payload("PreToolUse", "ls"))).isEqualTo(new Answer(0, "{}\n", ""));
  }

  @Test
  void aFailingCallNeverStopsTheServer() throws IOException {
    HookRunner failing = (args, in, out, err, environment, cwd) -> {
      try {
        if (new String(in.readAllBytes(), StandardCharsets.UTF_8).contains("boom")) {
          throw new IllegalStateException("boom");
        }
      } catch (IOException e) {
        throw new AssertionError(e);
      }
      out.println("fine");
      return 0;
    };
    HookServer server = start(Duration.ZERO, 1, failing);
    assertThat(send(server, request("boom", env)).status()).isEqualTo(500);
    assertThat(served(server, "calm")).isEqualTo(new Answer(0, "fine\n", ""));
    assertThat(status(server)).contains("answered: 1", "failed: 1");
  }

  @Test
  void theSocketOfAServerThatIsGoneIsRemovedAndALiveOneIsKept() throws IOException {
    SocketLocation location = SocketLocation.of(Optional.empty(), env, temp);
    location.prepareDirectory();
    try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      dead.bind(UnixDomainSocketAddress.of(location.socket()));
    }
    assertThat(location.state()).isEqualTo(SocketLocation.State.STALE);

    HookServer server = start();
    assertThat(log.toString(StandardCharsets.UTF_8)).contains("removed " + location.socket());
    assertThat(served(server, payload("PreToolUse", "ls"))).isEqualTo(new Answer(0, "{}\n", ""));

    assertThatThrownBy(this::start).isInstanceOf(ServeException.class)
        .hasMessageContaining(location.lockFile().toString());
    assertThat(location.state()).isEqualTo(SocketLocation.State.LIVE);
  }

  @Test
  void theStandardInputAKilledClientLeftBehindIsRemovedAtStart() throws IOException {
    SocketLocation location = SocketLocation.of(Optional.empty(), env, temp);
    location.prepareDirectory();
    Path old = Files.writeString(location.socket().resolveSibling("request.old123"), "payload");
    Files.setLastModifiedTime(old, java.nio.file.attribute.FileTime.from(
        java.time.Instant.now().minus(Duration.ofHours(1))));
    Path current = Files.writeString(location.socket().resolveSibling("request.new456"), "in use");
    start();
    assertThat(old).doesNotExist();
    assertThat(current).hasContent("in use");
  }

  @Test
  void aDirectoryOthersCanWriteOrALinkedLevelIsRefused() throws IOException {
    Path open = Files.createDirectories(temp.resolve("open"));
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
    SocketLocation inOpen = SocketLocation.of(Optional.of(open.resolve("s.sock")), env, temp);
    assertThatThrownBy(() -> start(inOpen, Duration.ZERO, 1, runner))
        .isInstanceOf(ServeException.class)
        .hasMessageContaining("can be written by group or others");
    assertThat(open.resolve("s.sock")).doesNotExist();

    Path real = Files.createDirectories(temp.resolve("real"));
    Files.setPosixFilePermissions(real, PosixFilePermissions.fromString("rwx------"));
    Path link = Files.createSymbolicLink(temp.resolve("link"), real);
    SocketLocation throughLink = SocketLocation.of(Optional.of(link.resolve("s.sock")), env, temp);
    assertThatThrownBy(() -> start(throughLink, Duration.ZERO, 1, runner))
        .isInstanceOf(ServeException.class).hasMessageContaining("symbolic link");

    Files.writeString(real.resolve("s.sock"), "a file of someone's");
    SocketLocation onAFile = SocketLocation.of(Optional.of(real.resolve("s.sock")), env, temp);
    assertThatThrownBy(() -> start(onAFile, Duration.ZERO, 1, runner))
        .isInstanceOf(ServeException.class).hasMessageContaining("is not a socket");
    assertThat(real.resolve("s.sock")).hasContent("a file of someone's");

    SocketLocation tooLong = SocketLocation.of(Optional.of(real.resolve("x".repeat(120))), env,
        temp);
    assertThatThrownBy(() -> start(tooLong, Duration.ZERO, 1, runner))
        .isInstanceOf(ServeException.class).hasMessageContaining("at most 107");
  }

  @Test
  void theDefaultSocketFollowsTheEnvironment() {
    assertThat(SocketLocation.of(Optional.empty(), env, temp).socket())
        .isEqualTo(temp.resolve("gk/run/serve.sock"));
    Map<String, String> runtime = new HashMap<>(env);
    runtime.remove("GROUNDSKEEPER_HOME");
    runtime.put("XDG_RUNTIME_DIR", temp.resolve("runtime").toString());
    assertThat(SocketLocation.of(Optional.empty(), runtime, temp).socket())
        .isEqualTo(temp.resolve("runtime/groundskeeper/serve.sock"));
    runtime.remove("XDG_RUNTIME_DIR");
    assertThat(SocketLocation.of(Optional.empty(), runtime, temp).socket())
        .isEqualTo(temp.resolve("home/.groundskeeper/run/serve.sock"));
    runtime.put("GROUNDSKEEPER_SOCKET", "/elsewhere/s.sock");
    assertThat(SocketLocation.of(Optional.empty(), runtime, temp).socket())
        .isEqualTo(Path.of("/elsewhere/s.sock"));
    assertThat(SocketLocation.of(Optional.of(Path.of("here.sock")), runtime, temp).socket())
        .isEqualTo(temp.resolve("here.sock"));
    runtime.put("GROUNDSKEEPER_SOCKET", "relative.sock");
    assertThatThrownBy(() -> SocketLocation.of(Optional.empty(), runtime, temp))
        .isInstanceOf(ServeException.class).hasMessageContaining("absolute");
  }

  @Test
  void serveStopWaitsUntilTheServerHasStopped() throws Exception {
    HookServer server = start();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ServeCommand command = new ServeCommand(env, temp,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(log, true, StandardCharsets.UTF_8), runner, Clock.systemUTC());
    int exit = new picocli.CommandLine(command).execute("--stop");
    assertThat(exit).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .isEqualTo("stopped the server on " + server.socket() + "\n");
    assertThat(server.socket()).doesNotExist();
    assertThat(HookServer.lockHeld(server.socket().resolveSibling("serve.sock.lock"))).isFalse();
  }

  @Test
  void aStopRequestOrIdlenessStopsTheServerAndRemovesItsSocket() throws Exception {
    HookServer server = start();
    Path socket = server.socket();
    assertThat(ServeClient.call(socket, "POST", HookServer.STOP_PATH, new byte[0])
        .orElseThrow().status()).isEqualTo(200);
    assertThat(server.awaitStopped(Duration.ofSeconds(30))).isTrue();
    assertThat(socket).doesNotExist();
    assertThat(server.stopReason()).isEqualTo("asked to stop");

    HookServer idle = start(Duration.ofMillis(300), 1, runner);
    assertThat(idle.awaitStopped(Duration.ofSeconds(30))).isTrue();
    assertThat(idle.stopReason()).startsWith("idle for");
    assertThat(socket).doesNotExist();
    assertThat(ServeClient.call(socket, "GET", HookServer.STATUS_PATH, new byte[0])).isEmpty();
  }
}
