package dev.groundskeeper.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution archive the cli module attaches, installed as a person would install it: the
 * checksum checked, unpacked into a directory far from this repository, linked onto a PATH that
 * holds no Maven, and run with a HOME of its own. It must answer without building anything,
 * record its class-data archive on the first run, judge a hook call, and have {@code install}
 * register the unpacked launcher.
 */
class DistributionIT {

  private static final Path CLI_TARGET = Poms.ROOT.resolve("cli/target");

  @TempDir
  Path scratch;

  private static String name() {
    return "groundskeeper-" + Poms.version();
  }

  /** As Central names the cli's attachment with classifier dist. */
  private static Path archive() {
    return CLI_TARGET.resolve("groundskeeper-cli-" + Poms.version() + "-dist.tar.gz");
  }

  @Test
  void theChecksumFileNamesTheArchiveAndItsSha256() throws IOException {
    Path sum = archive().resolveSibling(archive().getFileName() + ".sha256");
    assertThat(archive()).isRegularFile();
    assertThat(sum).isRegularFile();
    String[] line = Files.readString(sum, StandardCharsets.US_ASCII).strip().split("\\s+");
    assertThat(line).as("%s: '<sha256> *<file>', as sha256sum -c reads it", sum).hasSize(2);
    assertThat(line[0]).isEqualTo(sha256(archive()));
    assertThat(line[1].replaceFirst("^\\*", "")).isEqualTo(archive().getFileName().toString());
  }

  @Test
  void theAttachedJarIsTheRunnableOneWithTheLicense() throws IOException {
    Path attached = CLI_TARGET.resolve("groundskeeper.jar");
    try (JarFile jar = new JarFile(attached.toFile())) {
      Manifest manifest = jar.getManifest();
      assertThat(manifest.getMainAttributes().getValue("Main-Class"))
          .isEqualTo("dev.groundskeeper.cli.Main");
      assertThat(jar.getInputStream(jar.getEntry("META-INF/LICENSE")).readAllBytes())
          .isEqualTo(Poms.bytes(Poms.ROOT.resolve("LICENSE")));
      assertThat(jar.getEntry("org/eclipse/jgit/lib/Repository.class")).as("dependencies inside")
          .isNotNull();
    }
  }

  @Test
  void everyLibraryTheJarBundlesIsListedWithItsLicence() throws IOException {
    String listed = Files.readString(Poms.ROOT.resolve("cli/src/dist/THIRD-PARTY.md"));
    List<String> bundled = new ArrayList<>();
    try (JarFile jar = new JarFile(CLI_TARGET.resolve("groundskeeper.jar").toFile())) {
      jar.stream().map(java.util.zip.ZipEntry::getName)
          .filter(n -> n.startsWith("META-INF/maven/") && n.endsWith("/pom.properties"))
          .map(n -> n.split("/"))
          .filter(parts -> !parts[2].equals("dev.groundskeeper"))
          .forEach(parts -> bundled.add(parts[2] + ":" + parts[3]));
      assertThat(jar.getEntry("META-INF/NOTICE")).as("the merged notices").isNotNull();
    }
    assertThat(bundled).as("libraries recorded in the jar")
        .contains("org.eclipse.jgit:org.eclipse.jgit");
    assertThat(bundled).allSatisfy(library -> assertThat(listed)
        .as("cli/src/dist/THIRD-PARTY.md lists %s", library).contains("| " + library + " |"));
  }

  @Test
  void theArchiveHoldsTheLauncherTheJarTheClientSourceTheManPagesAndTheTextsAndNothingElse()
      throws Exception {
    Path root = unpack();
    List<String> entries = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      files.filter(Files::isRegularFile).forEach(f -> entries.add(root.relativize(f).toString()));
    }
    List<String> pages = entries.stream().filter(e -> e.startsWith("share/man/man1/")).toList();
    assertThat(pages).as("a manual page per verb").hasSizeGreaterThan(20)
        .allMatch(page -> page.matches("share/man/man1/groundskeeper(-[a-z]+)*\\.1"))
        .contains("share/man/man1/groundskeeper.1", "share/man/man1/groundskeeper-sweep.1");
    entries.removeAll(pages);
    assertThat(entries).containsExactlyInAnyOrder("bin/groundskeeper",
        "cli/target/groundskeeper.jar", "share/hook-client.c", "LICENSE", "INSTALL.md",
        "THIRD-PARTY.md");
    assertThat(Files.getPosixFilePermissions(root.resolve("bin/groundskeeper")))
        .contains(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OTHERS_EXECUTE);
    assertThat(Files.readAllBytes(root.resolve("bin/groundskeeper")))
        .isEqualTo(Poms.bytes(Poms.ROOT.resolve("bin/groundskeeper")));
    assertThat(Files.readAllBytes(root.resolve("cli/target/groundskeeper.jar")))
        .isEqualTo(Poms.bytes(CLI_TARGET.resolve("groundskeeper.jar")));
  }

  @Test
  void theUnpackedArchiveRunsFromPathWithoutThisRepositoryOrMaven() throws Exception {
    Path root = unpack();
    Path home = Files.createDirectories(scratch.resolve("home"));
    Path binDir = Files.createDirectories(home.resolve(".local/bin"));
    Path onPath = Files.createSymbolicLink(binDir.resolve("groundskeeper"),
        root.resolve("bin/groundskeeper"));
    Path work = Files.createDirectories(scratch.resolve("work"));
    Map<String, String> environment = environment(home, binDir);

    Run version = run(List.of(onPath.toString(), "--version"), work, environment, "");
    assertThat(version.exit()).as(version.toString()).isZero();
    assertThat(version.stdout()).startsWith("groundskeeper " + Poms.version() + "\n");
    assertThat(version.stderr()).as("it built nothing").doesNotContain("building", "mvn");
    assertThat(root.resolve("cli/target/groundskeeper.jsa"))
        .as("the class-data archive, recorded on the first run").isRegularFile();
    try (Stream<Path> top = Files.list(root)) {
      assertThat(top.map(p -> p.getFileName().toString())).as("no sources or poms appeared")
          .doesNotContain("pom.xml", "src");
    }
    if (Stream.of("cc", "gcc", "clang").anyMatch(c -> Files.isExecutable(Path.of("/usr/bin", c)))) {
      assertThat(root.resolve("cli/target/groundskeeper-hook-client"))
          .as("the hook client, compiled from the copy the archive carries").isExecutable();
      assertThat(version.stderr()).contains("compiling the hook client");
    }

    String payload = "{\"session_id\":\"dist\",\"cwd\":\"" + work + "\",\"hook_event_name\":"
        + "\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}";
    Run hook = run(List.of(onPath.toString(), "hook"), work, environment, payload);
    assertThat(hook.exit()).as(hook.toString()).isZero();
    assertThat(hook.stderr()).as(hook.toString()).doesNotContain("cannot judge", "Exception");

    Run install = run(List.of(onPath.toString(), "install", "--runner", "claude", "--dry-run"),
        work, environment, "");
    assertThat(install.exit()).as(install.toString()).isZero();
    assertThat(install.stdout()).as("the hook runs the unpacked launcher, links resolved")
        .contains(root.toRealPath().resolve("bin/groundskeeper") + " hook --runner claude");
    assertThat(home.resolve(".claude/settings.json")).as("a dry run writes nothing")
        .doesNotExist();
  }

  /**
   * The manual pages the archive carries are the ones its own jar makes from the command model:
   * the same set of files, byte for byte, as {@code help --man-dir} of the unpacked launcher
   * writes, and each of a sample of verbs (the command, a verb, a verb of a group, one with
   * verbs of its own) as {@code help --man VERB} prints it. (Every page once through
   * {@code --man} would start one JVM per verb; cli's ManPageTest holds {@code --man-dir} and
   * {@code --man} to the same text.)
   */
  @Test
  void theManPagesAreTheOnesHelpManPrints() throws Exception {
    Path root = unpack();
    Path home = Files.createDirectories(scratch.resolve("home"));
    Path binDir = Files.createDirectories(home.resolve(".local/bin"));
    Path work = Files.createDirectories(scratch.resolve("work"));
    Map<String, String> environment = environment(home, binDir);
    String launcher = root.resolve("bin/groundskeeper").toString();
    Path shipped = root.resolve("share/man/man1");
    Path written = scratch.resolve("man1");

    Run dir = run(List.of(launcher, "help", "--man-dir", written.toString()), work, environment,
        "");
    assertThat(dir.exit()).as(dir.toString()).isZero();
    assertThat(names(shipped)).isEqualTo(names(written)).isNotEmpty();
    for (String name : names(shipped)) {
      assertThat(Files.readString(shipped.resolve(name))).as(name)
          .isEqualTo(Files.readString(written.resolve(name)));
    }
    for (String verb : List.of("", "sweep", "scratch sweep", "snapshot")) {
      List<String> command = new ArrayList<>(List.of(launcher, "help", "--man"));
      if (!verb.isEmpty()) {
        command.addAll(List.of(verb.split(" ")));
      }
      Run page = run(command, work, environment, "");
      assertThat(page.exit()).as(page.toString()).isZero();
      String name = "groundskeeper" + (verb.isEmpty() ? "" : "-" + verb.replace(' ', '-'))
          + ".1";
      assertThat(Files.readString(shipped.resolve(name))).as(name).isEqualTo(page.stdout());
    }
  }

  private static List<String> names(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  /**
   * Unpacked where its user cannot write (a system directory, a read-only mount), the launcher
   * records its class-data archive in the user's state directory and runs as it does elsewhere;
   * nothing is written beside the jar.
   */
  @Test
  void theUnpackedArchiveRunsFromADirectoryItCannotWriteTo() throws Exception {
    Path root = unpack();
    Path home = Files.createDirectories(scratch.resolve("home"));
    Path binDir = Files.createDirectories(home.resolve(".local/bin"));
    Path onPath = Files.createSymbolicLink(binDir.resolve("groundskeeper"),
        root.resolve("bin/groundskeeper"));
    Path work = Files.createDirectories(scratch.resolve("work"));
    Map<String, String> environment = environment(home, binDir);
    List<Path> locked = List.of(root.resolve("cli/target"), root.resolve("cli"),
        root.resolve("bin"), root);
    ReadOnly readOnly = ReadOnly.make(locked);
    try {
      Assumptions.assumeTrue(readOnly.holds(), "this user can write to any directory (root, "
          + "without chattr): a read-only installation cannot be made here");

      Run version = run(List.of(onPath.toString(), "--version"), work, environment, "");
      assertThat(version.exit()).as(version.toString()).isZero();
      assertThat(version.stdout()).startsWith("groundskeeper " + Poms.version() + "\n");
      assertThat(version.stderr()).as(version.toString()).isEmpty();
      Path cds = home.resolve(".groundskeeper/state/cds");
      try (Stream<Path> archives = Files.list(cds)) {
        assertThat(archives.map(p -> p.getFileName().toString())).as("in %s", cds)
            .containsExactlyInAnyOrder(root.resolve("cli/target/groundskeeper.jar").toString()
                .substring(1).replace('/', '%') + ".jsa", ".build.lock");
      }
      try (Stream<Path> files = Files.list(root.resolve("cli/target"))) {
        assertThat(files.map(p -> p.getFileName().toString())).as("nothing beside the jar")
            .containsExactly("groundskeeper.jar");
      }

      String payload = "{\"session_id\":\"dist\",\"cwd\":\"" + work + "\",\"hook_event_name\":"
          + "\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}";
      Run hook = run(List.of(onPath.toString(), "hook"), work, environment, payload);
      assertThat(hook.exit()).as(hook.toString()).isZero();
      assertThat(hook.stderr()).as(hook.toString()).isEmpty();

      Run again = run(List.of(onPath.toString(), "--version"), work, environment, "");
      assertThat(again.exit()).as(again.toString()).isZero();
      assertThat(again.stderr()).as("the archive recorded is the one used").isEmpty();
    } finally {
      readOnly.undo();
    }
  }

  /**
   * Directories made unwritable: by their mode, and where this user writes through modes (root)
   * by the immutable attribute, which binds root too.
   */
  private record ReadOnly(List<Path> directories, boolean immutable) {

    static ReadOnly make(List<Path> directories) throws Exception {
      for (Path directory : directories) {
        directory.toFile().setWritable(false, false);
      }
      if (directories.stream().noneMatch(Files::isWritable)) {
        return new ReadOnly(directories, false);
      }
      List<String> command = new ArrayList<>(List.of("chattr", "+i"));
      directories.forEach(d -> command.add(d.toString()));
      try {
        run(command, directories.get(0), Map.of("PATH", "/usr/bin:/bin:/usr/sbin:/sbin"), "");
      } catch (IOException noChattr) {
        return new ReadOnly(directories, false);
      }
      return new ReadOnly(directories, true);
    }

    boolean holds() {
      return directories.stream().noneMatch(Files::isWritable);
    }

    void undo() throws Exception {
      if (immutable) {
        List<String> command = new ArrayList<>(List.of("chattr", "-i"));
        directories.forEach(d -> command.add(d.toString()));
        run(command, Path.of("/"), Map.of("PATH", "/usr/bin:/bin:/usr/sbin:/sbin"), "");
      }
      for (Path directory : directories) {
        directory.toFile().setWritable(true, true);
      }
    }
  }

  private Path unpack() throws Exception {
    Path into = Files.createDirectories(scratch.resolve("opt"));
    Run tar = run(List.of("tar", "-xzf", archive().toString(), "-C", into.toString()), into,
        Map.of("PATH", "/usr/bin:/bin"), "");
    assertThat(tar.exit()).as(tar.toString()).isZero();
    try (Stream<Path> top = Files.list(into)) {
      assertThat(top.map(p -> p.getFileName().toString())).as("one top directory")
          .containsExactly(name());
    }
    return into.resolve(name());
  }

  /** Only what a login would set, every home under the scratch directory, no warm server. */
  private Map<String, String> environment(Path home, Path binDir) {
    return Map.of(
        "PATH", binDir + ":/usr/bin:/bin",
        "JAVA_HOME", System.getProperty("java.home"),
        "HOME", home.toString(),
        "GROUNDSKEEPER_HOME", home.resolve(".groundskeeper").toString(),
        "XDG_CONFIG_HOME", home.resolve(".config").toString(),
        "XDG_DATA_HOME", home.resolve(".local/share").toString(),
        "XDG_STATE_HOME", home.resolve(".local/state").toString(),
        "XDG_CACHE_HOME", home.resolve(".cache").toString(),
        "GROUNDSKEEPER_SERVE", "off",
        "GIT_CONFIG_GLOBAL", "/dev/null");
  }

  record Run(int exit, String stdout, String stderr) {}

  private static Run run(List<String> command, Path directory, Map<String, String> environment,
      String input) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
    builder.environment().clear();
    builder.environment().putAll(environment);
    Path out = Files.createTempFile("dist-out", ".txt");
    Path err = Files.createTempFile("dist-err", ".txt");
    builder.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process process = builder.start();
    process.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
    process.getOutputStream().close();
    // A bound against a hang only, never a performance assertion.
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError(command + " did not finish within 5 minutes");
    }
    Run run = new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    Files.delete(out);
    Files.delete(err);
    return run;
  }

  private static String sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      byte[] buffer = new byte[1 << 16];
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
