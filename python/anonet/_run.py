"""Finding the anonet binary and running it with --json."""

import json
import os
import shutil
import subprocess

from ._errors import AnonetError, AnonetNotFound, InternalError, UsageError

INSTALL_HINT = (
    "install it with `go install github.com/anonet-project/anonet/cmd/anonet@latest` "
    "(Go 1.26 or later; the binary lands in $(go env GOPATH)/bin), "
    "or set the ANONET environment variable to the path of an anonet binary"
)


def find_binary():
    """Return the path of the anonet binary.

    The ANONET environment variable names it; else it is `anonet` on PATH.
    Raises AnonetNotFound, saying how to install it, when there is none.
    """
    path = os.environ.get("ANONET")
    if path:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
        raise AnonetNotFound(
            "ANONET=%s is not an executable file; unset it or point it at an anonet binary" % path
        )
    path = shutil.which("anonet")
    if path:
        return path
    raise AnonetNotFound("the anonet command is not on PATH: " + INSTALL_HINT)


def run(args, ok=(0,)):
    """Run anonet with args plus --json --quiet and return (exit, result).

    result is the JSON object (or array) anonet printed on stdout. Exit
    statuses in ok are returned; the others raise: 2 UsageError, 1
    InternalError, anything else AnonetError, each with anonet's message.
    """
    cmd = [find_binary()] + [str(a) for a in args] + ["--json", "--quiet"]
    try:
        proc = subprocess.run(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            encoding="utf-8",
            errors="replace",
        )
    except OSError as err:
        raise AnonetError("cannot run %s: %s" % (cmd[0], err)) from err
    result = None
    try:
        result = json.loads(proc.stdout) if proc.stdout.strip() else None
    except ValueError:
        result = None
    code = proc.returncode
    if code in ok and result is not None:
        return code, result
    message = None
    if isinstance(result, dict) and result.get("error"):
        message = result["error"]
    if not message:
        message = proc.stderr.strip() or proc.stdout.strip()
        if message.startswith("anonet: "):
            message = message[len("anonet: "):]
    if code in ok:  # a success without a JSON result: the contract is broken
        raise AnonetError(
            "anonet %s printed no JSON result (is %s an older anonet?): %s"
            % (args[0], cmd[0], message or "no output"),
            exit=code,
            stderr=proc.stderr,
        )
    kind = {1: InternalError, 2: UsageError}.get(code, AnonetError)
    if code < 0:
        message = "anonet was killed by signal %d; %s" % (-code, message)
    message = message or "anonet exited with status %d" % code
    raise kind(message, exit=code, result=result, stderr=proc.stderr)
