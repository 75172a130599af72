"""Stopping a run on SIGINT or SIGTERM: at once, at any stage, with everything it did undone.

A stop signal becomes :class:`Interrupted` (a :class:`KeyboardInterrupt`) in the run's thread,
and the run's ``except BaseException`` and ``finally`` blocks undo what it did (staged files and
tables, the engine's temp tables, spill folders). Three things make that prompt and safe:

- **Cancelling the engine's statement.** An engine blocked in a long statement does not return
  to Python to run a signal handler (DuckDB runs a query's tasks to their end first). While an
  engine call runs (:func:`statement`), the signal is not raised inside the engine's own code
  (a driver interrupted mid-call can lose its connection's state); a watcher thread, woken
  through :func:`signal.set_wakeup_fd`, cancels the statement through the engine (DuckDB's
  ``interrupt``, PostgreSQL's cancel request, Spark's job cancellation), and
  :class:`Interrupted` is raised when the call returns.
- **Held sections.** In :func:`held` (the commit's moves and renames, undoing a staged
  release, closing the engine) a stop signal waits until the section ends: a commit is either
  made whole or undone whole, and a cleanup runs to its end. The commit checks
  :func:`requested` before it is made final and undoes itself when a stop came meanwhile.
- **One stop.** Once :class:`Interrupted` is raised, further stop signals are ignored (a
  second Ctrl-C cannot break the cleanup the first one started); once the run's outcome is
  final (:func:`settle`: the release committed, the report written), stop signals are ignored
  too, so a stopped run has always published nothing.

The command line installs the handler for SIGINT and SIGTERM for its whole life
(:func:`stop_on_signals`), except for a signal the process was started ignoring (a shell's
background job ignores SIGINT): that one stays ignored. The Python API (:func:`guard`, around each run) installs it for
SIGINT only while a run goes, only in the main thread, and only in place of Python's default
handler (which raises :class:`KeyboardInterrupt` too); a program's own handlers are left alone,
except that :func:`held` sections hold their signals and deliver them when the section ends.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

#: the signals that stop a run
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Interrupted(KeyboardInterrupt):
    """The run was stopped by a signal (SIGINT, SIGTERM); what it had done was undone."""

    #: what was done before the stop, if anything was (the command line's message says it)
    done: str | None = None

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        """The signal's name: SIGINT, SIGTERM."""
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        """What a shell reports for a program stopped by the signal: 130, 143."""
        return 128 + self.signum

    def __str__(self) -> str:
        return f"interrupted ({self.name})"


class _State:
    """What the signal handler, the watcher thread and the run's thread share.

    The handler runs in the main thread between two of its bytecodes, possibly while the main
    thread holds ``cond``: it takes no lock (it would wait for itself) and only reads and sets
    plain attributes. ``calls`` and ``held`` change in the main thread under ``cond``, which the
    watcher takes to decide what to cancel; the end of a call waits for a cancel in progress."""

    def __init__(self) -> None:
        self.cond = threading.Condition(threading.Lock())
        #: the watcher is cancelling the running call (the call's end waits for it to be done)
        self.cancelling = False
        #: the outermost engine call has returned (the watcher stops cancelling it)
        self.returned = False
        self.reset()
        #: held sections open in the main thread
        self.held = 0
        #: the cancel functions of the engine calls running in the main thread, innermost last
        self.calls: list[Callable[[], None]] = []
        #: signals a held section took from a handler of the program's, to deliver afterwards
        self.foreign: list[int] = []
        #: the program's handlers the outermost held section stands in for
        self.foreign_handlers: dict[int, Any] = {}
        #: open :func:`_handling` blocks (one watcher thread for them all)
        self.watchers = 0
        #: the main thread is in this module's bookkeeping: the handler records, never raises
        self.busy = False

    def reset(self) -> None:
        #: the first stop signal of the run
        self.signum: int | None = None
        #: Interrupted was raised for it: the run is unwinding, further signals are ignored
        self.raised = False
        #: the run's outcome is final: stop signals are ignored
        self.settled = False
        #: the running engine call was cancelled for the stop
        self.cancelled = False

    def stop_now(self) -> Interrupted | None:
        """The stop to raise in the main thread now, if one is due."""
        if self.signum is None or self.raised or self.settled or self.held or self.calls:
            return None
        self.raised = True
        return Interrupted(self.signum)


_state = _State()


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def _on_signal(signum: int, frame: FrameType | None) -> None:
    """sqlanon's handler of SIGINT and SIGTERM: raise :class:`Interrupted` now, or leave the
    stop for the end of the engine call or held section running (or ignore it)."""
    if _state.settled or _state.raised:
        return
    if _state.signum is None:
        _state.signum = signum
    if _state.busy:
        return
    stop = _state.stop_now()
    if stop is not None:
        raise stop


def _hold_foreign(signum: int, frame: FrameType | None) -> None:
    """Stands in for a program's handler during a held section: the signal is delivered to it
    when the section ends."""
    if signum not in _state.foreign:
        _state.foreign.append(signum)


def _ours(handler: Any) -> bool:
    return handler is _on_signal or handler is _hold_foreign


def _noticed(signum: int) -> None:
    """The watcher thread's part: a stop signal arrived (the main thread may be blocked in an
    engine call): cancel the call, unless a held section runs or the run is past stopping."""
    if signum not in STOP_SIGNALS or signal.getsignal(signum) is not _on_signal:
        return
    if _state.settled or _state.raised:
        return
    if _state.signum is None:
        _state.signum = signum
    with _state.cond:
        if _state.held or not _state.calls or _state.cancelled:
            return
        _state.cancelled = _state.cancelling = True
    # Cancel outside the lock (an engine may wait for its call to return before it cancels it),
    # and again every half second until the call returns: a statement still being planned has
    # no job to cancel yet (Spark), or has not reached the server. The call's end waits for the
    # last cancel to be done, so that none reaches a later statement.
    try:
        while True:
            with _state.cond:
                if _state.returned or not _state.calls:
                    return
                cancel = _state.calls[-1]
            try:
                cancel()
            except Exception:  # a cancel that fails leaves the call to run to its end
                pass
            with _state.cond:
                if not (_state.returned or not _state.calls):
                    _state.cond.wait(0.5)
    finally:
        with _state.cond:
            _state.cancelling = False
            _state.cond.notify_all()


class _Watcher:
    """A thread that wakes up when a signal arrives (``signal.set_wakeup_fd``: the interpreter
    writes the signal's number as it arrives, whatever the main thread is doing) and tells
    :func:`_noticed`; the numbers are passed on to the wakeup descriptor the program had set."""

    def __init__(self) -> None:
        self.read, self.write = os.pipe()
        os.set_blocking(self.write, False)
        try:
            self.previous = signal.set_wakeup_fd(self.write, warn_on_full_buffer=False)
        except (ValueError, OSError):
            os.close(self.read)
            os.close(self.write)
            raise
        self.thread = threading.Thread(target=self.watch, name="sqlanon-signal-watcher", daemon=True)
        self.thread.start()

    def watch(self) -> None:
        while True:
            try:
                data = os.read(self.read, 64)
            except OSError:
                return
            if not data or 0 in data:  # 0: the watch is over
                return
            if self.previous >= 0:
                try:
                    os.write(self.previous, data)
                except OSError:
                    pass
            for signum in data:
                _noticed(signum)

    def stop(self) -> None:
        signal.set_wakeup_fd(self.previous)
        try:
            os.write(self.write, b"\0")
        except OSError:
            pass
        self.thread.join(timeout=5)
        os.close(self.write)
        os.close(self.read)


@contextmanager
def _handling(signals: tuple[int, ...]) -> Iterator[None]:
    """``signals`` handled by :func:`_on_signal`, and watched, while the block runs (the
    previous handlers are put back after it)."""
    previous: dict[int, Any] = {}
    watcher = None
    busy, _state.busy = _state.busy, True  # no stop in the middle of installing
    try:
        for signum in signals:
            handler = signal.getsignal(signum)
            # None: set outside Python; SIG_IGN: the process was started ignoring it (a shell's
            # background job ignores SIGINT, nohup-style launchers too): both left alone
            if handler is not None and handler is not signal.SIG_IGN and not _ours(handler):
                previous[signum] = signal.signal(signum, _on_signal)
        if not _state.watchers:
            try:
                watcher = _Watcher()
            except (ValueError, OSError):  # no watcher: a stop then waits for the engine call
                watcher = None
        _state.watchers += 1
    finally:
        _state.busy = busy
    try:
        stop = _state.stop_now()  # a signal while installing
        if stop is not None:
            raise stop
        yield
    finally:
        busy, _state.busy = _state.busy, True
        try:
            _state.watchers -= 1
            if watcher is not None:
                watcher.stop()
            for number, handler in previous.items():
                signal.signal(number, handler)
        finally:
            _state.busy = busy


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """The command line's: SIGINT and SIGTERM stop whatever runs in the block (main thread)."""
    if not _main_thread():
        yield
        return
    _state.reset()
    with _handling(STOP_SIGNALS):
        yield


@contextmanager
def guard() -> Iterator[None]:
    """One run (an API call): its stop state starts anew, and SIGINT stops it at once when the
    run is in the main thread and SIGINT's handler is Python's default (or sqlanon's): the run
    then gets :class:`Interrupted`, a :class:`KeyboardInterrupt`. Nothing is installed in
    another thread, nor in place of a program's own handler."""
    if not _main_thread():
        yield
        return
    if not _state.raised:
        _state.reset()
    handler = signal.getsignal(signal.SIGINT)
    if handler is signal.default_int_handler or _ours(handler):
        with _handling((signal.SIGINT,)):
            yield
    else:
        yield


@contextmanager
def statement(cancel: Callable[[], None]) -> Iterator[None]:
    """An engine call (a statement, a fetch, a catalog call): a stop signal arriving meanwhile
    cancels it through ``cancel`` (from the watcher thread) and is raised when it returns,
    instead of inside the engine's code."""
    if not _main_thread():
        yield
        return
    with _state.cond:
        _state.calls.append(cancel)
    try:
        if _state.signum is not None and not (_state.raised or _state.settled or _state.held or _state.busy):
            # A stop came before the call was registered: the watcher may have found no call to
            # cancel, and the handler, running once the call is registered, leaves the stop to its
            # end. The call is not started (it could run for hours).
            _state.raised = True
            raise Interrupted(_state.signum)
        yield
    finally:
        busy, _state.busy = _state.busy, True
        try:
            with _state.cond:
                if len(_state.calls) == 1:  # the outermost call returned: no more cancels
                    _state.returned = True
                    _state.cond.notify_all()
                while _state.cancelling:
                    _state.cond.wait()
                _state.calls.pop()
                if not _state.calls:
                    _state.cancelled = _state.returned = False
        finally:
            _state.busy = busy
        stop = _state.stop_now()
        if stop is not None:
            raise stop from None


@contextmanager
def held() -> Iterator[None]:
    """A section no stop signal interrupts: one that arrives meanwhile is raised (or delivered
    to the program's own handler) when the section ends."""
    if not _main_thread():  # signals interrupt the main thread only
        yield
        return
    previous: dict[int, Any] = {}
    busy, _state.busy = _state.busy, True  # no stop in the middle of installing
    try:
        for signum in STOP_SIGNALS:
            handler = signal.getsignal(signum)
            if not _ours(handler) and handler not in (signal.SIG_IGN, None):
                previous[signum] = signal.signal(signum, _hold_foreign)
                _state.foreign_handlers[signum] = handler
        with _state.cond:
            _state.held += 1
    finally:
        _state.busy = busy
    try:
        yield
    finally:
        busy, _state.busy = _state.busy, True
        try:
            for number, handler in previous.items():
                signal.signal(number, handler)
            with _state.cond:
                _state.held -= 1
            delivered = []
            if not _state.held:
                delivered = [s for s in _state.foreign if s in previous]
                _state.foreign.clear()
                _state.foreign_handlers.clear()
            for number in delivered:
                signal.raise_signal(number)  # to the program's handler, as if it came now
        finally:
            _state.busy = busy
        stop = _state.stop_now()
        if stop is not None:
            raise stop


@contextmanager
def handlers_kept() -> Iterator[None]:
    """The block may not change the handlers of SIGINT and SIGTERM for good: a library that
    installs its own (pyspark's SparkContext, for SIGINT) has the previous ones put back."""
    if not _main_thread():
        yield
        return
    before = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in before.items():
            if handler is not None and signal.getsignal(signum) is not handler:
                signal.signal(signum, handler)


def _foreign_stops() -> list[int]:
    """The signals a held section holds for the program whose handling stops it (Python's
    default: KeyboardInterrupt for SIGINT, the end of the process for SIGTERM); a program's own
    handler gets its signal after the section, and decides."""
    stopping = (signal.default_int_handler, signal.SIG_DFL)
    return [s for s in _state.foreign if _state.foreign_handlers.get(s) in stopping]


def requested() -> bool:
    """Whether a stop signal arrived that the run has not acted on yet (in a held section: the
    commit is to be undone)."""
    if not _main_thread():
        return False
    if _state.signum is not None and not _state.raised and not _state.settled:
        return True
    return bool(_foreign_stops())


def stop() -> KeyboardInterrupt:
    """The exception that stops the run for the signal that arrived (:func:`requested`)."""
    _state.raised = True
    signum = _state.signum if _state.signum is not None else (_foreign_stops() or [signal.SIGINT])[0]
    return Interrupted(signum)


def stopped() -> KeyboardInterrupt:
    """What an engine raises when its statement was interrupted: :class:`Interrupted` for the
    stop signal that came, else a plain :class:`KeyboardInterrupt` (a program's handler raised
    one inside the engine, which replaced it by its own error)."""
    if _state.signum is None or not _main_thread():
        return KeyboardInterrupt()
    _state.raised = True
    return Interrupted(_state.signum)


def settle() -> None:
    """The run's outcome is final (the release committed, the report written): stop signals
    from now on are ignored, so that a stopped run has never published anything."""
    if _main_thread():
        _state.settled = True


__all__ = [
    "STOP_SIGNALS",
    "Interrupted",
    "guard",
    "handlers_kept",
    "held",
    "requested",
    "settle",
    "statement",
    "stop",
    "stop_on_signals",
    "stopped",
]
