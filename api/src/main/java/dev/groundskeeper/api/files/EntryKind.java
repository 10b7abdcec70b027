package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;

/** What a listed entry is, read without following symbolic links. */
@API(status = API.Status.EXPERIMENTAL)
public enum EntryKind {
  /** A regular file. */
  FILE,
  /** A directory. */
  DIRECTORY,
  /** A symbolic link; listed as itself, never followed. */
  SYMLINK,
  /** A socket, a pipe, a device. */
  OTHER
}
