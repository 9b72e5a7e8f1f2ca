# A cache of the project's own objects built item by item: a list given instances of a class of the file
# (examples.append(InputExample(...)), or a name bound to one), or a comprehension of them, saved to the file the
# same function loads when it exists. weights_only refuses the instances inside the list (run on torch 2.15:
# UnpicklingError "Weights only load failed ... Unsupported global").
import collections
import os

import torch


class InputExample:
    def __init__(self, guid, text):
        self.guid = guid
        self.text = text


def create_examples(lines, cached_examples_file):
    if cached_examples_file.exists():
        examples = torch.load(cached_examples_file)  # finding: torch-load-saved-objects
    else:
        examples = []
        for i, line in enumerate(lines):
            example = InputExample(guid=f"train-{i}", text=line)
            examples.append(example)
        torch.save(examples, cached_examples_file)
    return examples


def create_features(lines, cached_features_file):
    if cached_features_file.exists():
        features = torch.load(cached_features_file)  # finding: torch-load-saved-objects
    else:
        features = [InputExample(guid=str(i), text=line) for i, line in enumerate(lines)]
        torch.save(features, cached_features_file)
    return features


def cache_token_ids(lines, cached_ids_file):
    # a list of plain lists of ints: loads under weights_only
    if cached_ids_file.exists():
        ids = torch.load(cached_ids_file)
    else:
        ids = []
        for line in lines:
            ids.append([ord(c) for c in line])
        torch.save(ids, cached_ids_file)
    return ids


class Example:
    @classmethod
    def fromlist(cls, values, fields):
        example = cls()
        for (name, _), value in zip(fields, values):
            setattr(example, name, value)
        return example


def read_examples(path, fields, cache_name):
    # Cls.from*(...) is a classmethod constructor (torchtext's data.Example.fromlist): a list of its instances
    if os.path.exists(cache_name):
        examples = torch.load(cache_name)  # finding: torch-load-saved-objects
    else:
        examples = []
        for line in open(path):
            examples.append(Example.fromlist([line], fields))
        torch.save(examples, cache_name)
    return examples


def word_table(words, cache_name):
    # OrderedDict.fromkeys gives a dict weights_only loads
    if os.path.exists(cache_name):
        table = torch.load(cache_name)
    else:
        table = collections.OrderedDict.fromkeys(words, 0)
        torch.save(table, cache_name)
    return table
