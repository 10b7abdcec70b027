package dev.groundskeeper.cli.serve;

import dev.groundskeeper.api.API;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * Runs the command line as a fresh process would, with its streams, environment and working
 * directory given; returns the exit code. The server answers every call through this one piece of
 * code, the one {@code groundskeeper hook} runs in a process of its own.
 */
@API(status = API.Status.INTERNAL)
@FunctionalInterface
public interface HookRunner {

  /**
   * Runs one command line to its end.
   *
   * @param args the command line after the program's name
   * @param in standard input (a hook's payload)
   * @param out standard output
   * @param err standard error
   * @param environment the environment the command reads, in place of the process's own
   * @param workingDirectory the directory the command runs in
   * @return the exit code, as each verb's {@code --help} lists them
   */
  int run(String[] args, InputStream in, PrintStream out, PrintStream err,
      Map<String, String> environment, Path workingDirectory);
}
