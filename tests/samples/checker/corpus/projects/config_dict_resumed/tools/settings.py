"""A dict with attribute access, the project's run configuration (no torch here)."""


class Settings(dict):
    def __getattr__(self, key):
        return self[key]

    def __setattr__(self, key, value):
        self[key] = value


class RunSettings(Settings):
    pass


configs = RunSettings(lr=0.1, epochs=10)
