// UI Automation control types (UIA_*ControlTypeId in wine's
// include/uiautomationclient.idl) → the service's role vocabulary, shared
// with the Linux adapter and the mock. platform_role keeps UIA's own name.

const WINDOW_CONTROL_TYPE = 50032;
export const COMBO_BOX_CONTROL_TYPE = 50003;
export const LIST_CONTROL_TYPE = 50008;

/** The class of Win32 dialog boxes. */
const DIALOG_CLASS = "#32770";

/** id → [UIA's name, the service role]. */
const CONTROL_TYPES = new Map<number, readonly [string, string]>([
  [50000, ["Button", "Button"]],
  [50001, ["Calendar", "Calendar"]],
  [50002, ["CheckBox", "CheckBox"]],
  [50003, ["ComboBox", "ComboBox"]],
  [50004, ["Edit", "Edit"]],
  [50005, ["Hyperlink", "Link"]],
  [50006, ["Image", "Image"]],
  [50007, ["ListItem", "ListItem"]],
  [50008, ["List", "List"]],
  [50009, ["Menu", "Menu"]],
  [50010, ["MenuBar", "MenuBar"]],
  [50011, ["MenuItem", "MenuItem"]],
  [50012, ["ProgressBar", "ProgressBar"]],
  [50013, ["RadioButton", "RadioButton"]],
  [50014, ["ScrollBar", "ScrollBar"]],
  [50015, ["Slider", "Slider"]],
  [50016, ["Spinner", "Spinner"]],
  [50017, ["StatusBar", "StatusBar"]],
  [50018, ["Tab", "TabControl"]],
  [50019, ["TabItem", "TabItem"]],
  [50020, ["Text", "Text"]],
  [50021, ["ToolBar", "ToolBar"]],
  [50022, ["ToolTip", "ToolTip"]],
  [50023, ["Tree", "Tree"]],
  [50024, ["TreeItem", "TreeItem"]],
  [50025, ["Custom", "Custom"]],
  [50026, ["Group", "Group"]],
  [50027, ["Thumb", "Thumb"]],
  [50028, ["DataGrid", "DataGrid"]],
  [50029, ["DataItem", "DataItem"]],
  [50030, ["Document", "Document"]],
  [50031, ["SplitButton", "SplitButton"]],
  [50032, ["Window", "Window"]],
  [50033, ["Pane", "Pane"]],
  [50034, ["Header", "Header"]],
  [50035, ["HeaderItem", "HeaderItem"]],
  [50036, ["Table", "Table"]],
  [50037, ["TitleBar", "TitleBar"]],
  [50038, ["Separator", "Separator"]],
  [50039, ["SemanticZoom", "SemanticZoom"]],
  [50040, ["AppBar", "AppBar"]],
]);

/** UIA's name for a control type ("List"); unknown ids as "ControlType 50099". */
export function controlTypeName(id: number): string {
  return CONTROL_TYPES.get(id)?.[0] ?? `ControlType ${id}`;
}

/**
 * The service role. UIA has no dialog control type: a window of the Win32
 * dialog class or a modal window is a "Dialog", as on Linux. Unknown → Pane.
 */
export function serviceRole(id: number, className: string, modal: boolean): string {
  if (id === WINDOW_CONTROL_TYPE && (className === DIALOG_CLASS || modal)) return "Dialog";
  return CONTROL_TYPES.get(id)?.[1] ?? "Pane";
}
