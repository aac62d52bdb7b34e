"""What the API needs from grader.yaml: the loaded labs and the tokens."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from grader.api.jsonout import text
from grader.config import DEFAULT_STREAMS_PER_TOKEN, DEFAULT_STREAMS_TOTAL
from grader.labs import Lab
from grader.ratelimit import FAILED_AUTH_PER_CLIENT, RATE_PER_TOKEN

if TYPE_CHECKING:
    from grader.config import GraderConfig
    from grader.store import Store


@dataclass(frozen=True)
class ApiSettings:
    labs: Mapping[str, Lab] = field(default_factory=dict)
    operator_tokens: tuple[str, ...] = ()
    learner_tokens: Mapping[str, str] = field(default_factory=dict)  # learner -> token
    # grader.ratelimit: requests per token, failed sign-ins per client address
    rate_per_token: str = RATE_PER_TOKEN
    failed_auth_per_client: str = FAILED_AUTH_PER_CLIENT
    # grader/api/streams.py: event streams open at once per token, and in all
    streams_per_token: int = DEFAULT_STREAMS_PER_TOKEN
    streams_total: int = DEFAULT_STREAMS_TOTAL
    # learner -> the labs grader.yaml's nodes give them (which announcements a learner sees)
    learner_labs: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def adopt(self, other: ApiSettings) -> None:
        """Take `other`'s values in place (the daemon's reload; the app's routes hold this very
        object). The attributes are swapped as one dict, in one assignment: a request served
        meanwhile, in the loop or a worker thread, reads all of the old ones or all of the new."""
        object.__setattr__(self, "__dict__", dict(other.__dict__))

    def takes(self, learner: str, lab_id: str, has_progress: bool) -> bool:
        """Whether a class view of the lab lists the learner: one grader.yaml gives labs to
        takes those; one it names for none (or a store from an earlier config) is listed where
        they have progress, so no lab shows a silent zero for someone who never took it."""
        if learner in self.learner_labs:
            return lab_id in self.learner_labs[learner] or has_progress
        return has_progress or not self.learner_labs

    def class_learners(self, store: Store) -> list[str]:
        """Every learner a class view may list (each lab then keeps those who take it): the
        store's, and the ones grader.yaml names before the daemon has recorded their node."""
        # a name from a node's stored learner list (JSON) may hold a lone surrogate, which no
        # query can take as a parameter: it is listed as shown (U+FFFD, grader/api/jsonout.py)
        return sorted({text(name) for name in store.learners()} | set(self.learner_labs))

    @classmethod
    def from_config(
        cls, config: GraderConfig, labs: Mapping[str, Lab] | None = None
    ) -> ApiSettings:
        """The one place the API's settings are built, for `grader serve` and the daemon's API
        alike: the config's tokens and limits, and the learner -> labs map its nodes give (so
        every class view lists the same learners whichever process serves it). `labs`: the labs
        already loaded (the daemon loaded them to grade); None loads every lab the config names
        (raises LabInvalid on a broken one)."""
        if labs is None:
            from grader.labs import load_lab

            labs = {lab.id: lab for lab in map(load_lab, config.labs)}
        learner_labs: dict[str, tuple[str, ...]] = {}
        for node in config.nodes:
            for learner, ids in node.learners.items():
                learner_labs[learner] = tuple(dict.fromkeys((*learner_labs.get(learner, ()), *ids)))
        api = config.api
        return cls(
            labs=dict(labs),
            operator_tokens=tuple(api.operator_tokens),
            learner_tokens=dict(api.learner_tokens),
            rate_per_token=api.rate_per_token,
            failed_auth_per_client=api.failed_auth_per_client,
            streams_per_token=api.streams_per_token,
            streams_total=api.streams_total,
            learner_labs=learner_labs,
        )
