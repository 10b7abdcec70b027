package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import java.nio.file.Path;
import java.util.Optional;

/** Events in the in-memory checkout of {@link MemoryFiles}. */
final class Events {

  static final String SESSION = "s-1";

  private Events() {}

  static EventContext context() {
    return EventContext.of(SESSION, MemoryFiles.ROOT);
  }

  static EventContext withTranscript() {
    return context().withTranscript(Path.of("/home/u/.claude/projects/x/s-1.jsonl"));
  }

  static Event.FileWriteEvent newFile(String path) {
    return new Event.FileWriteEvent(context(), MemoryFiles.ROOT.resolve(path),
        Event.WriteKind.WRITE, false, Optional.empty());
  }

  static Event.FileWriteEvent newFile(String path, String content) {
    return new Event.FileWriteEvent(context(), MemoryFiles.ROOT.resolve(path),
        Event.WriteKind.WRITE, false, Optional.of(content));
  }

  static Event.CommandEvent command(String command) {
    return new Event.CommandEvent(context(), command);
  }

  static Event.SessionStart start(Event.StartSource source) {
    return new Event.SessionStart(context(), source);
  }

  static Event.SweepRequest sweep() {
    return new Event.SweepRequest(context());
  }
}
