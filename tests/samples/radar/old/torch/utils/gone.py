"""A module the new build no longer has."""


def first(items):
    return items[0]


class Holder:
    def get(self):
        return 1
