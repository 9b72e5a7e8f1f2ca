def train_mixmatch(self, epoch):
    train_loader = self.train_loader
    labeled_train_iter = iter(train_loader)
    for step, unsup_batch in enumerate(self.unsup_loader):
        try:
            sup_batch = labeled_train_iter.next()  # finding: dataloader-iterator-next
        except StopIteration:
            labeled_train_iter = iter(train_loader)
            sup_batch = next(labeled_train_iter)
        yield sup_batch, unsup_batch
