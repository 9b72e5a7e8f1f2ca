"""The keyword arguments each public torch callable accepts on one build: what ``keyword-not-accepted`` checks.

Code written for an older torch passes keywords the target refuses with a TypeError: ``torch.normal(means=...)``
(0.3), ``torch.split(t, split_size=2)`` (0.3), ``torch.autograd.backward(..., retain_variables=True)`` (0.2),
``torch.unsqueeze(x, 0, out=x)``. The probe, run in the target build's interpreter, walks the public modules in
:data:`MODULES` and records, for every function and class there:

- a Python callable: its parameters that a keyword can name (``inspect.signature``; the class's for a class);
- a C function bound by the Python argument parser (``torch.normal``, ``torch._C._nn.avg_pool2d``): the union of
  the parameter names of all its overloads in the build's own stubs (``torch/_C/_VariableFunctions.pyi``,
  ``torch/_C/_nn.pyi``, ``torch/nn/functional.pyi``) and ``input`` where its ATen schema starts with ``self``
  (the parser's name for it, which a hand-written stub may spell otherwise: ``one_hot(tensor, ...)``), plus the NumPy spellings that parser accepts for four of
  them (``axis`` for ``dim``, ``keepdims`` for ``keepdim``, ``x``/``a``/``x1`` for ``input``, ``x2`` for ``other``);
  ``torch.linalg``, ``torch.fft`` and ``torch.special``, which have no stub, by their ATen schemas (``self`` is
  ``input``, out arguments are ``out``), less a name the parser refuses when called with it.

A callable that takes ``**kwargs``, or whose parameters cannot be read, is left out: any keyword may be fine.
The result ships as ``validators/checker/torch-keywords.json`` (``build``: the version it was read from,
``keywords``: qualified name -> accepted names joined by spaces). Regenerate with the target build::

    .venv/bin/python -m torchpatch.validators.radar.keywords --python .venv/bin/python \\
        --out validators/checker/torch-keywords.json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

FORMAT = 1
MODULES = (
    "torch", "torch.nn", "torch.nn.functional", "torch.nn.init", "torch.nn.utils", "torch.nn.utils.rnn",
    "torch.autograd", "torch.autograd.functional", "torch.optim", "torch.optim.lr_scheduler", "torch.utils.data",
    "torch.utils.checkpoint", "torch.linalg", "torch.fft", "torch.special", "torch.cuda", "torch.amp",
    "torch.cuda.amp", "torch.distributed", "torch.onnx", "torch.hub", "torch.jit", "torch.autograd.profiler",
    "torch.profiler", "torch.distributions", "torch.testing", "torch.utils.tensorboard", "torch.multiprocessing",
    "torch.backends.cudnn", "torch.sparse", "torch.random", "torch.serialization",
)
# methods the checker knows by name alone: ``loss.backward(retain_variables=True)`` is a tensor's whatever the receiver
METHODS = ("torch.Tensor.backward",)

_PROBE = r"""
import ast, importlib, inspect, json, os, sys, warnings
warnings.simplefilter("ignore")
modules, methods = json.load(sys.stdin)
sys.argv = [sys.argv[0]]
import torch

NUMPY_NAMES = {"dim": ["axis"], "keepdim": ["keepdims"], "input": ["x", "a", "x1"], "other": ["x2"]}
root = os.path.dirname(torch.__file__)

def stub_names(path):
    # function name -> the union of its overloads' parameter names; None where one takes **kwargs
    found = {}
    tree = ast.parse(open(path).read())
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            if found.get(node.name, ()) is None:
                continue
            if args.kwarg is not None:
                found[node.name] = None
                continue
            names = found.setdefault(node.name, set())
            names.update(a.arg for a in (*args.args, *args.kwonlyargs))
    return found

STUBS = [(getattr(torch._C, "_VariableFunctions", None), stub_names(os.path.join(root, "_C", "_VariableFunctions.pyi"))),
         (torch._C._nn, stub_names(os.path.join(root, "_C", "_nn.pyi")))]
FUNCTIONAL = stub_names(os.path.join(root, "nn", "functional.pyi"))
SCHEMA_MODULES = ("torch.linalg", "torch.fft", "torch.special")  # generated bindings with no stub of their own

def schema_names(value):
    # a C function with no stub (torch.linalg.svd is aten::linalg_svd): its ATen schemas' argument names, as the
    # parser spells them (``self`` is ``input``, every out argument is ``out``), less any name the parser refuses
    # when asked (an out overload the binding leaves out: linalg.matrix_exp); None when it has no schema
    schemas = torch._C._jit_get_schemas_for_operator(f"aten::{getattr(value, '__name__', '')}")
    if not schemas:
        return None
    names = {"out" if argument.is_out else "input" if argument.name == "self" else argument.name
             for schema in schemas for argument in schema.arguments}
    probe = torch.ones(2, 2)
    for name in sorted(names - {"input"}):
        try:
            value(probe, **{name: None})
        except TypeError as error:
            if "unexpected keyword argument" in str(error):
                names.discard(name)
        except Exception:
            pass
    return names

def builtin_names(module, name, value):
    for owner, stubs in STUBS:
        if owner is not None and getattr(owner, name, None) is value and name in stubs:
            names = stubs[name]
            break
    else:
        names = FUNCTIONAL.get(name, False) if module == "torch.nn.functional" else False
    if names is False and module in SCHEMA_MODULES:
        names = schema_names(value)  # (already the parser's names: ``self`` is ``input`` there)
    elif names:
        names = set(names) - {"self"}
        schemas = torch._C._jit_get_schemas_for_operator(f"aten::{name}")
        if "input" not in names and schemas and all(schema.arguments and schema.arguments[0].name == "self"
                                                    for schema in schemas):
            names.add("input")  # the parser's name for a schema's ``self``, where a hand-written stub says ``tensor``
    if not names:
        return None  # unknown, or **kwargs
    for base, extra in NUMPY_NAMES.items():
        if base in names:
            names.update(extra)
    return names

def python_names(value):
    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError, RuntimeError, NameError, AttributeError):
        return None
    names = set()
    for parameter in signature.parameters.values():
        if parameter.kind is parameter.VAR_KEYWORD:
            return None
        if parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY):
            names.add(parameter.name)
    return names

out = {}
for module_name in modules:
    try:
        module = importlib.import_module(module_name)
    except BaseException:
        continue
    public = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
    for name in public:
        if name.startswith("_"):
            continue
        value = getattr(module, name, None)
        if value is None or inspect.ismodule(value):
            continue
        if inspect.isbuiltin(value) or type(value).__name__ == "builtin_function_or_method":
            names = builtin_names(module_name, name, value)
        elif inspect.isclass(value) or inspect.isfunction(value):
            if inspect.isclass(value) and value.__init__ is object.__init__ and value.__new__ is object.__new__:
                continue
            if inspect.isclass(value) and type(value).__module__.startswith("torch._C"):
                continue  # a C class: inspect answers for object.__init__, not for the parser behind it
            names = python_names(value)
        else:
            continue
        if names is not None:
            out[f"{module_name}.{name}"] = " ".join(sorted(names))
for qualified in methods:
    value = importlib.import_module("torch")
    for part in qualified.split(".")[1:]:
        value = getattr(value, part)
    names = python_names(value)
    if names is not None:
        out[qualified] = " ".join(sorted(names - {"self"}))
json.dump({"build": torch.__version__.split("+")[0], "keywords": dict(sorted(out.items()))}, sys.stdout)
"""


def probe(python: str) -> dict:
    """Run the probe in ``python`` (an interpreter with the build installed) and return its record."""
    done = subprocess.run([python, "-c", _PROBE], input=json.dumps([list(MODULES), list(METHODS)]), capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        raise RuntimeError(f"keyword probe failed in {python}: {done.stderr.strip()[-2000:]}")
    record = json.loads(done.stdout)
    return {"format": FORMAT, **record}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=sys.executable, help="an interpreter with the target torch installed")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    record = probe(args.python)
    args.out.write_text(json.dumps(record, indent=0, sort_keys=True) + "\n")
    print(f"{len(record['keywords'])} callables of torch {record['build']} -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
