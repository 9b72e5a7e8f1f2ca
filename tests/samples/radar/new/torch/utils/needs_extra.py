def added_maybe():
    return 1
