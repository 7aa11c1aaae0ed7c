// Screenshots through MIT-SHM: one System V segment, sized for the whole
// screen, is shared with the X server once; each grab asks the server to
// write the area's pixels into it (XShmGetImage) and reads them from there.
// The X connection then carries a short request instead of every pixel.
// When the extension, the library or the segment is not available (a remote
// X server, a limit on shared memory), `open` answers null and screenshots
// keep using XGetImage.

import type { PixelLayout, RawImage } from "../../../lib/model/image.ts";
import type { Bounds } from "../../../lib/model/tree.ts";
import { ALL_PLANES, Z_PIXMAP } from "../ffi/x11.ts";
import {
  IPC_CREAT,
  IPC_PRIVATE,
  IPC_RMID,
  openShmLibraries,
  SEGMENT_INFO_SIZE,
  SEGMENT_READ_ONLY_OFFSET,
  SEGMENT_SHMADDR_OFFSET,
  SEGMENT_SHMID_OFFSET,
  SHMAT_FAILED,
} from "../ffi/xext.ts";
import type { XDisplay } from "./display.ts";
import { pixelsOfImage } from "./pixels.ts";

export class ShmGrabber {
  private constructor(
    private readonly x: XDisplay,
    private readonly libs: NonNullable<ReturnType<typeof openShmLibraries>>,
    /** XShmSegmentInfo; the server and the images point at it while attached. */
    private readonly info: Uint8Array,
    private readonly address: Deno.PointerObject,
    private readonly bytes: number,
    /** The screen's visual and depth, which images of it are made with. */
    private readonly visual: Deno.PointerValue,
    private readonly depth: number,
  ) {}

  /** A grabber for screens up to `width`×`height`, or null where MIT-SHM cannot be used. */
  static open(x: XDisplay, width: number, height: number): ShmGrabber | null {
    const libs = openShmLibraries();
    if (libs === null) return null;
    if (!libs.xext.XShmQueryExtension(x.display)) {
      libs.close();
      return null;
    }
    const bytes = width * height * 4;
    const shmid = libs.shm.shmget(IPC_PRIVATE, BigInt(bytes), IPC_CREAT | 0o600);
    if (shmid < 0) {
      libs.close();
      return null;
    }
    const address = libs.shm.shmat(shmid, null, 0);
    if (address === null || Deno.UnsafePointer.value(address) === SHMAT_FAILED) {
      libs.shm.shmctl(shmid, IPC_RMID, null);
      libs.close();
      return null;
    }
    // Xlib keeps a pointer to this structure (in each image, and for XShmDetach): it must
    // not move, so it lives in an ArrayBuffer's own backing store, never on V8's heap
    // (where small typed arrays are allocated and the garbage collector moves them).
    const info = new Uint8Array(new ArrayBuffer(SEGMENT_INFO_SIZE));
    const view = new DataView(info.buffer);
    view.setInt32(SEGMENT_SHMID_OFFSET, shmid, true);
    view.setBigUint64(SEGMENT_SHMADDR_OFFSET, BigInt(Deno.UnsafePointer.value(address)), true);
    view.setInt32(SEGMENT_READ_ONLY_OFFSET, 0, true);
    const { value: attached, error } = x.trap(() => libs.xext.XShmAttach(x.display, info), true);
    // Marked for removal now: it goes when both sides have detached, even if we crash.
    libs.shm.shmctl(shmid, IPC_RMID, null);
    if (!attached || error !== null) {
      libs.shm.shmdt(address);
      libs.close();
      return null;
    }
    const visual = x.x11.XDefaultVisual(x.display, x.screen);
    const depth = x.x11.XDefaultDepth(x.display, x.screen);
    return new ShmGrabber(x, libs, info, address, bytes, visual, depth);
  }

  /** Whether an area of this size fits the segment. */
  fits(area: Bounds): boolean {
    return area.width * area.height * 4 <= this.bytes;
  }

  /** `area` of the root window (inside the screen), or null if the server refused. */
  grab(area: Bounds, layout: PixelLayout = "rgba"): RawImage | null {
    return this.withImage(area, (image) => pixelsOfImage(image, area, layout));
  }

  /**
   * `use` applied to `area`'s pixels as X wrote them into the segment (BGRX,
   * not copied), which are valid only during the call: the next grab writes
   * over them. Null if the server refused.
   */
  withPixels<T>(area: Bounds, use: (pixels: RawImage) => T): T | null {
    return this.withImage(area, (image) => use(pixelsOfImage(image, area, "bgrx", true)));
  }

  /** `read` of the XImage the server wrote `area` into, or null if it refused. */
  private withImage<T>(area: Bounds, read: (image: Deno.PointerObject) => T): T | null {
    const { x, libs } = this;
    const image = libs.xext.XShmCreateImage(
      x.display,
      this.visual,
      this.depth,
      Z_PIXMAP,
      this.address,
      this.info,
      area.width,
      area.height,
    );
    if (image === null) return null;
    try {
      const { value: ok, error } = x.trap(() =>
        libs.xext.XShmGetImage(x.display, x.root, image, area.x, area.y, ALL_PLANES)
      );
      if (!ok || error !== null) return null;
      return read(image);
    } finally {
      // The image's data is the segment: free the structure only, not XDestroyImage.
      x.x11.XFree(image);
    }
  }

  close(): void {
    this.x.trap(() => this.libs.xext.XShmDetach(this.x.display, this.info), true);
    this.libs.shm.shmdt(this.address);
    this.libs.close();
  }
}
