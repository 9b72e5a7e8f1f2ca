# seen in: NMT data indexing (a binarized cache holding the vocabulary object the function was handed)
import os

import torch


def index_data(path, bin_path, dico):
    if os.path.isfile(bin_path):
        data = torch.load(bin_path)  # finding: torch-load-saved-objects
        assert dico == data["dico"]
        return data
    sentences = []
    for line in open(path, encoding="utf-8"):
        for word in line.split():
            word_id = dico.index(word)
            if word_id == dico.unk_index:
                continue
            sentences.append(word_id)
    data = {"dico": dico, "sentences": torch.LongTensor(sentences)}
    torch.save(data, bin_path)
    return data


def index_counts(path, bin_path, counts):
    # the parameter is read only as a list: the cache holds a list and a tensor, which weights_only loads
    if os.path.isfile(bin_path):
        data = torch.load(bin_path)
        return data
    ids = [counts.index(word) for word in open(path, encoding="utf-8").read().split()]
    data = {"counts": counts, "ids": torch.LongTensor(ids)}
    torch.save(data, bin_path)
    return data


def load_embeddings(params, source):
    lang = params.src_lang if source else params.tgt_lang
    data = torch.load(params.src_emb if source else params.tgt_emb)  # finding: torch-load-pickled-object
    dico = data["dico"]
    embeddings = data["vectors"]
    assert dico.lang == lang
    return dico, embeddings


def load_vectors(path):
    # items read as tensors only
    data = torch.load(path)
    vectors = data["vectors"]
    assert vectors.size(0) == len(data["words"])
    return vectors.numpy()
