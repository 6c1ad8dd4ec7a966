"""The preview server: a starlette app on 127.0.0.1, a watcher on the game folder, and
one rebuild worker. Saved files are gathered while a rebuild runs (a burst of saves
makes one more rebuild, not one each); every open tab gets the events through its own
queue (server-sent events), and a tab that connects late is sent the whole state."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import traceback
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from pnp.serve.page import body_html, page_html
from pnp.serve.state import Previews

KEEPALIVE = 15.0  # s between comments on an idle event stream
FOLDER_CHECK = 0.2  # s between checks that the game folder is still where it was
IGNORED_SUFFIXES = ("~", ".swp", ".swx", ".tmp", ".part")


class Server:
    def __init__(self, previews: Previews):
        self.previews = previews
        self.boot = format(int(time.time() * 1000) % 10**9, "d")
        self.clients: set[asyncio.Queue] = set()
        self.pending: set[str] | None = set()
        self.wake: asyncio.Event | None = None
        self.stopping: asyncio.Event | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: list[asyncio.Task] = []

    # --- events to the open tabs ---------------------------------------------------------------

    def broadcast(self, event: dict) -> None:
        for queue in list(self.clients):
            queue.put_nowait(event)

    def emit(self, event: dict) -> None:
        """From the rebuild thread: hand the event to the loop."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.broadcast, event)

    # --- rebuilding --------------------------------------------------------------------------

    def request(self, changed: set[str] | None) -> None:
        if changed is None or self.pending is None:
            self.pending = None
        else:
            self.pending |= changed
        self.wake.set()

    async def worker(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            changed, self.pending = self.pending, set()
            self.broadcast({"type": "building", "busy": True})
            try:
                await asyncio.to_thread(self.previews.rebuild, changed, self.emit, self.wake.is_set)
            except Exception:  # a bug must not stop the previews: report it, go on watching
                traceback.print_exc()
            self.broadcast({"type": "building", "busy": self.wake.is_set()})

    async def watcher(self) -> None:
        from watchfiles import awatch

        missing = False
        watched = self.previews.folder
        while not self.stopping.is_set():
            folder = self.previews.folder
            if not folder.is_dir():
                if self.previews.find_folder():
                    missing = False
                elif not missing:
                    missing = True
                    self.request(None)  # shows that the folder is gone
                await asyncio.sleep(FOLDER_CHECK)
                continue
            # a new folder (renamed, recreated): once it is watched, read it all again, so
            # that nothing saved while no watch was on it is missed
            catch_up = folder != watched or missing
            if missing:  # the folder is back (recreated, or moved back)
                missing = False
                self.previews.inode = folder.stat().st_ino
            watched = folder
            stop = asyncio.Event()
            monitor = asyncio.create_task(self._monitor(folder, stop))
            try:
                async for changes in awatch(folder, stop_event=stop, step=20, debounce=300, rust_timeout=100,
                                            yield_on_timeout=True, ignore_permission_denied=True):
                    if catch_up:
                        catch_up = False
                        self.request(None)
                    names = {self.previews.relative(p) for _, p in changes if not p.endswith(IGNORED_SUFFIXES)}
                    names.discard(None)
                    if names:
                        self.request(names)
            except (FileNotFoundError, RuntimeError, OSError):
                await asyncio.sleep(FOLDER_CHECK)
            finally:
                monitor.cancel()

    async def _monitor(self, folder: Path, stop: asyncio.Event) -> None:
        while not self.stopping.is_set() and folder.is_dir():
            await asyncio.sleep(FOLDER_CHECK)
        stop.set()

    async def startup(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.wake, self.stopping = asyncio.Event(), asyncio.Event()
        self.pending = None
        self.wake.set()
        self.tasks = [asyncio.create_task(self.worker()), asyncio.create_task(self.watcher())]

    def closing(self) -> None:
        """The server is asked to stop (from its signal handler): end every event stream."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._close)

    def _close(self) -> None:
        if self.stopping is not None:
            self.stopping.set()
        self.broadcast({"type": "bye"})

    async def shutdown(self) -> None:
        self.stopping.set()
        self.broadcast({"type": "bye"})
        for task in self.tasks:
            task.cancel()

    # --- routes ----------------------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        return HTMLResponse(page_html(self.previews, self.boot))

    async def body(self, request: Request) -> Response:
        return HTMLResponse(body_html(self.previews, self.boot))

    async def state(self, request: Request) -> Response:
        return JSONResponse(self.previews.snapshot())

    async def svg(self, request: Request) -> Response:
        entry = self.previews.entries.get(request.path_params["key"])
        n = request.path_params["n"]
        if entry is None or not 0 <= n < len(entry.pages):
            return Response("no such preview", status_code=404)
        return Response(entry.pages[n], media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})

    async def pdf(self, request: Request) -> Response:
        from pnp.pdf import PdfPart, assemble

        entry = self.previews.entries.get(request.path_params["key"])
        i = request.path_params["i"]
        if entry is None or not 0 <= i < len(entry.documents):
            return Response("no such document", status_code=404)
        doc = entry.documents[i]
        data = await asyncio.to_thread(assemble, [PdfPart(doc.title, doc.pages, doc.trim_inset, doc.bleed)],
                                       f"{self.previews.title}: {doc.title}")
        return Response(data, media_type="application/pdf",
                        headers={"Content-Disposition": f'inline; filename="{doc.filename}"'})

    async def events(self, request: Request) -> Response:
        queue: asyncio.Queue = asyncio.Queue()
        self.clients.add(queue)
        queue.put_nowait({"type": "hello", "boot": self.boot, **self.previews.snapshot()})

        async def stream():
            try:
                while not self.stopping.is_set():
                    try:
                        event = await asyncio.wait_for(queue.get(), KEEPALIVE)
                    except asyncio.TimeoutError:
                        yield ": keepalive\n\n"
                        continue
                    if event["type"] == "bye":
                        return
                    yield f"data: {json.dumps(event)}\n\n"
            finally:
                self.clients.discard(queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    def app(self) -> Starlette:
        routes = [Route("/", self.index), Route("/body", self.body), Route("/state", self.state),
                  Route("/events", self.events), Route("/svg/{key}/{n:int}", self.svg),
                  Route("/pdf/{key}/{i:int}", self.pdf)]

        @contextlib.asynccontextmanager
        async def lifespan(app):
            await self.startup()
            yield
            await self.shutdown()

        # only pages loaded from this machine by these names may talk to it (no DNS rebinding)
        middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost"])]
        return Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
