# A dict subclass without attribute access (a registry of builders) is no sign of a config object: the config
# saved next to the weights is no evidence, and its load stays unflagged.


class Registry(dict):
    def register(self, name):
        def wrap(builder):
            self[name] = builder
            return builder

        return wrap
