package dev.groundskeeper.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.ByteOrder;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class LoopbackPeerTest {

  private static final String TABLE = """
        sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
         0: 0100007F:A27D 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 9575450 1
         1: 0100007F:A27D 0100007F:D431 01 00000000:00000000 00:00000000 00000000  1000        0 9575452 1
         2: 0100007F:D431 0100007F:A27D 01 00000000:00000000 00:00000000 00000000  1001        0 9575451 1
        """;

  private static InetSocketAddress loopback(int port) {
    return new InetSocketAddress("127.0.0.1", port);
  }

  @Test
  void theAddressIsPrintedAsTheKernelPrintsIt() {
    String expected = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN
        ? "0100007F:A27D" : "7F000001:A27D";
    assertThat(LoopbackPeer.address(loopback(0xA27D))).isEqualTo(expected);
  }

  @Test
  void theCallersUidIsTheOneOfItsOwnSocketNotTheServers() {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN);
    // the client's socket: local 0xD431, remote the server's 0xA27D
    assertThat(LoopbackPeer.uid(TABLE, loopback(0xD431), loopback(0xA27D)))
        .isEqualTo(OptionalInt.of(1001));
    assertThat(LoopbackPeer.uid(TABLE, loopback(0xD432), loopback(0xA27D))).isEmpty();
  }

  @Test
  void aDualStackCallerIsFoundInTheIpv6TableByItsMappedAddress() {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN);
    String table6 = """
          sl  local_address                         remote_address                        st
           4: 0000000000000000FFFF00000100007F:B476 0000000000000000FFFF00000100007F:A171 01 00000000:00000000 00:00000000 00000000  1002        0 1 1
        """;
    assertThat(LoopbackPeer.uid(table6, loopback(0xB476), loopback(0xA171)))
        .isEqualTo(OptionalInt.of(1002));
  }
}
