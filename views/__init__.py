"""Lantern's screens: Flet components that render engine state and dispatch actions, nothing more."""
