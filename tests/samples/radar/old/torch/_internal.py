def hidden():
    return 1
