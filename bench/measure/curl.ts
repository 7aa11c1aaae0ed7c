// Answers timed by curl, a client apart from Deno's fetch (whose own reading
// of a body costs 0.3–2 ms more): one curl process, each URL on a kept
// connection, the kinds alternating request by request.

/** A request curl makes: its URL and the header fields it sends. */
export interface CurlRequest {
  url: string;
  headers?: Record<string, string>;
}

/**
 * Each request's times in ms (curl's time_total, until the whole body has
 * arrived) over `rounds` rounds, after `warmUp` rounds that are dropped.
 */
export async function curlTimes(
  requests: CurlRequest[],
  rounds: number,
  warmUp = 5,
): Promise<number[][]> {
  const args = ["-s"];
  for (let round = -warmUp; round < rounds; round++) {
    for (const { url, headers = {} } of requests) {
      if (args.length > 1) args.push("--next");
      for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
      args.push("-o", "/dev/null", "-w", "%{time_total}\n", url);
    }
  }
  const out = await new Deno.Command("curl", { args, stdout: "piped" }).output();
  if (!out.success) throw new Error(`curl failed (exit ${out.code})`);
  const seconds = new TextDecoder().decode(out.stdout).trim().split("\n").map(Number);
  return requests.map((_, k) =>
    seconds.filter((_, i) => i % requests.length === k).slice(warmUp).map((s) => s * 1000)
  );
}
