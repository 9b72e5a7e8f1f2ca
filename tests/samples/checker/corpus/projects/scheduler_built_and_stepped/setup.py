from setuptools import find_packages, setup

setup(name="tracking", packages=find_packages())
