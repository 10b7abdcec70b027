package dev.groundskeeper.git;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.RawText;
import java.nio.charset.Charset;
import java.util.Optional;

/**
 * Whether this process can hand a ref name to git or to the file system. Java passes program
 * arguments and file names through the locale's charset ({@code sun.jnu.encoding}): a name with a
 * byte that is not UTF-8 ({@link RawText}) never survives that, and in the C locale no name past
 * ASCII does. Such a ref is read and judged exactly, but an effect on it (a deletion, a bundle, a
 * reflog read through JGit) would name another ref or none, so it is left alone, with why.
 */
@API(status = API.Status.INTERNAL)
public final class RefNames {

  private static final Charset PATH_CHARSET = Optional.ofNullable(
          System.getProperty("sun.jnu.encoding"))
      .filter(Charset::isSupported).map(Charset::forName).orElse(Charset.defaultCharset());

  private RefNames() {}

  /**
   * True when {@code name} reaches git and the file system as the bytes it stands for.
   *
   * @param name a ref or branch name, as the ref reader gives it
   * @return whether this process can pass it on unchanged
   */
  public static boolean passable(String name) {
    return !RawText.hasRawBytes(name) && PATH_CHARSET.newEncoder().canEncode(name);
  }

  /**
   * Why {@code name} cannot be passed on; for a text that leaves a ref alone.
   *
   * @param name a name {@link #passable} refuses
   * @return the reason, in words
   */
  public static String whyNotPassable(String name) {
    return RawText.hasRawBytes(name)
        ? "its name is not UTF-8, and a name that is not UTF-8 cannot be handed to git from Java"
        : "its name cannot be written in this process's locale (" + PATH_CHARSET.name()
            + "); run it with a UTF-8 locale, such as LC_ALL=C.UTF-8";
  }
}
