"""Branches of ``if``/``try``: what a branch binds is kept, merged or dropped when it closes.

A mixin of ``LoadedObjects`` (loaded.py), which holds the state it reads and writes."""

from __future__ import annotations





class BranchState:
    def enter_branch(self, by_default: bool = False) -> None:
        """The walker enters the first branch of an ``if`` (see next_branch, leave_branch); ``by_default``: that branch
        is the one a run takes unless told otherwise (``if not args.no_save_rng:``, see runs_by_default)."""
        self.branch_frames.append(({}, []))
        if by_default:
            self.default_frames.add(id(self.branch_frames[-1]))

    def next_branch(self, leaves: bool = False) -> None:
        """The walker leaves one branch for the next: the names bound so far get their values from before the
        ``if`` back, and what each held at the branch's end is kept, unless the branch ends in ``return``/``raise``/
        ``continue``/``break`` (``leaves``): then nothing it bound reaches the lines after the ``if``."""
        before, ends = self.branch_frames[-1]
        self.default_frames.discard(id(self.branch_frames[-1]))  # the else of a default branch is the opt-out
        if not leaves:
            ends.append(self._end(before))
        self._restore(before)

    def leave_branch(self, has_else: bool, leaves: bool = False) -> None:
        """After the ``if``: a name bound in some branch holds what one of the branches that go on left in it (or,
        without an ``else``, what it held before); ``current`` keeps the value of the last of those branches, the
        loads among the others become alternatives. ``if cfg: c = Config.fromfile(p) else: raise ...`` leaves one
        value in ``c``, not two."""
        self.default_frames.discard(id(self.branch_frames[-1]))
        before, ends = self.branch_frames.pop()
        if not leaves:
            ends.append(self._end(before))
        elif ends and has_else:  # the else left the block: the names hold what an earlier branch left in them
            self._restore({key: (value, set()) for key, value in ends[-1][0].items()})
        for key, (old, old_others) in before.items():
            held: set[int] = set()
            for _, end in ends:
                held |= end.get(key, {old, *old_others})
            if not has_else:
                held |= {old, *old_others}
            others = {value for value in held if value and value != self.current.get(key)}
            if others:
                self.alternatives[key] = others
            else:
                self.alternatives.pop(key, None)

    def _end(self, before) -> tuple[dict, dict]:
        """At a branch's end, for each name bound in the open ``if``: its value, and every value it may hold."""
        return {key: self.current.get(key) for key in before}, self._held(before)

    def _held(self, before) -> dict[tuple[int, str], set]:
        """What each name bound in an open branch may hold now: its value and its alternatives."""
        return {key: {self.current.get(key), *self.alternatives.get(key, ())} for key in before}

    def _restore(self, before) -> None:
        for key, (old, old_others) in before.items():
            if old is None:
                self.current.pop(key, None)
            else:
                self.current[key] = old
            if old_others:
                self.alternatives[key] = set(old_others)
            else:
                self.alternatives.pop(key, None)
