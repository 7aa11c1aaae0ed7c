// A blocking Unix stream socket through libc, for a process that is
// synchronous by design (the AT-SPI host): whole writes, and reads that wait
// at most until a deadline.

import {
  AF_UNIX,
  type Libc,
  POLLIN,
  SOCK_CLOEXEC,
  SOCK_STREAM,
  SOCKADDR_UN_PATH_OFFSET,
  SOCKADDR_UN_PATH_SIZE,
} from "../ffi/libc.ts";
import type { UnixSocketAddress } from "./address.ts";

/** The socket failed or the peer closed it. */
export class SocketClosedError extends Error {}

export class UnixSocket {
  private readonly pollFd = new Uint8Array(8);
  private closed = false;

  private constructor(private readonly libc: Libc, private readonly fd: number) {
    new DataView(this.pollFd.buffer).setInt32(0, fd, true);
    new DataView(this.pollFd.buffer).setInt16(4, POLLIN, true);
  }

  /** Connects; throws SocketClosedError saying why not. */
  static connect(libc: Libc, address: UnixSocketAddress): UnixSocket {
    const path = new TextEncoder().encode(address.path);
    const offset = address.abstract ? 1 : 0;
    if (path.length + offset >= SOCKADDR_UN_PATH_SIZE) {
      throw new SocketClosedError(`socket path too long: ${address.path}`);
    }
    const sockaddr = new Uint8Array(SOCKADDR_UN_PATH_OFFSET + SOCKADDR_UN_PATH_SIZE);
    new DataView(sockaddr.buffer).setUint16(0, AF_UNIX, true);
    sockaddr.set(path, SOCKADDR_UN_PATH_OFFSET + offset);
    // An abstract name is exactly its bytes; a path is NUL-terminated.
    const length = SOCKADDR_UN_PATH_OFFSET + offset + path.length + (address.abstract ? 0 : 1);
    const fd = libc.socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) throw new SocketClosedError("socket() failed");
    if (libc.connect(fd, sockaddr, length) !== 0) {
      libc.close(fd);
      throw new SocketClosedError(
        `cannot connect to ${address.abstract ? "@" : ""}${address.path}`,
      );
    }
    return new UnixSocket(libc, fd);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Writes every byte (blocking). */
  writeAll(bytes: Uint8Array<ArrayBuffer>): void {
    for (let written = 0; written < bytes.length;) {
      if (this.closed) throw new SocketClosedError("the socket is closed");
      const n = Number(
        this.libc.write(this.fd, bytes.subarray(written), BigInt(bytes.length - written)),
      );
      if (n <= 0) {
        this.close();
        throw new SocketClosedError("write failed: the bus connection is gone");
      }
      written += n;
    }
  }

  /**
   * Reads what is there into `into` once data arrives, waiting until
   * `deadline` (performance.now()) at most: the byte count, 0 when the
   * deadline passed first.
   */
  readSome(into: Uint8Array<ArrayBuffer>, deadline: number): number {
    for (;;) {
      if (this.closed) throw new SocketClosedError("the socket is closed");
      const wait = Math.max(0, Math.ceil(deadline - performance.now()));
      const ready = this.libc.poll(this.pollFd, 1n, wait);
      if (ready === 0) return 0;
      if (ready < 0) {
        // Interrupted by a signal: wait again while time remains.
        if (performance.now() >= deadline) return 0;
        continue;
      }
      const n = Number(this.libc.read(this.fd, into, BigInt(into.length)));
      if (n <= 0) {
        this.close();
        throw new SocketClosedError("the bus closed the connection");
      }
      return n;
    }
  }

  /** Whether a read would not wait: bytes have arrived, or the peer hung up. */
  readable(): boolean {
    return !this.closed && this.libc.poll(this.pollFd, 1n, 0) > 0;
  }

  /** Waits `micros` without reading: bytes arriving meanwhile are read at once afterwards. */
  pause(micros: number): void {
    this.libc.usleep(micros);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.libc.close(this.fd);
  }
}
