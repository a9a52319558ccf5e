"""The OpenAPI description of the server's HTTP part, as kept in docs/openapi.json.

``python -m monopoly.web.openapi > docs/openapi.json`` regenerates the copy (a test checks
that it is current)."""

from __future__ import annotations

import json

from monopoly.web.app import create_app


def openapi_text() -> str:
    return json.dumps(create_app("sqlite://").openapi(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(openapi_text(), end="")
