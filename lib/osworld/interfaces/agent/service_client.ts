// The agent's view of a running service: its REST routes, nothing else. The
// agent is a client like any other, so every action it takes passes the
// service's rules, budgets and audit.

export type Body = Record<string, unknown>;

export class ServiceError extends Error {
  constructor(readonly status: number, readonly body: Body) {
    const error = body.error as { code?: string; message?: string } | undefined;
    super(`${status} ${error?.code ?? ""}: ${error?.message ?? JSON.stringify(body)}`);
  }
}

export class ServiceClient {
  private readonly auth: Record<string, string>;

  /** `token`: the service's bearer token (default OSO_TOKEN, as the service reads it). */
  constructor(private readonly base: string, token = Deno.env.get("OSO_TOKEN")?.trim() ?? "") {
    this.auth = token === "" ? {} : { authorization: `Bearer ${token}` };
  }

  /** Whether the service answers its health check: an error naming the URL when it does not. */
  async checkAnswers(): Promise<void> {
    let response: Response;
    try {
      response = await fetch(`${this.base}/api/healthz`, { headers: this.auth });
    } catch (e) {
      throw new Error(
        `no service answers at ${this.base} (${(e as Error).message}); start one with ` +
          "`deno task serve`, or leave --service out to start one for this run",
      );
    }
    await response.body?.cancel();
    if (!response.ok) {
      throw new Error(`${this.base}/api/healthz answered ${response.status}: is it this service?`);
    }
  }

  async get(path: string): Promise<Body> {
    return this.answer(await fetch(`${this.base}${path}`, { headers: this.auth }));
  }

  async post(path: string, body: unknown): Promise<Body> {
    return this.answer(
      await fetch(`${this.base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...this.auth },
        body: JSON.stringify(body),
      }),
    );
  }

  /** A POST whose refusal is part of the run (a refused action): the body either way. */
  async attempt(path: string, body: unknown): Promise<{ status: number; body: Body }> {
    const response = await fetch(`${this.base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...this.auth },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() as Body };
  }

  private async answer(response: Response): Promise<Body> {
    const body = await response.json() as Body;
    if (!response.ok) throw new ServiceError(response.status, body);
    return body;
  }
}
