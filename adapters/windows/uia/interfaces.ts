// UI Automation's COM layout: the class, the interfaces the tree source uses
// and the vtable slots of the methods it calls. Slots count IUnknown's three
// methods first and follow the declaration order of wine's
// include/uiautomationclient.idl (wine-mirror/wine @01fb2a26), which matches
// the Windows SDK's UIAutomationClient.h.

import { guid } from "../com/guid.ts";

export const CLSID_CUIAutomation = guid("{FF48DBA4-60EF-4201-AA87-54103EEF594E}");

export const IID_IUIAutomation = guid("{30CBE57D-D9D0-452A-AB13-7AC5AC4825EE}");

/** IUIAutomation (CUIAutomation's default interface). */
export const AutomationSlot = {
  ElementFromHandle: 6,
  ElementFromHandleBuildCache: 10,
  CreateCacheRequest: 20,
  CreateTrueCondition: 21,
} as const;

/** IUIAutomationElement. */
export const ElementSlot = {
  SetFocus: 3,
  FindAll: 6,
  FindAllBuildCache: 8,
  GetCurrentPropertyValue: 10,
  GetCachedPropertyValue: 12,
  GetCurrentPatternAs: 14,
} as const;

/** IUIAutomationElementArray. */
export const ElementArraySlot = {
  get_Length: 3,
  GetElement: 4,
} as const;

/** IUIAutomationCacheRequest. */
export const CacheRequestSlot = {
  AddProperty: 3,
  put_TreeScope: 7,
  put_TreeFilter: 9,
} as const;

/** enum TreeScope. */
export const TreeScope = {
  Element: 0x1,
  Children: 0x2,
} as const;

/**
 * The control patterns operations use: the pattern id GetCurrentPatternAs
 * takes, the IID of its interface and the slots of the methods called.
 */
export const Patterns = {
  invoke: {
    id: 10000,
    label: "Invoke",
    iid: guid("{FB377FBE-8EA6-46D5-9C73-6499642D3059}"),
    slots: { Invoke: 3 },
  },
  value: {
    id: 10002,
    label: "Value",
    iid: guid("{A94CD8B1-0844-4CD6-9D2D-640537AB39E9}"),
    slots: { SetValue: 3 },
  },
  rangeValue: {
    id: 10003,
    label: "RangeValue",
    iid: guid("{59213F4F-7346-49E5-B120-80555987A148}"),
    slots: { SetValue: 3 },
  },
  expandCollapse: {
    id: 10005,
    label: "ExpandCollapse",
    iid: guid("{619BE086-1F4E-4EE4-BAFA-210128738730}"),
    slots: { Expand: 3, Collapse: 4 },
  },
  selectionItem: {
    id: 10010,
    label: "SelectionItem",
    iid: guid("{A8EFA66A-0FDA-421A-9194-38021F3578EA}"),
    slots: { Select: 3 },
  },
  toggle: {
    id: 10015,
    label: "Toggle",
    iid: guid("{94CF8058-9B8D-4AB9-8BFD-4CD0A33C8C70}"),
    slots: { Toggle: 3 },
  },
  scrollItem: {
    id: 10017,
    label: "ScrollItem",
    iid: guid("{B488300F-D015-4F19-9C29-BB595E3645EF}"),
    slots: { ScrollIntoView: 3 },
  },
} as const;

export type PatternKey = keyof typeof Patterns;
export type Pattern = (typeof Patterns)[PatternKey];
