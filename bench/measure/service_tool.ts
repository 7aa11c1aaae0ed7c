// One tool call over HTTP (POST /api/tool/<name>), as the benchmarks make it.

/** The tool's answer; throws with the status and body when it is not 2xx. */
export async function callTool(base: string, name: string, args: Record<string, unknown>) {
  const response = await fetch(`${base}/api/tool/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(args),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}
