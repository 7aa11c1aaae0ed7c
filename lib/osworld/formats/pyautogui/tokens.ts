// Tokenizer for the small Python subset agents write pyautogui calls in.
// It only splits text; deciding what is allowed is the parser's job, so odd
// operators still come out as "op" tokens for the parser to refuse by name.

export type TokenKind = "name" | "number" | "string" | "op" | "separator";

export interface Token {
  kind: TokenKind;
  /** Source text of the token; for a separator "\n" or ";". */
  text: string;
  /** 1-based position of the token's first character. */
  line: number;
  column: number;
  /** Numbers: the numeric value. */
  number?: number;
  /** Strings: the decoded value. */
  value?: string;
  /** Strings: the lower-cased prefix letters (r, u, f, b, rb…), "" when none. */
  prefix?: string;
}

export interface TokenError {
  message: string;
  line: number;
  column: number;
  construct: string;
}

export type TokenizeResult = { ok: true; tokens: Token[] } | { ok: false; error: TokenError };

const TWO_CHAR_OPS = new Set([
  "==",
  "!=",
  "<=",
  ">=",
  "**",
  "//",
  ":=",
  "+=",
  "-=",
  "*=",
  "/=",
  "->",
]);
const ONE_CHAR_OPS = new Set([..."()[]{},=.:+-*/%@<>!~^&|"]);
const OPENERS = new Set(["(", "[", "{"]);
const CLOSERS = new Set([")", "]", "}"]);
const STRING_PREFIX = /^(?:r|u|f|b|rb|br|fr|rf)$/i;
const NUMBER = /^(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const SIMPLE_ESCAPES: Record<string, string> = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
  "0": "\0",
};

class TokenizeError extends Error {
  constructor(readonly detail: TokenError) {
    super(detail.message);
  }
}

/** Splits `source` into tokens, dropping comments and line breaks inside brackets (as Python does). */
export function tokenize(source: string): TokenizeResult {
  try {
    return { ok: true, tokens: new Scanner(source).run() };
  } catch (error) {
    if (error instanceof TokenizeError) return { ok: false, error: error.detail };
    throw error;
  }
}

class Scanner {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  private depth = 0;
  private readonly tokens: Token[] = [];

  constructor(private readonly src: string) {}

  run(): Token[] {
    while (this.pos < this.src.length) this.step();
    return this.tokens;
  }

  private get column(): number {
    return this.pos - this.lineStart + 1;
  }

  private fail(message: string, construct: string, line = this.line, column = this.column): never {
    throw new TokenizeError({ message, line, column, construct });
  }

  private newline(): void {
    this.pos++;
    this.line++;
    this.lineStart = this.pos;
  }

  private step(): void {
    const ch = this.src[this.pos];
    const rest = this.src.slice(this.pos);
    if (ch === " " || ch === "\t" || ch === "\r" || ch === "\f") {
      this.pos++;
    } else if (ch === "\n") {
      if (this.depth === 0) this.push("separator", "\n");
      this.newline();
    } else if (ch === "#") {
      while (this.pos < this.src.length && this.src[this.pos] !== "\n") this.pos++;
    } else if (ch === ";") {
      this.push("separator", ";");
      this.pos++;
    } else if (ch === "\\") {
      this.fail("line continuation with '\\' is not supported", "line continuation");
    } else if (ch === "'" || ch === '"') {
      this.string("");
    } else if (NAME.test(rest)) {
      const name = NAME.exec(rest)![0];
      const next = this.src[this.pos + name.length];
      if (STRING_PREFIX.test(name) && (next === "'" || next === '"')) {
        this.string(name);
      } else {
        this.push("name", name);
        this.pos += name.length;
      }
    } else if (NUMBER.test(rest)) {
      this.number(NUMBER.exec(rest)![0]);
    } else if (TWO_CHAR_OPS.has(rest.slice(0, 2))) {
      this.push("op", rest.slice(0, 2));
      this.pos += 2;
    } else if (ONE_CHAR_OPS.has(ch)) {
      this.bracket(ch);
      this.push("op", ch);
      this.pos++;
    } else {
      this.fail(`unexpected character '${ch}'`, "character");
    }
  }

  private push(kind: TokenKind, text: string, extra: Partial<Token> = {}): void {
    this.tokens.push({ kind, text, line: this.line, column: this.column, ...extra });
  }

  private bracket(ch: string): void {
    if (OPENERS.has(ch)) this.depth++;
    if (CLOSERS.has(ch)) this.depth = Math.max(0, this.depth - 1);
  }

  private number(text: string): void {
    const after = this.src[this.pos + text.length] ?? "";
    if (/[A-Za-z0-9_]/.test(after)) {
      this.fail(`unsupported number literal '${text}${after}'`, "number literal");
    }
    const value = Number(text.replaceAll("_", ""));
    if (!Number.isFinite(value)) this.fail(`number '${text}' is out of range`, "number literal");
    this.push("number", text, { number: value });
    this.pos += text.length;
  }

  private string(prefix: string): void {
    const line = this.line;
    const column = this.column;
    const start = this.pos;
    this.pos += prefix.length;
    const quote = this.src[this.pos];
    const triple = this.src.startsWith(quote.repeat(3), this.pos);
    const closing = triple ? quote.repeat(3) : quote;
    const raw = /r/i.test(prefix);
    this.pos += closing.length;
    let value = "";
    for (;;) {
      if (this.pos >= this.src.length) this.fail("unterminated string", "string", line, column);
      if (this.src.startsWith(closing, this.pos)) break;
      const ch = this.src[this.pos];
      if (ch === "\n") {
        if (!triple) this.fail("unterminated string", "string", line, column);
        value += ch;
        this.newline();
      } else if (ch === "\\") {
        value += raw ? this.rawEscape() : this.escape();
      } else {
        value += ch;
        this.pos++;
      }
    }
    this.pos += closing.length;
    this.tokens.push({
      kind: "string",
      text: this.src.slice(start, this.pos),
      line,
      column,
      value,
      prefix: prefix.toLowerCase(),
    });
  }

  /** In a raw string a backslash stays, but still keeps the next quote inside the string. */
  private rawEscape(): string {
    const next = this.src[this.pos + 1] ?? "";
    if (next === "\n") {
      this.pos++;
      this.newline();
      return "\\\n";
    }
    this.pos += 2;
    return "\\" + next;
  }

  private escape(): string {
    const next = this.src[this.pos + 1] ?? "";
    if (next === "\n") {
      this.pos++;
      this.newline();
      return "";
    }
    if (next === "x" || next === "u" || next === "U") {
      const width = next === "x" ? 2 : next === "u" ? 4 : 8;
      const hex = this.src.slice(this.pos + 2, this.pos + 2 + width);
      if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) {
        this.fail(`malformed \\${next} escape`, "string escape");
      }
      const code = parseInt(hex, 16);
      if (code > 0x10ffff) this.fail(`\\${next}${hex} is not a character`, "string escape");
      this.pos += 2 + width;
      return String.fromCodePoint(code);
    }
    const octal = /^[0-7]{1,3}/.exec(this.src.slice(this.pos + 1));
    if (octal && octal[0] !== "0") {
      this.pos += 1 + octal[0].length;
      return String.fromCodePoint(parseInt(octal[0], 8));
    }
    if (next === "N") this.fail("\\N{...} escapes are not supported", "string escape");
    const simple = Object.hasOwn(SIMPLE_ESCAPES, next) ? SIMPLE_ESCAPES[next] : undefined;
    this.pos += 2;
    // Python keeps an unknown escape such as "\d" as written.
    return simple ?? "\\" + next;
  }
}
