"""The exceptions of the anonet package."""


class AnonetError(RuntimeError):
    """anonet failed or could not be run.

    exit is anonet's exit status (None when it could not be started),
    message its error message, result the JSON object it printed (None when
    it printed none) and stderr what it wrote on its standard error.
    """

    def __init__(self, message, exit=None, result=None, stderr=""):
        super().__init__(message)
        self.message = message
        self.exit = exit
        self.result = result
        self.stderr = stderr


class AnonetNotFound(AnonetError):
    """The anonet binary is neither named by $ANONET nor on PATH."""


class UsageError(AnonetError):
    """anonet refused its arguments or its input (exit status 2)."""


class InternalError(AnonetError):
    """anonet failed on its own account (exit status 1)."""


class TargetNotMet(AnonetError):
    """The anonymity target was not met (exit status 3).

    result holds anonet's JSON result of the best state it found (for
    anonymize: target, shortfall, not_k_anonymous_after and so on); nothing
    was released.
    """
