// Shared by the operator and learner pages: the token, API calls, the SSE reader, small DOM helpers.
//
// The token lives in sessionStorage (gone when the tab closes) and only ever travels in the
// Authorization header: never in a URL, where it would end up in server logs and history.

const TOKEN_KEY = "labgrader.token";

// Reconnect delays for the event stream: 1 s doubling to 30 s, with jitter so a room of browsers
// coming back after a grader restart does not reconnect in lockstep.
const STREAM_RETRY_MIN_MS = 1000;
const STREAM_RETRY_MAX_MS = 30000;

export class Unauthorized extends Error {}

export function getToken() {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(token) {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function clearToken() {
  sessionStorage.removeItem(TOKEN_KEY);
}

/** GET or POST JSON with the bearer token; throws Unauthorized on 401, Error on other failures. */
export async function api(path, { method = "GET", body, token = getToken() } = {}) {
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
    credentials: "omit",
  });
  if (res.status === 401) throw new Unauthorized("token not accepted");
  if (!res.ok) {
    let detail = `HTTP ${res.status}`;
    try {
      const data = await res.json();
      if (data && data.detail) detail = `${detail}: ${typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail)}`;
    } catch (_) {
      /* not JSON */
    }
    const err = new Error(detail);
    err.status = res.status;
    throw err;
  }
  return res.json();
}

function sleep(ms, signal) {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => { clearTimeout(t); resolve(); }, { once: true });
  });
}

/**
 * Follow /api/events/stream from `after`, calling onEvent(verdict) for each event in order.
 * EventSource cannot send an Authorization header, so this is fetch() + a ReadableStream with a
 * small parser for the SSE wire format (WHATWG HTML "Server-sent events": fields, blank line
 * dispatches, `:` comments). Reconnects resume with Last-Event-ID, so nothing is lost or repeated.
 * onState("live" | "reconnecting" | "unauthorized"). Stop it with the AbortSignal.
 */
export function streamEvents({ after, onEvent, onState, signal }) {
  let last = after || 0;
  let delay = STREAM_RETRY_MIN_MS;
  (async () => {
    while (!signal.aborted) {
      try {
        const headers = { Authorization: `Bearer ${getToken()}`, Accept: "text/event-stream" };
        if (last) headers["Last-Event-ID"] = String(last);
        const res = await fetch(`/api/events/stream?after=${last}`, {
          headers, signal, cache: "no-store", credentials: "omit",
        });
        if (res.status === 401) {
          onState("unauthorized");
          return;
        }
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
        onState("live");
        delay = STREAM_RETRY_MIN_MS;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        let data = [];
        let id = null;
        let type = "message";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let nl;
          while ((nl = buffer.indexOf("\n")) >= 0) {
            let line = buffer.slice(0, nl);
            buffer = buffer.slice(nl + 1);
            if (line.endsWith("\r")) line = line.slice(0, -1);
            if (line === "") {
              if (data.length && type === "verdict") {
                const event = JSON.parse(data.join("\n"));
                if (id !== null) last = Number(id);
                onEvent(event);
              }
              data = [];
              id = null;
              type = "message";
              continue;
            }
            if (line.startsWith(":")) continue;
            const colon = line.indexOf(":");
            const field = colon < 0 ? line : line.slice(0, colon);
            let val = colon < 0 ? "" : line.slice(colon + 1);
            if (val.startsWith(" ")) val = val.slice(1);
            if (field === "data") data.push(val);
            else if (field === "id") id = val;
            else if (field === "event") type = val;
          }
        }
      } catch (_) {
        if (signal.aborted) return;
      }
      onState("reconnecting");
      await sleep(delay / 2 + Math.random() * delay, signal);
      delay = Math.min(delay * 2, STREAM_RETRY_MAX_MS);
    }
  })();
}

/** Create an element: h("p", {class: "x", text: "hi"}, child, ...). Text is always a text node. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") el.textContent = v;
    else if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Lab Markdown as text, with `code` spans kept as <code> (never parsed as HTML). */
export function richText(text) {
  const frag = document.createDocumentFragment();
  String(text || "").split(/(`[^`\n]+`)/).forEach((part) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1) {
      frag.append(h("code", { text: part.slice(1, -1) }));
    } else if (part) {
      frag.append(document.createTextNode(part.replace(/\*\*([^*]+)\*\*|\*([^*]+)\*/g, "$1$2")));
    }
  });
  return frag;
}

/** Output excerpt segments [[text, marked], ...] as a <pre> with the matched parts in <mark>. */
export function excerptPre(segments) {
  const pre = h("pre", { class: "excerpt" });
  for (const [text, marked] of segments || []) {
    pre.append(marked ? h("mark", { text }) : document.createTextNode(text));
  }
  if (!pre.childNodes.length) pre.append(document.createTextNode("(no output kept)"));
  return pre;
}

/** A time as epoch seconds: the API sends ISO-8601 UTC strings ("2026-12-02T08:15:00.123456Z");
 * a number is seconds a page already converted (the class grid keeps its cells' times so).
 * null when absent or unreadable. */
export function seconds(at) {
  if (at === null || at === undefined || at === "") return null;
  if (typeof at === "number") return at;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? null : ms / 1000;
}

export function clockTime(at) {
  const s = seconds(at);
  if (s === null) return "";
  return new Date(s * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export function fullTime(at) {
  const s = seconds(at);
  if (s === null) return "";
  return new Date(s * 1000).toLocaleString();
}

/** Lab Markdown as one line of plain text (a tooltip): `code` keeps its quotes as ‘code’. */
export function plainText(text) {
  return String(text || "").replace(/`([^`\n]+)`/g, "‘$1’").replace(/\*\*([^*]+)\*\*|\*([^*]+)\*/g, "$1$2");
}

export const STATE_SYMBOL = { verified: "✓", attempted: "✗", pending: "·" };
export const STATE_RANK = { pending: 0, attempted: 1, verified: 2 };

/** Where a learner is in one lab: the index of the step, from each step's [type, state] in lab
 * order (state "pending" or null: no verdict); null when every step is verified. The rule is
 * grader/verdict.py current_step's (tests/browser/test_current_step_js.py runs this one in
 * Chromium on the cases tests/test_current_step.py holds the node's twin and that reference
 * to): the first step not verified, except a question never answered while a later step has
 * a verdict (skipped, not stuck on); when only such questions are left, the first of them.
 * Both pages use it: the class grid follows live events, so it cannot wait for the server. */
export function currentStep(steps) {
  const touched = steps.map(([, state]) => Boolean(state) && state !== "pending");
  const undone = steps.map((_, i) => i).filter((i) => steps[i][1] !== "verified");
  if (!undone.length) return null;
  const skipped = (i) => steps[i][0] === "question" && !touched[i] && touched.slice(i + 1).some(Boolean);
  return undone.find((i) => !skipped(i)) ?? undone[0];
}

/**
 * The login flow shared by both pages: show the form until a token is accepted by `check`
 * (which throws Unauthorized on 401), then call `start(who)`.
 */
export function loginFlow({ check, start, stop }) {
  const login = document.getElementById("login");
  const form = document.getElementById("login-form");
  const input = document.getElementById("token");
  const error = document.getElementById("login-error");
  const view = document.getElementById("view");
  const logout = document.getElementById("logout");

  function showLogin(message) {
    stop();
    view.hidden = true;
    logout.hidden = true;
    login.hidden = false;
    error.textContent = message || "";
    input.value = "";
    input.focus();
  }

  async function enter() {
    try {
      const who = await check();
      login.hidden = true;
      view.hidden = false;
      logout.hidden = false;
      error.textContent = "";
      await start(who, showLogin);
    } catch (err) {
      if (err instanceof Unauthorized) {
        clearToken();
        showLogin("That token was not accepted (401 Unauthorized). Check it and sign in again.");
      } else {
        showLogin(`Could not reach the grader: ${err.message}`);
      }
    }
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const token = input.value.trim();
    if (!token) {
      error.textContent = "Enter your token.";
      return;
    }
    setToken(token);
    input.value = "";
    enter();
  });
  logout.addEventListener("click", () => {
    clearToken();
    showLogin("Signed out.");
  });
  if (getToken()) enter();
  else showLogin("");
}
