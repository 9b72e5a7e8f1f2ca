# seen in: semi-supervised trainers (FixMatch-pytorch, CCNet, recurrent-visual-attention) that draw batches by hand
# with the Python 2 spelling; a project's own iterator with a next alias, and the builtin next(), stay quiet
import torch
from torch.utils.data import DataLoader


class Cycle:
    def __init__(self, items):
        self.items = list(items)
        self.index = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.index = (self.index + 1) % len(self.items)
        return self.items[self.index]

    next = __next__


def train(labeled_loader, unlabeled_loader, steps):
    labeled_iter = iter(labeled_loader)
    colors = Cycle(["red", "blue"])
    for _ in range(steps):
        try:
            inputs, targets = labeled_iter.next()  # finding: dataloader-iterator-next
        except StopIteration:
            labeled_iter = iter(labeled_loader)
            inputs, targets = next(labeled_iter)
        colors.next()
    return inputs, targets


def first_batch(dataset):
    return iter(DataLoader(dataset, batch_size=4)).next()  # finding: dataloader-iterator-next


class Evaluator:
    def __init__(self, test_loader):
        self.batches = test_loader.__iter__()

    def step(self):
        return self.batches.next()  # finding: dataloader-iterator-next


def stream_batches(reader, files):
    # ml-mdm: its train_loader comes from its own reader (an mlx-data stream), not from a DataLoader
    train_loader = reader.get_dataset_partition(0, 1, files)
    data_iter = iter(train_loader)
    return data_iter.next()


def few_shot_episode(task_generator, task):
    # LearningToCompare_FSL: the loaders come from the project's get_data_loader, which returns a DataLoader
    sample_dataloader = task_generator.get_data_loader(task, num_per_class=1, split="train")
    samples, labels = sample_dataloader.__iter__().next()  # finding: dataloader-iterator-next
    return samples, labels


class PairTrainer:
    # carpedm20/DiscoGAN-pytorch: two domains' loaders made into iterators in one tuple assignment
    def __init__(self, a_data_loader, b_data_loader):
        self.a_data_loader = a_data_loader
        self.b_data_loader = b_data_loader

    def train(self):
        A_loader, B_loader = iter(self.a_data_loader), iter(self.b_data_loader)
        x_A = A_loader.next()  # finding: dataloader-iterator-next
        x_B = B_loader.next()  # finding: dataloader-iterator-next
        return x_A, x_B


# seen in: an attention U-Net demo (sfczekalski/attention_unet's main.py) plotting one batch of the test split
def plot_prediction(model, dataloaders):
    dataiter = iter(dataloaders["test"])
    batch = dataiter.next()  # finding: dataloader-iterator-next
    return model(batch)


def sarimax_baseline(train_set, test_set):
    # a forecasting baseline draws its one full batch from loaders named dl_train/dl_test: the binding says loader
    dl_train = DataLoader(dataset=train_set, batch_size=370, shuffle=False)
    dl_test = DataLoader(dataset=test_set, batch_size=370, shuffle=False)
    x_train, y_train = iter(dl_train).next()  # finding: dataloader-iterator-next
    x_test, y_test = iter(dl_test).next()  # finding: dataloader-iterator-next
    return x_train, y_train, x_test, y_test


def shuffled_windows(windows):
    dl = Cycle(windows)  # the same kind of name, bound to the project's own cycling iterator
    return iter(dl).next()


def ten_crop_codes(loaders, name, steps):
    # a hashing evaluator keeps one iterator per crop's loader in a list and draws from each
    iter_test = [iter(loaders[name + str(i)]) for i in range(10)]
    crops = [Cycle(range(3)) for _ in range(10)]
    for _ in range(steps):
        data = [iter_test[j].next() for j in range(10)]  # finding: dataloader-iterator-next
        shades = [crops[j].next() for j in range(10)]
    return data, shades


# seen in: round 59's handwriting recognisers: the loader reaches .next() as a parameter; every call of the
# function by name passes a DataLoader (a name bound to one, or a name that says loader), by position or keyword
def predict_batch(model, valid_dl):
    images, labels = iter(valid_dl).next()  # finding: dataloader-iterator-next
    return model(images), labels


def evaluate(net, held_out):
    batches = iter(held_out)
    return [net(batches.next()) for _ in range(len(held_out))]  # finding: dataloader-iterator-next


def take_one(source):
    return iter(source).next()  # called with a list below: a list iterator's next is no DataLoader's


held_out_loader = torch.utils.data.DataLoader(list(range(8)), batch_size=2)
predict_batch(model=None, valid_dl=held_out_loader)
evaluate(None, held_out_loader)
take_one([1, 2])
