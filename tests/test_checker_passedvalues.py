"""Values one function passes to another, which uses its parameter where torch refuses them (checker/passedvalues.py):
uint8 masks, and pack_padded_sequence lengths on the GPU."""

from .checker_projects import check_project

LAYERS = """
import torch.nn as nn


class Attention(nn.Module):
    def forward(self, scores, mask):
        return scores.masked_fill(mask, -1e9)
"""

CALLER = """
import torch
from layers import Attention


def step(scores, lengths):
    attention = Attention()
    mask = {mask}
    return attention(scores, mask)
"""


def _found(tmp_path, files):
    return check_project(tmp_path, files)


def test_a_byte_mask_passed_to_another_modules_forward_is_found_at_its_use(tmp_path):
    found = _found(tmp_path, {"layers.py": LAYERS, "train.py": CALLER.format(mask="torch.ByteTensor(2, 3).zero_()")})
    assert found == [("layers.py", 7, "uint8-mask-fill")]


def test_a_bool_or_unknown_mask_leaves_the_use_alone(tmp_path):
    for name, mask in (("bool", "torch.zeros(2, 3, dtype=torch.bool)"), ("compared", "lengths > 0"),
                       ("unknown", "lengths")):
        assert _found(tmp_path / name, {"layers.py": LAYERS, "train.py": CALLER.format(mask=mask)}) == [], name


def test_a_callable_handed_in_is_known_by_what_its_callers_pass(tmp_path):
    caller = """
import torch
from layers import Attention


def step(attention, scores):
    return attention(scores, torch.ByteTensor(2, 3).zero_())


step(Attention(), None)
"""
    assert _found(tmp_path, {"layers.py": LAYERS, "train.py": caller}) == [("layers.py", 7, "uint8-mask-fill")]
    unknown = caller.replace("step(Attention(), None)", "step(build(), None)")
    assert _found(tmp_path / "unknown", {"layers.py": LAYERS, "train.py": unknown}) == []


def test_a_mask_forwarded_through_a_self_attribute_reaches_the_inner_use(tmp_path):
    layers = LAYERS + """

class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = nn.DataParallel(Attention()).cuda()

    def forward(self, scores, ctx_mask):
        return self.attention(scores, ctx_mask.unsqueeze(1))
"""
    caller = CALLER.replace("Attention", "Decoder").format(mask="torch.ByteTensor(2, 3).zero_()")
    assert _found(tmp_path, {"layers.py": layers, "train.py": caller}) == [("layers.py", 7, "uint8-mask-fill")]


def test_two_copies_of_a_class_equally_near_leave_the_call_undecided(tmp_path):
    files = {"a/layers.py": LAYERS, "b/layers.py": LAYERS,
             "train.py": CALLER.format(mask="torch.ByteTensor(2, 3).zero_()")}
    assert _found(tmp_path, files) == []
    files["a/train.py"] = files.pop("train.py")  # beside one copy: that one
    assert _found(tmp_path / "near", files) == [("layers.py", 7, "uint8-mask-fill")]


def test_a_method_of_an_attribute_or_a_local_instance_is_followed(tmp_path):
    layers = """
import torch.nn as nn


class CRF(nn.Module):
    def loss(self, feats, mask):
        return self._forward(feats, mask.transpose(1, 0))

    def _forward(self, feats, mask):
        step = mask[0].view(-1, 1).expand(-1, 4)
        return feats.masked_select(step)
"""
    member = """
import torch
import torch.nn as nn
from layers import CRF


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.crf = CRF()

    def forward(self, feats):
        mask = torch.ByteTensor(2, 3).zero_()
        return self.crf.loss(feats, mask=mask)
"""
    assert _found(tmp_path / "member", {"layers.py": layers, "tagger.py": member}) == [("layers.py", 11, "uint8-mask-fill")]
    local = """
import torch
from layers import CRF


def score(feats):
    crf = CRF()
    return crf.loss(feats, torch.zeros(2, 3, dtype=torch.uint8))
"""
    assert _found(tmp_path / "local", {"layers.py": layers, "score.py": local}) == [("layers.py", 11, "uint8-mask-fill")]


ENCODER = """
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(4, 4, batch_first=True)

    def forward(self, x, lengths):
        lengths, order = lengths.sort(0, descending=True)
        packed = pack_padded_sequence(x[order], lengths, batch_first=True)
        return self.rnn(packed)
"""


def test_lengths_moved_to_the_gpu_and_passed_to_a_forward_that_packs_them_are_found_at_the_pack(tmp_path):
    train = """
import torch
from encoder import Encoder


def train(model, loader, device):
    for x, lengths in loader:
        x, lengths = x.to(device), lengths.to(device)
        model(x, lengths)


train(Encoder(), [], torch.device("cuda"))
"""
    assert _found(tmp_path / "moved", {"encoder.py": ENCODER, "train.py": train}) == [
        ("encoder.py", 13, "pack-padded-cuda-lengths")]
    kept = train.replace("lengths.to(device)", "lengths")
    assert _found(tmp_path / "kept", {"encoder.py": ENCODER, "train.py": kept}) == []
    moved_back = train.replace("        model(x, lengths)", "        lengths = lengths.cpu()\n        model(x, lengths)")
    assert _found(tmp_path / "back", {"encoder.py": ENCODER, "train.py": moved_back}) == []


def test_lengths_passed_within_one_file_through_a_submodule(tmp_path):
    code = ENCODER + """

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()

    def forward(self, x, lengths, device):
        lengths = lengths.to(device)
        return self.encoder(x.to(device), lengths)
"""
    assert _found(tmp_path, {"model.py": code}) == [("model.py", 13, "pack-padded-cuda-lengths")]


def test_lengths_a_module_counts_from_its_input_and_hands_to_another_modules_encoder_are_found(tmp_path):
    model = """
import torch
import torch.nn as nn
from encoder import Encoder


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()

    def forward(self, ids):
        lengths = torch.sum(ids != 0, dim=-1)
        return self.encoder(ids.unsqueeze(-1).float(), lengths)
"""
    assert _found(tmp_path / "module", {"encoder.py": ENCODER, "model.py": model}) == [
        ("encoder.py", 13, "pack-padded-cuda-lengths")]
    # counted in a plain function (a collate function, on the CPU), the lengths stay where they are
    function = """
import torch
from encoder import Encoder


def encode(encoder, ids):
    lengths = torch.sum(ids != 0, dim=-1)
    return encoder(ids.unsqueeze(-1).float(), lengths)


encode(Encoder(), torch.ones(2, 3, dtype=torch.long))
"""
    assert _found(tmp_path / "function", {"encoder.py": ENCODER, "collate.py": function}) == []


CHATBOT = """
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class EncoderRNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(4, 4)

    def forward(self, input_seq, input_lengths):
        packed = torch.nn.utils.rnn.pack_padded_sequence(input_seq, input_lengths)
        return self.gru(packed)


def train(input_variable, lengths, encoder):
    lengths = lengths.to(device)
    return encoder(input_variable.to(device), lengths)


def train_iters(batches, encoder):
    for input_variable, lengths in batches:
        train(input_variable, lengths, encoder)


encoder = EncoderRNN().to(device)
train_iters([], encoder)
"""


def test_an_encoder_handed_on_through_two_functions_is_known_by_what_the_script_builds(tmp_path):
    assert _found(tmp_path / "one", {"main.py": CHATBOT}) == [("main.py", 14, "pack-padded-cuda-lengths")]
    # a function that rebinds the parameter it hands on says nothing of what its callers pass
    rebound = CHATBOT.replace("    for input_variable, lengths in batches:",
                              "    encoder = build()\n    for input_variable, lengths in batches:")
    assert _found(tmp_path / "rebound", {"main.py": rebound}) == []


def test_two_scripts_side_by_side_each_reach_their_own_class(tmp_path):
    found = _found(tmp_path, {"main.py": CHATBOT, "main_new.py": CHATBOT.replace("(4, 4)", "(8, 8)")})
    assert found == [("main.py", 14, "pack-padded-cuda-lengths"), ("main_new.py", 14, "pack-padded-cuda-lengths")]


def test_a_use_the_file_reports_at_its_uint8_maker_is_not_reported_again(tmp_path):
    code = """
import torch
import torch.nn as nn


class Attention(nn.Module):
    def forward(self, x, attn_mask=None):
        return x.masked_fill(attn_mask, 0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = Attention()

    def forward(self, x):
        mask = torch.ones(2, 2).byte()
        return self.layer(x, attn_mask=mask)
"""
    assert _found(tmp_path, {"model.py": code}) == [("model.py", 17, "uint8-mask-fill")]


def test_a_relative_path_to_the_project_finds_the_same(tmp_path, monkeypatch):
    """The join reads modules by their absolute paths while the walk names files as the run was given them."""
    from torchpatch.validators.checker import check_paths

    train = """
import torch
from model import run


def main(model, x, lengths, device):
    run(model, x, lengths.to(device))
"""
    model = """
import torch.nn as nn
from encoder import Encoder


def run(model, x, lengths):
    return model(x, lengths)


def build():
    return run(Encoder(), None, None)
"""
    found_absolute = _found(tmp_path / "project", {"encoder.py": ENCODER, "model.py": model, "train.py": train})
    monkeypatch.chdir(tmp_path)
    found_relative = sorted((f.file.rsplit("/", 1)[-1], f.line, f.rule)
                            for f in check_paths(["project"], "2.15").findings)
    assert found_absolute == [("encoder.py", 13, "pack-padded-cuda-lengths")]
    assert found_relative == found_absolute


def test_a_value_of_another_module_reaching_a_use_reported_at_its_maker_is_reported_where_it_is_passed(tmp_path):
    crf = """
import torch
import torch.nn as nn


class Scorer(nn.Module):
    def forward(self, emissions, mask=None):
        return torch.where(mask[0].unsqueeze(1), emissions[0], emissions[1])


class CRF(nn.Module):
    def __init__(self):
        super().__init__()
        self.scorer = Scorer()

    def forward(self, emissions, mask=None):
        if mask is None:
            mask = torch.ones(emissions.shape[:2], dtype=torch.uint8)
        return self.scorer(emissions, mask=mask)
"""
    tagger = """
import torch
import torch.nn as nn
from crf import CRF as Layer


class Tagger(nn.Module):
    def __init__(self, use_crf):
        super().__init__()
        self.crf = Layer() if use_crf else None

    def forward(self, emissions, attention):
        return self.crf(emissions, mask=torch.tensor(attention, dtype=torch.uint8))
"""
    # crf.py reports its own default at the maker (the mask reaches Scorer by keyword); tagger.py's mask there too
    assert _found(tmp_path, {"crf.py": crf, "tagger.py": tagger}) == [
        ("crf.py", 18, "uint8-mask-condition"), ("tagger.py", 13, "uint8-mask-condition")]
