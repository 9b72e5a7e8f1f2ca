"""The fork server: run snippets in isolated child processes of an interpreter that imported torch once.

This package is a standalone program (standard library only): the validator starts
``__main__.py`` by path with whichever interpreter is under test (``--python`` in the version
matrix), so nothing here imports torchpatch, and every import inside it is relative. There it
is loaded under a private name (see ``__main__.py``) so snippets never find it.

Its parts, one job each:

* :mod:`.server_loop` reads jobs, forks, reaps and enforces time, memory and process limits;
* :mod:`.protocol` signs each outcome line with a per-run key, so a snippet cannot forge one;
* :mod:`.warmup` imports the compiler stack in the server, once for all children;
* :mod:`.execute` runs one job inside its child process and writes its result;
* :mod:`.ranks` runs a multi-rank snippet on loopback, :mod:`.ports` picks its port;
* :mod:`.proctree` finds, stops and kills process trees; :mod:`.files` reads what a snippet left.

Outcomes are raw facts (``ok``, ``exception``, ``crash``, ``timeout``); deciding what they mean
for a snippet's markers is the evaluator's job.
"""

from .ports import ephemeral_low as _ephemeral_low, free_port as _free_port  # noqa: F401  (tests)
from .proctree import children, kill_tree, processes_with_token  # noqa: F401
