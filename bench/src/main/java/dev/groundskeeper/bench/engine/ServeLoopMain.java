package dev.groundskeeper.bench.engine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The warm server's exchange timed from one client process that starts nothing between calls:
 * the /v2 request over the loopback port (the one the launcher's client sends, with this
 * process's forwarded variables), N calls, a pause between them. Prints the p50 and p90 of the
 * whole exchange (connect to the answer's end) and of the interim 100 Continue, second half of
 * the calls; the server's own time is then in {@code groundskeeper serve --status}. Beside the
 * harness's launcher calls (bench/scripts/warm-hook.sh), it shows what the server costs when no
 * process start around each call refills the caches. Arguments: port file, jar, working
 * directory, payload file, calls, pause in milliseconds.
 */
public final class ServeLoopMain {

  /** The launcher's forward_names and forward_prefixes (ProcessEnvironment). */
  private static final List<String> NAMES = List.of("HOME", "PATH", "USER", "LOGNAME", "LANG",
      "LANGUAGE", "TZ", "TMPDIR", "EMAIL", "JAVA_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
      "XDG_STATE_HOME", "XDG_CACHE_HOME", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY",
      "http_proxy", "https_proxy", "all_proxy", "no_proxy", "GROUNDSKEEPER_SESSION_MODE",
      "GROUNDSKEEPER_HOME", "GROUNDSKEEPER_EXPLAIN", "GROUNDSKEEPER_LAUNCHER");
  private static final List<String> PREFIXES = List.of("LC_", "GIT_", "GH_", "GITHUB_");

  private ServeLoopMain() {}

  public static void main(String[] args) throws Exception {
    String[] port = Files.readString(Path.of(args[0])).trim().split(" ");
    String jar = args[1];
    String directory = args[2];
    byte[] payload = Files.readAllBytes(Path.of(args[3]));
    int calls = Integer.parseInt(args[4]);
    long pause = Long.parseLong(args[5]);
    byte[] body = body(jar, directory, payload);
    byte[] head = ("POST /v2/hook HTTP/1.1\r\nHost: groundskeeper\r\nX-Groundskeeper-Token: "
        + port[3] + "\r\nContent-Length: " + body.length
        + "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII);
    long[] whole = new long[calls];
    long[] interim = new long[calls];
    for (int i = 0; i < calls; i++) {
      long started = System.nanoTime();
      try (Socket socket = new Socket(InetAddress.getLoopbackAddress(),
          Integer.parseInt(port[1]))) {
        socket.setTcpNoDelay(true);
        OutputStream out = socket.getOutputStream();
        InputStream in = socket.getInputStream();
        out.write(head);
        String first = readHead(in);
        interim[i] = System.nanoTime() - started;
        if (!first.startsWith("HTTP/1.1 100")) {
          throw new IllegalStateException("no 100 Continue: " + first);
        }
        out.write(body);
        String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        if (!answer.startsWith("HTTP/1.1 200")) {
          throw new IllegalStateException("the server declined: " + answer);
        }
      }
      whole[i] = System.nanoTime() - started;
      Thread.sleep(pause);
    }
    System.out.printf(Locale.ROOT, "%d calls %d ms apart: exchange p50 %.3f ms, p90 %.3f ms;"
        + " 100 Continue p50 %.3f ms%n", calls, pause, percentile(whole, 50),
        percentile(whole, 90), percentile(interim, 50));
  }

  private static byte[] body(String jar, String directory, byte[] payload) throws IOException {
    List<String> fields = new ArrayList<>(List.of("c:" + directory, "j:" + jar,
        "u:" + umask(), "a:hook"));
    for (Map.Entry<String, String> variable : System.getenv().entrySet()) {
      String name = variable.getKey();
      if (NAMES.contains(name) || PREFIXES.stream().anyMatch(name::startsWith)) {
        fields.add("e:" + name + "=" + variable.getValue());
      }
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.write("groundskeeper-serve/1\0".getBytes(StandardCharsets.UTF_8));
    for (String field : fields) {
      body.write((field + "\0").getBytes(StandardCharsets.UTF_8));
    }
    body.write(0);
    body.write(payload);
    return body.toByteArray();
  }

  /** This process's umask as four octal digits (Linux; elsewhere the usual 0022). */
  private static String umask() throws IOException {
    Path status = Path.of("/proc/self/status");
    if (Files.isReadable(status)) {
      for (String line : Files.readAllLines(status)) {
        if (line.startsWith("Umask:")) {
          return line.substring("Umask:".length()).trim();
        }
      }
    }
    return "0022";
  }

  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < end.length) {
      int next = in.read();
      if (next < 0) {
        break;
      }
      head.write(next);
      matched = next == end[matched] ? matched + 1 : (next == '\r' ? 1 : 0);
    }
    return head.toString(StandardCharsets.US_ASCII);
  }

  /** The percentile of the second half of the samples, in milliseconds. */
  private static double percentile(long[] samples, int percentile) {
    long[] kept = Arrays.copyOfRange(samples, samples.length / 2, samples.length);
    Arrays.sort(kept);
    return kept[Math.min(kept.length - 1, kept.length * percentile / 100)] / 1e6;
  }
}
