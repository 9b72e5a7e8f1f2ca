from setuptools import find_packages, setup

setup(name="tracker", packages=find_packages())
