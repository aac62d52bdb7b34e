// The operator's class view: learners x steps, live from the event stream, paged so a class of
// thousands keeps only one page of rows in the DOM.

import {
  api, clockTime, excerptPre, fullTime, h, loginFlow, richText, STATE_RANK, STATE_SYMBOL, streamEvents,
  Unauthorized,
} from "./common.js";

// One page of rows in the DOM: 50 rows x ~12 steps is ~600 buttons, cheap to rebuild on every
// update and small enough to scan; the rest of the class lives only in `model`.
const PAGE_SIZE = 50;
// Node status (connected, lag) is not in the event stream; it changes on the daemon's heartbeat.
const NODE_POLL_MS = 5000;
// "Stuck for more than N minutes" changes as time passes, not only on events.
const CLOCK_TICK_MS = 30000;
// Bursts of events (a class all typing the same step) re-render once, not once per event.
const RENDER_COALESCE_MS = 50;

const $ = (id) => document.getElementById(id);

let model = null; // {lab, steps, stepIndex, rows: Map(learner -> row), order: [learner]}
let nodes = new Map();
let page = 0;
let filtered = [];
let clockSkew = 0; // server time - browser time, seconds
let running = null; // AbortController for the stream and timers of the current lab
let renderTimer = null;
let lastFocus = null;

function now() {
  return Date.now() / 1000 + clockSkew;
}

function stop() {
  if (running) running.abort();
  running = null;
  closeEvidence();
}

// ---------------------------------------------------------------- model

function loadModel(grid) {
  const steps = grid.lab.steps;
  const stepIndex = new Map(steps.map((s, i) => [s.id, i]));
  const rows = new Map();
  for (const r of grid.rows) rows.set(r.learner, r);
  // seq: events up to it are in the grid (a stream lagging behind a reload must not re-apply an
  // old `verified` over a downgrade); downgrades: the server's counter the grid reflects.
  model = {
    lab: grid.lab, steps, stepIndex, rows, order: [...rows.keys()].sort(), seq: grid.seq,
    downgrades: grid.downgrades,
  };
  nodes = new Map(grid.nodes.map((n) => [n.id, n]));
  clockSkew = grid.now - Date.now() / 1000;
}

/** The store's rule: state only moves up; a new attempt refreshes an attempted step's time. */
function applyEvent(ev) {
  if (!model || ev.lab !== model.lab.id || ev.seq <= model.seq) return;
  const i = model.stepIndex.get(ev.step);
  if (i === undefined) return;
  let row = model.rows.get(ev.learner);
  if (!row) {
    row = { learner: ev.learner, node: null, cells: model.steps.map(() => null) };
    model.rows.set(ev.learner, row);
    model.order.push(ev.learner);
    model.order.sort();
  }
  const cur = row.cells[i];
  const rank = STATE_RANK[ev.state] ?? 0;
  if (!cur || rank > STATE_RANK[cur[0]] || (ev.state === "attempted" && cur[0] === "attempted")) {
    row.cells[i] = [ev.state, ev.at];
    scheduleRender();
  }
}

/** Where a learner is: the first step not verified, and since when (their last verified step,
 * or their first activity if none is verified). null when finished or never started. */
function position(row) {
  const current = row.cells.findIndex((c) => !c || c[0] !== "verified");
  if (current < 0) return null;
  const verified = row.cells.filter((c) => c && c[0] === "verified").map((c) => c[1]);
  const any = row.cells.filter((c) => c).map((c) => c[1]);
  if (!any.length) return null;
  const since = verified.length ? Math.max(...verified) : Math.min(...any);
  return { current, since };
}

function matches(row) {
  const q = $("search").value.trim().toLowerCase();
  if (q && !row.learner.toLowerCase().includes(q)) return false;
  const state = $("state").value;
  if (state === "all") return true;
  if (state === "done") return row.cells.every((c) => c && c[0] === "verified");
  if (state === "idle") return row.cells.every((c) => !c);
  if (state === "attempted") return row.cells.some((c) => c && c[0] === "attempted");
  if (state === "stuck") {
    const pos = position(row);
    if (!pos) return false;
    const step = $("stuck-step").value;
    if (step !== "" && Number(step) !== pos.current) return false;
    const minutes = Math.max(0, Number($("stuck-min").value) || 0);
    return now() - pos.since > minutes * 60;
  }
  return true;
}

// ---------------------------------------------------------------- rendering

function scheduleRender() {
  if (renderTimer === null) {
    renderTimer = setTimeout(() => {
      renderTimer = null;
      render();
    }, RENDER_COALESCE_MS);
  }
}

function renderHead() {
  const head = $("grid-head");
  head.replaceChildren(
    h("th", { scope: "col", text: "Learner" }),
    h("th", { scope: "col", text: "Node" }),
    ...model.steps.map((s) => h("th", { scope: "col", class: "step", title: s.title },
      h("span", { text: `${s.n}. ` }), h("span", { text: s.title }))),
  );
  const select = $("stuck-step");
  select.replaceChildren(h("option", { value: "", text: "any step" }),
    ...model.steps.map((s, i) => h("option", { value: String(i), text: `${s.n}. ${s.title}` })));
}

function nodeCell(row) {
  const n = row.node ? nodes.get(row.node) : null;
  if (!n) return h("td", { class: "muted", text: row.node || "—" });
  const lag = n.lag_s === null || n.lag_s === undefined ? "" : ` · lag ${n.lag_s.toFixed(1)} s`;
  const label = n.connected ? `● ${n.id}${lag}` : `○ ${n.id} offline`;
  const since = n.held_since ? ` since ${new Date(n.held_since * 1000).toLocaleTimeString()}` : "";
  const held = n.holder ? `; graded by ${n.holder}${since}` : "; no grader holds it";
  return h("td", {
    class: n.connected ? "node-ok" : "node-down",
    title: (n.error ? `${n.id}: ${n.error}` : `${n.id}: ${n.connected ? "connected" : "not connected"}`) + held,
    "data-node": n.id,
    "data-holder": n.holder || "",
    "data-connected": String(n.connected),
    text: label,
  });
}

function cellButton(row, i) {
  const step = model.steps[i];
  const c = row.cells[i];
  const state = c ? c[0] : "pending";
  const at = c ? c[1] : null;
  const when = at ? ` at ${fullTime(at)}` : "";
  const label = `${row.learner}, step ${step.n} ${step.title}: ${state}${when}`;
  return h("button", {
    type: "button",
    class: `state-${state}`,
    "data-key": `${row.learner}\u0000${i}`,
    "data-learner": row.learner,
    "data-step": step.id,
    "data-col": String(i),
    "data-state": state,
    "aria-label": label,
    title: label,
    text: `${STATE_SYMBOL[state]} ${at ? clockTime(at) : ""}`.trim(),
  });
}

function renderRow(row) {
  return h("tr", { "data-learner": row.learner },
    h("th", { scope: "row", text: row.learner }),
    nodeCell(row),
    ...model.steps.map((_, i) => h("td", { class: "cell" }, cellButton(row, i))));
}

function render() {
  if (!model) return;
  const active = document.activeElement;
  const focusKey = active && active.closest && active.closest("#grid-body") ? active.dataset.key : null;
  filtered = model.order.filter((name) => matches(model.rows.get(name)));
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  page = Math.min(page, pages - 1);
  const slice = filtered.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  $("grid-body").replaceChildren(...slice.map((name) => renderRow(model.rows.get(name))));
  const first = filtered.length ? page * PAGE_SIZE + 1 : 0;
  $("page-info").textContent =
    `Rows ${first}–${page * PAGE_SIZE + slice.length} of ${filtered.length} (page ${page + 1} of ${pages})`;
  $("prev").disabled = page === 0;
  $("next").disabled = page >= pages - 1;
  const done = model.order.filter((n) => model.rows.get(n).cells.every((c) => c && c[0] === "verified")).length;
  $("summary").textContent =
    `${filtered.length} of ${model.order.length} learners shown · ${done} finished the lab`;
  if (focusKey) {
    const again = [...$("grid-body").querySelectorAll("button[data-key]")].find((b) => b.dataset.key === focusKey);
    if (again) again.focus();
  }
}

// ---------------------------------------------------------------- evidence panel

function dl(pairs) {
  return h("dl", {}, ...pairs.filter(([, v]) => v !== null && v !== undefined && v !== "")
    .flatMap(([k, v]) => [h("dt", { text: k }), h("dd", {}, v)]));
}

function evidenceBody(learner, step) {
  const ev = step.evidence;
  const parts = [
    dl([
      ["Learner", learner],
      ["State", h("span", { class: `badge state-${step.state}`, text: `${STATE_SYMBOL[step.state]} ${step.state}` })],
      ["Time", step.at ? fullTime(step.at) : ""],
      ["Command", ev ? h("code", { class: "mono", text: ev.line }) : ""],
      ["Exit code", ev && ev.exit !== null && ev.exit !== undefined ? String(ev.exit) : (ev ? "unknown" : "")],
      ["Pipe statuses", ev && ev.pipestatus.length > 1 ? ev.pipestatus.join(" | ") : ""],
      ["Directory", ev ? ev.cwd : ""],
      ["Numbers", ev && ev.values && ev.values.length
        ? h("ul", { class: "values" }, ...ev.values.map((v) => h("li", { class: "mono", text: v }))) : ""],
      ["Attempts", step.attempts ? String(step.attempts) : ""],
    ]),
  ];
  if (step.state === "attempted") {
    parts.push(h("h3", { text: "Why it is not verified" }), h("p", { class: "reason", text: step.reason || "(no reason recorded)" }));
    parts.push(h("h3", { text: "Hint the learner saw" }));
    parts.push(step.hints_seen.length
      ? h("ol", { class: "hints" }, ...step.hints_seen.map((t) => h("li", {}, richText(t))))
      : h("p", { class: "muted", text: "No hint shown yet." }));
  }
  if (ev) {
    parts.push(h("h3", { text: "Output (matched part marked)" }), excerptPre(step.excerpt));
  } else if (step.state === "pending") {
    parts.push(h("p", { class: "muted", text: "Nothing yet: no command of this learner matched this step." }));
  }
  return parts;
}

async function openEvidence(learner, stepId, opener) {
  lastFocus = opener || document.activeElement;
  const box = $("evidence");
  const step = model.steps[model.stepIndex.get(stepId)];
  $("ev-title").textContent = `${learner} · step ${step.n}: ${step.title}`;
  $("ev-body").replaceChildren(h("p", { class: "muted", text: "Loading…" }));
  box.hidden = false;
  $("evidence-panel").focus();
  try {
    const data = await api(`/api/dashboard/checklist/${encodeURIComponent(learner)}?lab=${encodeURIComponent(model.lab.id)}`);
    const found = data.steps.find((s) => s.id === stepId);
    $("ev-body").replaceChildren(...evidenceBody(learner, found));
  } catch (err) {
    $("ev-body").replaceChildren(h("p", { class: "error", text: `Could not load the evidence: ${err.message}` }));
  }
}

function closeEvidence() {
  const box = $("evidence");
  if (box.hidden) return;
  box.hidden = true;
  if (lastFocus && document.contains(lastFocus)) lastFocus.focus();
  else if (lastFocus && lastFocus.dataset && lastFocus.dataset.key) {
    const again = [...document.querySelectorAll("#grid-body button[data-key]")].find((b) => b.dataset.key === lastFocus.dataset.key);
    if (again) again.focus();
  }
  lastFocus = null;
}

// ---------------------------------------------------------------- keyboard

function moveFocus(button, key) {
  const td = button.closest("td");
  const tr = td.parentElement;
  const col = Number(button.dataset.col);
  let target = null;
  if (key === "ArrowRight") target = td.nextElementSibling;
  else if (key === "ArrowLeft") target = td.previousElementSibling;
  else if (key === "ArrowDown" || key === "ArrowUp") {
    const other = key === "ArrowDown" ? tr.nextElementSibling : tr.previousElementSibling;
    target = other ? other.querySelector(`button[data-col="${col}"]`) : null;
  } else if (key === "Home") target = tr.querySelector("button[data-col]");
  else if (key === "End") target = [...tr.querySelectorAll("button[data-col]")].pop();
  const next = target && (target.matches("button") ? target : target.querySelector("button"));
  if (next) next.focus();
  return Boolean(next);
}

// ---------------------------------------------------------------- wiring

async function pollNodes(signal) {
  while (!signal.aborted) {
    await new Promise((r) => setTimeout(r, NODE_POLL_MS));
    if (signal.aborted) return;
    try {
      const { downgrades } = await api("/api/dashboard/downgrades");
      if (model && downgrades !== model.downgrades) await reloadGrid(model.lab.id);
      const list = await api("/api/nodes");
      nodes = new Map(list.map((n) => [n.id, n]));
      for (const n of list) for (const name of n.learners) {
        const row = model && model.rows.get(name);
        if (row) row.node = n.id;
      }
      scheduleRender();
    } catch (_) {
      /* the stream's state line already says when the grader is unreachable */
    }
  }
}

/** A regrade lowered stored progress (no event says so): take the grid again, keep the page. */
async function reloadGrid(labId) {
  const grid = await api(`/api/dashboard/grid?lab=${encodeURIComponent(labId)}`);
  if (!model || model.lab.id !== labId) return;
  loadModel(grid);
  scheduleRender();
}

async function loadLab(labId, showLogin) {
  stop();
  running = new AbortController();
  const signal = running.signal;
  const grid = await api(`/api/dashboard/grid?lab=${encodeURIComponent(labId)}`);
  loadModel(grid);
  page = 0;
  renderHead();
  render();
  streamEvents({
    after: grid.seq,
    signal,
    onEvent: applyEvent,
    onState: (s) => {
      $("stream").textContent = { live: "● live", reconnecting: "○ reconnecting…", unauthorized: "token rejected" }[s];
      $("stream").dataset.state = s;
      if (s === "unauthorized") showLogin("That token was not accepted (401 Unauthorized). Sign in again.");
    },
  });
  pollNodes(signal);
  const tick = setInterval(() => { if ($("state").value === "stuck") scheduleRender(); }, CLOCK_TICK_MS);
  signal.addEventListener("abort", () => clearInterval(tick));
}

async function start(who, showLogin) {
  $("who").textContent = who.operator ? "operator" : `learner ${who.learner}`;
  const wrong = $("wrong-token");
  if (!who.operator) {
    wrong.hidden = false;
    wrong.replaceChildren(`This token belongs to learner ${who.learner}; the class view needs an operator token. `,
      h("a", { href: "/dashboard/learner", text: "Open your own page" }), ".");
    return;
  }
  wrong.hidden = true;
  const select = $("lab");
  select.replaceChildren(...who.labs.map((l) => h("option", { value: l.id, text: l.title })));
  select.onchange = () => loadLab(select.value, showLogin).catch((e) => failed(e, showLogin));
  if (who.labs.length) await loadLab(who.labs[0].id, showLogin);
}

function failed(err, showLogin) {
  if (err instanceof Unauthorized) showLogin("That token was not accepted (401 Unauthorized). Sign in again.");
  else $("stream").textContent = `error: ${err.message}`;
}

function init() {
  for (const id of ["state", "stuck-step", "stuck-min", "search"]) {
    $(id).addEventListener("input", () => { page = 0; render(); });
  }
  $("prev").addEventListener("click", () => { page = Math.max(0, page - 1); render(); });
  $("next").addEventListener("click", () => { page += 1; render(); });
  const body = $("grid-body");
  body.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-step]");
    if (b) openEvidence(b.dataset.learner, b.dataset.step, b);
  });
  body.addEventListener("keydown", (e) => {
    const b = e.target.closest("button[data-step]");
    if (b && moveFocus(b, e.key)) e.preventDefault();
  });
  $("ev-close").addEventListener("click", closeEvidence);
  $("evidence-backdrop").addEventListener("click", closeEvidence);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") closeEvidence();
  });
  loginFlow({
    check: () => api("/api/dashboard/whoami"),
    start,
    stop: () => { stop(); model = null; $("grid-body").replaceChildren(); },
  });
}

init();
