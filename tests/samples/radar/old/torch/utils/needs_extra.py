import a_package_nobody_installed  # noqa: F401  (fails to import in the old build only)


def dropped_maybe():
    return 1
