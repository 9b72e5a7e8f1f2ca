from setuptools import setup; setup(name="gpytorch")
