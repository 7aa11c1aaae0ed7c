// Parsing an HTTP/1.1 request head (RFC 9112 §2–§6) from bytes. Pure: the
// connection loop (../../interfaces/http/connection.ts) owns reading, limits and timeouts.

export interface RequestHead {
  method: string;
  target: string;
  /** 0 for HTTP/1.0, 1 for HTTP/1.1. */
  minorVersion: 0 | 1;
  headers: Array<[string, string]>;
}

/** How the request body is delimited (RFC 9112 §6.3). */
export type BodyFraming =
  | { kind: "none" }
  | { kind: "length"; length: number }
  | { kind: "chunked" };

export type HeadProblem = { status: 400 | 501 | 505; message: string };

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Field values: visible ASCII, obs-text, space and tab (no CR, LF, NUL or other controls).
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const CRLF_CRLF = [13, 10, 13, 10];

/**
 * Index just past the blank line ending the head, or -1. Scanning resumes at
 * `from` so a client trickling one byte at a time costs linear time overall.
 */
export function findHeadEnd(bytes: Uint8Array, length: number, from: number): number {
  for (let i = Math.max(0, from - 3); i + 3 < length; i++) {
    if (
      bytes[i] === CRLF_CRLF[0] && bytes[i + 1] === CRLF_CRLF[1] &&
      bytes[i + 2] === CRLF_CRLF[2] && bytes[i + 3] === CRLF_CRLF[3]
    ) return i + 4;
  }
  return -1;
}

/** Whether the bytes so far hold a complete request line (its CRLF). */
export function hasRequestLine(bytes: Uint8Array, length: number): boolean {
  const start = skipLeadingBlankLines(bytes, length);
  for (let i = start; i + 1 < length; i++) {
    if (bytes[i] === 13 && bytes[i + 1] === 10) return true;
  }
  return false;
}

/** RFC 9112 §2.2: a server ignores at least one empty line before the request line. */
function skipLeadingBlankLines(bytes: Uint8Array, length: number): number {
  let i = 0;
  while (i + 1 < length && bytes[i] === 13 && bytes[i + 1] === 10) i += 2;
  return i;
}

const ascii = new TextDecoder("ascii");

/** Bytes as one char per byte (ISO-8859-1), which is what a Headers value may hold. */
export function latin1(bytes: Uint8Array): string {
  // WHATWG's "ascii"/"latin1" decoder is windows-1252: exact only below 0x80.
  if (bytes.every((b) => b < 0x80)) return ascii.decode(bytes);
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    out += String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + 8192)));
  }
  return out;
}

const utf8 = new TextDecoder();

export function parseHead(bytes: Uint8Array): RequestHead | HeadProblem {
  const start = skipLeadingBlankLines(bytes, bytes.length);
  const body = bytes.subarray(start, bytes.length - 4); // without the final CRLF CRLF
  let lineEnd = body.indexOf(13);
  if (lineEnd < 0) lineEnd = body.length;
  // The target may carry raw UTF-8 (not allowed, but common); header values are bytes.
  const requestLine = utf8.decode(body.subarray(0, lineEnd));
  const parts = requestLine.split(" ");
  if (parts.length !== 3) return bad(`malformed request line`);
  const [method, target, version] = parts;
  if (!TOKEN.test(method)) return bad("malformed method");
  // deno-lint-ignore no-control-regex -- control characters are exactly what is refused
  if (target === "" || /[\x00-\x20\x7f]/.test(target)) return bad("malformed request target");
  if (!/^HTTP\/\d\.\d$/.test(version)) return bad("malformed HTTP version");
  if (version !== "HTTP/1.1" && version !== "HTTP/1.0") {
    return { status: 505, message: `${version} is not supported (HTTP/1.1 only)` };
  }
  const headers: Array<[string, string]> = [];
  const fieldBlock = lineEnd + 2 <= body.length ? latin1(body.subarray(lineEnd + 2)) : "";
  if (fieldBlock !== "") {
    for (const line of fieldBlock.split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon <= 0) return bad("malformed header line");
      const name = line.slice(0, colon);
      // No whitespace before the colon, no obsolete line folding (RFC 9112 §5.1, §5.2).
      if (!TOKEN.test(name)) return bad("malformed header name");
      const value = line.slice(colon + 1).trim();
      if (!FIELD_VALUE.test(value)) return bad(`malformed value of header ${name}`);
      headers.push([name.toLowerCase(), value]);
    }
  }
  return { method, target, minorVersion: version === "HTTP/1.1" ? 1 : 0, headers };
}

export function isProblem<T extends object>(value: T | HeadProblem): value is HeadProblem {
  return "status" in value;
}

function bad(message: string): HeadProblem {
  return { status: 400, message };
}

function headerValues(head: RequestHead, name: string): string[] {
  return head.headers.filter(([n]) => n === name).map(([, v]) => v);
}

/**
 * RFC 9112 §6.3. Ambiguous framing (both Content-Length and Transfer-Encoding,
 * differing lengths) is refused: it is how requests are smuggled past proxies.
 */
export function bodyFraming(head: RequestHead): BodyFraming | HeadProblem {
  const encodings = headerValues(head, "transfer-encoding");
  const lengths = headerValues(head, "content-length");
  if (encodings.length > 0) {
    if (lengths.length > 0) return bad("both Transfer-Encoding and Content-Length");
    if (head.minorVersion === 0) return bad("Transfer-Encoding in an HTTP/1.0 request");
    const codings = encodings.join(",").split(",").map((s) => s.trim().toLowerCase());
    if (codings.length !== 1 || codings[0] !== "chunked") {
      return { status: 501, message: `Transfer-Encoding ${encodings.join(", ")} not supported` };
    }
    return { kind: "chunked" };
  }
  if (lengths.length === 0) return { kind: "none" };
  const distinct = new Set(lengths.join(",").split(",").map((s) => s.trim()));
  if (distinct.size !== 1) return bad("conflicting Content-Length values");
  const text = [...distinct][0];
  if (!/^\d{1,15}$/.test(text)) return bad("malformed Content-Length");
  const length = Number(text);
  return length === 0 ? { kind: "none" } : { kind: "length", length };
}

/** Whether the connection stays open after this request (RFC 9112 §9.3). */
export function keepsAlive(head: RequestHead): boolean {
  const tokens = headerValues(head, "connection").join(",").toLowerCase().split(",").map((s) =>
    s.trim()
  );
  if (tokens.includes("close")) return false;
  return head.minorVersion === 1 || tokens.includes("keep-alive");
}

export function expectsContinue(head: RequestHead): boolean {
  return headerValues(head, "expect").some((v) => v.toLowerCase() === "100-continue");
}
