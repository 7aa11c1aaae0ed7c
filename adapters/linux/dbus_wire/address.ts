// D-Bus server addresses ("unix:path=/run/user/0/at-spi/bus_0,guid=…",
// "unix:abstract=/tmp/dbus-…"; several separated by ';') to the Unix socket
// a client connects to. Other transports are skipped: the accessibility bus
// is always a Unix socket.

export interface UnixSocketAddress {
  path: string;
  /** Linux's abstract namespace: no file; the name starts with a NUL byte on the wire. */
  abstract: boolean;
}

/** Values are %-escaped byte by byte. */
function unescape(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    if (value[i] === "%" && /^[0-9a-fA-F]{2}$/.test(value.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(value[i]));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The Unix sockets named by `address`, in order. */
export function unixSockets(address: string): UnixSocketAddress[] {
  const found: UnixSocketAddress[] = [];
  for (const entry of address.split(";")) {
    const colon = entry.indexOf(":");
    if (colon < 0 || entry.slice(0, colon) !== "unix") continue;
    const keys = new Map<string, string>();
    for (const pair of entry.slice(colon + 1).split(",")) {
      const eq = pair.indexOf("=");
      if (eq > 0) keys.set(pair.slice(0, eq), unescape(pair.slice(eq + 1)));
    }
    const path = keys.get("path");
    const abstract = keys.get("abstract");
    if (path) found.push({ path, abstract: false });
    else if (abstract) found.push({ path: abstract, abstract: true });
  }
  return found;
}
