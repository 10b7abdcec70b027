package dev.groundskeeper.cli.serve;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * As much HTTP/1.1 as {@code curl --unix-socket} needs and no more: one request per connection, a
 * body of a stated length, a response that closes the connection. Anything else is refused with
 * a status, never guessed at.
 */
final class Http {

  static final int MAX_HEAD = 16 * 1024;
  private static final byte[] END_OF_HEAD = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

  private Http() {}

  record Request(String method, String target, byte[] body, java.util.Map<String, String> headers) {
    Request {
      headers = java.util.Map.copyOf(headers);
    }

    /** A header's value by its lower-case name; "" when absent. */
    String header(String name) {
      return headers.getOrDefault(name, "");
    }
  }

  record Response(int status, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  /** A request that cannot be served as sent, with the status that says so. */
  static final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;

    Refusal(int status, String message) {
      super(message);
      this.status = status;
    }

    int status() {
      return status;
    }
  }

  /**
   * Reads one request on a blocking channel, the body at most {@code maxBody} bytes; null when the
   * connection closed without a byte (a client that only checked that the server is there).
   */
  static Request readRequest(SocketChannel channel, int maxBody) throws IOException, Refusal {
    RequestReader reader = new RequestReader(maxBody);
    while (true) {
      switch (reader.read(channel)) {
        case DONE -> {
          return reader.request();
        }
        case EMPTY -> {
          return null;
        }
        case MORE -> { }
      }
    }
  }

  /**
   * One request read as its bytes arrive, so that one thread can read many connections without
   * any of them holding it: {@link #read} takes what the channel has (a non-blocking channel may
   * have nothing) and says whether the request is complete. Holds at most the head's limit plus
   * {@code maxBody} bytes.
   */
  static final class RequestReader {
    enum Progress { MORE, DONE, EMPTY }

    /**
     * Judges a request by its head, before any of its body is read or a {@code 100 Continue} is
     * sent: refuses it, or names the header lines the {@code 100 Continue} carries.
     */
    @FunctionalInterface
    interface HeadCheck {
      HeadCheck NONE = headers -> "";

      /** The header lines (each ending in CRLF) for the interim answer; "" for none. */
      String continueHeaders(java.util.Map<String, String> headers) throws Refusal;
    }

    private final int maxBody;
    private final HeadCheck check;
    private byte[] bytes = new byte[8192];
    private int size;
    private int bodyStart = -1;
    private int length;
    private String method;
    private String target;
    private final java.util.Map<String, String> headers = new java.util.HashMap<>();

    RequestReader(int maxBody) {
      this(maxBody, HeadCheck.NONE);
    }

    RequestReader(int maxBody, HeadCheck check) {
      this.maxBody = maxBody;
      this.check = check;
    }

    /** Bytes held so far. */
    int size() {
      return size;
    }

    Progress read(SocketChannel channel) throws IOException, Refusal {
      while (true) {
        if (bodyStart >= 0 && size - bodyStart >= length) {
          return Progress.DONE;
        }
        int capacity = bodyStart >= 0 ? bodyStart + length : MAX_HEAD + END_OF_HEAD.length;
        if (size == bytes.length) {
          bytes = Arrays.copyOf(bytes, Math.max(size + 1, Math.min(capacity, size * 2)));
        }
        int read = channel.read(ByteBuffer.wrap(bytes, size, bytes.length - size));
        if (read == 0) {
          return Progress.MORE;
        }
        if (read < 0) {
          if (size == 0) {
            return Progress.EMPTY;
          }
          throw new Refusal(400, bodyStart < 0 ? "the connection closed before the request head"
              + " ended" : "the connection closed before the request body ended");
        }
        int from = Math.max(0, size - END_OF_HEAD.length + 1);
        size += read;
        if (bodyStart < 0) {
          int headEnd = indexOf(Arrays.copyOf(bytes, size), END_OF_HEAD, from);
          if (headEnd >= 0) {
            head(channel, headEnd);
          } else if (size > MAX_HEAD) {
            throw new Refusal(431, "the request head is longer than " + MAX_HEAD + " bytes");
          }
        }
      }
    }

    Request request() {
      return new Request(method, target, Arrays.copyOfRange(bytes, bodyStart, bodyStart + length),
          headers);
    }

    private void head(SocketChannel channel, int headEnd) throws IOException, Refusal {
      String[] lines = new String(bytes, 0, headEnd, StandardCharsets.ISO_8859_1).split("\r\n");
      String[] requestLine = lines[0].split(" ");
      if (requestLine.length != 3 || !requestLine[2].startsWith("HTTP/1.")) {
        throw new Refusal(400, "not an HTTP/1.x request line");
      }
      long declared = 0;
      boolean expectContinue = false;
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon <= 0) {
          throw new Refusal(400, "a header line without a name");
        }
        String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
        String value = lines[i].substring(colon + 1).trim();
        switch (name) {
          case "content-length" -> declared = contentLength(value);
          case "transfer-encoding" -> throw new Refusal(411, "send a Content-Length, not "
              + value + " transfer encoding");
          case "expect" -> expectContinue = value.equalsIgnoreCase("100-continue");
          default -> headers.put(name, value);
        }
      }
      if (declared > maxBody) {
        throw new Refusal(413, "the request body is longer than " + maxBody + " bytes");
      }
      String continueHeaders = check.continueHeaders(headers);
      method = requestLine[0];
      target = requestLine[1];
      length = (int) declared;
      bodyStart = headEnd + END_OF_HEAD.length;
      if (size - bodyStart < length && expectContinue) {
        write(channel, ("HTTP/1.1 100 Continue\r\n" + continueHeaders + "\r\n")
            .getBytes(StandardCharsets.US_ASCII));
      }
    }
  }

  static void respond(SocketChannel channel, int status, String contentType, byte[] body)
      throws IOException {
    String head = "HTTP/1.1 " + status + " " + reason(status) + "\r\n"
        + "Content-Type: " + contentType + "\r\n"
        + "Content-Length: " + body.length + "\r\n"
        + "Connection: close\r\n\r\n";
    write(channel, head.getBytes(StandardCharsets.US_ASCII));
    write(channel, body);
  }

  static void respondText(SocketChannel channel, int status, String text) throws IOException {
    respond(channel, status, "text/plain; charset=utf-8",
        (text + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** Sends a request and reads the whole response (the server closes after it). */
  static Response exchange(SocketChannel channel, String method, String target, byte[] body)
      throws IOException {
    String head = method + " " + target + " HTTP/1.1\r\nHost: groundskeeper\r\n"
        + "Content-Type: application/octet-stream\r\nContent-Length: " + body.length + "\r\n"
        + "Connection: close\r\n\r\n";
    write(channel, head.getBytes(StandardCharsets.US_ASCII));
    write(channel, body);
    ByteArrayOutputStream received = new ByteArrayOutputStream();
    ByteBuffer buffer = ByteBuffer.allocate(8192);
    while (channel.read(buffer.clear()) >= 0) {
      received.write(buffer.array(), 0, buffer.position());
    }
    byte[] all = received.toByteArray();
    int headEnd = indexOf(all, END_OF_HEAD);
    if (headEnd < 0) {
      throw new IOException("the server's response has no complete head");
    }
    String statusLine = new String(all, 0, headEnd, StandardCharsets.ISO_8859_1).split("\r\n")[0];
    String[] parts = statusLine.split(" ", 3);
    int status;
    try {
      status = Integer.parseInt(parts.length > 1 ? parts[1] : "");
    } catch (NumberFormatException e) {
      throw new IOException("the server's response has no status: " + statusLine);
    }
    return new Response(status, Arrays.copyOfRange(all, headEnd + END_OF_HEAD.length, all.length));
  }

  private static long contentLength(String value) throws Refusal {
    try {
      long length = Long.parseLong(value);
      if (length < 0) {
        throw new NumberFormatException();
      }
      return length;
    } catch (NumberFormatException e) {
      throw new Refusal(400, "Content-Length is not a length: " + value);
    }
  }

  private static void write(SocketChannel channel, byte[] bytes) throws IOException {
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
  }

  static int indexOf(byte[] haystack, byte[] needle) {
    return indexOf(haystack, needle, 0);
  }

  static int indexOf(byte[] haystack, byte[] needle, int from) {
    outer:
    for (int i = from; i <= haystack.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  private static String reason(int status) {
    return Optional.ofNullable(switch (status) {
      case 200 -> "OK";
      case 400 -> "Bad Request";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 409 -> "Conflict";
      case 411 -> "Length Required";
      case 413 -> "Content Too Large";
      case 431 -> "Request Header Fields Too Large";
      case 500 -> "Internal Server Error";
      case 503 -> "Service Unavailable";
      default -> null;
    }).orElse("Status");
  }
}
