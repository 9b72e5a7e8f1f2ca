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


# seen in: a multi-domain classification benchmark that keeps one DataLoader per domain in a list and draws batches
# with the Python 2 spelling on each one's iterator
def train_domains(datasets, model, num_domains):
    import torch
    train_sets = [None] * num_domains
    names = [None] * num_domains
    for i in range(num_domains):
        train_sets[i] = torch.utils.data.DataLoader(datasets[i], batch_size=32, shuffle=True)
        names[i] = str(i)
    for k in range(num_domains):
        batches = iter(train_sets[k])
        for _ in range(len(batches)):
            x, y = batches.next()  # finding: dataloader-iterator-next
            model(x, k)
        labels = iter(names[k])
        labels.next()


# seen in: a meta-learning trainer whose loaders are nested by split and task (loaders["meta_train"]["train"][i])
def meta_batches(loaders, task_indices):
    for task_index in task_indices:
        task_iterator = iter(loaders["meta_train"]["train"][task_index])
        inner = task_iterator.next()  # finding: dataloader-iterator-next
        outer = task_iterator.next()  # finding: dataloader-iterator-next
        yield inner, outer
