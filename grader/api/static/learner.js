// A learner's own page: checklist with hints and evidence (live), and the Practice Zone.

import {
  api, excerptPre, fullTime, h, loginFlow, richText, STATE_SYMBOL, streamEvents, Unauthorized,
} from "./common.js";

// Events arrive in bursts (one command can verify a step and attempt another): refetch once.
const REFRESH_COALESCE_MS = 150;
// A regrade that lowers progress sends no event; the page asks this often whether one happened.
const DOWNGRADE_POLL_MS = 5000;

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
      h("dt", { text: "Exit code" }), h("dd", { text: ev.exit === null ? "unknown" : String(ev.exit) }),
      h("dt", { text: "Time" }), h("dd", { text: fullTime(step.at) })),
    excerptPre(step.excerpt));
  return d;
}

function renderChecklist(data) {
  const open = new Set([...document.querySelectorAll("#checklist details[open]")].map((d) => d.dataset.step));
  const byId = new Map(lab.steps.map((s) => [s.id, s]));
  let score = 0;
  let total = 0;
  const items = data.steps.map((st) => {
    const info = byId.get(st.id);
    total += info.points || 0;
    if (st.state === "verified") score += info.points || 0;
    const when = st.at ? ` · ${fullTime(st.at)}` : "";
    const li = h("li", { class: "card", "data-step": st.id, "data-state": st.state },
      h("h3", {},
        h("span", { class: `badge state-${st.state}`, text: `${STATE_SYMBOL[st.state]} ${st.state}` }),
        h("span", { text: `${st.n}. ${st.title}` })),
      st.at ? h("p", { class: "muted", text: `${st.state}${when}` }) : null,
      h("div", { class: "instructions" }, richText(info.type === "question" ? info.question : info.instructions)));
    if (st.state === "attempted") {
      li.append(h("p", { class: "reason" }, h("strong", { text: "Not yet: " }), st.reason));
      if (st.hints_seen.length) {
        li.append(h("p", { text: "Hints:" }),
          h("ol", { class: "hints" }, ...st.hints_seen.map((t) => h("li", {}, richText(t)))));
      }
    }
    const ev = evidenceDetails(st);
    if (ev) {
      if (open.has(st.id)) ev.open = true;
      li.append(ev);
    }
    return li;
  });
  $("checklist").replaceChildren(...items);
  $("score").textContent = `${score} / ${total} points`;
  $("score").className = `badge state-${score === total && total ? "verified" : "pending"}`;
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
  const parts = [h("p", { class: "result-bad", text: `✗ ${res.reason}` })];
  if (hints.length) parts.push(h("ol", { class: "hints" }, ...hints.map((t) => h("li", {}, richText(t)))));
  out.replaceChildren(...parts);
}

function practiceBox(step) {
  const out = h("div", { class: "result", role: "status", "aria-live": "polite" });
  const box = h("section", { class: "practice card", "data-step": step.id, "aria-label": `Practice: step ${step.n}` },
    h("h3", { text: `${step.n}. ${step.title}` }));
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
          h("input", { type: "radio", name, value: c.id }), ` ${c.id}) `, c.text))),
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
      h("label", { for: id, class: "prompt mono", text: step.practice.prompt }),
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
  $("practice").replaceChildren(...lab.steps.map(practiceBox));
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
  stop: () => { stop(); $("checklist").replaceChildren(); $("practice").replaceChildren(); },
});
