// The operator's class view: learners x steps, live from the event stream, paged so a class of
// thousands keeps only one page of rows in the DOM.

import {
  api, clockTime, currentStep, excerptPre, fullTime, getToken, h, loginFlow, plainText, richText, seconds,
  STATE_RANK, STATE_SYMBOL, streamEvents, Unauthorized,
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
// Announcements are not in the event stream; the list beside the form is read this often.
const ANNOUNCE_POLL_MS = 15000;
// A cell's time is the grader's; the node's is added to its label when the two are this far
// apart: a node lags or its clock is off, either worth an operator's glance.
const NODE_CLOCK_NOTE_S = 60;
// The filters, sort and page kept in the URL's fragment (never sent to the server, never logged).
const URL_KEYS = ["lab", "show", "step", "min", "q", "sort", "dir", "page"];

const $ = (id) => document.getElementById(id);

// {lab, steps, stepIndex, rows: Map(learner -> row), order: [learner]}; a row's cells are
// null (pending) or [state, at, reason, node_at], from the grid or an event. Times are epoch
// seconds: `at` on the grader's clock (when it recorded the state, the clock `now()` reads, so
// "stuck for N minutes" does not move with a node's clock; for a row from before migration 0005
// the server sends the node's time as `at`), `node_at` what the learner's node said.
let model = null;
let nodes = new Map();
let page = 0;
let filtered = [];
let clockSkew = 0; // server time - browser time, seconds
let running = null; // AbortController for the stream and timers of the current lab
let renderTimer = null;
let lastFocus = null;
let who = null; // whoami: role decides which actions the page offers
let sort = { key: "learner", dir: 1 }; // key: learner | score | node | step:<id>
let restoring = null; // the URL's filters, applied once the lab they name is loaded

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
  for (const r of grid.rows) {
    const cells = r.cells.map((c) => (c ? [c.state, seconds(c.at), c.reason, seconds(c.node_at)] : null));
    rows.set(r.learner, { learner: r.learner, node: r.node, cells });
  }
  // seq: events up to it are in the grid (a stream lagging behind a reload must not re-apply an
  // old `verified` over a downgrade); downgrades: the server's counter the grid reflects.
  model = {
    lab: grid.lab, steps, stepIndex, rows, order: [...rows.keys()].sort(), seq: grid.seq,
    downgrades: grid.downgrades,
  };
  nodes = new Map(grid.nodes.map((n) => [n.id, n]));
  clockSkew = seconds(grid.now) - Date.now() / 1000;
}

/** The store's rule: state only moves up; a new attempt refreshes an attempted step's time. */
function applyEvent(ev) {
  if (!model || ev.lab !== model.lab.id || ev.seq <= model.seq) return;
  if (ev.state === "reset") { // an operator reset this learner's lab: every step is pending again
    const row = model.rows.get(ev.learner);
    if (row) row.cells = model.steps.map(() => null);
    scheduleRender();
    return;
  }
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
  if (!(ev.state in STATE_RANK)) return; // "downgraded": the poll of downgrades reloads the grid
  if (!cur || rank > STATE_RANK[cur[0]] || (ev.state === "attempted" && cur[0] === "attempted")) {
    row.cells[i] = [ev.state, seconds(ev.at), ev.state === "attempted" ? ev.reason || "" : "", seconds(ev.node_at)];
    scheduleRender();
  }
}

/** Where a learner is (currentStep: a question they skipped is not where they are), and since
 * when on the grader's clock (their last verified step, or their first activity if none is
 * verified), to compare with now(). null when finished or never started. */
function position(row) {
  const current = currentStep(row.cells.map((c, i) => [model.steps[i].type, c ? c[0] : null]));
  if (current === null) return null;
  const verified = row.cells.filter((c) => c && c[0] === "verified").map((c) => c[1]);
  const any = row.cells.filter((c) => c).map((c) => c[1]);
  if (!any.length) return null;
  const since = verified.length ? Math.max(...verified) : Math.min(...any);
  return { current, since };
}

function score(row) {
  return row.cells.reduce((sum, c, i) => sum + (c && c[0] === "verified" ? model.steps[i].points || 0 : 0), 0);
}

function totalPoints() {
  return model.steps.reduce((sum, s) => sum + (s.points || 0), 0);
}

/** The comparator for the chosen column; ties go by learner name, so the order is stable. */
function comparator() {
  const byName = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  let key;
  if (sort.key === "score") key = (row) => score(row);
  else if (sort.key === "node") key = (row) => row.node || "";
  else if (sort.key.startsWith("step:")) {
    const i = model.stepIndex.get(sort.key.slice(5));
    // verified above attempted above pending; within a state, the earlier one first
    key = (row) => {
      const c = i === undefined ? null : row.cells[i];
      return c ? STATE_RANK[c[0]] * 1e12 - (c[1] || 0) : -1;
    };
  }
  return (a, b) => {
    if (key) {
      const ka = key(model.rows.get(a));
      const kb = key(model.rows.get(b));
      if (ka !== kb) return (ka < kb ? -1 : 1) * sort.dir;
      return byName(a, b);
    }
    return byName(a, b) * sort.dir;
  };
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

function sortButton(key, label, ...children) {
  return h("button", { type: "button", class: "sort", "data-sort": key, "aria-label": `Sort by ${label}` }, ...children);
}

function renderHead() {
  const head = $("grid-head");
  head.replaceChildren(
    h("th", { scope: "col", class: "learner", "data-sort": "learner" }, sortButton("learner", "learner", "Learner")),
    h("th", { scope: "col", "data-sort": "score" }, sortButton("score", "score", "Score")),
    h("th", { scope: "col", "data-sort": "node" }, sortButton("node", "node", "Node")),
    ...model.steps.map((s) => h("th", { scope: "col", class: "step", title: s.title, "data-sort": `step:${s.id}` },
      sortButton(`step:${s.id}`, `step ${s.n}, ${s.title}`, h("span", { text: `${s.n}. ` }), h("span", { text: s.title })))),
  );
  const select = $("stuck-step");
  select.replaceChildren(h("option", { value: "", text: "any step" }),
    ...model.steps.map((s, i) => h("option", { value: String(i), text: `${s.n}. ${s.title}` })));
}

function markSort() {
  for (const th of $("grid-head").querySelectorAll("th[data-sort]")) {
    if (th.dataset.sort === sort.key) th.setAttribute("aria-sort", sort.dir > 0 ? "ascending" : "descending");
    else th.removeAttribute("aria-sort");
  }
}

/** The count row: per step, how many of the learners shown verified it, tried it, have not
 * touched it, and how many are there now (their first unfinished step). */
function renderCounts(names) {
  const rows = names.map((n) => model.rows.get(n));
  const here = model.steps.map(() => 0);
  for (const row of rows) {
    const pos = position(row);
    if (pos) here[pos.current] += 1;
  }
  const total = totalPoints();
  const mean = rows.length ? rows.reduce((s, r) => s + score(r), 0) / rows.length : 0;
  const cells = model.steps.map((s, i) => {
    const count = { verified: 0, attempted: 0, pending: 0 };
    for (const row of rows) count[row.cells[i] ? row.cells[i][0] : "pending"] += 1;
    const bar = h("span", { class: "bar", "aria-hidden": "true" },
      ...["verified", "attempted", "pending"].map((k) => {
        const part = h("span", { class: `state-${k}` });
        part.style.width = rows.length ? `${(100 * count[k]) / rows.length}%` : "0";
        return part;
      }));
    const label = `step ${s.n}: ${count.verified} verified, ${count.attempted} attempted, ${count.pending} pending; ${here[i]} here now`;
    return h("td", {
      class: "count", "data-step": s.id, "data-verified": String(count.verified),
      "data-attempted": String(count.attempted), "data-pending": String(count.pending), "data-here": String(here[i]),
      title: label, "aria-label": label,
    }, bar, h("span", { class: "nums", text: `✓${count.verified} ✗${count.attempted} ·${count.pending}` }),
    h("span", { class: "here", text: `here ${here[i]}` }));
  });
  $("grid-counts").replaceChildren(
    h("th", { scope: "row", class: "learner", text: `${rows.length} shown` }),
    h("td", { class: "count", title: "mean score of the learners shown", text: `⌀ ${mean.toFixed(1)}/${total}` }),
    h("td", {}),
    ...cells,
  );
}

function nodeCell(row) {
  const n = row.node ? nodes.get(row.node) : null;
  if (!n) return h("td", { class: "muted", text: row.node || "—" });
  const lag = n.lag_s === null || n.lag_s === undefined ? "" : ` · lag ${n.lag_s.toFixed(1)} s`;
  const degraded = n.status === "degraded";
  const label = degraded ? `◐ ${n.id} degraded` : n.connected ? `● ${n.id}${lag}` : `○ ${n.id} offline`;
  const since = n.held_since ? ` since ${fullTime(n.held_since)}` : "";
  const held = n.holder ? `; graded by ${n.holder}${since}` : "; no grader holds it";
  return h("td", {
    class: degraded ? "node-degraded" : n.connected ? "node-ok" : "node-down",
    title: (n.error ? `${n.id}: ${n.error}` : `${n.id}: ${n.connected ? "connected" : "not connected"}`) + held,
    "data-node": n.id,
    "data-holder": n.holder || "",
    "data-connected": String(n.connected),
    "data-status": n.status || "",
    text: label,
  });
}

/** What the learner's node said, where it is a minute or more from when the grader recorded
 * the state (a node clock that is off, or a node the grader read late); "" otherwise. */
function nodeClock(at, nodeAt) {
  if (at === null || nodeAt === null || nodeAt === undefined || Math.abs(at - nodeAt) < NODE_CLOCK_NOTE_S) return "";
  return ` (node's clock: ${fullTime(nodeAt)})`;
}

function cellButton(row, i) {
  const step = model.steps[i];
  const c = row.cells[i];
  const state = c ? c[0] : "pending";
  const at = c ? c[1] : null;
  const when = at ? ` at ${fullTime(at)}${nodeClock(at, c[3])}` : "";
  const reason = c && c[2] ? ` — ${plainText(c[2])}` : "";
  const label = `${row.learner}, step ${step.n} ${step.title}: ${state}${when}${reason}`;
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
  const points = score(row);
  return h("tr", { "data-learner": row.learner },
    h("th", { scope: "row", class: "learner" },
      h("button", { type: "button", class: "learner-name", "data-learner": row.learner,
        "aria-label": `${row.learner}: score, actions`, text: row.learner })),
    h("td", { class: "score", "data-score": String(points), text: `${points}/${totalPoints()}` }),
    nodeCell(row),
    ...model.steps.map((_, i) => h("td", { class: "cell" }, cellButton(row, i))));
}

function render() {
  if (!model) return;
  const active = document.activeElement;
  const focusKey = active && active.closest && active.closest("#grid-body") ? active.dataset.key : null;
  filtered = model.order.filter((name) => matches(model.rows.get(name))).sort(comparator());
  renderCounts(filtered);
  markSort();
  writeUrl();
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

// A question says how many of its answers count: "2 (1 counts)" shows the one used up.
function attemptsText(step) {
  const info = model && model.steps[model.stepIndex.get(step.id)];
  const limit = info && info.type === "question" && info.attempts ? info.attempts : null;
  if (!step.attempts) return limit ? `0 (${limit} count${limit === 1 ? "s" : ""})` : "";
  return limit ? `${step.attempts} (${limit} count${limit === 1 ? "s" : ""})` : String(step.attempts);
}

function evidenceBody(learner, step) {
  const ev = step.evidence;
  const parts = [
    dl([
      ["Learner", learner],
      ["State", h("span", { class: `badge state-${step.state}`, text: `${STATE_SYMBOL[step.state]} ${step.state}` })],
      ["Time", step.at ? fullTime(step.at) + nodeClock(seconds(step.at), seconds(step.node_at)) : ""], // the grader's, as the cell
      ["Command", ev ? h("code", { class: "mono", text: ev.line }) : ""],
      ["Exit code", ev && ev.exit !== null && ev.exit !== undefined ? String(ev.exit) : (ev ? "unknown" : "")],
      ["Pipe statuses", ev && ev.pipestatus.length > 1 ? ev.pipestatus.join(" | ") : ""],
      ["Directory", ev ? ev.cwd : ""],
      ["Numbers", ev && ev.values && ev.values.length
        ? h("ul", { class: "values" }, ...ev.values.map((v) => h("li", { class: "mono", text: v }))) : ""],
      ["Attempts", attemptsText(step)],
    ]),
  ];
  if (step.state === "attempted") {
    parts.push(h("h3", { text: "Why it is not verified" }),
      h("p", { class: "reason" }, step.reason ? richText(step.reason) : "(no reason recorded)"));
  }
  if (step.state !== "verified" || step.hints_seen.length) {
    // read from the learner's own `lab hint` runs, not guessed from the attempts
    parts.push(h("h3", { text: "Hints the learner asked for (lab hint)" }));
    parts.push(step.hints_seen.length
      ? h("ol", { class: "hints" }, ...step.hints_seen.map((t) => h("li", {}, richText(t))))
      : h("p", { class: "muted", text: "None: the learner has not run lab hint for this step." }));
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

// ---------------------------------------------------------------- the URL keeps the view

function readUrl() {
  const params = new URLSearchParams(location.hash.slice(1));
  const out = {};
  for (const k of URL_KEYS) if (params.has(k)) out[k] = params.get(k);
  return out;
}

/** The current filters, sort and page into the fragment (replaceState: no history entry each). */
function writeUrl() {
  if (!model || restoring) return;
  const stuckIdx = $("stuck-step").value;
  const state = {
    lab: model.lab.id,
    show: $("state").value,
    step: stuckIdx === "" ? "" : model.steps[Number(stuckIdx)].id,
    min: $("stuck-min").value,
    q: $("search").value.trim(),
    sort: sort.key,
    dir: sort.dir > 0 ? "asc" : "desc",
    page: String(page + 1),
  };
  const defaults = { show: "all", step: "", min: "10", q: "", sort: "learner", dir: "asc", page: "1" };
  const params = new URLSearchParams();
  for (const k of URL_KEYS) if (state[k] !== defaults[k]) params.set(k, state[k]);
  const hash = `#${params}`;
  if (location.hash !== hash) history.replaceState(null, "", `${location.pathname}${location.search}${hash}`);
}

/** The URL's filters onto the controls, once the lab's steps (the stuck-step options) exist. */
function applyUrl(saved) {
  const show = saved.show || "all";
  if ([...$("state").options].some((o) => o.value === show)) $("state").value = show;
  const i = saved.step ? model.stepIndex.get(saved.step) : undefined;
  $("stuck-step").value = i === undefined ? "" : String(i);
  if (saved.min !== undefined && saved.min !== "" && !Number.isNaN(Number(saved.min))) $("stuck-min").value = saved.min;
  $("search").value = saved.q || "";
  const key = saved.sort || "learner";
  const known = key === "learner" || key === "score" || key === "node" ||
    (key.startsWith("step:") && model.stepIndex.has(key.slice(5)));
  sort = { key: known ? key : "learner", dir: saved.dir === "desc" ? -1 : 1 };
  page = Math.max(0, (parseInt(saved.page, 10) || 1) - 1);
}

// ---------------------------------------------------------------- class actions

function mayChange() {
  return Boolean(who && who.role === "operator");
}

/** A learner's panel: score, where they are, and (operator only) reset their lab with a reason. */
function openLearner(learner, opener) {
  lastFocus = opener || document.activeElement;
  const row = model.rows.get(learner);
  const pos = row ? position(row) : null;
  $("ev-title").textContent = `${learner} · ${model.lab.title}`;
  const body = [dl([
    ["Learner", learner],
    ["Score", row ? `${score(row)} / ${totalPoints()} points` : ""],
    ["Where", pos ? `step ${model.steps[pos.current].n}: ${model.steps[pos.current].title}, since ${fullTime(pos.since)}` : ""],
    ["Node", row && row.node ? row.node : ""],
  ])];
  if (mayChange()) {
    const reason = h("textarea", { id: "reset-reason", rows: "3", maxlength: "500", "aria-required": "true" });
    const out = h("p", { id: "reset-result", role: "status", "aria-live": "polite" });
    const form = h("form", { id: "reset-form", method: "post" },
      h("h3", { text: "Reset this learner's lab" }),
      h("p", { class: "muted", text: "Every step of this lab goes back to pending for this learner, and their next commands are graded afresh. The reset is audited with your reason." }),
      h("label", { for: "reset-reason", text: "Reason (recorded in the audit log)" }), reason,
      h("button", { type: "submit", class: "danger", text: "Reset the lab" }), out);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const text = reason.value.trim();
      if (!text) {
        out.className = "error";
        out.textContent = "Say why: a reset needs a reason.";
        return;
      }
      out.className = "muted";
      out.textContent = "Resetting…";
      try {
        await api(`/api/learners/${encodeURIComponent(learner)}/labs/${encodeURIComponent(model.lab.id)}/reset`,
          { method: "POST", body: { reason: text } });
        out.className = "result-ok";
        out.textContent = `Reset: ${learner} starts ${model.lab.title} over.`;
        reason.value = "";
      } catch (err) {
        out.className = "error";
        out.textContent = `Not reset: ${err.message}`;
      }
    });
    body.push(form);
  }
  $("ev-body").replaceChildren(...body);
  $("evidence").hidden = false;
  $("evidence-panel").focus();
}

/** Grades as CSV: the export needs the token in a header, so fetch it and save the file. */
async function exportCsv() {
  const status = $("actions-status");
  status.className = "muted";
  status.textContent = "Exporting…";
  try {
    const res = await fetch(`/api/export.csv?lab=${encodeURIComponent(model.lab.id)}`, {
      headers: { Authorization: `Bearer ${getToken()}`, Accept: "text/csv" }, cache: "no-store", credentials: "omit",
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const url = URL.createObjectURL(await res.blob());
    const a = h("a", { href: url, download: `grades-${model.lab.id}.csv`, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    status.textContent = "";
  } catch (err) {
    status.className = "error";
    status.textContent = `Export failed: ${err.message}`;
  }
}

function renderAnnouncements(list) {
  $("announcements").replaceChildren(...list.map((a) => h("li", { "data-seq": String(a.seq) },
    h("span", { class: "muted", text: `${clockTime(a.at)} · ${a.lab ? "this lab" : "every lab"} · ${a.author}: ` }),
    richText(a.text),
    a.expires_at ? h("span", { class: "muted", text: ` (until ${clockTime(a.expires_at)})` }) : null,
    mayChange() ? h("button", {
      type: "button", class: "withdraw danger", text: "Withdraw",
      "aria-label": `Withdraw the announcement “${a.text}”`,
      onclick: () => withdraw(a),
    }) : null)));
  $("announcements-none").hidden = list.length > 0;
}

/** Take an announcement back: learners' pages and prompts stop showing it. */
async function withdraw(a) {
  const out = $("announce-result");
  try {
    await api(`/api/announcements/${a.seq}`, { method: "DELETE" });
    out.className = "result-ok";
    out.textContent = "Withdrawn: no page or prompt shows it any more.";
  } catch (err) {
    out.className = "error";
    out.textContent = `Not withdrawn: ${err.message}`;
  }
  await loadAnnouncements();
}

async function loadAnnouncements() {
  if (!model) return;
  try {
    renderAnnouncements(await api(`/api/announcements?lab=${encodeURIComponent(model.lab.id)}`));
  } catch (_) {
    /* shown again at the next poll; the stream's line says when the grader is unreachable */
  }
}

async function announce(e) {
  e.preventDefault();
  const text = $("announce-text").value.trim();
  const out = $("announce-result");
  if (!text) {
    out.className = "error";
    out.textContent = "Write the announcement first.";
    return;
  }
  const lab = $("announce-scope").value === "lab" ? model.lab.id : null;
  try {
    await api("/api/announcements", { method: "POST", body: { text, lab } });
    $("announce-text").value = "";
    out.className = "result-ok";
    out.textContent = "Sent: learners see it at their next prompt and on their page.";
    await loadAnnouncements();
  } catch (err) {
    out.className = "error";
    out.textContent = `Not sent: ${err.message}`;
  }
}

async function pollAnnouncements(signal) {
  while (!signal.aborted) {
    await loadAnnouncements();
    await new Promise((r) => setTimeout(r, ANNOUNCE_POLL_MS));
  }
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
  const saved = restoring && restoring.lab === labId ? restoring : { lab: labId, show: $("state").value, min: $("stuck-min").value, q: $("search").value };
  restoring = null;
  applyUrl(saved);
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
  pollAnnouncements(signal);
  const tick = setInterval(() => { if ($("state").value === "stuck") scheduleRender(); }, CLOCK_TICK_MS);
  signal.addEventListener("abort", () => clearInterval(tick));
}

async function start(me, showLogin) {
  who = me;
  const role = me.role || (me.operator ? "operator" : "learner");
  $("who").textContent = role === "learner" ? `learner ${me.learner}` : role === "ta" ? "teaching assistant (read-only)" : "operator";
  const wrong = $("wrong-token");
  if (role === "learner") {
    wrong.hidden = false;
    wrong.replaceChildren(`This token belongs to learner ${me.learner}; the class view needs an operator or teaching-assistant token. `,
      h("a", { href: "/dashboard/learner", text: "Open your own page" }), ".");
    return;
  }
  wrong.hidden = true;
  // a teaching assistant reads the class and may change nothing: no write action is offered
  for (const el of document.querySelectorAll("[data-writes]")) el.hidden = !mayChange();
  const select = $("lab");
  select.replaceChildren(...me.labs.map((l) => h("option", { value: l.id, text: l.title })));
  select.onchange = () => loadLab(select.value, showLogin).catch((e) => failed(e, showLogin));
  const saved = readUrl();
  const first = me.labs.some((l) => l.id === saved.lab) ? saved.lab : me.labs.length ? me.labs[0].id : null;
  restoring = { ...saved, lab: first };
  if (first) {
    select.value = first;
    await loadLab(first, showLogin);
  }
  // A link pasted into this tab, or an address edited by hand, changes only the fragment: no
  // reload, so the view follows it here (writeUrl's replaceState fires no hashchange).
  window.onhashchange = () => {
    if (!model) return;
    const wanted = readUrl();
    if (wanted.lab && wanted.lab !== model.lab.id && me.labs.some((l) => l.id === wanted.lab)) {
      restoring = wanted;
      select.value = wanted.lab;
      loadLab(wanted.lab, showLogin).catch((e) => failed(e, showLogin));
      return;
    }
    applyUrl(wanted);
    render();
  };
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
  $("grid-head").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-sort]");
    if (!b || !model) return;
    const key = b.dataset.sort;
    // a step or the score sorts the most advanced first; a second click turns it round
    sort = sort.key === key ? { key, dir: -sort.dir } : { key, dir: key === "learner" || key === "node" ? 1 : -1 };
    page = 0;
    render();
  });
  $("export-csv").addEventListener("click", () => { if (model) exportCsv(); });
  $("announce-form").addEventListener("submit", announce);
  const body = $("grid-body");
  body.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-step]");
    if (b) openEvidence(b.dataset.learner, b.dataset.step, b);
    const name = e.target.closest("button.learner-name");
    if (name) openLearner(name.dataset.learner, name);
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
    stop: () => { stop(); model = null; who = null; $("grid-body").replaceChildren(); $("grid-counts").replaceChildren(); },
  });
}

init();
