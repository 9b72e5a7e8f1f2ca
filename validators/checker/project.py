"""Evidence from the whole project for ``torch.load`` calls that their own file does not decide.

``check_paths`` walks every file once; each walk leaves a :class:`FileEvidence` (the layouts
that file saves, whether it imports Lightning, its undecided loads). Once all are in,
:meth:`ProjectEvidence.findings` decides each undecided load against all of them: a checkpoint
saved elsewhere with an object in it and read here with its keys, or a Lightning checkpoint.
``check_source`` does the same with a project of one file.
"""

from __future__ import annotations

from .checkpoints import LIGHTNING_KEYS, LIGHTNING_LAYOUT, LIGHTNING_SHARED, FileEvidence, LoadCandidate
from .finding import Finding
from .rule import Rule


class ProjectEvidence:
    def __init__(self) -> None:
        self.files: list[FileEvidence] = []
        self.lightning = False
        self.plain_ckpt_saves = False
        self.plain_layouts: list[frozenset[str]] = []

    def add(self, evidence: FileEvidence) -> None:
        self.files.append(evidence)
        self.lightning |= evidence.lightning
        self.plain_ckpt_saves |= evidence.plain_ckpt_saves
        self.plain_layouts += evidence.plain_layouts

    def findings(self, evidence: FileEvidence) -> list[Finding]:
        """The findings for ``evidence``'s undecided loads (columns in UTF-8 bytes, +1)."""
        out = []
        for candidate in evidence.candidates:
            decided = self.decide(candidate)
            if decided is not None:
                rule, why = decided
                out.append(Finding(evidence.file, candidate.line, candidate.column, candidate.api,
                                   f"{rule.message} ({why})", rule.fix, rule.section, rule.id, rule.severity))
        return out

    def decide(self, candidate: LoadCandidate) -> tuple[Rule, str] | None:
        """The first rule whose evidence holds, and the evidence in words; saved layouts first (they name a line)."""
        by_when = {rule.when: rule for rule in candidate.rules}
        if "saved-in-project" in by_when and (saved := self._saved_layout(candidate.keys)):
            return by_when["saved-in-project"], saved
        if "lightning-checkpoint" in by_when and (why := self._lightning(candidate)):
            return by_when["lightning-checkpoint"], why
        return None

    def _saved_layout(self, keys: frozenset[str]) -> str | None:
        """The save whose layout holds every key this load reads."""
        if not keys:
            return None
        for evidence in self.files:
            for layout, line, held in evidence.object_layouts:
                if keys <= layout:
                    shown = ", ".join(repr(k) for k in sorted(keys))
                    return f"it reads {shown} of the checkpoint saved at {evidence.file}:{line}, whose {held!r} is an object"
        return None

    def _lightning(self, candidate: LoadCandidate) -> str | None:
        if candidate.ckpt_path and not self.plain_ckpt_saves:
            return "the path is a Lightning .ckpt file"
        if only := sorted(candidate.keys & LIGHTNING_KEYS):
            return f"it reads {only[0]!r}, a key of Lightning checkpoints"
        keys = candidate.keys
        if self.lightning and keys and keys <= LIGHTNING_LAYOUT and keys & LIGHTNING_SHARED and not any(
                keys <= plain for plain in self.plain_layouts):  # a plain file of the project's own could be the one
            shown = ", ".join(repr(k) for k in sorted(keys))
            return f"a Lightning project reading {shown} of a Lightning checkpoint"
        return None
