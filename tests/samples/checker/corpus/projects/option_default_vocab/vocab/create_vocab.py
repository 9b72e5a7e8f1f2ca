# seen in: a knowledge-base QA project (kbqa-ar-smcnn): its vocabulary script saves the project's Dictionary
# objects, alone and as a pair, under fixed names; the training scripts load them through command-line options
# whose defaults (args.py, which never names torch) spell those names
import torch

from dictionary import Dictionary


def load_word_dictionary(filename):
    word_dict = Dictionary()
    with open(filename) as f:
        for line in f:
            word_dict.add(line.strip())
    return word_dict


def load_rel_separated_dictionary(filename):
    rel1_dict, rel2_dict = Dictionary(), Dictionary()
    return rel1_dict, rel2_dict


if __name__ == "__main__":
    word_vocab = load_word_dictionary("../data/words.txt")
    torch.save(word_vocab, "vocab.word.pt")
    rel1_vocab, rel2_vocab = load_rel_separated_dictionary("../data/rels.txt")
    torch.save((rel1_vocab, rel2_vocab), "vocab.rel.sep.pt")
