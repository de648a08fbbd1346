// A game's page: the replay (steps, slider, autoplay, every log line a link to its move,
// #move-N addresses, keys while the replay has focus), the board opened full size, older
// chapters of the log loaded when wanted, and a running game brought up to date by a light
// poll (a finished one asks nothing more).
//
// A step shows its move at once (the label, the slider, the log, the status, the scores);
// its board is asked for only once the reader stops stepping, and a board asked for and then
// passed by is cancelled, so holding a key down asks for one board, not one per step.
"use strict";
(function () {
  let main = document.getElementById("game");
  if (!main) return;
  const chapterSize = Number(main.dataset.chapterSize) || 10;
  //: Milliseconds without a step before the board is asked for.
  const SETTLE = 250;
  let shown = Number(main.dataset.moves); // the move the replay shows (its label, its log)
  let drawn = shown;                      // the move whose board is on screen
  let settling = null;                    // the timer that asks for the board once steps stop
  let fetching = null;                    // the AbortController of the board being fetched
  let playing = null;                     // the autoplay's timer, while it plays

  const $ = (selector) => main.querySelector(selector);
  const last = () => Number(main.dataset.moves);
  const chapterOf = (n) => Math.floor(n / chapterSize);
  const entry = (n) => main.querySelector(`li[data-move="${n}"]`);
  const loaded = (c) => main.querySelector(`.chapter[data-chapter="${c}"]`) !== null;
  const boardUrl = (n) => main.dataset.board.replace("{n}", n);
  const online = () => Boolean(main.dataset.log);

  // -- the log's chapters: each asked for once, however many steps want it at once ---------
  const loading = new Map();
  function load(c) {
    if (!online() || loaded(c)) return Promise.resolve();
    if (!loading.has(c)) {
      loading.set(c, (async () => {
        const answer = await fetch(main.dataset.log.replace("{c}", c));
        if (!answer.ok || loaded(c)) return;
        $("#log").insertAdjacentHTML("beforeend", await answer.text());
        localTimes($("#log"));
        const older = $("#older");
        if (older && c > 0) older.dataset.chapter = String(c - 1);
        else if (older) older.remove();
      })().catch(() => {}).finally(() => loading.delete(c)));
    }
    return loading.get(c);
  }

  // Chapters are loaded newest first, down to the one holding move n, so the log stays in order.
  async function reach(n) {
    for (;;) {
      const older = $("#older");
      if (!older || Number(older.dataset.chapter) < chapterOf(n)) return;
      const c = Number(older.dataset.chapter);
      await load(c);
      if (!loaded(c)) return; // not to be had now: the step shows what there is
    }
  }

  function localTimes(root) {
    for (const time of root.querySelectorAll("time[datetime]")) {
      time.textContent = new Date(time.getAttribute("datetime")).toLocaleString(document.documentElement.lang,
        { dateStyle: "medium", timeStyle: "short" });
    }
  }

  // -- what a move shows besides its board -----------------------------------------------
  function showFigures(item) {
    const table = $("#scores");
    if (!table || !item || !item.dataset.figures) return;
    const figures = JSON.parse(item.dataset.figures);
    $("#scores-label").textContent = figures.label;
    table.querySelectorAll("tbody tr").forEach((row, seat) => {
      const [name, amount] = figures.rows[seat] || ["", ""];
      row.querySelector("bdi").textContent = name;
      row.querySelector("td").textContent = amount;
    });
  }

  function showText(n) {
    const item = entry(n);
    const status = $("#status");
    if (n === last()) {
      status.innerHTML = main.dataset.statusHtml;
      showFigures({ dataset: { figures: main.dataset.figures } });
    } else if (item) {
      status.textContent = item.dataset.status;
      showFigures(item);
    }
    const result = $("#result");
    if (result) result.hidden = n !== last();
    $("#move").value = String(n);
    $("#shown").textContent = main.dataset.moveLabel.replace("{move}", n).replace("{count}", last());
    for (const li of main.querySelectorAll("li[data-move]")) {
      li.hidden = Number(li.dataset.move) > n;
      li.classList.toggle("shown", Number(li.dataset.move) === n);
    }
    for (const period of main.querySelectorAll(".period")) period.hidden = Number(period.dataset.first) > n;
  }

  // -- the board: asked for once the steps stop, the one before it cancelled ----------------
  function cancel() {
    clearTimeout(settling);
    if (fetching) fetching.abort();
    fetching = null;
  }

  function busy(on, n) {
    $("#frame").classList.toggle("busy", on);
    if (on) $("#board").setAttribute("aria-busy", "true");
    else $("#board").removeAttribute("aria-busy");
    $("#loading").textContent = on ? main.dataset.loadingLabel.replace("{move}", n) : "";
  }

  async function drawBoard(n) {
    const controller = new AbortController();
    fetching = controller;
    try {
      // Fetched first, so a board passed by is cancelled; the picture then comes from the
      // browser's cache (a board never changes: it is kept for a day).
      if (online()) await fetch(boardUrl(n), { signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) return;
    }
    if (fetching !== controller || n !== shown) return;
    fetching = null;
    const board = $("#board");
    const item = entry(n);
    if (item && item.dataset.alt) board.alt = item.dataset.alt;
    else if (n === last()) board.alt = main.dataset.boardAlt;
    board.src = boardUrl(n);
    drawn = n;
    try { await board.decode(); } catch (error) { /* shown as it comes */ }
    if (n === shown) busy(false);
  }

  // Show move n: its text at once, its board once the reader stops (``now``: at once).
  async function go(n, now = false) {
    n = Math.max(0, Math.min(last(), n));
    shown = n;
    cancel();
    if (n !== drawn) busy(true, n);
    await reach(n);
    if (shown !== n) return; // another step was asked for meanwhile
    showText(n);
    if (n === drawn) return busy(false);
    if (now) return drawBoard(n);
    return new Promise((done) => { settling = setTimeout(() => done(drawBoard(n)), SETTLE); });
  }

  // -- autoplay ------------------------------------------------------------------------------
  function stop() {
    clearTimeout(playing);
    playing = null;
    const button = $("#play");
    button.setAttribute("aria-pressed", "false");
    button.textContent = "▶";
    button.setAttribute("aria-label", main.dataset.playLabel);
    button.title = main.dataset.playLabel;
  }

  function play() {
    const button = $("#play");
    button.setAttribute("aria-pressed", "true");
    button.textContent = "❚❚";
    button.setAttribute("aria-label", main.dataset.pauseLabel);
    button.title = main.dataset.pauseLabel;
    if (shown >= last()) go(0, true);
    const tick = async () => {
      if (shown >= last()) return stop();
      await go(shown + 1, true);
      if (playing !== null) playing = setTimeout(tick, Number($("#speed").value));
    };
    playing = setTimeout(tick, Number($("#speed").value));
  }

  // -- the full-size picture: opened at its own pixels, zoomed with two fingers or buttons ----
  const viewer = document.getElementById("viewer");
  const full = document.getElementById("full");
  let zoom = 1; // the picture's width over its own

  function zoomTo(scale) {
    const fit = Math.min(1, viewer.querySelector(".scroll").clientWidth / (full.naturalWidth || 1));
    zoom = Math.max(fit, Math.min(4, scale));
    full.style.width = `${Math.round(full.naturalWidth * zoom)}px`;
  }

  async function openFull(image) {
    full.src = image.currentSrc || image.src;
    full.alt = image.alt;
    viewer.showModal();
    viewer.querySelector(".scroll").focus();
    try { await full.decode(); } catch (error) { /* sized as it comes */ }
    zoomTo(1);
  }

  function bindViewer() {
    let pinch = null; // the two fingers' first distance and the zoom then
    const distance = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX,
                                             touches[0].clientY - touches[1].clientY);
    const scroll = viewer.querySelector(".scroll");
    scroll.addEventListener("touchstart", (e) => {
      if (e.touches.length === 2) pinch = { from: distance(e.touches), zoom };
    }, { passive: true });
    scroll.addEventListener("touchmove", (e) => {
      if (e.touches.length !== 2 || pinch === null) return;
      e.preventDefault(); // the page itself stays as it is: the picture zooms
      zoomTo(pinch.zoom * distance(e.touches) / pinch.from);
    }, { passive: false });
    scroll.addEventListener("touchend", (e) => { if (e.touches.length < 2) pinch = null; });
    for (const button of viewer.querySelectorAll("button[data-zoom]")) {
      button.addEventListener("click", () => zoomTo(button.dataset.zoom === "fit" ? 0 : zoom * Number(button.dataset.zoom)));
    }
    document.getElementById("close").addEventListener("click", () => viewer.close());
  }

  // -- binding (again, when a poll brings the page up to date) ------------------------------
  function bind() {
    main.dataset.statusHtml = $("#status").innerHTML;
    main.dataset.boardAlt = $("#board").alt;
    const newest = entry(last());
    if (newest) main.dataset.figures = newest.dataset.figures || "";
    localTimes(main);
    const steps = { first: () => 0, back: () => shown - 1, forward: () => shown + 1, last: () => last() };
    for (const button of main.querySelectorAll("button[data-go]")) {
      button.addEventListener("click", () => { stop(); go(steps[button.dataset.go]()); });
    }
    $("#play").addEventListener("click", () => (playing === null ? play() : stop()));
    $("#move").addEventListener("input", (e) => { stop(); go(Number(e.target.value)); });
    $("#replay").addEventListener("keydown", (e) => {
      if (e.target.id === "move" || e.target.tagName === "SELECT") return; // they take their own keys
      const keys = { ArrowLeft: () => shown - 1, ArrowRight: () => shown + 1, Home: () => 0, End: () => last() };
      if (keys[e.key]) { e.preventDefault(); stop(); go(keys[e.key]()); }
      else if (e.key === " " && e.target.tagName !== "BUTTON") { e.preventDefault(); $("#play").click(); }
    });
    $("#log").addEventListener("click", (e) => {
      const link = e.target.closest("a.line");
      if (!link) return;
      e.preventDefault();
      const n = Number(link.closest("li").dataset.move);
      history.replaceState(null, "", `#move-${n}`);
      stop();
      go(n, true);
    });
    for (const button of main.querySelectorAll("button.open")) {
      button.addEventListener("click", () => openFull(button.querySelector("img")));
    }
    const older = $("#older");
    if (older) older.addEventListener("click", () => load(Number(older.dataset.chapter)));
  }

  function fromAddress() {
    const found = /^#move-(\d+)$/.exec(location.hash);
    if (found) go(Number(found[1]), true);
  }

  async function poll() {
    const url = main.dataset.versionUrl;
    if (!url) return; // a finished game changes no more
    try {
      const answer = await fetch(url, { cache: "no-store" });
      if (answer.ok && (await answer.text()).trim() !== main.dataset.version) {
        const page = await fetch(location.href, { cache: "no-store" });
        if (page.ok) {
          const atLatest = shown === last();
          const fresh = new DOMParser().parseFromString(await page.text(), "text/html").getElementById("game");
          if (fresh) {
            stop();
            main.replaceWith(document.adoptNode(fresh));
            main = fresh;
            drawn = last();
            bind();
            go(atLatest ? last() : shown, true);
          }
        }
      }
    } catch (error) {
      // Offline for a moment: the next look tries again.
    }
    if (main.dataset.versionUrl) setTimeout(poll, Number(main.dataset.poll) * 1000);
  }

  bindViewer();
  window.addEventListener("hashchange", fromAddress);
  bind();
  fromAddress();
  if (main.dataset.versionUrl) setTimeout(poll, Number(main.dataset.poll) * 1000);
})();
