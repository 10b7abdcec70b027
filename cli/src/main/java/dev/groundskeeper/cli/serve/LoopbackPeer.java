package dev.groundskeeper.cli.serve;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The account behind a loopback TCP connection, as Linux shows it in {@code /proc/net/tcp}: the
 * line of the client's own socket (its address as the local one, the server's as the remote one)
 * holds the uid that opened it. A Unix socket has its peer's credentials; a TCP socket has none,
 * so this table is how the server refuses another account on its TCP port (as identd does).
 */
final class LoopbackPeer {

  static final Path TABLE = Path.of("/proc/net/tcp");
  /** Where a client's dual-stack socket shows (its address IPv4-mapped). */
  static final Path TABLE6 = Path.of("/proc/net/tcp6");

  private LoopbackPeer() {}

  /** Whether this system shows its TCP sockets' owners (Linux). */
  static boolean available() {
    return Files.isReadable(TABLE);
  }

  /** The uid of this process, from {@code /proc/self}. */
  static int ownUid() throws IOException {
    return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
  }

  /** The uid that owns the socket at {@code client} connected to {@code server}, if shown. */
  static OptionalInt uid(InetSocketAddress client, InetSocketAddress server) throws IOException {
    OptionalInt found = uid(Files.readString(TABLE, java.nio.charset.StandardCharsets.US_ASCII),
        client, server);
    if (found.isEmpty() && Files.isReadable(TABLE6)) {
      found = uid(Files.readString(TABLE6, java.nio.charset.StandardCharsets.US_ASCII), client,
          server);
    }
    return found;
  }

  static OptionalInt uid(String table, InetSocketAddress client, InetSocketAddress server) {
    String local = address(client);
    String remote = address(server);
    String local6 = mapped(local);
    String remote6 = mapped(remote);
    for (String line : table.split("\n")) {
      String[] fields = line.trim().split("\\s+");
      if (fields.length > 7 && fields[1].equals(local6) && fields[2].equals(remote6)) {
        fields[1] = local;
        fields[2] = remote;
      }
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid ...
      if (fields.length > 7 && fields[1].equals(local) && fields[2].equals(remote)) {
        try {
          return OptionalInt.of(Integer.parseInt(fields[7]));
        } catch (NumberFormatException e) {
          return OptionalInt.empty();
        }
      }
    }
    return OptionalInt.empty();
  }

  /**
   * The IPv4-mapped form of an address of the IPv4 table as the IPv6 table prints it: four 32-bit
   * words in the host's byte order, {@code ::ffff:a.b.c.d}.
   */
  static String mapped(String address) {
    if (address.isEmpty()) {
      return "";
    }
    String marker = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? "FFFF0000" : "0000FFFF";
    return "0000000000000000" + marker + address;
  }

  /** An IPv4 address and port as the table prints them: the address in the host's byte order. */
  static String address(InetSocketAddress address) {
    if (!(address.getAddress() instanceof Inet4Address ipv4)) {
      return "";
    }
    byte[] b = ipv4.getAddress();
    int value = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN
        ? (b[0] & 0xff) | (b[1] & 0xff) << 8 | (b[2] & 0xff) << 16 | (b[3] & 0xff) << 24
        : (b[3] & 0xff) | (b[2] & 0xff) << 8 | (b[1] & 0xff) << 16 | (b[0] & 0xff) << 24;
    return String.format(Locale.ROOT, "%08X:%04X", value, address.getPort());
  }
}
