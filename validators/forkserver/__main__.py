"""Entry point, run by path: ``python .../forkserver/__main__.py --isolation fork``.

Python puts this folder first on ``sys.path``; it is removed before anything else, and the
package is loaded under a private name, so a snippet's ``import ports`` or ``import forkserver``
never finds the harness's modules.
"""

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if sys.path and os.path.abspath(sys.path[0] or ".") == HERE:
    sys.path.pop(0)
_spec = importlib.util.spec_from_file_location("_torchpatch_harness", os.path.join(HERE, "__init__.py"),
                                               submodule_search_locations=[HERE])
_package = importlib.util.module_from_spec(_spec)
sys.modules["_torchpatch_harness"] = _package
_spec.loader.exec_module(_package)
importlib.import_module("_torchpatch_harness.server_loop").main()
