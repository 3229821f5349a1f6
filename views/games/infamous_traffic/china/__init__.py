"""China at a glance: regions, chains, demand and outrage."""
