"""Sans-I/O capture: terminal bytes with OSC 133/633 markers in, command events out."""
