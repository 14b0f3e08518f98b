//===- RunnerWorker.cpp - a runner process serving many candidates --------===//

#include "ansor/Measure/RunnerWorker.h"
#include "llvm/Support/JSON.h"
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

using namespace mlir::ansor;

RunnerWorker::RunnerWorker(std::string runnerPath, std::string errorFile)
    : runnerPath(std::move(runnerPath)), errorFile(std::move(errorFile)) {}

RunnerWorker::~RunnerWorker() { stop(); }

bool RunnerWorker::start(std::string &error) {
  // One socket for requests and reports: unlike a pipe's, writes to it can
  // be told not to raise SIGPIPE when the worker has died. Close-on-exec, so
  // that builds started meanwhile do not hold it open past the worker's end.
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    error = std::string("cannot create a socket for the runner: ") +
            std::strerror(errno);
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errorFile.c_str(),
                                   O_WRONLY | O_CREAT | O_APPEND, 0644);
  std::string serve = "--serve";
  char *argv[] = {runnerPath.data(), serve.data(), nullptr};
  int status = ::posix_spawn(&worker, runnerPath.c_str(), &actions, nullptr,
                             argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  if (status != 0) {
    ::close(fds[0]);
    worker = 0;
    error = "cannot start " + runnerPath + ": " + std::strerror(status);
    return false;
  }
  socket = fds[0];
  pending.clear();
  return true;
}

std::string RunnerWorker::stop() {
  if (socket >= 0)
    ::close(socket);
  socket = -1;
  if (!worker)
    return "";
  // A worker that closed its end is exiting (it crashed, or reported a
  // failure): its own status says how, so it gets a moment before the kill.
  int status = 0;
  pid_t done = 0;
  for (int i = 0; i < 200 && done == 0; ++i) {
    done = ::waitpid(worker, &status, WNOHANG);
    if (done == 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (done == 0) {
    ::kill(worker, SIGKILL);
    ::waitpid(worker, &status, 0);
  }
  worker = 0;
  if (WIFSIGNALED(status))
    return std::string(strsignal(WTERMSIG(status)));
  return "status " + std::to_string(WEXITSTATUS(status));
}

RunnerWorker::Reply RunnerWorker::run(llvm::ArrayRef<std::string> args,
                                      double seconds) {
  Reply reply;
  auto deadline =
      std::chrono::steady_clock::now() +
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(seconds));
  if (!worker && !start(reply.error))
    return reply;
  // One argument per line, an empty line ends the request.
  std::string request;
  for (const std::string &arg : args) {
    if (arg.empty() || arg.find('\n') != std::string::npos) {
      reply.error = "internal error: runner argument '" + arg +
                    "' is empty or spans lines, which a request cannot carry";
      return reply;
    }
    request += arg + "\n";
  }
  request += "\n";
  for (size_t sent = 0; sent < request.size();) {
    ssize_t n = ::send(socket, request.data() + sent, request.size() - sent,
                       MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      reply.error = stop();
      return reply;
    }
    sent += size_t(n);
  }
  while (true) {
    size_t newline = pending.find('\n');
    if (newline != std::string::npos) {
      reply.report = pending.substr(0, newline);
      pending.erase(0, newline + 1);
      break;
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - std::chrono::steady_clock::now())
                    .count();
    if (left <= 0) {
      reply.timedOut = true;
      ::kill(worker, SIGKILL);
      stop();
      return reply;
    }
    struct pollfd ready = {socket, POLLIN, 0};
    int polled = ::poll(&ready, 1, int(std::min<long long>(left, 100)));
    if (polled <= 0)
      continue;
    char buffer[4096];
    ssize_t n = ::read(socket, buffer, sizeof(buffer));
    if (n > 0) {
      pending.append(buffer, size_t(n));
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    // It ended without a report.
    reply.error = stop();
    return reply;
  }
  // Only a report that says so is followed by more (a failure's, or the
  // watchdog's for a kernel far past the cut, is the worker's last).
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(*reply.report);
  bool serving = false;
  if (json) {
    if (const llvm::json::Object *object = json->getAsObject())
      serving = object->getBoolean("serving").value_or(false);
  } else {
    // Not a report (the kernel wrote to stdout?): what it wrote says why.
    llvm::consumeError(json.takeError());
    std::string status = stop();
    reply.error = status + "; it wrote '" + reply.report->substr(0, 200) + "'";
    reply.report.reset();
    return reply;
  }
  if (!serving)
    stop();
  return reply;
}
