# seen in: neural-process code whose samplers build each batch as an attrdict.AttrDict (a third-party class, refused by
# weights_only like the project's own: "Unsupported global: GLOBAL attrdict.dictionary.AttrDict"), in a module that
# never imports torch; a helper returning a plain dict is no evidence
from attrdict import AttrDict


def make_batch(n):
    batch = AttrDict()
    batch.x = n
    return batch


def make_stats(n):
    return {"n": n}
