// A game's page: the replay control (buttons, slider, arrow keys), older chapters of the
// log loaded when wanted, and the page brought up to date when a move is made (a light poll).
"use strict";
(function () {
  let main = document.getElementById("game");
  if (!main) return;
  let shown = Number(main.dataset.moves);
  const chapterSize = Number(main.dataset.chapterSize) || 10;

  const last = () => Number(main.dataset.moves);
  const chapterOf = (n) => Math.floor(n / chapterSize);
  const entry = (n) => main.querySelector(`li[data-move="${n}"]`);
  const loaded = (c) => main.querySelector(`.chapter[data-chapter="${c}"]`) !== null;

  // Each chapter is asked for once, however many steps want it at the same moment.
  const loading = new Map();
  function load(c) {
    if (!main.dataset.log || loaded(c)) return Promise.resolve();
    if (!loading.has(c)) {
      loading.set(c, (async () => {
        const answer = await fetch(main.dataset.log.replace("{c}", c));
        if (!answer.ok || loaded(c)) return;
        main.querySelector("#log").insertAdjacentHTML("beforeend", await answer.text());
        const older = main.querySelector("#older");
        if (older && c > 0) older.dataset.chapter = String(c - 1);
        else if (older) older.remove();
      })().finally(() => loading.delete(c)));
    }
    return loading.get(c);
  }

  // Chapters are loaded newest first, down to the one holding move n, so the log stays in order.
  async function reach(n) {
    for (;;) {
      const older = main.querySelector("#older");
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

  async function show(n) {
    n = Math.max(0, Math.min(last(), n));
    shown = n;
    await reach(n);
    if (shown !== n) return; // another step was asked for meanwhile
    const item = entry(n);
    const board = main.querySelector("#board");
    board.src = main.dataset.board.replace("{n}", n);
    if (item) board.alt = item.dataset.status;
    const status = main.querySelector("#status");
    if (n === last()) status.innerHTML = main.dataset.statusHtml;
    else if (item) status.textContent = item.dataset.status;
    main.querySelector("#move").value = String(n);
    main.querySelector("#shown").textContent = main.dataset.moveLabel
      .replace("{move}", n).replace("{count}", last());
    for (const li of main.querySelectorAll("li[data-move]")) li.hidden = Number(li.dataset.move) > n;
    for (const period of main.querySelectorAll(".period")) period.hidden = Number(period.dataset.first) > n;
  }

  function bind() {
    main.dataset.statusHtml = main.querySelector("#status").innerHTML;
    localTimes(main);
    const steps = { first: () => 0, back: () => shown - 1, forward: () => shown + 1, last: () => last() };
    for (const button of main.querySelectorAll("button[data-go]")) {
      button.addEventListener("click", () => show(steps[button.dataset.go]()));
    }
    main.querySelector("#move").addEventListener("input", (e) => show(Number(e.target.value)));
    const older = main.querySelector("#older");
    if (older) older.addEventListener("click", () => load(Number(older.dataset.chapter)));
  }

  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
    const keys = { ArrowLeft: () => shown - 1, ArrowRight: () => shown + 1, Home: () => 0, End: () => last() };
    if (keys[e.key] && e.target.id !== "move") { e.preventDefault(); show(keys[e.key]()); }
  });

  async function poll() {
    const url = main.dataset.versionUrl;
    if (!url) return;
    try {
      const answer = await fetch(url, { cache: "no-store" });
      if (answer.ok && (await answer.text()).trim() !== main.dataset.version) {
        const page = await fetch(location.href, { cache: "no-store" });
        if (page.ok) {
          const atLatest = shown === last();
          const fresh = new DOMParser().parseFromString(await page.text(), "text/html").getElementById("game");
          if (fresh) {
            main.replaceWith(document.adoptNode(fresh));
            main = fresh;
            bind();
            show(atLatest ? last() : shown);
          }
        }
      }
    } catch (error) {
      // Offline for a moment: the next look tries again.
    }
    setTimeout(poll, Number(main.dataset.poll) * 1000);
  }

  bind();
  if (main.dataset.versionUrl) setTimeout(poll, Number(main.dataset.poll) * 1000);
})();
