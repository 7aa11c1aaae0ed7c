// D-Bus method calls in the wire format (little-endian), written back to back
// into one buffer so a whole batch of questions leaves in one write. What the
// AT-SPI reads and the desktop portal's calls need: int32, uint32, double,
// string and object path arguments, a variant holding a boolean (a property
// set: org.a11y.Status's switch), and a{sv} option dictionaries.

/** A value in an a{sv} dictionary. */
export type Variant =
  | { type: "s" | "o"; value: string }
  | { type: "i" | "u"; value: number }
  | { type: "b"; value: boolean };

/** One argument of a method call. */
export type Arg =
  | { type: "i" | "u" | "d"; value: number }
  | { type: "s" | "o"; value: string }
  | { type: "v"; value: boolean }
  | { type: "a{sv}"; value: Record<string, Variant> };

export interface MethodCall {
  destination: string;
  path: string;
  iface: string;
  member: string;
  args: readonly Arg[];
}

const METHOD_CALL = 1;
const PROTOCOL_VERSION = 1;
const LITTLE_ENDIAN = 0x6c; // 'l'
/** Header field codes. */
const FIELD_PATH = 1;
const FIELD_INTERFACE = 2;
const FIELD_MEMBER = 3;
const FIELD_DESTINATION = 6;
const FIELD_SIGNATURE = 8;
/** Offset of the body length in the fixed part of the header. */
const BODY_LENGTH_OFFSET = 4;
const FIELDS_LENGTH_OFFSET = 12;

const encoder = new TextEncoder();

/** A growing byte buffer that aligns relative to the message being written. */
export class WireWriter {
  private bytes = new Uint8Array(4096);
  private view = new DataView(this.bytes.buffer);
  length = 0;
  /** Where the current message starts: D-Bus alignment counts from there. */
  private base = 0;

  /** The bytes written so far (a view, valid until the next write). */
  get written(): Uint8Array<ArrayBuffer> {
    return this.bytes.subarray(0, this.length);
  }

  reset(): void {
    this.length = 0;
    this.base = 0;
  }

  private ensure(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + extra) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  align(n: number): void {
    const pad = (n - ((this.length - this.base) % n)) % n;
    this.ensure(pad);
    this.bytes.fill(0, this.length, this.length + pad);
    this.length += pad;
  }

  u8(value: number): void {
    this.ensure(1);
    this.bytes[this.length++] = value;
  }

  u32(value: number): void {
    this.align(4);
    this.ensure(4);
    this.view.setUint32(this.length, value, true);
    this.length += 4;
  }

  i32(value: number): void {
    this.align(4);
    this.ensure(4);
    this.view.setInt32(this.length, value, true);
    this.length += 4;
  }

  /** A string or object path: u32 byte length, UTF-8, NUL. */
  string(value: string): void {
    this.align(4);
    const at = this.length;
    // Bus names, paths and member names are ASCII: copied without an encoder call.
    this.ensure(4 + value.length + 1);
    let n = 0;
    for (; n < value.length; n++) {
      const code = value.charCodeAt(n);
      if (code >= 0x80) break;
      this.bytes[at + 4 + n] = code;
    }
    if (n < value.length) {
      const encoded = encoder.encode(value);
      this.ensure(4 + encoded.length + 1);
      this.bytes.set(encoded, at + 4);
      n = encoded.length;
    }
    this.view.setUint32(at, n, true);
    this.bytes[at + 4 + n] = 0;
    this.length = at + 4 + n + 1;
  }

  f64(value: number): void {
    this.align(8);
    this.ensure(8);
    this.view.setFloat64(this.length, value, true);
    this.length += 8;
  }

  /** An a{sv}: the array's byte length, then each entry 8-aligned: key, variant. */
  dictionary(entries: Record<string, Variant>): void {
    this.u32(0);
    const lengthAt = this.length - 4;
    this.align(8);
    const start = this.length;
    for (const [key, variant] of Object.entries(entries)) {
      this.align(8);
      this.string(key);
      this.signature(variant.type);
      if (variant.type === "s" || variant.type === "o") this.string(variant.value);
      else if (variant.type === "i") this.i32(variant.value);
      else if (variant.type === "u") this.u32(variant.value);
      else this.u32(variant.value ? 1 : 0);
    }
    this.patchU32(lengthAt, this.length - start);
  }

  /** A signature: u8 length, ASCII, NUL. */
  signature(value: string): void {
    this.u8(value.length);
    this.ensure(value.length + 1);
    for (let i = 0; i < value.length; i++) this.bytes[this.length++] = value.charCodeAt(i);
    this.bytes[this.length++] = 0;
  }

  private field(code: number, type: "o" | "s" | "g", value: string): void {
    this.align(8);
    this.u8(code);
    this.signature(type);
    if (type === "g") this.signature(value);
    else this.string(value);
  }

  private patchU32(at: number, value: number): void {
    this.view.setUint32(at, value, true);
  }

  /** Appends one method call message with the given serial (non-zero). */
  call({ destination, path, iface, member, args }: MethodCall, serial: number): void {
    this.base = this.length;
    const start = this.length;
    this.u8(LITTLE_ENDIAN);
    this.u8(METHOD_CALL);
    this.u8(0); // flags: a reply is expected
    this.u8(PROTOCOL_VERSION);
    this.u32(0); // body length, patched below
    this.u32(serial);
    this.u32(0); // header fields' length, patched below
    const fieldsStart = this.length;
    this.field(FIELD_PATH, "o", path);
    this.field(FIELD_INTERFACE, "s", iface);
    this.field(FIELD_MEMBER, "s", member);
    this.field(FIELD_DESTINATION, "s", destination);
    if (args.length > 0) this.field(FIELD_SIGNATURE, "g", args.map((a) => a.type).join(""));
    this.patchU32(start + FIELDS_LENGTH_OFFSET, this.length - fieldsStart);
    this.align(8);
    const bodyStart = this.length;
    for (const arg of args) {
      if (arg.type === "s" || arg.type === "o") this.string(arg.value);
      else if (arg.type === "i") this.i32(arg.value);
      else if (arg.type === "u") this.u32(arg.value);
      else if (arg.type === "d") this.f64(arg.value);
      else if (arg.type === "a{sv}") this.dictionary(arg.value);
      else {
        this.signature("b");
        this.u32(arg.value ? 1 : 0);
      }
    }
    this.patchU32(start + BODY_LENGTH_OFFSET, this.length - bodyStart);
  }
}
