"""The ``tabletop`` console script: the composition root that mounts each package's commands."""
