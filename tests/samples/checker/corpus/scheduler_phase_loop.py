# seen in: the transfer-learning tutorial's train_model, copied by many projects (pytorch-video-recognition,
# facenet): for phase in ["train", "val"], the first phase steps the scheduler before the batch loop steps the
# optimizer, so the first epoch warns; stepping after the batch loop does not, in either phase order
import torch


def train_model(model, loaders, criterion, optimizer, scheduler, epochs):
    for epoch in range(epochs):
        for phase in ["train", "val"]:
            if phase == "train":
                scheduler.step()  # finding: scheduler-step-before-optimizer
                model.train()
            else:
                model.eval()
            for inputs, labels in loaders[phase]:
                optimizer.zero_grad()
                loss = criterion(model(inputs), labels)
                if phase == "train":
                    loss.backward()
                    optimizer.step()


def train_then_step(model, loaders, criterion, optimizer, scheduler, epochs):
    for epoch in range(epochs):
        for phase in ("train", "val"):
            for inputs, labels in loaders[phase]:
                optimizer.zero_grad()
                loss = criterion(model(inputs), labels)
                if phase == "train":
                    loss.backward()
                    optimizer.step()
            if phase == "train":
                scheduler.step()


def validate_first(model, loaders, criterion, optimizer, scheduler, epochs):
    for epoch in range(epochs):
        for phase in ["val", "train"]:
            if phase == "train":
                model.train()
            for inputs, labels in loaders[phase]:
                loss = criterion(model(inputs), labels)
                if phase == "train":
                    loss.backward()
                    optimizer.step()
            if phase == "train":
                scheduler.step()
