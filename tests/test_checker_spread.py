"""Torch calls spreading a ``**kwargs`` parameter that every caller of the project leaves empty (checker/spread.py)."""

from .checker_projects import check_project

ACTIVATION = """
import torch.nn as nn

class Activation(nn.Module):
    def __init__(self, name, **params):
        super().__init__()
        self.activation = nn.Softmax(**params) if name == "softmax" else nn.Identity()
"""


def test_a_spread_that_no_caller_fills_is_an_empty_call(tmp_path):
    found = check_project(tmp_path / "pkg", {"__init__.py": "", "modules.py": ACTIVATION, "heads.py": """
        import torch
        from .modules import Activation

        def head(name):
            return torch.nn.Sequential(Activation(name))
        """})
    assert found == [("modules.py", 7, "softmax-module-without-dim")]


def test_a_caller_passing_a_keyword_or_spreading_its_own_leaves_the_call_alone(tmp_path):
    for caller in ("Activation(name, dim=1)", "Activation(name, **kwargs)"):
        found = check_project(tmp_path / caller[11:14], {"__init__.py": "", "modules.py": ACTIVATION, "heads.py": f"""
            import torch
            from .modules import Activation

            def head(name, **kwargs):
                return torch.nn.Sequential(Activation(name), {caller})
            """})
        assert found == []


def test_no_caller_or_a_subclass_leaves_the_call_alone(tmp_path):
    assert check_project(tmp_path / "alone", {"__init__.py": "", "modules.py": ACTIVATION}) == []
    found = check_project(tmp_path / "derived", {"__init__.py": "", "modules.py": ACTIVATION, "heads.py": """
        import torch
        from .modules import Activation

        class Softmax(Activation):
            def __init__(self, **kwargs):
                super().__init__("softmax", **kwargs)

        def head(name):
            return torch.nn.Sequential(Activation(name))
        """})
    assert found == []
