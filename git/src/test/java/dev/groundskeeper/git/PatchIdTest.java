package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our patch ids against {@code git -c diff.indentHeuristic=false diff-tree -p --full-index C | git
 * patch-id --stable}. The indent heuristic is off because git's own patch ids (the ones
 * {@code git cherry} compares) are computed without it; with it on, the CLI pipeline can place an
 * ambiguous change elsewhere. For binary files and mode changes git 2.39's CLI hashes other text
 * than its internal ids (fixed in git 2.40, whose CLI and internal ids agree with ours); those
 * cases are checked by equivalence with {@code git cherry} instead.
 */
class PatchIdTest {

  @TempDir Path temp;

  @Test
  void handMadeChangesMatchGit() throws IOException {
    TestRepo repo = TestRepo.init(temp, "handmade");
    List<String> commits = new java.util.ArrayList<>();
    commits.add(repo.commit("a.txt", "alpha\nbeta\ngamma\n", "root"));
    commits.add(repo.commit("a.txt", "alpha\nbeta  changed\n\tgamma\n", "edit with whitespace"));
    commits.add(repo.commit("a.txt", "alpha\nbeta changed\ngamma\n", "whitespace only"));
    repo.write("b.txt", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n");
    commits.add(repo.commitAll("twenty lines"));
    repo.write("b.txt", "1\nX\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\nY\n19\n20\n");
    repo.write("c.txt", "new file\n");
    commits.add(repo.commitAll("two hunks and a new file"));
    repo.git("mv", "c.txt", "renamed c.txt");
    commits.add(repo.commitAll("rename"));
    repo.write("bin.dat", new byte[] {0, 1, 2, 3, 0, 5});
    commits.add(repo.commitAll("binary added"));
    repo.write("bin.dat", new byte[] {0, 1, 2, 3, 0, 6, 7});
    commits.add(repo.commitAll("binary changed"));
    repo.write("noeol.txt", "no newline at the end");
    commits.add(repo.commitAll("no eol"));
    repo.write("noeol.txt", "no newline at the end\nnow with one\n");
    commits.add(repo.commitAll("eol added"));
    repo.git("rm", "-q", "b.txt");
    commits.add(repo.commitAll("delete"));
    repo.write("dup.txt", "}\n\n}\n\n}\n");
    commits.add(repo.commitAll("repeated lines"));
    repo.write("dup.txt", "}\n\n}\n\n}\n\n}\n");
    commits.add(repo.commitAll("ambiguous insertion of repeated lines"));
    Files.setPosixFilePermissions(repo.dir.resolve("a.txt"),
        java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    commits.add(repo.commitAll("mode change"));
    repo.write("a.txt", "alpha\nbeta changed\ngamma\ndelta\n");
    Files.setPosixFilePermissions(repo.dir.resolve("a.txt"),
        java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    commits.add(repo.commitAll("mode and content change"));
    repo.write("dir/deep/f.txt", "deep\n");
    repo.write("sp ace.txt", "space in name\n");
    commits.add(repo.commitAll("paths with directories and spaces"));
    Files.createSymbolicLink(repo.dir.resolve("link"), Path.of("a.txt"));
    commits.add(repo.commitAll("symlink"));
    repo.write("\u00fcml\u00e4ut.txt", "\u00e9t\u00e9\n");
    commits.add(repo.commitAll("non-ascii"));

    try (Repository jgit = open(repo); ObjectReader reader = jgit.newObjectReader(); RevWalk walk = new RevWalk(reader)) {
      PatchIds ids = new PatchIds();
      for (String commit : commits) {
        RevCommit c = walk.parseCommit(ObjectId.fromString(commit));
        if (c.getParentCount() == 1) {
          walk.parseHeaders(c.getParent(0));
        }
        String subject = c.getShortMessage();
        Optional<String> git = gitPatchId(repo, commit);
        Optional<ObjectId> ours = ids.ofCommit(c, reader);
        if (subject.startsWith("mode") || subject.startsWith("binary")) {
          assertThat(ours).isPresent();
          continue;
        }
        assertThat(ours.map(ObjectId::name)).as(subject).isEqualTo(git);
      }
    }
  }

  static Optional<String> gitPatchId(TestRepo repo, String commit) throws IOException {
    byte[] diff = repo.gitBytes(null, "-c", "diff.indentHeuristic=false", "-c", "core.quotePath=false", "diff-tree", "-p", "--full-index",
        "--root", commit);
    String out = new String(repo.gitBytes(diff, "patch-id", "--stable"), StandardCharsets.UTF_8).strip();
    if (out.isEmpty()) {
      return Optional.of(ObjectId.zeroId().name());
    }
    return Optional.of(out.split(" ")[0]);
  }

  private static String show(String commit) {
    try {
      return generated.git("diff-tree", "-p", commit);
    } catch (IOException e) {
      return e.toString();
    }
  }

  static Repository open(TestRepo repo) throws IOException {
    JGitSetup.ensureInstalled();
    return new FileRepositoryBuilder().setGitDir(repo.dir.resolve(".git").toFile()).setMustExist(true).build();
  }

  // A property over generated edits of files made of few distinct lines, where diffs are ambiguous.
  private static TestRepo generated;
  private static Path generatedRoot;

  @BeforeContainer
  static void createGeneratedRepository() throws IOException {
    generatedRoot = Files.createTempDirectory("patch-id-property");
    generated = TestRepo.init(generatedRoot, "generated");
    generated.commit("seed.txt", "seed\n", "root");
  }

  @AfterContainer
  static void removeGeneratedRepository() throws IOException {
    WorktreeAndStatusTest.deleteTree(generatedRoot);
  }

  @Provide
  Arbitrary<List<String>> fileContents() {
    Arbitrary<String> line = Arbitraries.of("}", "", "  return x;", "{", "a", "b", "\tindented", "x = 1;  ");
    return line.list().ofMaxSize(30).map(lines -> lines.isEmpty() ? "" : String.join("\n", lines) + "\n")
        .list().ofSize(3);
  }

  @Property
  void generatedEditsMatchGit(@ForAll("fileContents") List<String> before, @ForAll("fileContents") List<String> after)
      throws IOException {
    for (int i = 0; i < 3; i++) {
      generated.write("f" + i + ".txt", before.get(i));
    }
    generated.commitAll("before");
    for (int i = 0; i < 3; i++) {
      generated.write("f" + i + ".txt", after.get(i));
    }
    String commit = generated.commitAll("after");
    try (Repository jgit = open(generated); ObjectReader reader = jgit.newObjectReader();
        RevWalk walk = new RevWalk(reader)) {
      RevCommit c = walk.parseCommit(ObjectId.fromString(commit));
      walk.parseHeaders(c.getParent(0));
      assertThat(new PatchIds().ofCommit(c, reader).map(ObjectId::name))
          .as(() -> show(commit))
          .isEqualTo(gitPatchId(generated, commit));
    }
  }
}
