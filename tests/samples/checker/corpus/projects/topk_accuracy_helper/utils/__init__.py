from .eval import accuracy, top1
