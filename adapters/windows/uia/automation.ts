// The UI Automation client object and what every walk shares: one cache
// request holding every property a node needs (fetched with each element in
// the call that finds it) and a TrueCondition (every child, UIA's raw view).

import { enterApartment } from "../com/apartment.ts";
import { check, HResultError } from "../com/hresult.ts";
import { addRef, type ComArg, comCheck, PointerOut, release } from "../com/vtable.ts";
import { ole32 } from "../ffi/ole32.ts";
import { AppNotRespondingError, WindowGoneError } from "../../types.ts";
import {
  AutomationSlot,
  CacheRequestSlot,
  CLSID_CUIAutomation,
  ElementArraySlot,
  ElementSlot,
  IID_IUIAutomation,
  TreeScope,
} from "./interfaces.ts";
import { CACHED_PROPERTIES } from "./properties.ts";

const CLSCTX_INPROC_SERVER = 0x1;
const UIA_E_TIMEOUT = 0x80131505;
/** What UIA answers for a window handle that names no window (any more). */
const WINDOW_GONE = new Set([0x80070578, 0x80070057, 0x80040201]);

/** Whether an error is UIA giving up on an application that did not answer. */
export function timedOut(error: unknown): boolean {
  return error instanceof HResultError && error.code === UIA_E_TIMEOUT;
}

/** CUIAutomation in this thread's apartment (the MTA); throws with the HRESULT when it has no class. */
export function createAutomation(): Deno.PointerObject {
  enterApartment();
  const out = new PointerOut();
  const hr = ole32().CoCreateInstance(
    CLSID_CUIAutomation,
    null,
    CLSCTX_INPROC_SERVER,
    IID_IUIAutomation,
    out.buffer,
  );
  check(hr, "CoCreateInstance(CUIAutomation)");
  if (out.value === null) throw new Error("CoCreateInstance(CUIAutomation) gave no object");
  return out.value;
}

/** Calls a method whose last parameter is an interface out-parameter; returns that object or null. */
function maybeObjectFrom(
  what: string,
  object: Deno.PointerObject,
  slot: number,
  parameters: readonly Deno.NativeType[],
  ...args: ComArg[]
): Deno.PointerObject | null {
  const out = new PointerOut();
  comCheck(what, object, slot, [...parameters, "buffer"], ...args, out.buffer);
  return out.value;
}

/** `maybeObjectFrom` for methods that must give an object. */
function objectFrom(
  what: string,
  object: Deno.PointerObject,
  slot: number,
  parameters: readonly Deno.NativeType[],
  ...args: ComArg[]
): Deno.PointerObject {
  const found = maybeObjectFrom(what, object, slot, parameters, ...args);
  if (found === null) throw new Error(`${what} gave no object`);
  return found;
}

/** An IUIAutomationElementArray the caller releases (null: no children). */
export class ElementArray {
  readonly length: number = 0;

  constructor(private readonly array: Deno.PointerObject | null) {
    if (array === null) return;
    const length = new Int32Array(1);
    try {
      comCheck("IUIAutomationElementArray.get_Length", array, ElementArraySlot.get_Length, [
        "buffer",
      ], length);
    } catch (e) {
      release(array);
      throw e;
    }
    this.length = length[0];
  }

  /** The element at `index`, a reference the caller releases. */
  element(index: number): Deno.PointerObject {
    if (this.array === null) throw new RangeError(`no element ${index} in an empty array`);
    return objectFrom(
      "IUIAutomationElementArray.GetElement",
      this.array,
      ElementArraySlot.GetElement,
      ["i32"],
      index,
    );
  }

  release(): void {
    release(this.array);
  }
}

export class UiaClient {
  private closed = false;

  private constructor(
    private readonly automation: Deno.PointerObject,
    private readonly cacheRequest: Deno.PointerObject,
    private readonly trueCondition: Deno.PointerObject,
  ) {}

  /** A client over an IUIAutomation, holding a reference of its own until `close`. */
  static over(automation: Deno.PointerObject): UiaClient {
    const made: Deno.PointerObject[] = [];
    addRef(automation);
    made.push(automation);
    try {
      const trueCondition = objectFrom(
        "IUIAutomation.CreateTrueCondition",
        automation,
        AutomationSlot.CreateTrueCondition,
        [],
      );
      made.push(trueCondition);
      const cacheRequest = objectFrom(
        "IUIAutomation.CreateCacheRequest",
        automation,
        AutomationSlot.CreateCacheRequest,
        [],
      );
      made.push(cacheRequest);
      for (const property of CACHED_PROPERTIES) {
        comCheck(
          `IUIAutomationCacheRequest.AddProperty(${property})`,
          cacheRequest,
          CacheRequestSlot.AddProperty,
          ["i32"],
          property,
        );
      }
      comCheck(
        "IUIAutomationCacheRequest.put_TreeScope",
        cacheRequest,
        CacheRequestSlot.put_TreeScope,
        ["i32"],
        TreeScope.Element,
      );
      // The default filter is the control view; the walk lists the raw view (TrueCondition).
      comCheck(
        "IUIAutomationCacheRequest.put_TreeFilter",
        cacheRequest,
        CacheRequestSlot.put_TreeFilter,
        ["pointer"],
        trueCondition,
      );
      return new UiaClient(automation, cacheRequest, trueCondition);
    } catch (e) {
      made.reverse().forEach(release);
      throw e;
    }
  }

  /**
   * The element of a window, with its properties cached when `cached`.
   * Throws WindowGoneError when the handle names no window, and
   * AppNotRespondingError when its application did not answer.
   */
  elementFromHandle(hwnd: bigint, handle: string, cached: boolean): Deno.PointerObject {
    try {
      return cached
        ? objectFrom(
          "IUIAutomation.ElementFromHandleBuildCache",
          this.automation,
          AutomationSlot.ElementFromHandleBuildCache,
          ["usize", "pointer"],
          hwnd,
          this.cacheRequest,
        )
        : objectFrom(
          "IUIAutomation.ElementFromHandle",
          this.automation,
          AutomationSlot.ElementFromHandle,
          ["usize"],
          hwnd,
        );
    } catch (e) {
      if (e instanceof HResultError && WINDOW_GONE.has(e.code)) {
        throw new WindowGoneError(handle);
      }
      if (timedOut(e)) throw new AppNotRespondingError((e as Error).message);
      throw e;
    }
  }

  /** The element's children in UIA's raw view, with their properties cached when `cached`. */
  children(parent: Deno.PointerObject, cached: boolean): ElementArray {
    // UIA may answer "no children" with no array at all.
    return new ElementArray(
      cached
        ? maybeObjectFrom(
          "IUIAutomationElement.FindAllBuildCache",
          parent,
          ElementSlot.FindAllBuildCache,
          ["i32", "pointer", "pointer"],
          TreeScope.Children,
          this.trueCondition,
          this.cacheRequest,
        )
        : maybeObjectFrom(
          "IUIAutomationElement.FindAll",
          parent,
          ElementSlot.FindAll,
          ["i32", "pointer"],
          TreeScope.Children,
          this.trueCondition,
        ),
    );
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    release(this.cacheRequest);
    release(this.trueCondition);
    release(this.automation);
  }
}
