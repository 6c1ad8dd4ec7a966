"""Shared base for the domain model: immutable, strict pydantic models."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    """An immutable value that rejects unknown fields, so a typo in data is an error."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
