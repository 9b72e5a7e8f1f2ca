# seen in: a code-summarization project whose preprocessing saves lists of torch_geometric graphs under
# `features_url + "train_features.pt"`, and whose training script reads the same spelled names back
import torch
from torch_geometric.data import Data


def convert_examples_to_features(examples):
    features = []
    for example in examples:
        features.append(Data(x=torch.tensor(example)))
    return features


def main(examples, features_url):
    train_features = convert_examples_to_features(examples)
    torch.save(train_features, features_url + "train_features.pt")
    torch.save({"sizes": torch.tensor([len(examples)])}, features_url + "sizes.pt")
