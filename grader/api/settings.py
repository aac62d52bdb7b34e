"""What the API needs from grader.yaml: the loaded labs and the tokens."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from grader.labs.model import Lab
from grader.ratelimit import FAILED_AUTH_PER_CLIENT, RATE_PER_TOKEN

if TYPE_CHECKING:
    from grader.config import GraderConfig


@dataclass(frozen=True)
class ApiSettings:
    labs: Mapping[str, Lab] = field(default_factory=dict)
    operator_tokens: tuple[str, ...] = ()
    learner_tokens: Mapping[str, str] = field(default_factory=dict)  # learner -> token
    # grader.ratelimit: requests per token, failed sign-ins per client address
    rate_per_token: str = RATE_PER_TOKEN
    failed_auth_per_client: str = FAILED_AUTH_PER_CLIENT

    @classmethod
    def from_config(cls, config: GraderConfig) -> ApiSettings:
        """Load every lab the config names (raises LabInvalid on a broken one)."""
        from grader.labs.loader import load_lab

        labs = {lab.id: lab for lab in map(load_lab, config.labs)}
        return cls(
            labs=labs,
            operator_tokens=tuple(config.api.operator_tokens),
            learner_tokens=dict(config.api.learner_tokens),
            rate_per_token=config.api.rate_per_token,
            failed_auth_per_client=config.api.failed_auth_per_client,
        )
