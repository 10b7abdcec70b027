package dev.groundskeeper.host;

import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.shell.ShellQuoting;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The report of an untrusted repository's refused settings, given once per session: the first
 * event of a session that meets the refusal carries it (as advice, never a denial), and a marker
 * in the repository's git directory ({@code <common-dir>/groundskeeper/trust-reported/}, named by
 * a hash of the session and of what was refused) keeps later events quiet. Without a session id,
 * or when the marker cannot be written, the report is given again rather than lost.
 */
final class TrustReports {

  /** The id the report carries (not a rule: it never denies). */
  static final String NOTE = "engine.trust";

  private TrustReports() {}

  static Optional<Verdict> once(Workspace workspace, String sessionId, PolicyLoader.Loaded loaded) {
    if (loaded.refused().isEmpty()) {
      return Optional.empty();
    }
    String key = ConfigFingerprint.sha256(sessionId + "\0" + String.join("\n", loaded.refused())
        + "\0" + loaded.untrustedCheckouts()).substring(0, 32);
    if (!sessionId.isEmpty() && workspace.root().isPresent()) {
      Optional<Path> common = commonDir(workspace.root().get());
      if (common.isPresent()) {
        Path marker = common.get().resolve("groundskeeper").resolve("trust-reported")
            .resolve(key);
        if (Files.exists(marker)) {
          return Optional.empty();
        }
        try {
          Files.createDirectories(marker.getParent());
          Files.writeString(marker, sessionId + "\n", StandardCharsets.UTF_8,
              java.nio.file.StandardOpenOption.CREATE_NEW,
              java.nio.file.StandardOpenOption.WRITE);
        } catch (FileAlreadyExistsException e) {
          return Optional.empty();
        } catch (IOException e) {
          // reported again next time: better twice than never
        }
      }
    }
    return Optional.of(verdict(loaded));
  }

  static Verdict verdict(PolicyLoader.Loaded loaded) {
    StringBuilder reason = new StringBuilder("This repository's .groundskeeper.yaml is not"
        + " trusted, so these settings of it were not applied (the rest of it was):");
    int shown = 0;
    for (String line : loaded.refused()) {
      if (shown == 8) {
        reason.append("\n- and ").append(loaded.refused().size() - shown).append(" more");
        break;
      }
      reason.append("\n- ").append(line);
      shown++;
    }
    List<String> commands = loaded.untrustedCheckouts().stream()
        .map(checkout -> "groundskeeper trust " + ShellQuoting.word(checkout.toString()))
        .toList();
    if (commands.isEmpty()) {
      return Verdict.advise(NOTE, reason.toString());
    }
    return Verdict.advise(NOTE, reason.toString()).withRemedy(Remedy.run("If you trust whoever"
        + " wrote this repository's configuration, the person (not the agent) can run",
        commands.toArray(String[]::new)));
  }

  /** The common git directory of a checkout's top level. */
  static Optional<Path> commonDir(Path root) {
    Path dotGit = root.resolve(".git");
    if (Files.isDirectory(dotGit)) {
      return Optional.of(dotGit);
    }
    try {
      String first = Files.readAllLines(dotGit, StandardCharsets.UTF_8).stream().findFirst()
          .orElse("");
      if (!first.startsWith("gitdir:")) {
        return Optional.empty();
      }
      Path gitDir = root.resolve(first.substring("gitdir:".length()).trim()).normalize();
      Path commondir = gitDir.resolve("commondir");
      if (Files.isRegularFile(commondir)) {
        String common = Files.readAllLines(commondir, StandardCharsets.UTF_8).stream()
            .findFirst().orElse("").trim();
        return Optional.of(gitDir.resolve(common).normalize());
      }
      return Optional.of(gitDir);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
