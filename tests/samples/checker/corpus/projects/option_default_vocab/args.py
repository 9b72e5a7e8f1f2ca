import argparse


def get_args():
    parser = argparse.ArgumentParser(description="relation ranking")
    parser.add_argument("--vocab_file", type=str, default="../vocab/vocab.word.pt")
    parser.add_argument("--rel-vocab-file", type=str,
                        default="../vocab/vocab.rel.sep.pt")  # a comment (with a parenthesis
    parser.add_argument("--resume_snapshot", type=str, default=None)
    parser.add_argument("--embeddings", dest="vector_cache", default="../data/glove.pt")
    return parser.parse_args()
