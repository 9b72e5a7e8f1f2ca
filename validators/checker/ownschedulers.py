"""``self.scheduler.step(self.stats.steps)`` in a project that writes its own learning-rate schedulers.

The scheduler rules (``scheduler.step(epoch)``, ``scheduler.get_lr()``) know the receiver only by its name. A
project whose own classes are schedulers with no torch base (joeynmt's ``BaseScheduler`` and its
``NoamScheduler``, whose ``step(step)`` takes the training step) gives a receiver named ``scheduler`` two
meanings, and a call its own method takes (no keywords, the positional arguments fit) is as likely to be
one of those. Such a finding is dropped when the checked files define such a class: named like a scheduler
(``sched`` or an ``LR``/``Lr`` word in its name: ``MultiStepLR``, ``LinearLrDecay``, ``ALRS``), every base ``object`` or another
such class of the files (ownmethods.plain_classes: a base from another library may derive from torch's), with the
method taking that many positional arguments; for ``get_lr()``, also a subclass of a torch scheduler that answers it
with its own code (grover's ``NoamLR.get_lr`` returns its rates: ownmethods.overriding_torch_subclasses).
A receiver the file binds to a torch scheduler is not recorded (walker), and a keyword call
(``scheduler.step(epoch=n)``) is torch's spelling and stays. The step-order finding on ``scheduler.step(epoch)``
(a timm-style scheduler stepped with the epoch at the top of each epoch) is recorded the same way; a plain
``scheduler.step()`` is not.
"""

from __future__ import annotations

import re

from .finding import Finding

# an LR/Lr word in a class name (MultiStepLR, LinearLrDecay, WarmupLR), or an acronym ending in LR/LRS (ALRS, the
# adaptive learning-rate scheduler); a name with "sched" says schedule too
_SCHEDULE_WORD = re.compile(r"(?:^|[a-z_])(?:LR|Lr)(?:[A-Z_]|$)|LRS?$")


def drop_own_scheduler_calls(findings: list[Finding], calls: list[tuple[int, str, str, int]],
                             classes: dict[str, dict[str, int]]) -> None:
    """Remove (in place) the findings of ``calls`` ``(line, rule id, method, positional count)`` that a plain
    scheduler class among ``classes`` (name -> method -> most positionals it takes) could answer."""
    taken: dict[str, int] = {}
    for name, methods in classes.items():
        if _named_as_schedule(name):
            for method, count in methods.items():
                taken[method] = max(taken.get(method, -1), count)
    dropped = {(line, rule) for line, rule, method, passed in calls if taken.get(method, -1) >= passed}
    if dropped:
        findings[:] = [f for f in findings if (f.line, f.rule) not in dropped]


def _named_as_schedule(name: str) -> bool:
    return "sched" in name.lower() or bool(_SCHEDULE_WORD.search(name))
