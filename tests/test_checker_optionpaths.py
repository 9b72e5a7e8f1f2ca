"""The files a project's command-line options name by default (optionpaths.py), read from a script's text."""

import ast

from torchpatch.validators.checker.optionpaths import loaded_option, option_files


def test_each_option_maps_to_the_file_name_its_default_spells():
    code = '''
parser.add_argument("--vocab_file", type=str, default="../vocab/vocab.word.pt")
parser.add_argument("-r", "--rel-vocab-file",
                    default="data/rel.sep.pt")  # a comment (with a parenthesis
parser.add_argument("--embeddings", dest="vector_cache", default=os.path.join(d, "glove.pt"))
parser.add_argument("--resume", default=None, help="a path (optional)")
parser.add_argument("--lr", type=float, default=0.1)
parser.add_argument("seed")
'''
    assert option_files(code) == {
        "vocab_file": {"vocab.word.pt"},
        "rel_vocab_file": {"rel.sep.pt"},
        "vector_cache": {None},  # a call spelling no whole name: no file
        "resume": {None},
        "lr": {None},
        "seed": {None},
    }


def test_a_call_that_does_not_close_or_parse_is_skipped():
    assert option_files('parser.add_argument("--a", default="a.pt"\n') == {}
    assert option_files('parser.add_argument("--a", default=)\nparser.add_argument("--b", default="b.pt")') == \
        {"b": {"b.pt"}}


def test_the_option_a_load_reads_directly_or_through_one_binding():
    path = ast.parse("args.vocab_file", mode="eval").body
    assert loaded_option(path, []) == "vocab_file"
    assert loaded_option(ast.parse("p", mode="eval").body, [path]) == "vocab_file"
    assert loaded_option(ast.parse("self.vocab_file", mode="eval").body, []) is None
    assert loaded_option(ast.parse("cfg.MODEL.WEIGHTS", mode="eval").body, []) is None  # a config constant
