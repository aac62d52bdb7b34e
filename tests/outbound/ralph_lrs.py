"""Run ralph's LRS (its FastAPI app, `ralph.api:app`) on the file-system backend, appending.

Run by the LRS's own interpreter (var/lrs-venv, scripts/ensure-lrs.sh), never imported by the
tests: `python ralph_lrs.py DATA_DIR HOST PORT`. It is what `ralph runserver --backend fs` does,
with one change: ralph 5.1.0's file-system LRS backend writes with its data backend's default
operation, CREATE, which refuses a file that exists, so every POST after the first answered 500
("fs_lrs.jsonl already exists and overwrite is not allowed"). Here it appends. Everything the
tests rely on (basic auth, statement validation, recognising a statement id it already stores,
the GET query) is ralph's own code, unchanged.
"""

import os
import sys

import uvicorn
from ralph.backends.data.base import BaseOperationType
from ralph.backends.lrs.fs import FSLRSBackend

data_dir, host, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.environ["RALPH_RUNSERVER_BACKEND"] = "fs"
os.environ["RALPH_BACKENDS__LRS__FS__DEFAULT_DIRECTORY_PATH"] = data_dir
FSLRSBackend.default_operation_type = BaseOperationType.APPEND
uvicorn.run("ralph.api:app", host=host, port=port, log_level="info")
