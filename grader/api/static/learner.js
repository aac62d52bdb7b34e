// A learner's own page: the steps in order, each with its state, reason, hints and evidence
// (live) and its practice box right beside it; "you are here" on the step the learner is at
// (common.js currentStep, the class view's rule); the instructor's announcements at the top.
//
// Everything from the server becomes text nodes (h(), richText()): a reason or an instruction
// with `code` in backticks renders as <code>, never as markup, and never as the word "null".

import {
  api, clockTime, currentStep, excerptPre, fullTime, h, loginFlow, richText, STATE_SYMBOL, streamEvents,
  Unauthorized,
} from "./common.js";

// Events arrive in bursts (one command can verify a step and attempt another): refetch once.
const REFRESH_COALESCE_MS = 150;
// A regrade that lowers progress sends no event; the page asks this often whether one happened.
const DOWNGRADE_POLL_MS = 5000;
// Announcements are not in the event stream; the page reads them this often.
const ANNOUNCE_POLL_MS = 10000;

const $ = (id) => document.getElementById(id);

let me = null;
let lab = null; // the lab as a learner reads it
let running = null;
let refreshTimer = null;
const practiceFails = new Map(); // step id -> failed tries in the Practice Zone (reveals hints)

function stop() {
  if (running) running.abort();
  running = null;
}

function evidenceDetails(step) {
  const ev = step.evidence;
  if (!ev) return null;
  const d = h("details", { "data-step": step.id },
    h("summary", { text: "Evidence" }),
    h("dl", {},
      h("dt", { text: "Command" }), h("dd", {}, h("code", { text: ev.line })),
      h("dt", { text: "Exit code" }), h("dd", { text: ev.exit === null || ev.exit === undefined ? "unknown" : String(ev.exit) }),
      step.node_at ? h("dt", { text: "Time" }) : null, step.node_at ? h("dd", { text: fullTime(step.node_at) }) : null),
    excerptPre(step.excerpt));
  return d;
}

/** The step cards, built once per lab: the practice box lives in its step's card, so a refresh
 * of the states never clears what the learner is typing there. */
function buildSteps() {
  const items = lab.steps.map((info) => h("li", { class: "card step", "data-step": info.id, "data-state": "pending", id: `step-${info.id}` },
    h("h3", {},
      h("span", { class: "badge state-pending", text: `${STATE_SYMBOL.pending} pending` }),
      h("span", { class: "title", text: `${info.n}. ${info.title}` }),
      h("span", { class: "here-badge", hidden: true, text: "You are here" })),
    h("div", { class: "instructions" }, richText(info.type === "question" ? info.question : info.instructions)),
    h("div", { class: "status" }),
    practiceBox(info)));
  $("checklist").replaceChildren(...items);
  // the cards say "pending" until the learner's states arrive: busy until renderChecklist
  $("checklist").setAttribute("aria-busy", "true");
}

function renderChecklist(data) {
  const open = new Set([...document.querySelectorAll("#checklist details[open]")].map((d) => d.dataset.step));
  const byId = new Map(lab.steps.map((s) => [s.id, s]));
  let score = 0;
  let total = 0;
  // you are here: the class view's rule (currentStep), so a skipped question is not "here"
  const at = currentStep(data.steps.map((st) => [byId.get(st.id)?.type, st.state]));
  const here = at === null ? undefined : data.steps[at];
  for (const st of data.steps) {
    const info = byId.get(st.id);
    const li = document.querySelector(`#checklist > li[data-step="${CSS.escape(st.id)}"]`);
    if (!info || !li) continue;
    total += info.points || 0;
    if (st.state === "verified") score += info.points || 0;
    li.dataset.state = st.state;
    const badge = li.querySelector(".badge");
    badge.className = `badge state-${st.state}`;
    badge.textContent = `${STATE_SYMBOL[st.state]} ${st.state}`;
    const isHere = Boolean(here && here.id === st.id);
    li.classList.toggle("here", isHere);
    if (isHere) li.setAttribute("aria-current", "step");
    else li.removeAttribute("aria-current");
    li.querySelector(".here-badge").hidden = !isHere;
    const parts = [];
    // the command's end on the node, as the class view shows it (`at`: when the grader recorded it)
    if (st.node_at) parts.push(h("p", { class: "muted", text: `${st.state} · ${fullTime(st.node_at)}` }));
    if (st.state === "attempted") {
      parts.push(h("p", { class: "reason" }, h("strong", { text: "Not yet: " }),
        st.reason ? richText(st.reason) : "the last try did not match this step."));
    }
    if (st.state !== "verified" && st.hints_seen && st.hints_seen.length) {
      parts.push(h("p", { text: "Hints you asked for (lab hint):" }),
        h("ol", { class: "hints" }, ...st.hints_seen.map((t) => h("li", {}, richText(t)))));
    }
    const ev = evidenceDetails(st);
    if (ev) {
      if (open.has(st.id)) ev.open = true;
      parts.push(ev);
    }
    li.querySelector(".status").replaceChildren(...parts);
  }
  $("score").textContent = `${score} / ${total} points`;
  $("score").className = `badge state-${score === total && total ? "verified" : "pending"}`;
  const where = $("where");
  if (here) {
    where.replaceChildren("You are here: ", h("a", { href: `#step-${here.id}`, text: `${here.n}. ${here.title}` }));
  } else {
    where.replaceChildren(h("strong", { text: "Every step is verified: well done." }));
  }
  $("checklist").setAttribute("aria-busy", "false");
}

function renderAnnouncements(list) {
  const box = $("announcements");
  box.replaceChildren(...list.map((a) => h("li", { "data-seq": String(a.seq) },
    h("span", { class: "muted", text: clockTime(a.at) ? `${clockTime(a.at)} · ` : "" }), richText(a.text))));
  $("announce-area").hidden = list.length === 0;
}

async function pollAnnouncements(signal) {
  while (!signal.aborted) {
    try {
      renderAnnouncements(await api("/api/announcements"));
    } catch (_) {
      /* the stream's state line already says when the grader is unreachable */
    }
    await new Promise((r) => setTimeout(r, ANNOUNCE_POLL_MS));
  }
}

function practiceResult(out, step, res) {
  if (step.type === "question" && res.practice.record) {
    // The box never says whether a choice is right (that would let anyone fish for the answer):
    // it says how to record it on the node, where the grader judges it.
    out.replaceChildren(
      h("p", { class: "muted", text: "The practice box does not say which choice is right: the grader judges the answer you record on the node." }),
      h("p", {}, "Record it in your terminal on the node: ", h("code", { text: res.practice.record })));
    return;
  }
  if (res.ok) {
    const parts = [h("p", { class: "result-ok", text: "✓ Right. " + (step.type === "question" ? "" : "On the lab's node this prints:") })];
    if (res.practice.output) parts.push(h("pre", { class: "output", text: res.practice.output }));
    if (res.practice.explanation) parts.push(h("p", {}, richText(res.practice.explanation)));
    if (res.practice.record) parts.push(h("p", {}, "Record it in your terminal on the node: ", h("code", { text: res.practice.record })));
    out.replaceChildren(...parts);
    return;
  }
  const fails = (practiceFails.get(step.id) || 0) + 1;
  practiceFails.set(step.id, fails);
  const hints = res.hints.slice(0, fails);
  // No hints yet: nothing after the reason (replaceChildren would render a null as "null").
  const parts = [h("p", { class: "result-bad" }, "✗ ", richText(res.reason || "Not this one yet."))];
  if (hints.length) parts.push(h("ol", { class: "hints" }, ...hints.map((t) => h("li", {}, richText(t)))));
  out.replaceChildren(...parts);
}

function practiceBox(step) {
  const out = h("div", { class: "result", role: "status", "aria-live": "polite" });
  const box = h("section", { class: "practice", "data-step": step.id, "aria-label": `Practice: step ${step.n}` },
    h("h4", { text: step.type === "question" ? "Try an answer (nothing is recorded)" : "Practice: try the command here first (nothing runs, nothing is recorded)" }));
  async function check(body) {
    out.replaceChildren(h("p", { class: "muted", text: "Checking…" }));
    try {
      practiceResult(out, step, await api(`/api/labs/${encodeURIComponent(lab.id)}/practice/${encodeURIComponent(step.id)}`, { method: "POST", body }));
    } catch (err) {
      out.replaceChildren(h("p", { class: "error", text: err instanceof Unauthorized ? "Your token was not accepted; sign in again." : err.message }));
    }
  }
  if (step.type === "question") {
    const name = `q-${step.id}`;
    const form = h("form", { method: "post" },
      h("fieldset", {},
        h("legend", {}, richText(step.question)),
        ...step.choices.map((c) => h("label", {},
          h("input", { type: "radio", name, value: c.id }), ` ${c.id}) `, richText(c.text)))),
      h("button", { type: "submit", text: "Check answer" }));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const picked = form.querySelector(`input[name="${name}"]:checked`);
      if (!picked) {
        out.replaceChildren(h("p", { class: "result-bad", text: "Pick an answer first." }));
        return;
      }
      check({ choice: picked.value });
    });
    box.append(form, out);
  } else if (step.checkable) {
    const id = `practice-${step.id}`;
    const input = h("input", { type: "text", id, class: "mono", autocomplete: "off", spellcheck: "false", autocapitalize: "off" });
    const form = h("form", { method: "post" },
      h("label", { for: id, class: "prompt mono", text: (step.practice && step.practice.prompt) || "$" }),
      input,
      h("button", { type: "submit", text: "Check" }));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      check({ command: input.value });
    });
    box.append(form, out);
  } else {
    box.append(h("p", { class: "muted", text: "This step is judged from what the command prints on the node; try it in your terminal." }));
  }
  return box;
}

async function refresh() {
  renderChecklist(await api(`/api/dashboard/checklist/${encodeURIComponent(me)}?lab=${encodeURIComponent(lab.id)}`));
}

function scheduleRefresh() {
  if (refreshTimer === null) {
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      refresh().catch(() => {});
    }, REFRESH_COALESCE_MS);
  }
}

async function pollDowngrades(signal) {
  let seen = null;
  while (!signal.aborted) {
    try {
      const { downgrades } = await api("/api/dashboard/downgrades");
      if (seen !== null && downgrades !== seen) scheduleRefresh();
      seen = downgrades;
    } catch (_) {
      /* the stream's state line already says when the grader is unreachable */
    }
    await new Promise((r) => setTimeout(r, DOWNGRADE_POLL_MS));
  }
}

async function loadLab(labId, showLogin) {
  stop();
  running = new AbortController();
  lab = await api(`/api/dashboard/labs/${encodeURIComponent(labId)}`);
  practiceFails.clear();
  $("lab-title").textContent = lab.title;
  $("lab-description").replaceChildren(richText(lab.description));
  buildSteps();
  await refresh();
  streamEvents({
    after: 0,
    signal: running.signal,
    onEvent: (ev) => { if (ev.lab === lab.id) scheduleRefresh(); },
    onState: (s) => {
      $("stream").textContent = { live: "● live", reconnecting: "○ reconnecting…", unauthorized: "token rejected" }[s];
      $("stream").dataset.state = s;
      if (s === "unauthorized") showLogin("That token was not accepted (401 Unauthorized). Sign in again.");
    },
  });
  pollDowngrades(running.signal);
  pollAnnouncements(running.signal);
}

async function start(who, showLogin) {
  const wrong = $("wrong-token");
  if (who.operator) {
    $("who").textContent = "operator";
    wrong.hidden = false;
    wrong.replaceChildren("This page shows one learner's own progress and needs that learner's token. ",
      h("a", { href: "/dashboard", text: "Open the class view" }), ".");
    return;
  }
  wrong.hidden = true;
  me = who.learner;
  $("who").textContent = me;
  const select = $("lab");
  select.replaceChildren(...who.labs.map((l) => h("option", { value: l.id, text: l.title })));
  select.onchange = () => loadLab(select.value, showLogin).catch(() => {});
  if (who.labs.length) await loadLab(who.labs[0].id, showLogin);
}

loginFlow({
  check: () => api("/api/dashboard/whoami"),
  start,
  stop: () => { stop(); $("checklist").replaceChildren(); $("announcements").replaceChildren(); },
});
