# seen in: a vocoder's config loaded from its JSON file into an attribute-access dict (not in any checkpoint)
class AttrDict(dict):
    def __getattr__(self, name):
        return self[name]
