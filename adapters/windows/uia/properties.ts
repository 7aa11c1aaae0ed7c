// The UI Automation properties a walk reads (UIA_*PropertyId in wine's
// include/uiautomationclient.idl) and the enums their values use
// (uiautomationcore.idl).

export const Property = {
  BoundingRectangle: 30001,
  ControlType: 30003,
  Name: 30005,
  AcceleratorKey: 30006,
  AccessKey: 30007,
  HasKeyboardFocus: 30008,
  IsKeyboardFocusable: 30009,
  IsEnabled: 30010,
  AutomationId: 30011,
  ClassName: 30012,
  HelpText: 30013,
  IsOffscreen: 30022,
  IsExpandCollapsePatternAvailable: 30028,
  IsInvokePatternAvailable: 30031,
  IsRangeValuePatternAvailable: 30033,
  IsScrollItemPatternAvailable: 30035,
  IsSelectionItemPatternAvailable: 30036,
  IsSelectionPatternAvailable: 30037,
  IsTextPatternAvailable: 30040,
  IsTogglePatternAvailable: 30041,
  IsValuePatternAvailable: 30043,
  IsWindowPatternAvailable: 30044,
  ValueValue: 30045,
  ValueIsReadOnly: 30046,
  RangeValueValue: 30047,
  RangeValueIsReadOnly: 30048,
  RangeValueMinimum: 30049,
  RangeValueMaximum: 30050,
  ExpandCollapseState: 30070,
  WindowIsModal: 30077,
  SelectionItemIsSelected: 30079,
  ToggleState: 30086,
} as const;

/** Every property above: what the cache request asks UIA to fetch with each element. */
export const CACHED_PROPERTIES: readonly number[] = Object.values(Property);

/** enum ToggleState. */
export const ToggleState = { Off: 0, On: 1, Indeterminate: 2 } as const;

/** enum ExpandCollapseState. */
export const ExpandCollapseState = {
  Collapsed: 0,
  Expanded: 1,
  PartiallyExpanded: 2,
  LeafNode: 3,
} as const;

/** The patterns an element lists in `interfaces`, with the property saying it has one. */
export const PATTERN_AVAILABILITY = [
  ["invoke", Property.IsInvokePatternAvailable],
  ["value", Property.IsValuePatternAvailable],
  ["range_value", Property.IsRangeValuePatternAvailable],
  ["toggle", Property.IsTogglePatternAvailable],
  ["selection_item", Property.IsSelectionItemPatternAvailable],
  ["selection", Property.IsSelectionPatternAvailable],
  ["expand_collapse", Property.IsExpandCollapsePatternAvailable],
  ["scroll_item", Property.IsScrollItemPatternAvailable],
  ["text", Property.IsTextPatternAvailable],
  ["window", Property.IsWindowPatternAvailable],
] as const;

export type PatternName = (typeof PATTERN_AVAILABILITY)[number][0];
