raise AssertionError("the probe must never import tests")
