// A client of OSWorld's in-VM server protocol, written from its harness's
// side: the requests PythonController and SetupController make (JSON, forms,
// multipart), with the prefix the harness puts before agent code.

export const PREFIX = "import pyautogui; import time; pyautogui.FAILSAFE = False; ";

export interface Answer {
  status: number;
  type: string;
  /** The JSON body, or null when the body is not JSON. */
  json: unknown;
  bytes: Uint8Array;
  headers: Headers;
}

export class VmClient {
  constructor(readonly base: string, private readonly token: string | null = null) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...extra };
  }

  async request(method: string, path: string, init: RequestInit = {}): Promise<Answer> {
    const response = await fetch(`${this.base}${path}`, {
      ...init,
      method,
      headers: { ...this.headers(), ...(init.headers as Record<string, string> ?? {}) },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const type = response.headers.get("content-type") ?? "";
    let json: unknown = null;
    if (type.includes("json")) json = JSON.parse(new TextDecoder().decode(bytes));
    return { status: response.status, type, json, bytes, headers: response.headers };
  }

  get(path: string): Promise<Answer> {
    return this.request("GET", path);
  }

  postJson(path: string, body: unknown): Promise<Answer> {
    return this.request("POST", path, {
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  postForm(path: string, fields: Record<string, string>): Promise<Answer> {
    return this.request("POST", path, { body: new URLSearchParams(fields) });
  }

  /** PythonController.execute_python_command: the agent's code after the harness's prefix. */
  executePython(code: string): Promise<Answer> {
    return this.postJson("/execute", {
      command: ["python", "-c", `${PREFIX}${code}`],
      shell: false,
    });
  }

  /** SetupController._upload_file_setup: multipart with file_path and file_data. */
  upload(path: string, data: Uint8Array, name = "upload.bin"): Promise<Answer> {
    const form = new FormData();
    form.set("file_path", path);
    form.set("file_data", new File([data as BlobPart], name));
    return this.request("POST", "/setup/upload", { body: form });
  }

  text(answer: Answer): string {
    return new TextDecoder().decode(answer.bytes);
  }
}
