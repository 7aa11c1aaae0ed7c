// A fake IAccessible for the MSAA tree source's checks under wine: objects
// with simple elements (child ids) and child objects, as Windows' own
// proxies give them and wine's never do. Each object is a native block whose
// first 8 bytes point at a vtable of Deno callbacks in IAccessible's order
// (oleacc.idl). Objects count AddRef/Release; BSTRs and VARIANTs are real
// (oleaut32), so the source frees them the way it would on Windows.

import { oleaut32 } from "../../../adapters/windows/ffi/oleaut32.ts";
import { readWide, wide } from "../../../adapters/windows/ffi/wide_strings.ts";
import { guid } from "../../../adapters/windows/com/guid.ts";

const S_OK = 0;
const S_FALSE = 1;
const E_NOTIMPL = 0x80004001 | 0;
const E_NOINTERFACE = 0x80004002 | 0;
const E_INVALIDARG = 0x80070057 | 0;
const VT_I4 = 3;
const SELFLAG_TAKESELECTION = 0x2;
const STATE_SYSTEM_SELECTED = 0x2;

const OWN_INTERFACES = [
  "{00000000-0000-0000-C000-000000000046}", // IUnknown
  "{00020400-0000-0000-C000-000000000046}", // IDispatch
  "{618736E0-3C3D-11CF-810C-00AA00389B71}", // IAccessible
].map(guid);

/** An element: an object, or (simple) a child id of its parent object. */
export interface FakeSpec {
  name: string;
  role: number;
  state?: number;
  value?: string;
  description?: string;
  defaultAction?: string;
  shortcut?: string;
  location?: [number, number, number, number];
  simple?: boolean;
  children?: FakeSpec[];
}

/** What `close` needs of a callback, whatever its definition. */
type Callback = { close(): void; pointer: Deno.PointerObject };

function view(pointer: Deno.PointerValue, bytes: number): DataView {
  return new DataView(Deno.UnsafePointerView.getArrayBuffer(pointer!, bytes));
}

function writePointer(out: Deno.PointerValue, value: Deno.PointerValue): void {
  view(out, 8).setBigUint64(0, BigInt(Deno.UnsafePointer.value(value)), true);
}

/** The child id a VARIANT passed "by value" (a pointer to it on Win64) holds, or -1. */
function childIdOf(variant: Deno.PointerValue): number {
  const v = view(variant, 16);
  return v.getUint16(0, true) === VT_I4 ? v.getInt32(8, true) : -1;
}

export class FakeAccessible {
  /** References held (1: the fake tree's own, released by `close`). */
  references = 1;
  /** What was done to it: "accSelect 3 #1", "accDoDefaultAction #0", "put_accValue #0 42". */
  readonly calls: string[] = [];
  readonly #children: Array<FakeAccessible | null>;
  readonly #callbacks: Callback[] = [];
  // Own ArrayBuffers: their memory does not move, so native code may keep pointers into it.
  readonly #vtable = new BigUint64Array(new ArrayBuffer(28 * 8));
  readonly #object = new BigUint64Array(new ArrayBuffer(8));

  constructor(readonly spec: FakeSpec) {
    this.#children = (spec.children ?? []).map((c) => c.simple ? null : new FakeAccessible(c));
    const methods = this.#methods();
    methods.forEach(([parameters, fn], slot) => {
      const callback = new Deno.UnsafeCallback(
        {
          parameters: ["pointer", ...parameters],
          result: slot === 1 || slot === 2 ? "u32" : "i32",
        },
        fn as never,
      );
      this.#callbacks.push(callback);
      this.#vtable[slot] = BigInt(Deno.UnsafePointer.value(callback.pointer));
    });
    this.#object[0] = BigInt(Deno.UnsafePointer.value(Deno.UnsafePointer.of(this.#vtable)));
  }

  /** The interface pointer, with a new reference for the caller. */
  reference(): Deno.PointerObject {
    this.references++;
    return this.pointer;
  }

  get pointer(): Deno.PointerObject {
    return Deno.UnsafePointer.of(this.#object)!;
  }

  /** Every object of the tree, this one first. */
  all(): FakeAccessible[] {
    return [this, ...this.#children.flatMap((c) => c?.all() ?? [])];
  }

  close(): void {
    for (const child of this.#children) child?.close();
    for (const callback of this.#callbacks) callback.close();
  }

  /** The element a child id names: this object (0) or a simple child. */
  #element(id: number): FakeSpec | null {
    if (id === 0) return this.spec;
    const child = this.spec.children?.[id - 1];
    return child?.simple ? child : null;
  }

  #string(read: (e: FakeSpec) => string | undefined) {
    return (_: unknown, variant: Deno.PointerValue, out: Deno.PointerValue) => {
      writePointer(out, null);
      const element = this.#element(childIdOf(variant));
      if (element === null) return E_INVALIDARG;
      const text = read(element);
      if (text === undefined) return S_FALSE;
      writePointer(out, oleaut32().SysAllocString(wide(text)));
      return S_OK;
    };
  }

  #number(read: (e: FakeSpec) => number) {
    return (_: unknown, variant: Deno.PointerValue, out: Deno.PointerValue) => {
      const element = this.#element(childIdOf(variant));
      if (element === null) return E_INVALIDARG;
      const v = view(out, 16);
      v.setUint16(0, VT_I4, true);
      v.setInt32(8, read(element), true);
      return S_OK;
    };
  }

  #methods(): Array<[Deno.NativeType[], (...args: never[]) => number]> {
    const notImplemented: [Deno.NativeType[], () => number] = [[], () => E_NOTIMPL];
    const strings = ["pointer", "pointer"] as Deno.NativeType[];
    return [
      [["pointer", "pointer"], (_: unknown, iid: Deno.PointerValue, out: Deno.PointerValue) => {
        const wanted = new Uint8Array(Deno.UnsafePointerView.getArrayBuffer(iid!, 16));
        if (!OWN_INTERFACES.some((own) => own.every((b, i) => b === wanted[i]))) {
          writePointer(out, null);
          return E_NOINTERFACE;
        }
        writePointer(out, this.reference());
        return S_OK;
      }],
      [[], () => ++this.references],
      [[], () => --this.references],
      notImplemented, // GetTypeInfoCount
      notImplemented, // GetTypeInfo
      notImplemented, // GetIDsOfNames
      notImplemented, // Invoke
      [["pointer"], (_: unknown, out: Deno.PointerValue) => {
        writePointer(out, null); // get_accParent: none (WindowFromAccessibleObject stops here)
        return S_FALSE;
      }],
      [["pointer"], (_: unknown, out: Deno.PointerValue) => {
        view(out, 4).setInt32(0, this.#children.length, true);
        return S_OK;
      }],
      [strings, (_: unknown, variant: Deno.PointerValue, out: Deno.PointerValue) => {
        const child = this.#children[childIdOf(variant) - 1] ?? null;
        writePointer(out, child === null ? null : child.reference());
        return child === null ? S_FALSE : S_OK;
      }],
      [strings, this.#string((e) => e.name)],
      [strings, this.#string((e) => e.value)],
      [strings, this.#string((e) => e.description)],
      [strings, this.#number((e) => e.role)],
      [strings, this.#number((e) => e.state ?? 0)],
      notImplemented, // get_accHelp
      notImplemented, // get_accHelpTopic
      [strings, this.#string((e) => e.shortcut)],
      notImplemented, // get_accFocus
      notImplemented, // get_accSelection
      [strings, this.#string((e) => e.defaultAction)],
      [["i32", "pointer"], (_: unknown, flags: number, variant: Deno.PointerValue) => {
        const id = childIdOf(variant);
        if (this.#element(id) === null) return E_INVALIDARG;
        this.calls.push(`accSelect ${flags} #${id}`);
        if (flags & SELFLAG_TAKESELECTION) {
          this.spec.children?.forEach((child, i) => {
            const selected = i + 1 === id;
            child.state = selected
              ? (child.state ?? 0) | STATE_SYSTEM_SELECTED
              : (child.state ?? 0) & ~STATE_SYSTEM_SELECTED;
          });
        }
        return S_OK;
      }],
      [
        ["pointer", "pointer", "pointer", "pointer", "pointer"],
        (...args: Deno.PointerValue[]) => {
          const element = this.#element(childIdOf(args[5]));
          if (element === null) return E_INVALIDARG;
          (element.location ?? [0, 0, 0, 0]).forEach((n, i) =>
            view(args[i + 1], 4).setInt32(0, n, true)
          );
          return S_OK;
        },
      ],
      notImplemented, // accNavigate
      notImplemented, // accHitTest
      [["pointer"], (_: unknown, variant: Deno.PointerValue) => {
        const id = childIdOf(variant);
        if (this.#element(id)?.defaultAction === undefined) return E_NOTIMPL;
        this.calls.push(`accDoDefaultAction #${id}`);
        return S_OK;
      }],
      notImplemented, // put_accName
      [strings, (_: unknown, variant: Deno.PointerValue, bstr: Deno.PointerValue) => {
        const id = childIdOf(variant);
        const element = this.#element(id);
        if (element === null) return E_INVALIDARG;
        element.value = readWide(bstr!, oleaut32().SysStringLen(bstr!));
        this.calls.push(`put_accValue #${id} ${element.value}`);
        return S_OK;
      }],
    ];
  }
}
