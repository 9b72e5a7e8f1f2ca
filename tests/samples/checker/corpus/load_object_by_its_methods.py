# seen in: pytorch/text tests (torch.save of a torchtext Vocab / Vectors / tokenizer module, then torch.load of the same
# path: loaded_v.get_stoi(), v.__prepare_scriptable__()) and examples (a published vocab file read with
# vocab.get_itos()). An attribute that no tensor, dict, list, str or number has, read off the name while it holds the
# value, makes that value an object; weights_only=True refuses it on torch 2.15 ("Unsupported global: GLOBAL
# <module>.Vocab", run with an nn.Module subclass and a plain class). So does what __prepare_scriptable__() returns:
# the object torch.jit.script would script in its place (an nn.Module or a class instance).
import os

import torch


def vocab_round_trip(make_vocab, counts, folder):
    v = make_vocab(counts, min_freq=3)
    v.set_default_index(0)
    path = os.path.join(folder, "vocab.pt")
    torch.save(v, path)
    loaded_v = torch.load(path)  # finding: torch-load-pickled-object
    return dict(loaded_v.get_stoi())


def vectors_round_trip(build_vectors, tokens, vecs, folder):
    vectors_obj = build_vectors(tokens, vecs)
    path = os.path.join(folder, "vectors.pt")
    torch.save(vectors_obj, path)
    loaded = torch.load(path)  # finding: torch-load-saved-objects
    scripted_path = os.path.join(folder, "vectors_scripted.pt")
    torch.save(vectors_obj.__prepare_scriptable__(), scripted_path)
    scripted = torch.load(scripted_path)  # finding: torch-load-saved-objects
    return loaded["a"], scripted["a"]


def published_vocab(url, fetch):
    vocab = torch.load(fetch(url))  # finding: torch-load-pickled-object
    return vocab.get_itos(), vocab.get_default_index()


# clean look-alikes: what is read off the names is what tensors, dicts and numbers have, or an attribute the file
# sets on a tensor itself (torch.save keeps it and weights_only loads it back), or the name holds another value then
def state_round_trip(model, path):
    sd = model.state_dict()
    torch.save(sd, path)
    again = torch.load(path)
    return again.keys(), sd.items()


def tagged_tensor(x, path):
    t = x.mean(0)
    t.my_tag = 1
    torch.save(t, path)
    back = torch.load(path)
    return back.my_tag, back.shape


def rebound(make_vocab, x, path):
    v = x.detach()
    torch.save(v, path)
    v = make_vocab(x)
    v.get_itos()
    return torch.load(path)


def converted_before_save(make_vocab, x, path):
    v = make_vocab(x)
    v.set_default_index(0)
    v = v.to_tensor()
    torch.save(v, path)
    return torch.load(path)
