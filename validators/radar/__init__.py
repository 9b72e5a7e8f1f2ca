"""Release radar: what a torch release changed, and which of those changes no reference covers yet.

    collect_surfaces(pythons)  -> [ApiSurface]   run probe_collect.py under each interpreter
    diff_surfaces(old, new)    -> ApiDiff        added / removed / renamed / changed / deprecated
    check_coverage(diff, refs) -> CoverageReport each change no section's `api=` mentions

``probe_*.py`` run inside the interpreter under test (standard library only).
"""

from .diff import CHANGE_TYPES, ApiDiff, Change, diff_surfaces
from .surface import ApiSurface, collect_surfaces

__all__ = ["CHANGE_TYPES", "ApiDiff", "ApiSurface", "Change", "collect_surfaces", "diff_surfaces"]
