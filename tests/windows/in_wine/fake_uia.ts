// Fake UI Automation for the UIA tree source's checks under wine (whose
// CUIAutomation class is not registered). Every object is a native block
// whose first 8 bytes point at a vtable of Deno callbacks with the Win64
// signatures of wine's include/uiautomationclient.idl. The vtables are laid
// out from this file's own transcription of the interfaces' method order, so
// a slot number in the adapter that disagrees with it lands on the wrong
// method and is reported:
// - a slot the adapter must not call is a trap ("slot N (Name) of X called",
//   E_NOTIMPL), as are 4 slots past each interface's end;
// - a method reached through another slot than its own (a swapped vtable,
//   see `swap`) reports the mismatch;
// - methods check their arguments (scope, condition, cache request, IIDs,
//   property ids) and report what is wrong instead of writing through it.
// Objects count AddRef/Release. BSTRs, VARIANTs and SAFEARRAYs are real
// (oleaut32), so the adapter frees them the way it would on Windows.

import { guidText } from "../../../adapters/windows/com/guid.ts";
import { oleaut32 } from "../../../adapters/windows/ffi/oleaut32.ts";

const S_OK = 0;
const E_NOTIMPL = 0x80004001 | 0;
const E_NOINTERFACE = 0x80004002 | 0;
const E_FAIL = 0x80004005 | 0;
const E_INVALIDARG = 0x80070057 | 0;
const UIA_E_TIMEOUT = 0x80131505 | 0;

/** Property getters of IUIAutomationElement, Current* then Cached* in this order. */
const ELEMENT_PROPERTY_GETTERS = [
  "ProcessId",
  "ControlType",
  "LocalizedControlType",
  "Name",
  "AcceleratorKey",
  "AccessKey",
  "HasKeyboardFocus",
  "IsKeyboardFocusable",
  "IsEnabled",
  "AutomationId",
  "ClassName",
  "HelpText",
  "Culture",
  "IsControlElement",
  "IsContentElement",
  "IsPassword",
  "NativeWindowHandle",
  "ItemType",
  "IsOffscreen",
  "Orientation",
  "FrameworkId",
  "IsRequiredForForm",
  "ItemStatus",
  "BoundingRectangle",
  "LabeledBy",
  "AriaRole",
  "AriaProperties",
  "IsDataValidForForm",
  "ControllerFor",
  "DescribedBy",
  "FlowsTo",
  "ProviderDescription",
];

/** Each interface's methods after IUnknown's three, in declaration order, and its IID. */
export const INTERFACES = {
  IUIAutomation: {
    iid: "{30CBE57D-D9D0-452A-AB13-7AC5AC4825EE}",
    methods: [
      "CompareElements",
      "CompareRuntimeIds",
      "GetRootElement",
      "ElementFromHandle",
      "ElementFromPoint",
      "GetFocusedElement",
      "GetRootElementBuildCache",
      "ElementFromHandleBuildCache",
      "ElementFromPointBuildCache",
      "GetFocusedElementBuildCache",
      "CreateTreeWalker",
      "get_ControlViewWalker",
      "get_ContentViewWalker",
      "get_RawViewWalker",
      "get_RawViewCondition",
      "get_ControlViewCondition",
      "get_ContentViewCondition",
      "CreateCacheRequest",
      "CreateTrueCondition",
      "CreateFalseCondition",
      "CreatePropertyCondition",
      "CreatePropertyConditionEx",
      "CreateAndCondition",
      "CreateAndConditionFromArray",
      "CreateAndConditionFromNativeArray",
      "CreateOrCondition",
      "CreateOrConditionFromArray",
      "CreateOrConditionFromNativeArray",
      "CreateNotCondition",
      "AddAutomationEventHandler",
      "RemoveAutomationEventHandler",
      "AddPropertyChangedEventHandlerNativeArray",
      "AddPropertyChangedEventHandler",
      "RemovePropertyChangedEventHandler",
      "AddStructureChangedEventHandler",
      "RemoveStructureChangedEventHandler",
      "AddFocusChangedEventHandler",
      "RemoveFocusChangedEventHandler",
      "RemoveAllEventHandlers",
      "IntNativeArrayToSafeArray",
      "IntSafeArrayToNativeArray",
      "RectToVariant",
      "VariantToRect",
      "SafeArrayToRectNativeArray",
      "CreateProxyFactoryEntry",
      "get_ProxyFactoryMapping",
      "GetPropertyProgrammaticName",
      "GetPatternProgrammaticName",
      "PollForPotentialSupportedPatterns",
      "PollForPotentialSupportedProperties",
      "CheckNotSupported",
      "get_ReservedNotSupportedValue",
      "get_ReservedMixedAttributeValue",
      "ElementFromIAccessible",
      "ElementFromIAccessibleBuildCache",
    ],
  },
  IUIAutomationElement: {
    iid: "{D22108AA-8AC5-49A5-837B-37BBB3D7591E}",
    methods: [
      "SetFocus",
      "GetRuntimeId",
      "FindFirst",
      "FindAll",
      "FindFirstBuildCache",
      "FindAllBuildCache",
      "BuildUpdatedCache",
      "GetCurrentPropertyValue",
      "GetCurrentPropertyValueEx",
      "GetCachedPropertyValue",
      "GetCachedPropertyValueEx",
      "GetCurrentPatternAs",
      "GetCachedPatternAs",
      "GetCurrentPattern",
      "GetCachedPattern",
      "GetCachedParent",
      "GetCachedChildren",
      ...ELEMENT_PROPERTY_GETTERS.map((p) => `get_Current${p}`),
      ...ELEMENT_PROPERTY_GETTERS.map((p) => `get_Cached${p}`),
      "GetClickablePoint",
    ],
  },
  IUIAutomationElementArray: {
    iid: "{14314595-B4BC-4055-95F2-58F2E42C9855}",
    methods: ["get_Length", "GetElement"],
  },
  IUIAutomationCacheRequest: {
    iid: "{B32A92B5-BC25-4078-9C08-D7EE95C48E03}",
    methods: [
      "AddProperty",
      "AddPattern",
      "Clone",
      "get_TreeScope",
      "put_TreeScope",
      "get_TreeFilter",
      "put_TreeFilter",
      "get_AutomationElementMode",
      "put_AutomationElementMode",
    ],
  },
  IUIAutomationCondition: {
    iid: "{352FFBA8-0973-437C-A61F-F64CAFD81DF9}",
    methods: [],
  },
  IUIAutomationInvokePattern: {
    iid: "{FB377FBE-8EA6-46D5-9C73-6499642D3059}",
    methods: ["Invoke"],
  },
  IUIAutomationValuePattern: {
    iid: "{A94CD8B1-0844-4CD6-9D2D-640537AB39E9}",
    methods: [
      "SetValue",
      "get_CurrentValue",
      "get_CurrentIsReadOnly",
      "get_CachedValue",
      "get_CachedIsReadOnly",
    ],
  },
  IUIAutomationRangeValuePattern: {
    iid: "{59213F4F-7346-49E5-B120-80555987A148}",
    methods: [
      "SetValue",
      "get_CurrentValue",
      "get_CurrentIsReadOnly",
      "get_CurrentMaximum",
      "get_CurrentMinimum",
      "get_CurrentLargeChange",
      "get_CurrentSmallChange",
      "get_CachedValue",
      "get_CachedIsReadOnly",
      "get_CachedMaximum",
      "get_CachedMinimum",
      "get_CachedLargeChange",
      "get_CachedSmallChange",
    ],
  },
  IUIAutomationExpandCollapsePattern: {
    iid: "{619BE086-1F4E-4EE4-BAFA-210128738730}",
    methods: [
      "Expand",
      "Collapse",
      "get_CurrentExpandCollapseState",
      "get_CachedExpandCollapseState",
    ],
  },
  IUIAutomationSelectionItemPattern: {
    iid: "{A8EFA66A-0FDA-421A-9194-38021F3578EA}",
    methods: [
      "Select",
      "AddToSelection",
      "RemoveFromSelection",
      "get_CurrentIsSelected",
      "get_CurrentSelectionContainer",
      "get_CachedIsSelected",
      "get_CachedSelectionContainer",
    ],
  },
  IUIAutomationTogglePattern: {
    iid: "{94CF8058-9B8D-4AB9-8BFD-4CD0A33C8C70}",
    methods: ["Toggle", "get_CurrentToggleState", "get_CachedToggleState"],
  },
  IUIAutomationScrollItemPattern: {
    iid: "{B488300F-D015-4F19-9C29-BB595E3645EF}",
    methods: ["ScrollIntoView"],
  },
} as const;

export type InterfaceName = keyof typeof INTERFACES;

/** A method's vtable slot by this file's transcription. */
export function slotOf(kind: InterfaceName, method: string): number {
  const index = (INTERFACES[kind].methods as readonly string[]).indexOf(method);
  if (index < 0) throw new Error(`${kind} has no method ${method}`);
  return index + 3;
}

const IID_IUNKNOWN = "{00000000-0000-0000-C000-000000000046}";
const SLOTS_PAST_THE_END = 4;

/** UIA_*PatternId → the pattern's interface. */
const PATTERNS: Record<number, InterfaceName> = {
  10000: "IUIAutomationInvokePattern",
  10002: "IUIAutomationValuePattern",
  10003: "IUIAutomationRangeValuePattern",
  10005: "IUIAutomationExpandCollapsePattern",
  10010: "IUIAutomationSelectionItemPattern",
  10015: "IUIAutomationTogglePattern",
  10017: "IUIAutomationScrollItemPattern",
};

const ROUND_TRIPS = [
  "ElementFromHandle",
  "ElementFromHandleBuildCache",
  "FindAll",
  "FindAllBuildCache",
  "GetCurrentPropertyValue",
  "GetCurrentPatternAs",
];

/** One element of a fake window. */
export interface FakeSpec {
  /** UIA_*ControlTypeId. */
  type: number;
  name: string;
  /** left, top, width, height. */
  rect: [number, number, number, number];
  automationId?: string;
  className?: string;
  disabled?: boolean;
  focused?: boolean;
  focusable?: boolean;
  offscreen?: boolean;
  accessKey?: string;
  acceleratorKey?: string;
  help?: string;
  /** Value pattern. */
  value?: string;
  readOnly?: boolean;
  /** RangeValue pattern. */
  range?: { value: number; min: number; max: number };
  /** Toggle pattern: its ToggleState. */
  toggle?: number;
  /** SelectionItem pattern: IsSelected. */
  selected?: boolean;
  /** ExpandCollapse pattern: its state. */
  expand?: number;
  invoke?: boolean;
  scrollItem?: boolean;
  /** Selection pattern (a list, a combo box). */
  selection?: boolean;
  /** Window pattern: IsModal. */
  modal?: boolean;
  children?: FakeSpec[];
}

interface FakeObject {
  kind: InterfaceName;
  label: string;
  address: bigint;
  pointer: Deno.PointerObject;
  memory: ArrayBuffer;
  refs: number;
  /** Held by the fake (elements, patterns, the automation object) rather than created for the caller. */
  lasting: boolean;
  alive: boolean;
}

interface FakeElement extends FakeObject {
  spec: FakeSpec;
  parent: FakeElement | null;
  children: FakeElement[];
  /** Handed out last by a *BuildCache method: cached reads are allowed. */
  cached: boolean;
  patterns: Map<InterfaceName, FakePattern>;
}

interface FakePattern extends FakeObject {
  element: FakeElement;
}

interface FakeArray extends FakeObject {
  elements: FakeElement[];
}

interface FakeCacheRequest extends FakeObject {
  properties: Set<number>;
  scope: number;
  filter: FakeObject | null;
}

type Impl = {
  parameters: Deno.NativeType[];
  fn: (self: FakeObject, ...args: never[]) => number;
};

type ImplTable = Partial<Record<string, Impl>>;

function writePointer(out: Deno.PointerValue, value: Deno.PointerValue): void {
  if (out === null) return;
  new BigUint64Array(Deno.UnsafePointerView.getArrayBuffer(out, 8))[0] = value === null
    ? 0n
    : Deno.UnsafePointer.value(value);
}

function utf16(text: string): Uint16Array {
  const units = new Uint16Array(text.length + 1);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return units;
}

function sysAllocString(text: string): Deno.PointerValue {
  return oleaut32().SysAllocString(utf16(text));
}

/** The text of a BSTR the caller passed in (decoded here, not with the adapter's helpers). */
function bstrText(bstr: Deno.PointerValue): string {
  if (bstr === null) return "";
  const units = oleaut32().SysStringLen(bstr);
  if (units === 0) return "";
  return new TextDecoder("utf-16le").decode(Deno.UnsafePointerView.getArrayBuffer(bstr, units * 2));
}

type PropertyValue =
  | { vt: "bstr"; value: string }
  | { vt: "bool"; value: boolean }
  | { vt: "i4"; value: number }
  | { vt: "r8"; value: number }
  | { vt: "rect"; value: readonly number[] };

const VT_I4 = 3;
const VT_R8 = 5;
const VT_BSTR = 8;
const VT_BOOL = 11;
const VT_ARRAY = 0x2000;

function writeVariant(out: Deno.PointerValue, value: PropertyValue): void {
  if (out === null) return;
  const view = new DataView(Deno.UnsafePointerView.getArrayBuffer(out, 24));
  switch (value.vt) {
    case "bstr":
      view.setUint16(0, VT_BSTR, true);
      view.setBigUint64(8, Deno.UnsafePointer.value(sysAllocString(value.value)), true);
      return;
    case "bool":
      view.setUint16(0, VT_BOOL, true);
      view.setInt16(8, value.value ? -1 : 0, true);
      return;
    case "i4":
      view.setUint16(0, VT_I4, true);
      view.setInt32(8, value.value, true);
      return;
    case "r8":
      view.setUint16(0, VT_R8, true);
      view.setFloat64(8, value.value, true);
      return;
    case "rect": {
      const array = oleaut32().SafeArrayCreateVector(VT_R8, 0, value.value.length);
      const data = new BigUint64Array(1);
      oleaut32().SafeArrayAccessData(array, data);
      const doubles = new Float64Array(
        Deno.UnsafePointerView.getArrayBuffer(Deno.UnsafePointer.create(data[0])!, 8 * 4),
      );
      doubles.set(value.value);
      oleaut32().SafeArrayUnaccessData(array);
      view.setUint16(0, VT_ARRAY | VT_R8, true);
      view.setBigUint64(8, Deno.UnsafePointer.value(array), true);
      return;
    }
  }
}

/** UIA_*PropertyId → the element's value, as UIA gives it (defaults for missing patterns). */
function propertyValue(spec: FakeSpec, id: number): PropertyValue | null {
  const bstr = (value: string): PropertyValue => ({ vt: "bstr", value });
  const bool = (value: boolean): PropertyValue => ({ vt: "bool", value });
  const i4 = (value: number): PropertyValue => ({ vt: "i4", value });
  const r8 = (value: number): PropertyValue => ({ vt: "r8", value });
  switch (id) {
    case 30001:
      return { vt: "rect", value: spec.rect };
    case 30003:
      return i4(spec.type);
    case 30005:
      return bstr(spec.name);
    case 30006:
      return bstr(spec.acceleratorKey ?? "");
    case 30007:
      return bstr(spec.accessKey ?? "");
    case 30008:
      return bool(spec.focused === true);
    case 30009:
      return bool(spec.focusable === true);
    case 30010:
      return bool(spec.disabled !== true);
    case 30011:
      return bstr(spec.automationId ?? "");
    case 30012:
      return bstr(spec.className ?? "");
    case 30013:
      return bstr(spec.help ?? "");
    case 30022:
      return bool(spec.offscreen === true);
    case 30028:
      return bool(spec.expand !== undefined);
    case 30031:
      return bool(spec.invoke === true);
    case 30033:
      return bool(spec.range !== undefined);
    case 30035:
      return bool(spec.scrollItem === true);
    case 30036:
      return bool(spec.selected !== undefined);
    case 30037:
      return bool(spec.selection === true);
    case 30040:
      return bool(false);
    case 30041:
      return bool(spec.toggle !== undefined);
    case 30043:
      return bool(spec.value !== undefined);
    case 30044:
      return bool(spec.modal !== undefined);
    case 30045:
      return bstr(spec.value ?? "");
    case 30046:
      return bool(spec.readOnly === true);
    case 30047:
      return r8(spec.range?.value ?? 0);
    case 30048:
      return bool(false);
    case 30049:
      return r8(spec.range?.min ?? 0);
    case 30050:
      return r8(spec.range?.max ?? 0);
    case 30070:
      return i4(spec.expand ?? 3);
    case 30077:
      return bool(spec.modal === true);
    case 30079:
      return bool(spec.selected === true);
    case 30086:
      return i4(spec.toggle ?? 0);
  }
  return null;
}

function patternsOf(spec: FakeSpec): InterfaceName[] {
  const found: InterfaceName[] = [];
  if (spec.invoke) found.push("IUIAutomationInvokePattern");
  if (spec.value !== undefined) found.push("IUIAutomationValuePattern");
  if (spec.range !== undefined) found.push("IUIAutomationRangeValuePattern");
  if (spec.expand !== undefined) found.push("IUIAutomationExpandCollapsePattern");
  if (spec.selected !== undefined) found.push("IUIAutomationSelectionItemPattern");
  if (spec.toggle !== undefined) found.push("IUIAutomationTogglePattern");
  if (spec.scrollItem) found.push("IUIAutomationScrollItemPattern");
  return found;
}

export interface FakeOptions {
  /** Swaps two entries of one interface's vtable (to show the fake notices). */
  swap?: { kind: InterfaceName; slots: [number, number] };
}

export class FakeUia {
  /** "Interface.Method" → calls. */
  readonly calls = new Map<string, number>();
  /** Trap slots reached. */
  readonly traps: string[] = [];
  /** Wrong arguments, methods reached through another slot, use of released objects. */
  readonly mismatches: string[] = [];
  /** What pattern methods and SetFocus did, in order ("Invoke 'OK'"). */
  readonly actions: string[] = [];
  /** Makes FindAllBuildCache fail (E_FAIL), as a provider that cannot build a cache. */
  failFindAllBuildCache = false;
  /** Elements (by name) whose cached reads fail. */
  readonly failCachedReadsOf = new Set<string>();
  /** Elements (by name) whose children lists time out (UIA_E_TIMEOUT). */
  readonly unresponsive = new Set<string>();
  /** How long each FindAll and FindAllBuildCache takes, in milliseconds (to reach a time limit). */
  findAllDelayMs = 0;
  /** Live property reads by element name. */
  readonly liveReadsOf = new Map<string, number>();

  readonly automation: FakeObject;
  private readonly objects = new Map<bigint, FakeObject>();
  private readonly spare = new Map<InterfaceName, FakeObject[]>();
  private readonly callbacks: Array<{ pointer: Deno.PointerObject; close(): void }> = [];
  private readonly vtables = new Map<InterfaceName, BigUint64Array>();
  private readonly windows = new Map<bigint, FakeElement>();
  private readonly elements: FakeElement[] = [];

  constructor(windows: Record<string, FakeSpec>, options: FakeOptions = {}) {
    const impls = this.implementations();
    for (const kind of Object.keys(INTERFACES) as InterfaceName[]) {
      const swap = options.swap?.kind === kind ? options.swap.slots : null;
      this.vtables.set(kind, this.vtable(kind, impls[kind] ?? {}, swap));
    }
    this.automation = this.create("IUIAutomation", "the automation object", true, {});
    for (const [hwnd, spec] of Object.entries(windows)) {
      this.windows.set(BigInt(hwnd), this.element(spec, null));
    }
  }

  /** The element named `name` (first in creation order). */
  elementNamed(name: string): FakeSpec {
    const found = this.elements.find((e) => e.spec.name === name);
    if (found === undefined) throw new Error(`no fake element ${name}`);
    return found.spec;
  }

  callCount(method: string): number {
    let total = 0;
    for (const [key, count] of this.calls) if (key.endsWith(`.${method}`)) total += count;
    return total;
  }

  /** Calls that cross to the application on Windows (the rest stay in the client's process). */
  roundTrips(): number {
    return ROUND_TRIPS.reduce((sum, method) => sum + this.callCount(method), 0);
  }

  totalCalls(): number {
    let total = 0;
    for (const count of this.calls.values()) total += count;
    return total;
  }

  resetCounts(): void {
    this.calls.clear();
  }

  /** Objects whose reference count is not back where it started (lasting) or that live on (created). */
  referenceProblems(): string[] {
    const problems: string[] = [];
    for (const object of this.objects.values()) {
      if (object.lasting && object.refs !== 1) {
        problems.push(`${object.label}: ${object.refs - 1} references beyond the fake's own`);
      } else if (!object.lasting && object.alive) {
        problems.push(`${object.label}: still alive with ${object.refs} references`);
      }
    }
    return problems;
  }

  dispose(): void {
    for (const callback of this.callbacks) callback.close();
    this.callbacks.length = 0;
  }

  private count(key: string): void {
    this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
  }

  private vtable(
    kind: InterfaceName,
    impls: ImplTable,
    swap: [number, number] | null,
  ): BigUint64Array {
    const names = ["QueryInterface", "AddRef", "Release", ...INTERFACES[kind].methods];
    const total = names.length + SLOTS_PAST_THE_END;
    // placed[slot] = the slot whose method sits there (itself unless swapped).
    const placed = Array.from({ length: total }, (_, slot) => slot);
    if (swap !== null) [placed[swap[0]], placed[swap[1]]] = [placed[swap[1]], placed[swap[0]]];
    const table = new BigUint64Array(total);
    for (let slot = 0; slot < total; slot++) {
      const home = placed[slot];
      const name = names[home] ?? "past the end";
      const impl = home === 0
        ? this.queryInterfaceImpl()
        : home === 1
        ? this.addRefImpl()
        : home === 2
        ? this.releaseImpl()
        : impls[name];
      const callback = impl === undefined
        ? this.trap(kind, slot, home, name)
        : this.method(kind, name, slot, home, impl);
      this.callbacks.push(callback);
      table[slot] = Deno.UnsafePointer.value(callback.pointer);
    }
    return table;
  }

  private trap(kind: InterfaceName, slot: number, home: number, name: string) {
    const where = slot === home ? `slot ${slot} (${name})` : `slot ${slot} (holding ${name})`;
    return new Deno.UnsafeCallback({ parameters: ["pointer"], result: "i32" }, () => {
      this.traps.push(`${where} of ${kind} called`);
      return E_NOTIMPL;
    });
  }

  private method(kind: InterfaceName, name: string, slot: number, home: number, impl: Impl) {
    const definition = { parameters: ["pointer", ...impl.parameters], result: "i32" } as const;
    return new Deno.UnsafeCallback(
      definition as Deno.UnsafeCallbackDefinition,
      (...all) => {
        const [self, ...args] = all as [Deno.PointerValue, ...never[]];
        this.count(`${kind}.${name}`);
        if (slot !== home) {
          this.mismatches.push(`${kind}.${name} (slot ${home}) reached through slot ${slot}`);
        }
        const object = this.objects.get(self === null ? 0n : Deno.UnsafePointer.value(self));
        if (object === undefined || !object.alive) {
          this.mismatches.push(`${kind}.${name} called on a released or unknown object`);
          return E_FAIL;
        }
        return impl.fn(object, ...args);
      },
    );
  }

  private lookup(pointer: Deno.PointerValue): FakeObject | undefined {
    if (pointer === null) return undefined;
    const object = this.objects.get(Deno.UnsafePointer.value(pointer));
    return object?.alive ? object : undefined;
  }

  private queryInterfaceImpl(): Impl {
    return {
      parameters: ["pointer", "pointer"],
      fn: (self: FakeObject, riid: Deno.PointerValue, out: Deno.PointerValue) => {
        const asked = riid === null ? "" : guidOf(riid);
        if (asked === IID_IUNKNOWN || asked === INTERFACES[self.kind].iid) {
          self.refs++;
          writePointer(out, self.pointer);
          return S_OK;
        }
        writePointer(out, null);
        return E_NOINTERFACE;
      },
    };
  }

  private addRefImpl(): Impl {
    return {
      parameters: [],
      fn: (self: FakeObject) => ++self.refs,
    };
  }

  private releaseImpl(): Impl {
    return {
      parameters: [],
      fn: (self: FakeObject) => {
        self.refs--;
        if (self.lasting && self.refs < 1) {
          this.mismatches.push(`${self.label} released once more than it was referenced`);
        } else if (!self.lasting && self.refs === 0) this.destroy(self);
        return Math.max(0, self.refs);
      },
    };
  }

  private create<T extends object>(
    kind: InterfaceName,
    label: string,
    lasting: boolean,
    extra: T,
  ): FakeObject & T {
    const reused = lasting ? undefined : this.spare.get(kind)?.pop();
    if (reused !== undefined) {
      return Object.assign(reused, { label, refs: 1, alive: true }, extra);
    }
    const memory = new ArrayBuffer(8);
    const vtable = this.vtables.get(kind)!;
    new BigUint64Array(memory)[0] = Deno.UnsafePointer.value(Deno.UnsafePointer.of(vtable));
    const pointer = Deno.UnsafePointer.of(memory)!;
    const object: FakeObject & T = Object.assign({
      kind,
      label,
      address: Deno.UnsafePointer.value(pointer),
      pointer,
      memory,
      refs: 1,
      lasting,
      alive: true,
    }, extra);
    this.objects.set(object.address, object);
    return object;
  }

  /** Drops a reference a fake object held on another. */
  private drop(object: FakeObject): void {
    if (--object.refs === 0 && !object.lasting) this.destroy(object);
  }

  /** A created object whose last reference went: what it held is released, its block reused. */
  private destroy(object: FakeObject): void {
    object.alive = false;
    if (object.kind === "IUIAutomationElementArray") {
      (object as FakeArray).elements.forEach((element) => this.drop(element));
      (object as FakeArray).elements = [];
    }
    if (object.kind === "IUIAutomationCacheRequest") {
      const request = object as FakeCacheRequest;
      if (request.filter !== null) this.drop(request.filter);
      request.filter = null;
    }
    const spare = this.spare.get(object.kind) ?? [];
    spare.push(object);
    this.spare.set(object.kind, spare);
  }

  private element(spec: FakeSpec, parent: FakeElement | null): FakeElement {
    const element = this.create("IUIAutomationElement", `element '${spec.name}'`, true, {
      spec,
      parent,
      children: [] as FakeElement[],
      cached: false,
      patterns: new Map<InterfaceName, FakePattern>(),
    });
    this.elements.push(element);
    for (const kind of patternsOf(spec)) {
      element.patterns.set(
        kind,
        this.create(kind, `${kind} of '${spec.name}'`, true, { element }),
      );
    }
    element.children = (spec.children ?? []).map((child) => this.element(child, element));
    return element;
  }

  /** Hands out `element` (a new reference) as cached or not. */
  private handOut(element: FakeElement, cached: boolean, out: Deno.PointerValue): number {
    element.refs++;
    element.cached = cached;
    writePointer(out, element.pointer);
    return S_OK;
  }

  private validCacheRequest(pointer: Deno.PointerValue, what: string): boolean {
    const request = this.lookup(pointer) as FakeCacheRequest | undefined;
    if (request?.kind !== "IUIAutomationCacheRequest") {
      this.mismatches.push(`${what}: the cache request is not one`);
      return false;
    }
    if (request.scope !== 1) this.mismatches.push(`${what}: cache scope ${request.scope}, not 1`);
    if (request.filter?.kind !== "IUIAutomationCondition") {
      this.mismatches.push(`${what}: the cache request's filter is not the true condition`);
    }
    return true;
  }

  private findAll(
    self: FakeElement,
    scope: number,
    condition: Deno.PointerValue,
    out: Deno.PointerValue,
    cached: boolean,
  ): number {
    const what = cached ? "FindAllBuildCache" : "FindAll";
    if (scope !== 2) {
      this.mismatches.push(`${what}: scope ${scope}, not TreeScope_Children`);
      return E_INVALIDARG;
    }
    if (this.lookup(condition)?.kind !== "IUIAutomationCondition") {
      this.mismatches.push(`${what}: the condition is not one`);
      return E_INVALIDARG;
    }
    if (this.unresponsive.has(self.spec.name)) return UIA_E_TIMEOUT;
    const until = performance.now() + this.findAllDelayMs;
    while (performance.now() < until) {
      // an application slow to list its children
    }
    for (const child of self.children) {
      child.refs++;
      child.cached = cached;
    }
    const array = this.create(
      "IUIAutomationElementArray",
      `children of '${self.spec.name}'`,
      false,
      { elements: [...self.children] },
    );
    writePointer(out, array.pointer);
    return S_OK;
  }

  private readProperty(
    self: FakeElement,
    id: number,
    out: Deno.PointerValue,
    cached: boolean,
  ): number {
    const what = cached ? "GetCachedPropertyValue" : "GetCurrentPropertyValue";
    if (cached) {
      if (this.failCachedReadsOf.has(self.spec.name)) return E_FAIL;
      if (!self.cached) {
        this.mismatches.push(`${what}(${id}) of '${self.spec.name}', which has no cache`);
        return E_INVALIDARG;
      }
      if (!this.cachedProperties.has(id)) {
        this.mismatches.push(`${what}(${id}): not in the cache request`);
        return E_INVALIDARG;
      }
    }
    if (!cached) {
      this.liveReadsOf.set(self.spec.name, (this.liveReadsOf.get(self.spec.name) ?? 0) + 1);
    }
    const value = propertyValue(self.spec, id);
    if (value === null) {
      this.mismatches.push(`${what}: property id ${id} is not one the walk needs`);
      return E_INVALIDARG;
    }
    writeVariant(out, value);
    return S_OK;
  }

  /** The properties of the cache requests made so far. */
  private cachedProperties = new Set<number>();

  private patternCall(self: FakeObject, action: string, change?: (spec: FakeSpec) => void): number {
    const element = (self as FakePattern).element;
    this.actions.push(`${action} '${element.spec.name}'`);
    change?.(element.spec);
    return S_OK;
  }

  private implementations(): Partial<Record<InterfaceName, ImplTable>> {
    const p = "pointer" as const;
    return {
      IUIAutomation: {
        ElementFromHandle: {
          parameters: ["usize", p],
          fn: (_self: FakeObject, hwnd: number | bigint, out: Deno.PointerValue) => {
            const root = this.windows.get(BigInt(hwnd));
            return root === undefined ? E_INVALIDARG : this.handOut(root, false, out);
          },
        },
        ElementFromHandleBuildCache: {
          parameters: ["usize", p, p],
          fn: (
            _self: FakeObject,
            hwnd: number | bigint,
            request: Deno.PointerValue,
            out: Deno.PointerValue,
          ) => {
            if (!this.validCacheRequest(request, "ElementFromHandleBuildCache")) {
              return E_INVALIDARG;
            }
            const root = this.windows.get(BigInt(hwnd));
            return root === undefined ? E_INVALIDARG : this.handOut(root, true, out);
          },
        },
        CreateCacheRequest: {
          parameters: [p],
          fn: (_self: FakeObject, out: Deno.PointerValue) => {
            const request = this.create("IUIAutomationCacheRequest", "a cache request", false, {
              properties: new Set<number>(),
              scope: 1,
              filter: null,
            });
            this.cachedProperties = request.properties;
            writePointer(out, request.pointer);
            return S_OK;
          },
        },
        CreateTrueCondition: {
          parameters: [p],
          fn: (_self: FakeObject, out: Deno.PointerValue) => {
            writePointer(
              out,
              this.create("IUIAutomationCondition", "a true condition", false, {}).pointer,
            );
            return S_OK;
          },
        },
      },
      IUIAutomationCacheRequest: {
        AddProperty: {
          parameters: ["i32"],
          fn: (self: FakeObject, id: number) => {
            (self as FakeCacheRequest).properties.add(id);
            return S_OK;
          },
        },
        put_TreeScope: {
          parameters: ["i32"],
          fn: (self: FakeObject, scope: number) => {
            (self as FakeCacheRequest).scope = scope;
            return S_OK;
          },
        },
        put_TreeFilter: {
          parameters: [p],
          fn: (self: FakeObject, condition: Deno.PointerValue) => {
            const filter = this.lookup(condition);
            if (filter === undefined) return E_INVALIDARG;
            filter.refs++;
            const request = self as FakeCacheRequest;
            if (request.filter !== null) this.drop(request.filter);
            request.filter = filter;
            return S_OK;
          },
        },
      },
      IUIAutomationElementArray: {
        get_Length: {
          parameters: [p],
          fn: (self: FakeObject, out: Deno.PointerValue) => {
            if (out === null) return E_INVALIDARG;
            new Int32Array(Deno.UnsafePointerView.getArrayBuffer(out, 4))[0] =
              (self as FakeArray).elements.length;
            return S_OK;
          },
        },
        GetElement: {
          parameters: ["i32", p],
          fn: (self: FakeObject, index: number, out: Deno.PointerValue) => {
            const element = (self as FakeArray).elements[index];
            if (element === undefined) {
              this.mismatches.push(`GetElement(${index}) of ${self.label}: out of range`);
              return E_INVALIDARG;
            }
            element.refs++;
            writePointer(out, element.pointer);
            return S_OK;
          },
        },
      },
      IUIAutomationElement: {
        SetFocus: {
          parameters: [],
          fn: (self: FakeObject) => {
            const element = self as FakeElement;
            for (const other of this.elements) other.spec.focused = false;
            element.spec.focused = true;
            this.actions.push(`SetFocus '${element.spec.name}'`);
            return S_OK;
          },
        },
        FindAll: {
          parameters: ["i32", p, p],
          fn: (
            self: FakeObject,
            scope: number,
            condition: Deno.PointerValue,
            out: Deno.PointerValue,
          ) => this.findAll(self as FakeElement, scope, condition, out, false),
        },
        FindAllBuildCache: {
          parameters: ["i32", p, p, p],
          fn: (
            self: FakeObject,
            scope: number,
            condition: Deno.PointerValue,
            request: Deno.PointerValue,
            out: Deno.PointerValue,
          ) => {
            if (!this.validCacheRequest(request, "FindAllBuildCache")) return E_INVALIDARG;
            if (this.failFindAllBuildCache) return E_FAIL;
            return this.findAll(self as FakeElement, scope, condition, out, true);
          },
        },
        GetCurrentPropertyValue: {
          parameters: ["i32", p],
          fn: (self: FakeObject, id: number, out: Deno.PointerValue) =>
            this.readProperty(self as FakeElement, id, out, false),
        },
        GetCachedPropertyValue: {
          parameters: ["i32", p],
          fn: (self: FakeObject, id: number, out: Deno.PointerValue) =>
            this.readProperty(self as FakeElement, id, out, true),
        },
        GetCurrentPatternAs: {
          parameters: ["i32", p, p],
          fn: (self: FakeObject, id: number, riid: Deno.PointerValue, out: Deno.PointerValue) => {
            const kind = PATTERNS[id];
            if (kind === undefined) {
              this.mismatches.push(
                `GetCurrentPatternAs: pattern id ${id} is not one the adapter uses`,
              );
              return E_INVALIDARG;
            }
            if (riid === null || guidOf(riid) !== INTERFACES[kind].iid) {
              this.mismatches.push(`GetCurrentPatternAs(${id}): IID is not ${kind}'s`);
              return E_NOINTERFACE;
            }
            const pattern = (self as FakeElement).patterns.get(kind);
            if (pattern !== undefined) pattern.refs++;
            writePointer(out, pattern?.pointer ?? null);
            return S_OK;
          },
        },
      },
      IUIAutomationInvokePattern: {
        Invoke: { parameters: [], fn: (self: FakeObject) => this.patternCall(self, "Invoke") },
      },
      IUIAutomationTogglePattern: {
        Toggle: {
          parameters: [],
          fn: (self: FakeObject) =>
            this.patternCall(self, "Toggle", (spec) => spec.toggle = spec.toggle === 1 ? 0 : 1),
        },
      },
      IUIAutomationExpandCollapsePattern: {
        Expand: {
          parameters: [],
          fn: (self: FakeObject) => this.patternCall(self, "Expand", (spec) => spec.expand = 1),
        },
        Collapse: {
          parameters: [],
          fn: (self: FakeObject) => this.patternCall(self, "Collapse", (spec) => spec.expand = 0),
        },
      },
      IUIAutomationSelectionItemPattern: {
        Select: {
          parameters: [],
          fn: (self: FakeObject) => {
            const element = (self as FakePattern).element;
            for (const sibling of element.parent?.children ?? []) {
              if (sibling.spec.selected !== undefined) sibling.spec.selected = false;
            }
            return this.patternCall(self, "Select", (spec) => spec.selected = true);
          },
        },
      },
      IUIAutomationScrollItemPattern: {
        ScrollIntoView: {
          parameters: [],
          fn: (self: FakeObject) => this.patternCall(self, "ScrollIntoView"),
        },
      },
      IUIAutomationValuePattern: {
        SetValue: {
          parameters: [p],
          fn: (self: FakeObject, bstr: Deno.PointerValue) => {
            const text = bstrText(bstr);
            return this.patternCall(
              self,
              `SetValue ${JSON.stringify(text)}`,
              (spec) => spec.value = text,
            );
          },
        },
      },
      IUIAutomationRangeValuePattern: {
        SetValue: {
          parameters: ["f64"],
          fn: (self: FakeObject, value: number) =>
            this.patternCall(self, `SetValue ${value}`, (spec) => spec.range!.value = value),
        },
      },
    };
  }
}

function guidOf(pointer: Deno.PointerObject): string {
  return guidText(new Uint8Array(Deno.UnsafePointerView.getArrayBuffer(pointer, 16)));
}
