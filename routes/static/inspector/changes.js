// @ts-check
// Pure: observe_window's change records (format custom) as lines a person
// reads. Paths are child indexes ("0/2"); element ids spell the same path
// ("root.0.2").

/**
 * @param {string} path
 * @returns {string}
 */
export function idOfPath(path) {
  return path === "" ? "root" : `root.${path.split("/").join(".")}`;
}

/** @param {unknown} value */
function shown(value) {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * @param {Record<string, any>} change
 * @returns {{ kind: string, text: string }}
 */
export function describeChange(change) {
  switch (change.op) {
    case "add":
      return {
        kind: "add",
        text: `+ ${idOfPath(change.path)} ${change.node?.role ?? ""} ${
          shown(change.node?.name ?? "")
        }`,
      };
    case "remove":
      return { kind: "remove", text: `- ${idOfPath(change.path)}` };
    case "move":
      return { kind: "move", text: `↔ ${idOfPath(change.from)} → ${idOfPath(change.to)}` };
    case "replace": {
      const fields = Object.entries(change.fields ?? {}).map(([k, v]) => `${k}=${shown(v)}`);
      return { kind: "replace", text: `~ ${idOfPath(change.path)} ${fields.join(", ")}` };
    }
    default:
      return { kind: "other", text: shown(change) };
  }
}
