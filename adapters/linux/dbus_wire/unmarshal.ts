// D-Bus messages read from the wire: the header facts a caller matches replies
// by, and a body decoded by its signature into plain values. Both byte orders;
// every length is checked against the bytes there are, so a malformed message
// is an error, never a read past its end.

export const MESSAGE_METHOD_RETURN = 2;
export const MESSAGE_ERROR = 3;
export const MESSAGE_SIGNAL = 4;

/** A decoded value: numbers, bigints (x, t), strings, booleans, arrays (arrays, structs, dict entries). */
export type WireValue = number | bigint | string | boolean | WireValue[];

export interface WireMessage {
  type: number;
  serial: number;
  /** The serial of the call a reply or error answers; 0 for other messages. */
  replySerial: number;
  errorName: string | null;
  /** A signal's (or call's) object path, interface and member; null when absent. */
  path: string | null;
  iface: string | null;
  member: string | null;
  signature: string;
  /** The body's values, decoded by `signature` (empty when malformed). */
  body: WireValue[];
  /** Why the body could not be decoded; null when it was. */
  malformed: string | null;
}

export class WireFormatError extends Error {}

const FIELD_PATH = 1;
const FIELD_INTERFACE = 2;
const FIELD_MEMBER = 3;
const FIELD_REPLY_SERIAL = 5;
const FIELD_ERROR_NAME = 4;
const FIELD_SIGNATURE = 8;
const FIXED_HEADER = 16;
/** The protocol's limit on one message. */
export const MAX_MESSAGE = 128 * 1024 * 1024;

const decoder = new TextDecoder();

/** Reads values aligned relative to the start of their message. */
class Reader {
  readonly view: DataView;
  offset: number;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly little: boolean,
    offset: number,
    private readonly end: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.offset = offset;
  }

  private need(n: number): void {
    if (this.offset + n > this.end) throw new WireFormatError("message ends inside a value");
  }

  align(n: number): void {
    this.offset += (n - (this.offset % n)) % n;
    if (this.offset > this.end) throw new WireFormatError("message ends inside padding");
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.offset++];
  }

  /** Steps over one value of a single complete type without decoding strings. */
  skip(signature: string): void {
    if (signature === "s" || signature === "o" || signature === "g") {
      const length = signature === "g" ? this.u8() : this.u32();
      this.need(length + 1);
      this.offset += length + 1;
    } else {
      this.value(signature, 0);
    }
  }

  /** A fixed-size number, aligned to its size. */
  private fixed<T>(size: number, read: (offset: number) => T): T {
    this.align(size);
    this.need(size);
    const value = read(this.offset);
    this.offset += size;
    return value;
  }

  u32(): number {
    return this.fixed(4, (o) => this.view.getUint32(o, this.little));
  }

  private text(length: number): string {
    this.need(length + 1);
    const start = this.offset;
    this.offset += length + 1; // and the NUL
    // Most AT-SPI strings are short ASCII: skip the decoder for those.
    if (length <= 32) {
      let ascii = true;
      for (let i = start; i < start + length; i++) {
        if (this.bytes[i] >= 0x80) {
          ascii = false;
          break;
        }
      }
      if (ascii) {
        const codes = this.bytes.subarray(start, start + length) as unknown as number[];
        return String.fromCharCode.apply(null, codes);
      }
    }
    return decoder.decode(this.bytes.subarray(start, start + length));
  }

  /** One complete type from `signature` at `at`: the value and where the type ends. */
  value(signature: string, at: number): [WireValue, number] {
    const code = signature[at];
    switch (code) {
      case "y":
        return [this.u8(), at + 1];
      case "b":
        return [this.u32() !== 0, at + 1];
      case "n":
        return [this.fixed(2, (o) => this.view.getInt16(o, this.little)), at + 1];
      case "q":
        return [this.fixed(2, (o) => this.view.getUint16(o, this.little)), at + 1];
      case "i":
        return [this.fixed(4, (o) => this.view.getInt32(o, this.little)), at + 1];
      case "u":
      case "h":
        return [this.u32(), at + 1];
      case "x":
        return [this.fixed(8, (o) => this.view.getBigInt64(o, this.little)), at + 1];
      case "t":
        return [this.fixed(8, (o) => this.view.getBigUint64(o, this.little)), at + 1];
      case "d":
        return [this.fixed(8, (o) => this.view.getFloat64(o, this.little)), at + 1];
      case "s":
      case "o":
        return [this.text(this.u32()), at + 1];
      case "g":
        return [this.text(this.u8()), at + 1];
      case "v": {
        const inner = this.text(this.u8());
        const [v, end] = this.value(inner, 0);
        if (end !== inner.length) {
          throw new WireFormatError(`variant of more than one type: ${inner}`);
        }
        return [v, at + 1];
      }
      case "a": {
        const length = this.u32();
        const element = completeType(signature, at + 1);
        this.align(alignmentOf(signature[at + 1]));
        const stop = this.offset + length;
        if (stop > this.end) throw new WireFormatError("array longer than its message");
        const items: WireValue[] = [];
        while (this.offset < stop) items.push(this.value(signature, at + 1)[0]);
        if (this.offset !== stop) throw new WireFormatError("array length mismatch");
        return [items, element];
      }
      case "(":
      case "{": {
        this.align(8);
        const close = code === "(" ? ")" : "}";
        const fields: WireValue[] = [];
        let next = at + 1;
        while (signature[next] !== close) {
          if (next >= signature.length) {
            throw new WireFormatError(`unclosed ${code} in ${signature}`);
          }
          const [v, end] = this.value(signature, next);
          fields.push(v);
          next = end;
        }
        return [fields, next + 1];
      }
      default:
        throw new WireFormatError(`unknown type code ${JSON.stringify(code)} in ${signature}`);
    }
  }
}

function alignmentOf(code: string): number {
  switch (code) {
    case "y":
    case "g":
    case "v":
      return 1;
    case "n":
    case "q":
      return 2;
    case "x":
    case "t":
    case "d":
    case "(":
    case "{":
      return 8;
    default:
      return 4;
  }
}

/** Where the complete type starting at `at` ends (exclusive). */
export function completeType(signature: string, at: number): number {
  const code = signature[at];
  if (code === undefined) throw new WireFormatError(`signature ${signature} ends early`);
  if (code === "a") return completeType(signature, at + 1);
  if (code !== "(" && code !== "{") return at + 1;
  const close = code === "(" ? ")" : "}";
  let next = at + 1;
  while (signature[next] !== close) {
    if (next >= signature.length) throw new WireFormatError(`unclosed ${code} in ${signature}`);
    next = completeType(signature, next);
  }
  return next + 1;
}

/**
 * The length of the message starting at `start` once its fixed header is in
 * (16 bytes), else null.
 */
export function messageLength(bytes: Uint8Array, start: number, end: number): number | null {
  if (end - start < FIXED_HEADER) return null;
  const little = bytes[start] === 0x6c;
  if (!little && bytes[start] !== 0x42) throw new WireFormatError("bad byte-order mark");
  const view = new DataView(bytes.buffer, bytes.byteOffset + start, FIXED_HEADER);
  const bodyLength = view.getUint32(4, little);
  const fieldsLength = view.getUint32(12, little);
  const headerEnd = FIXED_HEADER + fieldsLength;
  const total = headerEnd + ((8 - (headerEnd % 8)) % 8) + bodyLength;
  if (total > MAX_MESSAGE) throw new WireFormatError(`message of ${total} bytes`);
  return total;
}

/**
 * Decodes the complete message bytes[start, start + length); throws
 * WireFormatError when its header is malformed (a body that is comes back
 * with `malformed` set).
 */
export function decodeMessage(bytes: Uint8Array, start: number, length: number): WireMessage {
  const message = bytes.subarray(start, start + length);
  const little = message[0] === 0x6c;
  const reader = new Reader(message, little, 0, length);
  reader.offset = 1;
  const type = reader.u8();
  reader.offset = 8;
  const serial = reader.u32();
  const fieldsLength = reader.u32();
  const fieldsEnd = FIXED_HEADER + fieldsLength;
  let replySerial = 0;
  let errorName: string | null = null;
  let path: string | null = null;
  let iface: string | null = null;
  let member: string | null = null;
  let signature = "";
  // The fields a reply or a signal is matched by; the others (sender...) are skipped unread.
  while (reader.offset < fieldsEnd) {
    reader.align(8);
    if (reader.offset >= fieldsEnd) break;
    const code = reader.u8();
    const fieldType = reader.value("g", 0)[0] as string;
    if (code === FIELD_REPLY_SERIAL && fieldType === "u") replySerial = reader.u32();
    else if (code === FIELD_ERROR_NAME && fieldType === "s") {
      errorName = reader.value("s", 0)[0] as string;
    } else if (code === FIELD_PATH && fieldType === "o") {
      path = reader.value("o", 0)[0] as string;
    } else if (code === FIELD_INTERFACE && fieldType === "s") {
      iface = reader.value("s", 0)[0] as string;
    } else if (code === FIELD_MEMBER && fieldType === "s") {
      member = reader.value("s", 0)[0] as string;
    } else if (code === FIELD_SIGNATURE && fieldType === "g") {
      signature = reader.value("g", 0)[0] as string;
    } else reader.skip(fieldType);
  }
  reader.offset = fieldsEnd;
  reader.align(8);
  const body: WireValue[] = [];
  try {
    for (let at = 0; at < signature.length;) {
      const [value, end] = reader.value(signature, at);
      body.push(value);
      at = end;
    }
  } catch (e) {
    if (!(e instanceof WireFormatError)) throw e;
    const head = { type, serial, replySerial, errorName, path, iface, member, signature };
    return { ...head, body: [], malformed: e.message };
  }
  return {
    type,
    serial,
    replySerial,
    errorName,
    path,
    iface,
    member,
    signature,
    body,
    malformed: null,
  };
}
