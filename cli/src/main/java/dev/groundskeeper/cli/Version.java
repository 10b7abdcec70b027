package dev.groundskeeper.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version Maven wrote into the jar's resources at build time. */
final class Version implements IVersionProvider {

  static String current() {
    Properties properties = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        return "unknown";
      }
      properties.load(in);
    } catch (IOException e) {
      return "unknown";
    }
    return properties.getProperty("version", "unknown");
  }

  @Override
  public String[] getVersion() {
    return new String[] {"groundskeeper " + current(),
        "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name")
            + ")"};
  }
}
