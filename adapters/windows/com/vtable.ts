// Calling COM methods: an interface pointer points at its vtable, a table of
// function pointers; method N of the interface is entry N (IUnknown's three
// first). Every method takes the interface pointer itself as its first
// argument. Function pointers are made once per (address, signature).

import { check } from "./hresult.ts";

type Params = readonly Deno.NativeType[];
/** What a COM method accepts: numbers, pointers, buffers (out-parameters, structs). */
export type ComArg = number | bigint | boolean | Deno.PointerValue | BufferSource;
// deno-lint-ignore no-explicit-any
type AnyFn = Deno.UnsafeFnPointer<any>;

const functions = new Map<string, AnyFn>();

let callCount = 0;

/** Vtable calls made so far on this thread (the benchmark reports calls per node). */
export function comCallCount(): number {
  return callCount;
}

function slotAddress(object: Deno.PointerObject, slot: number): Deno.PointerObject {
  callCount++;
  const vtable = new Deno.UnsafePointerView(object).getPointer(0);
  if (vtable === null) throw new Error("COM object without a vtable");
  const entry = new Deno.UnsafePointerView(vtable).getPointer(slot * 8);
  if (entry === null) throw new Error(`COM vtable slot ${slot} is empty`);
  return entry;
}

function functionAt(
  address: Deno.PointerObject,
  parameters: Params,
  result: Deno.NativeResultType,
): AnyFn {
  const key = `${Deno.UnsafePointer.value(address)}:${parameters.join(",")}:${result}`;
  let fn = functions.get(key);
  if (fn === undefined) {
    // `callback`: a COM object may call back into JavaScript (the tests' fake
    // objects are Deno callbacks), which V8's fast calls forbid.
    const definition = {
      parameters: ["pointer", ...parameters],
      result,
      callback: true,
    } as Deno.ForeignFunction;
    fn = new Deno.UnsafeFnPointer(address as Deno.PointerObject<Deno.ForeignFunction>, definition);
    functions.set(key, fn);
  }
  return fn;
}

/** Calls method `slot` of a COM interface; returns the HRESULT (negative = failure). */
export function comCall(
  object: Deno.PointerObject,
  slot: number,
  parameters: Params,
  ...args: ComArg[]
): number {
  return functionAt(slotAddress(object, slot), parameters, "i32").call(object, ...args) as number;
}

/** `comCall` that throws an HResultError naming `what` on failure. */
export function comCheck(
  what: string,
  object: Deno.PointerObject,
  slot: number,
  parameters: Params,
  ...args: ComArg[]
): number {
  return check(comCall(object, slot, parameters, ...args), what);
}

const IUNKNOWN_QUERY_INTERFACE = 0;
const IUNKNOWN_ADD_REF = 1;
const IUNKNOWN_RELEASE = 2;

export function addRef(object: Deno.PointerObject): number {
  return functionAt(slotAddress(object, IUNKNOWN_ADD_REF), [], "u32").call(object) as number;
}

/** Releases one reference; null (no object) is ignored. */
export function release(object: Deno.PointerObject | null): void {
  if (object !== null) functionAt(slotAddress(object, IUNKNOWN_RELEASE), [], "u32").call(object);
}

/** The interface `iid` of an object (a new reference), or null when it has none. */
export function queryInterface(
  object: Deno.PointerObject,
  iid: Uint8Array<ArrayBuffer>,
): Deno.PointerObject | null {
  const out = new BigUint64Array(1);
  const hr = comCall(object, IUNKNOWN_QUERY_INTERFACE, ["buffer", "buffer"], iid, out);
  return hr < 0 ? null : Deno.UnsafePointer.create(out[0]);
}

/** A one-pointer out-parameter and its value after the call. */
export class PointerOut {
  readonly buffer = new BigUint64Array(1);
  get value(): Deno.PointerObject | null {
    return Deno.UnsafePointer.create(this.buffer[0]);
  }
}
