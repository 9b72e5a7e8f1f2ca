from models import create_model


def train(opt, net, dataset):
    model = create_model(opt, net)
    model.setup(opt)
    for epoch in range(opt.epoch_count, opt.n_epochs + 1):
        model.update_learning_rate()  # finding: scheduler-step-before-optimizer
        for data in dataset:
            model.set_input(data)
            model.optimize_parameters()


def train_old_order(opt, net, dataset):
    model = create_model(opt, net)
    model.setup(opt)
    for epoch in range(opt.epoch_count, opt.n_epochs + 1):
        for data in dataset:
            model.set_input(data)
            model.optimize_parameters()
        model.update_learning_rate()


def resume(opt, net, dataset, epoch_count):
    model = create_model(opt, net)
    model.setup(opt)
    for _ in range(epoch_count - 1):
        for scheduler in model.schedulers:
            scheduler.step()  # finding: scheduler-step-before-optimizer
    for epoch in range(epoch_count, opt.n_epochs + 1):
        for data in dataset:
            model.set_input(data)
            model.optimize_parameters()
        model.update_learning_rate()
