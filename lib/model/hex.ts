// Bytes as lowercase hex, and random ids made of them (tokens, cursors,
// snapshot and trace ids).

export function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** `count` random bytes as 2 × `count` hex digits. */
export function randomHex(count: number): string {
  return hexOf(crypto.getRandomValues(new Uint8Array(count)));
}
