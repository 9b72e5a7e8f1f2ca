# the other task's test() of the same module name returns a Python float: its train.py's checkpoint is plain
def test(model, loader):
    total = 0.0
    for batch in loader:
        total += float(model(batch))
    return total / len(loader)
