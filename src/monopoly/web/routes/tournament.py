"""The tournaments' HTTP routes: the API of the chief referee's console, the table
referees' and the players' pages (each opened by a personal link, ``?token=``), the
projector, and the printouts.

Every operation goes through the hall (:class:`~monopoly.web.tournament.Hall`), which
checks the link's role and the operation against the tournament's state: a refused one is
``{"error": {"code", "message"}}`` (the message in the request's language) and changes
nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from monopoly.i18n import LANGUAGES, translation
from monopoly.tournament.desk import Desk
from monopoly.tournament.errors import TournamentError
from monopoly.tournament.status import clocks_json, status_json
from monopoly.web.protocol import encode
from monopoly.web.tournament import Hall

__all__ = ["tournament_router"]


class OpBody(BaseModel):
    kind: str = Field(max_length=40)
    data: dict[str, Any] = Field(default_factory=dict)


class CsvBody(BaseModel):
    csv: str = Field(max_length=1 << 20)


class NextRound(BaseModel):
    final: bool = False


class SheetBody(BaseModel):
    round: int
    table: int
    holdings: list[dict[str, Any]]
    bankrupt_order: dict[str, int] = Field(default_factory=dict)
    reason: str | None = Field(None, max_length=200)


def _lang(request: Request, default: str = "en") -> str:
    lang = request.query_params.get("lang", default)
    return lang if lang in LANGUAGES else default


def _refusal(exc: TournamentError, lang: str) -> JSONResponse:
    message = translation(lang).error(exc)
    return JSONResponse({"error": {"code": exc.code, "message": message}},
                        status_code=exc.status)


def tournament_router(hall: Callable[[], Hall]) -> APIRouter:
    """The routes of the server's tournaments (`hall`: the app's hall)."""
    router = APIRouter()

    async def desk_and_role(tid: str, request: Request) -> tuple[Desk, str | None]:
        desk = await hall().desk(tid)
        return desk, desk.role_of(request.query_params.get("token"))

    async def chief_desk(tid: str, request: Request) -> Desk:
        desk, role = await desk_and_role(tid, request)
        if role != "chief":
            raise TournamentError("forbidden", "only the chief referee may do this")
        return desk

    def base(request: Request) -> str:
        return str(request.base_url).rstrip("/")

    # --- the API

    @router.post("/api/tournaments")
    async def create(body: dict[str, Any], request: Request) -> JSONResponse:
        lang = _lang(request)
        try:
            desk = await hall().create(body)
        except TournamentError as exc:
            return _refusal(exc, lang)
        return JSONResponse({"id": desk.id, "chief_token": desk.token("chief")}, 201)

    @router.get("/api/tournaments/{tid}")
    async def status(tid: str, request: Request) -> Response:
        try:
            desk, role = await desk_and_role(tid, request)
        except TournamentError as exc:
            return _refusal(exc, _lang(request))
        # a page that has the current state (?v=its version) gets only the clocks: a
        # hall of 200 players polls every 2 seconds
        if request.query_params.get("v") == str(len(desk.tournament.ops)):
            return JSONResponse(clocks_json(desk))
        return Response(encode(hall().status(desk, role, base(request))),
                        media_type="application/json")

    @router.get("/api/tournaments/{tid}/deeds")
    async def deeds(tid: str, request: Request) -> JSONResponse:
        from monopoly.board.edition import load_edition

        lang = _lang(request)
        try:
            desk = await hall().desk(tid)
        except TournamentError as exc:
            return _refusal(exc, lang)
        ed = load_edition(desk.tournament.settings.edition)
        return JSONResponse([
            {"square": sq.index, "name": sq.names.get(lang) or sq.names["en"],
             "group": sq.group, "price": sq.price, "house_cost": sq.house_cost,
             "kind": str(sq.kind)}
            for sq in ed.squares if sq.is_property])

    @router.post("/api/tournaments/{tid}/ops")
    async def ops(tid: str, body: OpBody, request: Request) -> JSONResponse:
        lang = _lang(request)
        try:
            if body.kind in ("table_room", "created"):
                raise TournamentError("forbidden", "only the server may do this")
            desk, role = await desk_and_role(tid, request)
            if role is None:
                raise TournamentError("forbidden", "this link may not do this")
            op = await hall().do(desk, body.kind, body.data, role)
        except TournamentError as exc:
            return _refusal(exc, lang)
        return JSONResponse({"ok": True, "seq": op.seq})

    @router.post("/api/tournaments/{tid}/import")
    async def import_csv(tid: str, body: CsvBody, request: Request) -> JSONResponse:
        lang = _lang(request)
        try:
            desk = await chief_desk(tid, request)
            async with hall().lock:
                added = desk.import_csv(body.csv)
        except TournamentError as exc:
            return _refusal(exc, lang)
        return JSONResponse({"added": added})

    @router.post("/api/tournaments/{tid}/next-round")
    async def next_round(tid: str, body: NextRound, request: Request) -> JSONResponse:
        lang = _lang(request)
        try:
            desk = await chief_desk(tid, request)
            async with hall().lock:
                number = desk.seat_next_round(final=body.final)
        except TournamentError as exc:
            return _refusal(exc, lang)
        return JSONResponse({"round": number})

    @router.post("/api/tournaments/{tid}/sheet")
    async def sheet(tid: str, body: SheetBody, request: Request) -> JSONResponse:
        lang = _lang(request)
        try:
            desk, role = await desk_and_role(tid, request)
            if role is None or role.startswith("player:"):
                raise TournamentError("forbidden", "this link may not do this")
            orders: dict[int, int] = {}
            for key, value in body.bankrupt_order.items():
                if not key.lstrip("-").isdigit():
                    raise TournamentError("invalid", "bad player number {value}",
                                          value=repr(key))
                orders[int(key)] = value
            async with hall().lock:
                op = desk.sheet(body.round, body.table, body.holdings, role,
                                correct_reason=body.reason, bankrupt_order=orders)
        except TournamentError as exc:
            return _refusal(exc, lang)
        return JSONResponse({"ok": True, "seq": op.seq})

    # --- the pages

    @router.get("/tournament/new", include_in_schema=False)
    async def new_page(request: Request) -> HTMLResponse:
        from monopoly.web.tournament_pages import render_new

        return HTMLResponse(render_new(_lang(request)))

    @router.get("/tournament/{tid}", include_in_schema=False)
    async def page(tid: str, request: Request) -> HTMLResponse:
        from monopoly.web.tournament_pages import render_page

        try:
            desk, role = await desk_and_role(tid, request)
        except TournamentError as exc:
            return HTMLResponse(translation(_lang(request)).error(exc), exc.status)
        lang = _lang(request, desk.tournament.settings.language)
        return HTMLResponse(render_page(role, tid=tid, token=request.query_params.get("token")
                                        if role else None, lang=lang,
                                        name=desk.tournament.settings.name))

    @router.get("/tournament/{tid}/table/{number}", include_in_schema=False)
    async def table_page(tid: str, number: int, request: Request) -> RedirectResponse:
        return RedirectResponse(f"/tournament/{tid}?table={number}")

    @router.get("/tournament/{tid}/projector", include_in_schema=False)
    async def projector(tid: str, request: Request) -> HTMLResponse:
        from monopoly.web.tournament_pages import render_projector

        try:
            desk = await hall().desk(tid)
        except TournamentError as exc:
            return HTMLResponse(translation(_lang(request)).error(exc), exc.status)
        lang = _lang(request, desk.tournament.settings.language)
        return HTMLResponse(render_projector(tid=tid, lang=lang,
                                             name=desk.tournament.settings.name))

    @router.get("/tournament/{tid}/print/{what}", include_in_schema=False)
    async def printout(tid: str, what: str, request: Request) -> Response:
        from monopoly.web.tournament_pages import render_print

        try:
            desk, role = await desk_and_role(tid, request)
            if what == "links" and role != "chief":
                raise TournamentError("forbidden", "only the chief referee may do this")
            lang = _lang(request, desk.tournament.settings.language)
            data = status_json(desk, role, base_url=base(request))
            html = render_print(what, data, lang=lang, base_url=base(request))
            if request.query_params.get("format") == "pdf":
                from monopoly.web.tournament_pages import render_pdf

                try:
                    pdf = await asyncio.to_thread(render_pdf, html)
                except RuntimeError as exc:
                    return HTMLResponse(str(exc), 501)
                return Response(pdf, media_type="application/pdf", headers={
                    "Content-Disposition": f'inline; filename="{tid}-{what}.pdf"'})
            return HTMLResponse(html)
        except TournamentError as exc:
            return HTMLResponse(translation(_lang(request)).error(exc), exc.status)
        except ValueError:
            return HTMLResponse(translation(_lang(request)).error(TournamentError(
                "not_found", "no printout {name}", name=what)), 404)

    return router
