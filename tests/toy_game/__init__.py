"""Toy game: a small dice race written from the README alone, kept in the test tree so it never ships.

It is not registered: the contract is checked on it directly, with its parts passed in by hand.
"""
