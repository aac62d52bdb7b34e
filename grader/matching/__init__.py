"""Pure matching: command records against lab steps, giving verdicts."""
