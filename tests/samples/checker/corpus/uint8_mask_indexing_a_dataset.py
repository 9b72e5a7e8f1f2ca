# seen in: round 60's GraphCL copies of pretrain-gnns: a uint8 mask sized by len(dataset) picks the graphs of a PyG
# dataset, which turns it into positions itself; torch never sees it as a tensor index. The same mask indexing the
# dataset's tensor is a tensor index and warns.
import torch


def species_split(dataset, train_species=(3702, 6239), test_species=(9606,)):
    train_mask = torch.zeros(len(dataset), dtype=torch.uint8)
    for species in train_species:
        train_mask += dataset.data.species_id == species
    test_mask = torch.zeros(len(dataset), dtype=torch.uint8)
    for species in test_species:
        test_mask += dataset.data.species_id == species
    train_dataset = dataset[train_mask]
    test_dataset = dataset[test_mask]
    species = dataset.data.species_id[train_mask]  # finding: uint8-mask-condition
    return train_dataset, test_dataset, species
