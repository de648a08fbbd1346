"""A page for every game (issue 27), served by the bot's own process with aiohttp.

- ``links``: the page's address, an HMAC of the game id with a secret the store keeps;
- ``story``: what the page shows, from public views and public lines only (pure);
- ``markup``: the thread's Markdown as HTML;
- ``html``: the page, its log's fragments, the 404 and 429 pages, in the table's language;
- ``build``: a page and a chapter as bytes, in the table's words (run in a thread);
- ``server``: the listener, its caches (boards per move, pages per version) and its limits;
- ``replay``: the offline demo's self-contained ``index.html``.
"""
