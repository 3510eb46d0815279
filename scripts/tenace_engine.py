"""What the scripts that drive `tenace engine` share: the engine as a child process, the
binary to run, and a 95% interval over per-deal results.

The engine protocol is docs/engine-protocol.md: one JSON request a line on standard input,
one JSON answer a line on standard output.
"""

import json
import math
import os
import select
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class EngineError(RuntimeError):
    """The engine died, did not answer in time, answered unreadably, or refused."""


class Engine:
    """One `tenace engine` child process. `timeout` bounds each answer (None: wait)."""

    def __init__(self, binary, name="tenace", timeout=None):
        self.binary, self.name, self.timeout = binary, name, timeout
        self.start()

    def start(self):
        self.proc = subprocess.Popen(
            [self.binary, "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.buffer = b""

    def restart(self):
        self.close()
        self.start()

    def alive(self):
        return self.proc.poll() is None

    def request(self, request):
        """The engine's answer to one request, as a dict, whether it says ok or not."""
        try:
            self.proc.stdin.write((json.dumps(request) + "\n").encode())
            self.proc.stdin.flush()
        except OSError as e:
            raise EngineError(f"engine {self.name}: writing {request}: {e}") from None
        line = self._read_line(request)
        try:
            return json.loads(line)
        except ValueError:
            raise EngineError(f"engine {self.name}: unreadable answer {line[:200]!r}") from None

    def send(self, request):
        """The answer to a request the engine must accept; a refusal raises."""
        reply = self.request(request)
        if not reply.get("ok"):
            raise EngineError(f"engine {self.name} refused {request}: {reply.get('error')}")
        return reply

    def _read_line(self, request):
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([fd], [], [], self.timeout)
            if not ready:
                raise EngineError(
                    f"engine {self.name}: no answer within {self.timeout:.0f} s to {request}"
                )
            chunk = os.read(fd, 65536)
            if not chunk:
                raise EngineError(
                    f"engine {self.name} exited (status {self.proc.poll()}) on {request}"
                )
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def tenace_binary(path, profile="release"):
    """The binary `path` names, else the one cargo builds in `profile`."""
    if path:
        return path
    flags = ["--release"] if profile == "release" else []
    subprocess.run(["cargo", "build", "-q", *flags, "-p", "tenace-cli"], cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return os.path.join(target, profile, "tenace")


def interval(values):
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return float("nan"), float("nan")
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)
