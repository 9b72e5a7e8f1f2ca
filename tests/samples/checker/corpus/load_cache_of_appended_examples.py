# A cache of the project's own objects built item by item: a list given instances of a class of the file
# (examples.append(InputExample(...)), or a name bound to one), or a comprehension of them, saved to the file the
# same function loads when it exists. weights_only refuses the instances inside the list (run on torch 2.15:
# UnpicklingError "Weights only load failed ... Unsupported global").
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
