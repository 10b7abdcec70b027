package dev.groundskeeper.cli.serve;

import java.io.IOException;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Optional;

/** Talks to a server on its socket: empty when no server answers there. */
final class ServeClient {

  private ServeClient() {}

  static Optional<Http.Response> call(Path socket, String method, String target, byte[] body)
      throws IOException {
    try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
      try {
        channel.connect(UnixDomainSocketAddress.of(socket));
      } catch (SocketException e) {
        // refused, or no socket file: either way no server is there
        return Optional.empty();
      }
      return Optional.of(Http.exchange(channel, method, target, body));
    }
  }
}
