// The service an agent program talks to: the one --service names, or one
// started in this process on a free loopback port (the real desktop unless
// the mock is asked for, so that no agent is scored on it by accident).

import { ServiceClient } from "./service_client.ts";
import { launch } from "../../../interfaces/launch.ts";

export interface ServiceValues {
  service?: string;
  mock?: boolean;
  scenario?: string;
  config?: string;
  "allow-task-commands"?: boolean;
}

/** The service a run talks to, and how to let it go when the run is over. */
export async function serviceFor(
  values: ServiceValues,
): Promise<{ client: ServiceClient; close(): Promise<void> }> {
  if (values.service !== undefined) {
    const client = new ServiceClient(values.service);
    await client.checkAnswers();
    return { client, close: () => Promise.resolve() };
  }
  const service = await launch({
    config: values.config ?? "config.json",
    mock: values.mock === true,
    port: 0,
    host: "127.0.0.1",
    scenario: values.scenario ?? null,
    allowTaskCommands: values["allow-task-commands"] === true,
    osworldServer: false,
    osworldPort: null,
    tokenFile: null,
    allowedHosts: [],
    session: null,
    budgets: {
      max_actions: null,
      max_screenshots: null,
      max_vlm_tokens: null,
      max_session_seconds: null,
      actions_per_minute: null,
    },
  }, { serveHttp: true, realDesktopOnly: values.mock !== true });
  const { port } = service.http!.addr;
  return { client: new ServiceClient(`http://127.0.0.1:${port}`), close: service.close };
}
