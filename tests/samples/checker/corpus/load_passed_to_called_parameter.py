# seen in: pytorch/text test/torchtext_unittest/test_transforms.py (a tokenizer built by self._load_tokenizer() is
# torch.save()d, loaded back and handed to self._gpt2_bpe_tokenizer(tokenizer), which calls tokenizer(text)) and
# examples/text_classification/predict.py (a loaded vocab handed to predict(), which calls dictionary(tokens)): a
# called value is no tensor, dict or list, so the file holds an object; torch 2.15 refuses it with Unsupported global
import torch


def predict(text, model, dictionary):
    ids = torch.tensor(dictionary(text.split()))
    return model(ids).argmax(1).item()


def run(args, text):
    model = torch.load(args.model)  # finding: torch-load-pickled-object
    dictionary = torch.load(args.dictionary)  # finding: torch-load-pickled-object
    return predict(text, model, dictionary)


class TokenizerTest:
    def _check_tokenizer(self, tokenizer):
        assert tokenizer("a b") == ["a", "b"]

    def _check_counts(self, counts):
        assert counts["a"] == 1

    def test_save_load(self, path, build):
        tokenizer = build()
        torch.save(tokenizer, path)
        loaded = torch.load(path)  # finding: torch-load-pickled-object
        self._check_tokenizer(loaded)

    # Look-alike: the loaded value goes to a method that reads it as a dict.
    def test_counts(self, path):
        torch.save({"a": 1}, path)
        loaded = torch.load(path)
        self._check_counts(loaded)
