package dev.groundskeeper.cli.serve;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One hook invocation as the client sends it: fields ended by a NUL byte (what a shell's printf
 * writes without quoting anything, and what no path, argument or environment entry can contain),
 * an empty field, then the hook's standard input, byte for byte.
 *
 * <pre>
 * groundskeeper-serve/1 NUL
 * c:WORKING-DIRECTORY NUL
 * u:UMASK NUL             in octal, as the shell's umask prints it (one line feed after it allowed)
 * j:LAUNCHED-JAR NUL
 * a:ARGUMENT NUL          once per argument, the first one "hook"
 * e:NAME=VALUE NUL        once per exported variable
 * NUL
 * STANDARD-INPUT
 * </pre>
 *
 * <p>Text is decoded with the charset the JVM decodes its own environment and working directory
 * with, so that the served call sees the same strings a fresh process would.
 *
 * @param workingDirectory the caller's working directory, as given (resolved by the server)
 * @param umask the caller's file mode creation mask
 * @param jar the jar the caller's launcher would have started
 * @param args the command line after the program name
 * @param environment every variable the caller would have passed to a fresh process
 * @param stdin the hook's payload
 */
record HookRequest(String workingDirectory, int umask, String jar, List<String> args,
    Map<String, String> environment, byte[] stdin) {

  static final String MAGIC = "groundskeeper-serve/1";

  HookRequest {
    args = List.copyOf(args);
    environment = Map.copyOf(environment);
  }

  /** Reads a request body; a malformed one is an {@link IllegalArgumentException} saying why. */
  static HookRequest parse(byte[] body, Charset charset) {
    int at = 0;
    List<String> fields = new ArrayList<>();
    while (true) {
      int end = indexOfNul(body, at);
      if (end < 0) {
        throw new IllegalArgumentException("the request's fields are not ended by an empty one");
      }
      if (end == at) {
        at = end + 1;
        break;
      }
      fields.add(new String(body, at, end - at, charset));
      at = end + 1;
    }
    if (fields.isEmpty() || !fields.get(0).equals(MAGIC)) {
      throw new IllegalArgumentException("the request does not start with " + MAGIC);
    }
    String cwd = null;
    int umask = -1;
    String jar = null;
    List<String> args = new ArrayList<>();
    Map<String, String> env = new LinkedHashMap<>();
    for (String field : fields.subList(1, fields.size())) {
      String value = field.length() >= 2 ? field.substring(2) : "";
      switch (field.length() >= 2 && field.charAt(1) == ':' ? field.charAt(0) : '?') {
        case 'c' -> cwd = value;
        case 'u' -> umask = octal(value.strip());
        case 'j' -> jar = value;
        case 'a' -> args.add(value);
        case 'e' -> {
          int equals = value.indexOf('=');
          if (equals <= 0) {
            throw new IllegalArgumentException("an environment field is not NAME=VALUE");
          }
          env.put(value.substring(0, equals), value.substring(equals + 1));
        }
        default -> throw new IllegalArgumentException("unknown request field " + abbreviate(field));
      }
    }
    if (cwd == null || cwd.isEmpty() || umask < 0 || jar == null || args.isEmpty()) {
      throw new IllegalArgumentException(
          "the request lacks its working directory, umask, jar or arguments");
    }
    byte[] stdin = new byte[body.length - at];
    System.arraycopy(body, at, stdin, 0, stdin.length);
    return new HookRequest(cwd, umask, jar, args, env, stdin);
  }

  /** The body the launcher's client writes for this request (for Java clients and tests). */
  byte[] encode(Charset charset) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    field(out, MAGIC, charset);
    field(out, "c:" + workingDirectory, charset);
    field(out, "u:" + Integer.toOctalString(umask), charset);
    field(out, "j:" + jar, charset);
    args.forEach(arg -> field(out, "a:" + arg, charset));
    environment.forEach((name, value) -> field(out, "e:" + name + "=" + value, charset));
    out.write(0);
    out.writeBytes(stdin);
    return out.toByteArray();
  }

  private static void field(ByteArrayOutputStream out, String text, Charset charset) {
    out.writeBytes(text.getBytes(charset));
    out.write(0);
  }

  private static int octal(String text) {
    if (!text.matches("[0-7]{1,4}")) {
      throw new IllegalArgumentException("the umask field is not an octal number");
    }
    return Integer.parseInt(text, 8);
  }

  private static int indexOfNul(byte[] bytes, int from) {
    for (int i = from; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        return i;
      }
    }
    return -1;
  }

  private static String abbreviate(String field) {
    String head = field.length() > 20 ? field.substring(0, 20) + "..." : field;
    return "`" + head.replaceAll("\\p{Cntrl}", "?") + "`";
  }
}
