# seen in: facebookresearch/theseus tests (a committed .pth whose "struct" entry is the project's own sparse
# structure class: data["struct"].mock_csc_transpose()). No tensor, dict, list, str or number has that
# attribute, so the entry is a pickled object: UnpicklingError "Unsupported global" under weights_only=True.
import torch


def check_saved_structure(path):
    data = torch.load(path)  # finding: torch-load-pickled-object
    transposed = data["struct"].mock_csc_transpose()
    return transposed, data["a"]


def read_tokenizer(path):
    return torch.load(path)["tokenizer"].encode_batch(["a b"])  # finding: torch-load-pickled-object


# clean look-alikes: attributes that tensors, dicts, strings and numbers have
def read_tensors(path):
    data = torch.load(path)
    rows = data["a"].to_dense().t().contiguous()
    names = data["names"].items()
    label = data["label"].startswith("x")
    return rows, names, label, data["step"].bit_length(), data["w"].mT


def set_note(path):
    data = torch.load(path)
    data["w"].note = "tensors take new attributes"
    return data


# seen in: Lightning-AI/litgpt tests (a tensor given an attribute of its own before the save: torch.save keeps it,
# and weights_only loads it back)
def tensor_attribute_round_trip(path):
    sd = {"0": torch.randn(2)}
    sd["0"].someattr = 1
    torch.save(sd, path)
    loaded = torch.load(path)
    return loaded["0"].someattr
