"""The question an entry left open, asked before anything else."""
