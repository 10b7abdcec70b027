package dev.groundskeeper.cli;

/** What the hook writes back to its runner: standard output, standard error and the exit code. */
record HookReply(String stdout, String stderr, int exitCode) {

  static final String NOTHING = "{}";

  static HookReply json(String json) {
    return new HookReply(json, "", 0);
  }

  static HookReply nothing() {
    return json(NOTHING);
  }
}
