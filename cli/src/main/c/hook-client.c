/*
 * groundskeeper's hook client: one hook call sent to the warm server over its Unix socket,
 * without bash's start, parse and one-byte reads. bash can only reach the server's loopback TCP
 * port (tcp_hook in bin/groundskeeper), where an exchange of tokens must prove both sides before
 * the payload goes out, a round trip more; over the socket the kernel names the listener's
 * account (SO_PEERCRED), and the request goes out at once. docs/benchmarks/engine.md measures
 * both.
 *
 * The launcher runs it (never a runner directly) as
 *   groundskeeper-hook-client groundskeeper-hook-client/1 JAR CWD hook [ARGS...]
 * and it either prints the server's answer and exits with its code, or hands the call back to the
 * launcher, with the payload it read as standard input and GROUNDSKEEPER_HOOK_CLIENT=off:
 *   - with no reason when no server answers here (the launcher then tries its own ways and starts
 *     one), and
 *   - with GROUNDSKEEPER_HOOK_CLIENT_WHY set when a server was reached but did not answer (it
 *     declined, broke off, ran out of time): the launcher says why on stderr and answers in a JVM
 *     of its own.
 * So the client never answers for a guard itself and never fails open: every way it can fail ends
 * in the launcher, which answers in the runner's shape.
 *
 * The exchange runs in a child process that reports to this one through a pipe (the answer, or
 * the reason to hand back), because a runner reads a hook that died by a signal as "the hook
 * failed, go ahead". This process keeps the payload and does nothing but read it, wait and copy,
 * so when the child dies (a crash, a kill, a hang past its bound) the call still goes back to the
 * launcher with its payload and is judged there.
 *
 * Linux and the BSDs/macOS (POSIX sockets); built by the launcher with the system's C compiler
 * when one is there, and simply absent otherwise.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

extern char **environ;

#define PROTOCOL "groundskeeper-hook-client/1"
/* The largest payload read (the launcher's max_payload); a larger one goes back to the launcher,
 * which answers it as one no guard could judge. */
#define MAX_PAYLOAD (8L * 1024 * 1024)
/* The largest answer accepted: a hook answer is a few KiB (DESIGN.md's text budget). */
#define MAX_ANSWER (16L * 1024 * 1024)

/* The variables sent to the server: the launcher's forward_names and forward_prefixes, which
 * mirror cli/.../serve/ProcessEnvironment (ProcessEnvironmentTest holds all three together). */
static const char *const FORWARD_NAMES[] = {
    "HOME", "PATH", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR", "EMAIL", "JAVA_HOME",
    "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "HTTP_PROXY",
    "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "all_proxy", "no_proxy",
    "GROUNDSKEEPER_SESSION_MODE", "GROUNDSKEEPER_HOME", "GROUNDSKEEPER_EXPLAIN",
    "GROUNDSKEEPER_LAUNCHER", NULL};
static const char *const FORWARD_PREFIXES[] = {"LC_", "GIT_", "GH_", "GITHUB_", NULL};

/* A growable byte buffer; the process is short-lived, so a failed allocation just ends it. */
struct buffer {
  char *bytes;
  size_t length;
  size_t capacity;
};

static char *payload_bytes;
static size_t payload_length;
/* Whether standard input has been read (then it must be handed back as a copy). */
static int payload_read;
static char *const *hook_args;
static int hook_argc;
/* In the child that runs the exchange: the pipe to the parent; -1 in the parent. */
static int result_fd = -1;

static void reserve(struct buffer *buffer, size_t more) {
  if (buffer->length + more <= buffer->capacity) {
    return;
  }
  size_t capacity = buffer->capacity ? buffer->capacity : 4096;
  while (capacity < buffer->length + more) {
    capacity *= 2;
  }
  char *bytes = realloc(buffer->bytes, capacity);
  if (!bytes) {
    fputs("groundskeeper hook client: out of memory\n", stderr);
    exit(2);
  }
  buffer->bytes = bytes;
  buffer->capacity = capacity;
}

static void append(struct buffer *buffer, const void *bytes, size_t length) {
  reserve(buffer, length);
  memcpy(buffer->bytes + buffer->length, bytes, length);
  buffer->length += length;
}

static void append_field(struct buffer *buffer, const char *prefix, const char *value) {
  append(buffer, prefix, strlen(prefix));
  append(buffer, value, strlen(value) + 1); /* with its NUL */
}

/* Standard input for the launcher: the payload this client read, from a file that holds it all
 * (a pipe could hold only 64 KiB before the launcher starts reading it). */
static int payload_input(void) {
  int fd = -1;
#if defined(__linux__) && defined(MFD_CLOEXEC)
  fd = memfd_create("groundskeeper-hook-payload", 0);
#endif
  if (fd < 0) {
    FILE *file = tmpfile();
    if (!file) {
      return -1;
    }
    fd = dup(fileno(file));
    fclose(file);
    if (fd < 0) {
      return -1;
    }
  }
  size_t written = 0;
  while (written < payload_length) {
    ssize_t n = write(fd, payload_bytes + written, payload_length - written);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n <= 0) {
      close(fd);
      return -1;
    }
    written += (size_t) n;
  }
  if (lseek(fd, 0, SEEK_SET) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

static void report(const char *kind, const char *head, const char *bytes, size_t length);

/* Hands the call back to the launcher (see the top of this file); never returns. In the child,
 * the parent is told to do it. */
static void hand_back(const char *why) {
  if (result_fd >= 0) {
    report(why ? "H" : "N", "", why ? why : "", why ? strlen(why) : 0);
  }
  const char *launcher = getenv("GROUNDSKEEPER_LAUNCHER");
  if (payload_read) {
    int fd = payload_input();
    if (fd < 0 || dup2(fd, 0) < 0) {
      /* Without its input the launcher would answer "no payload"; say it plainly instead. */
      fprintf(stderr, "groundskeeper hook client: cannot hand the call to the launcher: %s\n",
              strerror(errno));
      exit(2);
    }
    if (fd != 0) {
      close(fd);
    }
  }
  setenv("GROUNDSKEEPER_HOOK_CLIENT", "off", 1);
  if (why) {
    setenv("GROUNDSKEEPER_HOOK_CLIENT_WHY", why, 1);
  } else {
    unsetenv("GROUNDSKEEPER_HOOK_CLIENT_WHY");
  }
  if (launcher && launcher[0] == '/') {
    char **args = calloc((size_t) hook_argc + 2, sizeof(char *));
    if (args) {
      args[0] = (char *) launcher;
      for (int i = 0; i < hook_argc; i++) {
        args[i + 1] = hook_args[i];
      }
      execv(launcher, args);
    }
  }
  /* Exit 2 blocks the call in every runner; the reason is on stderr. */
  fprintf(stderr, "groundskeeper hook client: cannot run the launcher %s: %s\n",
          launcher ? launcher : "(GROUNDSKEEPER_LAUNCHER is not set)", strerror(errno));
  exit(2);
}

static void hand_back_why(const char *format, ...) {
  static char why[512];
  va_list args;
  va_start(args, format);
  vsnprintf(why, sizeof why, format, args);
  va_end(args);
  hand_back(why);
}

/* The socket's path, by the rules of cli/.../serve/SocketLocation (the launcher's
 * locate_socket); 0 when none can be named. */
static int socket_location(char *out, size_t size) {
  const char *value;
  const char *home = getenv("HOME");
  int n;
  if ((value = getenv("GROUNDSKEEPER_SOCKET")) && *value) {
    n = snprintf(out, size, "%s", value);
  } else if ((value = getenv("GROUNDSKEEPER_HOME")) && *value) {
    if (strcmp(value, "~") == 0) {
      if (!home || !*home) return 0;
      n = snprintf(out, size, "%s/run/serve.sock", home);
    } else if (strncmp(value, "~/", 2) == 0) {
      if (!home || !*home) return 0;
      n = snprintf(out, size, "%s/%s/run/serve.sock", home, value + 2);
    } else {
      n = snprintf(out, size, "%s/run/serve.sock", value);
    }
  } else if ((value = getenv("XDG_RUNTIME_DIR")) && *value) {
    n = snprintf(out, size, "%s/groundskeeper/serve.sock", value);
  } else if (home && *home) {
    n = snprintf(out, size, "%s/.groundskeeper/run/serve.sock", home);
  } else {
    return 0;
  }
  if (n < 0 || (size_t) n >= size || out[0] != '/') return 0;
  char *slash = strrchr(out, '/');
  if (slash == out || slash[1] == '\0') return 0; /* the launcher wants a directory and a name */
  return 1;
}

/* Whether the process listening on fd runs as this account (Linux: SO_PEERCRED; the BSDs and
 * macOS: getpeereid). */
static int peer_is_this_account(int fd) {
#if defined(SO_PEERCRED)
  struct ucred peer;
  socklen_t length = sizeof peer;
  return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) == 0 && peer.uid == geteuid();
#else
  uid_t uid;
  gid_t gid;
  return getpeereid(fd, &uid, &gid) == 0 && uid == geteuid();
#endif
}

static int hex_word(const char *word) {
  if (!*word) return 0;
  for (; *word; word++) {
    if (!((*word >= '0' && *word <= '9') || (*word >= 'a' && *word <= 'f'))) return 0;
  }
  return 1;
}

static int digits(const char *word) {
  if (!*word) return 0;
  for (; *word; word++) {
    if (*word < '0' || *word > '9') return 0;
  }
  return 1;
}

static void read_payload(void) {
  struct buffer input = {0};
  for (;;) {
    reserve(&input, 65536);
    ssize_t n = read(0, input.bytes + input.length, input.capacity - input.length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break; /* the end, or an input that cannot be read: what came so far */
    input.length += (size_t) n;
    if (input.length > (size_t) MAX_PAYLOAD) break;
  }
  /* NUL bytes, which no JSON text holds, become U+0001 as in the launcher (a bash variable
   * cannot hold NUL): the server's reader refuses both alike. */
  for (size_t i = 0; i < input.length; i++) {
    if (input.bytes[i] == '\0') input.bytes[i] = '\001';
  }
  payload_bytes = input.bytes ? input.bytes : "";
  payload_length = input.length;
  payload_read = 1;
}

static long long now_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long) now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static long long deadline;
static double limit_seconds;

/* Waits for the socket to be ready; 0 when the time ran out. */
static int await(int fd, short events) {
  for (;;) {
    long long left = deadline - now_ms();
    if (left <= 0) return 0;
    struct pollfd entry = {fd, events, 0};
    int n = poll(&entry, 1, (int) (left > 60000 ? 60000 : left));
    if (n > 0) return 1;
    if (n < 0 && errno != EINTR) return 1; /* the read or write then says what failed */
  }
}

static void send_all(int fd, const char *bytes, size_t length) {
  while (length > 0) {
    if (!await(fd, POLLOUT)) {
      hand_back_why("it did not answer within %g s", limit_seconds);
    }
    ssize_t n = send(fd, bytes, length, MSG_NOSIGNAL);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      hand_back("the connection broke before the answer (the server stopped mid-call?)");
    }
    bytes += n;
    length -= (size_t) n;
  }
}

/* Reads until the buffer holds `needle` past `from`; returns its offset, or -1 at the end. */
static long read_until(int fd, struct buffer *buffer, size_t from, const char *needle) {
  size_t needle_length = strlen(needle);
  for (;;) {
    if (buffer->length >= from + needle_length) {
      void *found = memmem(buffer->bytes + from, buffer->length - from, needle, needle_length);
      if (found) return (long) ((char *) found - buffer->bytes);
    }
    if (buffer->length > (size_t) MAX_ANSWER) return -1;
    if (!await(fd, POLLIN)) {
      hand_back_why("it did not answer within %g s", limit_seconds);
    }
    reserve(buffer, 16384);
    ssize_t n = recv(fd, buffer->bytes + buffer->length, buffer->capacity - buffer->length, 0);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return -1;
    buffer->length += (size_t) n;
  }
}

/* The status of the response head that starts at `at` ("HTTP/1.1 NNN ..."), or -1. */
static int status_of(const char *at, size_t length) {
  if (length < 12 || strncmp(at, "HTTP/1.1 ", 9) != 0) return -1;
  if (at[9] < '0' || at[9] > '9' || at[10] < '0' || at[10] > '9' || at[11] < '0' || at[11] > '9') {
    return -1;
  }
  return (at[9] - '0') * 100 + (at[10] - '0') * 10 + (at[11] - '0');
}

static int forwarded(const char *entry) {
  const char *equals = strchr(entry, '=');
  if (!equals) return 0;
  size_t name_length = (size_t) (equals - entry);
  for (int i = 0; FORWARD_NAMES[i]; i++) {
    if (strlen(FORWARD_NAMES[i]) == name_length && strncmp(entry, FORWARD_NAMES[i], name_length) == 0) {
      return 1;
    }
  }
  for (int i = 0; FORWARD_PREFIXES[i]; i++) {
    size_t prefix_length = strlen(FORWARD_PREFIXES[i]);
    if (name_length > prefix_length && strncmp(entry, FORWARD_PREFIXES[i], prefix_length) == 0) {
      return 1;
    }
  }
  return 0;
}


static void write_all(int fd, const char *bytes, size_t length) {
  while (length > 0) {
    ssize_t n = write(fd, bytes, length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    bytes += n;
    length -= (size_t) n;
  }
}

/* The child's one message to the parent: a kind ("A" answer, "H" hand back with a reason, "N"
 * hand back without one), a head line, the bytes; then the child ends. */
static void report(const char *kind, const char *head, const char *bytes, size_t length) {
  write_all(result_fd, kind, 1);
  write_all(result_fd, head, strlen(head));
  write_all(result_fd, bytes, length);
  _exit(0);
}

/* The exchange with the server, in the child: it ends in report(), never returns. */
static void exchange(const char *jar, const char *cwd) {
  const char *fault = getenv("GROUNDSKEEPER_HOOK_CLIENT_FAULT");
  /* The server's Unix socket: this account's, in a directory of this account's. Anything wrong
   * before the connection means no server answers here (the launcher then tries its TCP port and
   * starts one). */
  char socket_path[4096];
  if (!socket_location(socket_path, sizeof socket_path)) hand_back(NULL);
  char *slash = strrchr(socket_path, '/');
  *slash = '\0';
  const char *directory = socket_path;
  const char *name = slash + 1;
  struct stat socket_stat, directory_stat;
  if (lstat(directory, &directory_stat) != 0 || !S_ISDIR(directory_stat.st_mode)) hand_back(NULL);
  /* The name alone, from within its directory: a socket's path has room for about 100 bytes. */
  if (chdir(directory) != 0 || lstat(name, &socket_stat) != 0 || !S_ISSOCK(socket_stat.st_mode)) {
    hand_back(NULL);
  }
  if (socket_stat.st_uid != geteuid() || directory_stat.st_uid != geteuid()) {
    hand_back_why("%s/%s is not this account's", directory, name);
  }
  struct sockaddr_un address = {0};
  address.sun_family = AF_UNIX;
  if (strlen(name) >= sizeof address.sun_path) hand_back(NULL);
  strcpy(address.sun_path, name);
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) hand_back(NULL);
  /* A socket file whose server is gone refuses the connection. */
  if (connect(fd, (struct sockaddr *) &address, sizeof address) != 0) hand_back(NULL);
  /* The kernel's word for who listens: only this account's server hears the call. */
  if (!peer_is_this_account(fd)) {
    hand_back_why("%s/%s is not this account's", directory, name);
  }
  /* A fault seam for the tests (HookClientServeLauncherIT): the exchange dies mid-call. */
  if (fault && strcmp(fault, "abort") == 0) abort();
  if (fault && strcmp(fault, "hang") == 0) for (;;) pause();
  deadline = now_ms() + (long long) (limit_seconds * 1000);

  /* The body: the fields of HookRequest, each ended by a NUL, an empty field, then the payload. */
  struct buffer body = {0};
  append(&body, "groundskeeper-serve/1", sizeof "groundskeeper-serve/1"); /* with its NUL */
  append_field(&body, "c:", cwd);
  append_field(&body, "j:", jar);
  mode_t mask = umask(0);
  umask(mask);
  char mask_word[16];
  snprintf(mask_word, sizeof mask_word, "%04o", (unsigned) mask);
  append_field(&body, "u:", mask_word);
  for (int i = 0; i < hook_argc; i++) append_field(&body, "a:", hook_args[i]);
  for (char **entry = environ; *entry; entry++) {
    if (forwarded(*entry)) append_field(&body, "e:", *entry);
  }
  append(&body, "", 1);
  append(&body, payload_bytes, payload_length);

  char head[256];
  int head_length = snprintf(head, sizeof head,
      "POST /v2/hook HTTP/1.1\r\nHost: groundskeeper\r\nContent-Length: %zu\r\n"
      "Connection: close\r\n\r\n", body.length);
  send_all(fd, head, (size_t) head_length);
  send_all(fd, body.bytes, body.length);

  struct buffer answer = {0};
  long head_end = read_until(fd, &answer, 0, "\r\n\r\n");
  if (head_end < 0) hand_back("the connection broke before the answer (the server stopped mid-call?)");
  int status = status_of(answer.bytes, (size_t) head_end);
  size_t content = (size_t) head_end + 4;
  if (status != 200) {
    /* The reason is the first line of the body, as far as it came. */
    long reason_end = read_until(fd, &answer, content, "\n");
    size_t reason_length = reason_end < 0 ? answer.length - content : (size_t) reason_end - content;
    if (reason_length > 300) reason_length = 300;
    if (reason_length > 0 && answer.bytes[content + reason_length - 1] == '\r') reason_length--;
    hand_back_why("it declined the call (%d: %.*s)", status, (int) reason_length,
                  answer.bytes + content);
  }
  long first_end = read_until(fd, &answer, content, "\n");
  if (first_end < 0) hand_back("the connection broke before the answer (the server stopped mid-call?)");
  char first[400];
  size_t first_length = (size_t) first_end - content;
  if (first_length >= sizeof first) hand_back("its answer is malformed");
  memcpy(first, answer.bytes + content, first_length);
  first[first_length] = '\0';
  char answer_magic[64], proof[160], code_word[16], out_word[24], err_word[24];
  char extra[2];
  if (sscanf(first, "%63s %159s %15s %23s %23s %1s", answer_magic, proof, code_word, out_word,
             err_word, extra) != 5
      || strcmp(answer_magic, "groundskeeper-serve/3") != 0 || !hex_word(proof)) {
    hand_back("its answer is malformed");
  }
  if (!digits(code_word) || !digits(out_word) || !digits(err_word) || strlen(code_word) > 3
      || strlen(out_word) > 9 || strlen(err_word) > 9) {
    hand_back("its answer is malformed");
  }
  int code = atoi(code_word);
  size_t out_length = strtoul(out_word, NULL, 10);
  size_t err_length = strtoul(err_word, NULL, 10);
  size_t start = (size_t) first_end + 1;
  if (code > 255 || out_length + err_length > (size_t) MAX_ANSWER) hand_back("its answer is malformed");
  while (answer.length < start + out_length + err_length) {
    if (!await(fd, POLLIN)) hand_back_why("it did not answer within %g s", limit_seconds);
    reserve(&answer, out_length + err_length);
    ssize_t n = recv(fd, answer.bytes + answer.length, answer.capacity - answer.length, 0);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) hand_back("the connection broke before the answer (the server stopped mid-call?)");
    answer.length += (size_t) n;
  }
  close(fd);
  char counts[64];
  snprintf(counts, sizeof counts, "%d %zu %zu\n", code, out_length, err_length);
  report("A", counts, answer.bytes + start, out_length + err_length);
}

int main(int argc, char **argv) {
  if (argc < 5 || strcmp(argv[1], PROTOCOL) != 0 || strcmp(argv[4], "hook") != 0) {
    fprintf(stderr, "groundskeeper hook client: run by bin/groundskeeper only, as: %s %s JAR CWD"
                    " hook [ARGS...]\n", argc > 0 ? argv[0] : "groundskeeper-hook-client", PROTOCOL);
    return 2;
  }
  const char *jar = argv[2];
  const char *cwd = argv[3];
  hook_args = argv + 4;
  hook_argc = argc - 4;
  signal(SIGPIPE, SIG_IGN);

  const char *limit = getenv("GROUNDSKEEPER_SERVE_TIMEOUT");
  char *end = NULL;
  limit_seconds = limit && *limit ? strtod(limit, &end) : 10;
  if (limit && *limit && (*end || limit_seconds <= 0)) limit_seconds = 10;

  read_payload();
  if (payload_length > (size_t) MAX_PAYLOAD) hand_back(NULL);

  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) hand_back(NULL);
  fflush(NULL);
  pid_t child = fork();
  if (child < 0) hand_back(NULL);
  if (child == 0) {
    close(pipe_fds[0]);
    result_fd = pipe_fds[1];
    exchange(jar, cwd);
    _exit(0); /* not reached: exchange reports */
  }
  close(pipe_fds[1]);

  /* The child's report, read as it comes (an answer can be larger than a pipe holds), within the
   * child's own bound and a little more. */
  struct buffer message = {0};
  long long bound = now_ms() + (long long) (limit_seconds * 1000) + 2000;
  int timed_out = 0;
  for (;;) {
    long long left = bound - now_ms();
    if (left <= 0) {
      timed_out = 1;
      break;
    }
    struct pollfd entry = {pipe_fds[0], POLLIN, 0};
    int ready = poll(&entry, 1, (int) (left > 60000 ? 60000 : left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;
    reserve(&message, 65536);
    ssize_t n = read(pipe_fds[0], message.bytes + message.length, message.capacity - message.length);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    message.length += (size_t) n;
    if (message.length > (size_t) MAX_ANSWER + 4096) break;
  }
  close(pipe_fds[0]);
  if (timed_out) kill(child, SIGKILL);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
  if (timed_out) {
    hand_back_why("the hook client did not finish within %g s", limit_seconds + 2);
  }
  if (WIFSIGNALED(status)) {
    hand_back_why("the hook client's exchange died by signal %d", WTERMSIG(status));
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || message.length == 0) {
    hand_back("the hook client's exchange ended without an answer");
  }
  /* The message is kept NUL-terminated for the parsing below. */
  reserve(&message, 1);
  message.bytes[message.length] = '\0';
  char kind = message.bytes[0];
  if (kind == 'N') hand_back(NULL);
  if (kind == 'H') hand_back_why("%.*s", (int) (message.length - 1), message.bytes + 1);
  int code = -1;
  size_t out_length = 0, err_length = 0;
  int consumed = 0;
  if (kind != 'A' || sscanf(message.bytes + 1, "%d %zu %zu\n%n", &code, &out_length, &err_length,
                            &consumed) != 3 || consumed == 0 || code < 0 || code > 255
      || (size_t) consumed + 1 + out_length + err_length != message.length) {
    hand_back("the hook client's exchange ended without an answer");
  }
  /* The answer is whole: from here on it is the call's answer, whatever happens to the output. */
  const char *out = message.bytes + 1 + consumed;
  write_all(1, out, out_length);
  write_all(2, out + out_length, err_length);
  return code;
}
