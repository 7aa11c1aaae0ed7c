// An OpenAI-compatible chat-completions endpoint: POST {base}/chat/completions.
// The key comes from the environment and goes only into the Authorization
// header — never into a log, a result file or an error message.

export type ContentPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string; detail?: "high" | "low" | "auto" } };

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string | ContentPart[];
}

/** The endpoint could not be reached or gave no usable answer. */
export class ChatError extends Error {}

export interface ChatOptions {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  temperature: number;
  maxTokens: number;
  timeoutMs: number;
}

export async function chat(messages: ChatMessage[], options: ChatOptions): Promise<string> {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({
        model: options.model,
        messages,
        temperature: options.temperature,
        max_tokens: options.maxTokens,
      }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    text = await response.text();
  } catch (e) {
    throw new ChatError(`the model endpoint ${url} could not be reached: ${(e as Error).message}`);
  }
  if (!response.ok) {
    throw new ChatError(`the model endpoint answered ${response.status}: ${text.slice(0, 300)}`);
  }
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    throw new ChatError("the model endpoint answered with no JSON");
  }
  const content = (reply as { choices?: Array<{ message?: { content?: unknown } }> })
    .choices?.[0]?.message?.content;
  if (typeof content !== "string") throw new ChatError("the model's answer has no message content");
  return content;
}
