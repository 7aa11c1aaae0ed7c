// GUIDs in their 16-byte in-memory form, from the registry text form.

/** "{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}" → the GUID struct (Data1-3 little-endian). */
export function guid(text: string): Uint8Array<ArrayBuffer> {
  const hex = text.replace(/[{}-]/g, "");
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`not a GUID: ${text}`);
  const bytes = new Uint8Array(16);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, parseInt(hex.slice(0, 8), 16), true);
  view.setUint16(4, parseInt(hex.slice(8, 12), 16), true);
  view.setUint16(6, parseInt(hex.slice(12, 16), 16), true);
  for (let i = 0; i < 8; i++) bytes[8 + i] = parseInt(hex.slice(16 + i * 2, 18 + i * 2), 16);
  return bytes;
}

/** The registry text form of a GUID struct (for messages and fakes). */
export function guidText(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, 16);
  const hex = (n: number, width: number) => n.toString(16).padStart(width, "0").toUpperCase();
  const tail = [...bytes.slice(8)].map((b) => hex(b, 2)).join("");
  return `{${hex(view.getUint32(0, true), 8)}-${hex(view.getUint16(4, true), 4)}-${
    hex(view.getUint16(6, true), 4)
  }-${tail.slice(0, 4)}-${tail.slice(4)}}`;
}
