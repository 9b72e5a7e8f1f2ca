def relu(input, inplace=False):
    return input
