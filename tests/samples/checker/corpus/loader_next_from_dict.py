# seen in: domain-adaptation training loops that keep their DataLoaders in a dict made by a project function and
# refill the iterator in a bare except: .next() raises AttributeError on every DataLoader iterator since 1.13
def data_load(args):
    from torch.utils.data import DataLoader
    return {"source_tr": DataLoader(args.source), "test": DataLoader(args.test)}


def train_source(args, net):
    dset_loaders = data_load(args)
    iter_source = iter(dset_loaders["source_tr"])
    for _ in range(args.max_iter):
        try:
            x, y = iter_source.next()  # finding: dataloader-iterator-next
        except Exception:
            iter_source = iter(dset_loaders["source_tr"])
            x, y = iter_source.next()  # finding: dataloader-iterator-next
        net(x, y)
