"""Calls through a callable that a base class of the project binds to ``self.attr`` (checker/inherited.py)."""

import textwrap

from torchpatch.validators.checker import check_paths, check_source

from .checker_projects import check_project

BASE = """
import torch

class BaseModel(torch.nn.Module):
    def initialize(self, gpu_ids):
        self.Tensor = torch.cuda.FloatTensor if gpu_ids else torch.Tensor
"""
# another project's class of the same name, whose self.Tensor is a plain function
OTHER_BASE = "import torch\n\nclass BaseModel:\n    def initialize(self):\n        self.Tensor = torch.empty\n"


def test_a_subclass_in_another_file_calls_the_constructor_its_base_binds(tmp_path):
    found = check_project(tmp_path / "pkg", {"__init__.py": "", "base_model.py": BASE, "model.py": """
        import torch
        from .base_model import BaseModel

        class Model(BaseModel):
            def encode(self, n):
                return self.Tensor(n, 3).zero_()

        class Inference(Model):
            def run(self):
                return self.Tensor(1)
        """})
    assert found == [("model.py", 7, "cuda-dtype-tensor-constructor"), ("model.py", 11, "cuda-dtype-tensor-constructor")]


def test_a_class_that_rebinds_or_defines_the_attribute_hides_the_base(tmp_path):
    found = check_project(tmp_path / "pkg", {"__init__.py": "", "base_model.py": BASE, "model.py": """
        import torch
        from .base_model import BaseModel

        class Rebinds(BaseModel):
            def initialize(self, gpu_ids):
                self.Tensor = torch.empty

            def encode(self, n):
                return self.Tensor(n)

        class Defines(BaseModel):
            def Tensor(self, *size):
                return torch.empty(size)

            def encode(self, n):
                return self.Tensor(n)

        class Below(Rebinds):
            def run(self):
                return self.Tensor(1)
        """})
    assert found == []


def test_a_base_name_two_classes_share_is_followed_only_through_the_import(tmp_path):
    model = """
        import torch
        from .{module} import BaseModel

        class Model(BaseModel):
            def encode(self, n):
                return self.Tensor(n)
        """
    found = check_project(tmp_path / "pkg", {"__init__.py": "", "base_model.py": BASE, "other.py": OTHER_BASE,
                                             "model.py": model.format(module="base_model"),
                                             "plain.py": model.format(module="other")})
    assert found == [("model.py", 7, "cuda-dtype-tensor-constructor")]


def test_a_base_name_two_classes_share_and_no_import_names_is_not_followed(tmp_path):
    found = check_project(tmp_path / "pkg", {"__init__.py": "", "base_model.py": BASE, "other.py": OTHER_BASE, "model.py": """
        import torch
        from .models import *

        class Model(BaseModel):
            def encode(self, n):
                return self.Tensor(n)
        """})
    assert found == []


def test_copies_of_a_base_class_are_told_apart_by_the_importing_package_root(tmp_path):
    model = """
        import torch
        from models.base_model import BaseModel

        class Model(BaseModel):
            def encode(self, n):
                return self.Tensor(n)
        """
    found = check_project(tmp_path / "bench", {"brain/models/__init__.py": "", "brain/models/base_model.py": BASE,
                                               "brain/models/model.py": model, "knee/models/__init__.py": "",
                                               "knee/models/base_model.py": OTHER_BASE, "knee/models/model.py": model})
    assert found == [("model.py", 7, "cuda-dtype-tensor-constructor")]
    assert [f.file.replace("\\", "/").rsplit("/", 3)[-3] for f in check_paths([tmp_path / "bench"], "2.15").findings] == ["brain"]


def test_a_subclass_in_the_same_file_and_a_version_guard():
    code = textwrap.dedent(BASE + """
    class Model(BaseModel):
        def encode(self, n):
            if torch.__version__ < "1.0":
                return self.Tensor(n)
            return self.Tensor(n, 2)
    """)
    assert [(f.line, f.rule) for f in check_source(code, "2.15")] == [(12, "cuda-dtype-tensor-constructor")]


CHECKPOINTING = """
import torch.utils.checkpoint

def get_checkpoint_fn():
    if deepspeed_is_configured():
        checkpoint = deepspeed.checkpointing.checkpoint
    else:
        checkpoint = torch.utils.checkpoint.checkpoint
    return checkpoint

def deepspeed_is_configured():
    return False
"""


def test_a_torch_callable_returned_by_a_function_of_another_module_is_checked_where_it_is_called(tmp_path):
    found = check_project(tmp_path / "pkg", {"__init__.py": "", "checkpointing.py": CHECKPOINTING, "model.py": """
        import torch
        from .checkpointing import get_checkpoint_fn

        class Block(torch.nn.Module):
            def forward(self, x):
                checkpoint_fn = get_checkpoint_fn()
                x = checkpoint_fn(self.inner, x)
                return checkpoint_fn(self.inner, x, use_reentrant=False)
        """})
    assert found == [("model.py", 8, "checkpoint-without-use-reentrant")]


def test_a_function_name_two_modules_define_is_left_alone(tmp_path):
    found = check_project(tmp_path / "pkg", {"__init__.py": "", "checkpointing.py": CHECKPOINTING, "other.py": """
        import torch

        def get_checkpoint_fn():
            return lambda f, *a: f(*a)
        """, "model.py": """
        import torch
        from .other import get_checkpoint_fn

        def run(f, x):
            checkpoint_fn = get_checkpoint_fn()
            return checkpoint_fn(f, x)
        """})
    assert found == []


def test_a_function_returning_a_call_result_or_its_parameter_returns_no_torch_callable(tmp_path):
    found = check_project(tmp_path / "pkg", {"__init__.py": "", "helpers.py": """
        import torch.utils.checkpoint

        def wrapped():
            checkpoint = torch.utils.checkpoint.checkpoint
            checkpoint = make(checkpoint)
            return checkpoint

        def passthrough(checkpoint=torch.utils.checkpoint.checkpoint):
            return checkpoint

        def make(f):
            return f
        """, "model.py": """
        import torch
        from .helpers import passthrough, wrapped

        def run(f, x):
            a = wrapped()
            b = passthrough()
            return a(f, x), b(f, x)
        """})
    assert found == []


LOSS = """
import torch

class GANLoss(torch.nn.Module):
    def __init__(self, use_lsgan=True, tensor=torch.FloatTensor):
        super().__init__()
        self.Tensor = tensor

    def target(self, input):
        return self.Tensor(input.size()).fill_(1.0)
"""


def test_a_torch_callable_passed_to_a_constructor_is_checked_where_the_class_calls_it(tmp_path):
    found = check_project(tmp_path / "pkg", {"__init__.py": "", "base_model.py": BASE, "losses.py": LOSS, "model.py": """
        import torch
        from . import losses
        from .base_model import BaseModel

        class Model(BaseModel):
            def initialize(self, gpu_ids):
                BaseModel.initialize(self, gpu_ids)
                self.criterion = losses.GANLoss(tensor=self.Tensor)
        """})
    assert found == [("losses.py", 10, "cuda-dtype-tensor-constructor")]


def test_a_constructor_given_a_plain_callable_or_a_class_that_rebinds_the_attribute_is_left_alone(tmp_path):
    found = check_project(tmp_path / "pkg", {"__init__.py": "", "losses.py": LOSS + """
class Rebinding(torch.nn.Module):
    def __init__(self, tensor):
        super().__init__()
        self.Tensor = tensor
        if tensor is None:
            self.Tensor = torch.empty

    def target(self, input):
        return self.Tensor(input.size())
""", "model.py": """
        import torch
        from .losses import GANLoss, Rebinding

        class Model(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.Tensor = torch.FloatTensor
                self.a = GANLoss(False, self.Tensor)
                self.b = Rebinding(torch.cuda.FloatTensor)
        """})
    assert found == []
