// @ts-check
/// <reference lib="dom" />
// The inspector's only way to the service: its public API, same origin, JSON.

/**
 * @typedef {{ ok: boolean, status: number, body: Record<string, any> }} Answer
 */

/**
 * @param {string} path
 * @param {unknown} [body] POSTed as JSON when given
 * @returns {Promise<Answer>}
 */
export async function call(path, body) {
  try {
    // The header names this client in the audit log and keeps its reads out of traces.
    const response = await fetch(
      path,
      body === undefined ? { headers: { "X-OSO-Caller": "inspector" } } : {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-OSO-Caller": "inspector" },
        body: JSON.stringify(body),
      },
    );
    const answer = await response.json().catch(() => ({}));
    return { ok: response.ok, status: response.status, body: answer };
  } catch (e) {
    return {
      ok: false,
      status: 0,
      body: { error: { code: "Unreachable", message: `the service did not answer: ${e}` } },
    };
  }
}

/**
 * Runs a tool of the registry (POST /api/tool/<name>).
 * @param {string} name
 * @param {Record<string, unknown>} [args]
 */
export function tool(name, args = {}) {
  return call(`/api/tool/${encodeURIComponent(name)}`, args);
}

/**
 * The error line of a refused answer.
 * @param {Answer} answer
 */
export function errorText(answer) {
  const error = answer.body.error;
  if (error && typeof error === "object") return `${error.code}: ${error.message}`;
  return `${answer.status} ${typeof error === "string" ? error : "error"}`;
}

/**
 * Makes an element with text content (never HTML: screen text is untrusted).
 * @param {string} tag
 * @param {Record<string, string>} [attributes]
 * @param {(Node | string)[]} [children]
 */
export function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/**
 * Runs `work` with `node` marked `aria-busy` until it settles: assistive
 * technology and the page's tests learn when a pane's answer is in.
 * @template T
 * @param {HTMLElement} node
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function busyWhile(node, work) {
  node.setAttribute("aria-busy", "true");
  try {
    return await work();
  } finally {
    node.removeAttribute("aria-busy");
  }
}

/**
 * One injection warning (the safety rails' tripwire) as a line of text, with
 * the element it was found in.
 * @param {Record<string, any>} warning
 */
export function warningLine(warning) {
  return `Screen text addresses the agent (${warning.rule}) in ${
    warning.element_id ?? "the window"
  } ${warning.field}: ${JSON.stringify(warning.excerpt)}`;
}
