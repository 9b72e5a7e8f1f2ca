"""Comparisons computed from torch's version string (checker/versionstrings.py), decided on "2.15.<unknown>"."""

import ast

import pytest

from torchpatch.validators.checker.versionstrings import version_compare


def _is_version(node):
    return isinstance(node, ast.Attribute) and node.attr == "__version__"


@pytest.mark.parametrize("test, outcome", [
    ("int(torch.__version__[0]) > 0", True),
    ("int(torch.__version__[2]) > 3", False),  # "1" of "2.15": what the code computes, not what it meant
    ("int(torch.__version__.split('.')[1]) >= 3", True),
    ("tuple(map(int, torch.__version__.split('.')[:2])) >= (2, 16)", False),
    ("tuple(int(x) for x in torch.__version__.split('.')[:2]) >= (1, 9)", True),
    ("[int(x) for x in torch.__version__.split('.')[:2]] < [2, 0]", False),
    ("float(torch.__version__[:3]) >= 2.1", True),
    ("torch.__version__[0] == '1'", False),
    ("torch.__version__.startswith('2.1')", True),  # as Python reads "2.15.0"
    ("torch.__version__.startswith('1.')", False),
    ("torch.__version__.startswith('2.15.0')", None),  # the patch level is unknown
    ("int(torch.__version__.split('.')[2]) > 0", None),  # the patch level is unknown
    ("torch.__version__[:6] == '2.15.0'", None),  # reaches into the unknown tail
    ("int(torch.__version__[1]) > 0", None),  # int('.') raises: no answer
    ("len(torch.__version__) > 3", None),  # not read
    ("int(x[0]) > 0", None),  # not the version
])
def test_outcome_on_2_15(test, outcome):
    assert version_compare(ast.parse(test, mode="eval").body, _is_version, (2, 15)) is outcome


def test_startswith_is_read_inside_a_comparison():
    test = ast.parse("torch.__version__.startswith('1.') == True", mode="eval").body
    assert version_compare(test, _is_version, (2, 15)) is False
