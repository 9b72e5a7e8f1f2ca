from image_net import *


def evaluate(model, batch):
    image = Variable(batch, volatile=True)  # finding: variable-volatile
    return model(image)
