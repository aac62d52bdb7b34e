"""The formats between node and grader, standard library only (docs/architecture.md "Formats").

`frames`: the spool reader's frame stream (node → daemon). The node's writer,
grader/node/files/spool_reader.py, runs alone on the node with nothing installed, so it keeps
its own copy of the header constants; tests/daemon/test_frame_format.py holds the two equal.
"""
