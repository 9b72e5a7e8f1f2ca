# seen in: facebookresearch/vissl (vissl/config/attr_dict.py: an attribute-access dict subclass holding the run's
# config; a utility class saves it under a key named by a class constant and loads it back by the same
# constant: UnpicklingError under weights_only=True on torch 2.15, Unsupported global for the class)


class AttrDict(dict):
    def __init__(self, dictionary):
        super().__init__()
        for key, value in dictionary.items():
            self[key] = AttrDict(value) if isinstance(value, dict) else value

    def __getattr__(self, key):
        return self[key]
