"""Python clients of the game service: the SDK, bots, and the play/watch commands."""
