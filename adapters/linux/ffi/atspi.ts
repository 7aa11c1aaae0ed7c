// libatspi symbols. Interface functions (component, text, value, action...) take the
// accessible pointer itself: in libatspi the interface types are the same GObject.
// Every `gchar*` and `AtspiRect*` returned is ours to g_free; every object pointer
// is a reference to g_object_unref. "buffer" parameters are GError** out slots.

export const ATSPI_LIBRARY = "libatspi.so.0";

const P = "pointer" as const;
const B = "buffer" as const;

const atspiSymbols = {
  atspi_init: { parameters: [], result: "i32" },
  atspi_get_a11y_bus: { parameters: [], result: P },
  atspi_set_timeout: { parameters: ["i32", "i32"], result: "void" },
  atspi_get_desktop: { parameters: ["i32"], result: P },
  atspi_accessible_set_cache_mask: { parameters: [P, "i32"], result: "void" },
  /** Exported though internal: whether libatspi would answer `flag` from its cache. */
  _atspi_accessible_test_cache: { parameters: [P, "u32"], result: "i32" },
  /** Exported though internal: libatspi's object for (bus name, path), made if unknown. */
  _atspi_ref_accessible: { parameters: [B, B], result: P },
  atspi_accessible_get_name: { parameters: [P, B], result: P },
  atspi_accessible_get_description: { parameters: [P, B], result: P },
  atspi_accessible_get_role: { parameters: [P, B], result: "i32" },
  atspi_accessible_get_state_set: { parameters: [P], result: P },
  atspi_accessible_get_process_id: { parameters: [P, B], result: "u32" },
  atspi_accessible_get_child_count: { parameters: [P, B], result: "i32" },
  atspi_accessible_get_child_at_index: { parameters: [P, "i32", B], result: P },
  atspi_accessible_get_application: { parameters: [P, B], result: P },
  atspi_accessible_is_action: { parameters: [P], result: "i32" },
  atspi_accessible_is_component: { parameters: [P], result: "i32" },
  atspi_accessible_is_editable_text: { parameters: [P], result: "i32" },
  atspi_accessible_is_selection: { parameters: [P], result: "i32" },
  atspi_accessible_is_text: { parameters: [P], result: "i32" },
  atspi_accessible_is_value: { parameters: [P], result: "i32" },
  atspi_accessible_is_image: { parameters: [P], result: "i32" },
  atspi_accessible_is_table: { parameters: [P], result: "i32" },
  atspi_accessible_is_hypertext: { parameters: [P], result: "i32" },
  atspi_accessible_is_document: { parameters: [P], result: "i32" },
  atspi_role_get_name: { parameters: ["i32"], result: P },
  atspi_component_get_extents: { parameters: [P, "i32", B], result: P },
  atspi_component_grab_focus: { parameters: [P, B], result: "i32" },
  atspi_component_scroll_to: { parameters: [P, "i32", B], result: "i32" },
  atspi_value_set_current_value: { parameters: [P, "f64", B], result: "i32" },
  atspi_action_get_n_actions: { parameters: [P, B], result: "i32" },
  atspi_action_get_action_name: { parameters: [P, "i32", B], result: P },
  atspi_action_get_key_binding: { parameters: [P, "i32", B], result: P },
  atspi_action_do_action: { parameters: [P, "i32", B], result: "i32" },
  atspi_editable_text_set_text_contents: { parameters: [P, B, B], result: "i32" },
  atspi_text_get_character_count: { parameters: [P, B], result: "i32" },
  atspi_text_get_text: { parameters: [P, "i32", "i32", B], result: P },
  atspi_selection_select_child: { parameters: [P, "i32", B], result: "i32" },
  /** (callback, user data, destroy notify, event type, GError**): whether it registered. */
  atspi_event_listener_register_from_callback: {
    parameters: ["function", P, P, B, B],
    result: "i32",
  },
  /** The AtspiEvent boxed type: each event a listener receives is its own to g_boxed_free. */
  atspi_event_get_type: { parameters: [], result: "usize" },
  atspi_rect_get_type: { parameters: [], result: "usize" },
} as const;

export type Atspi = Deno.DynamicLibrary<typeof atspiSymbols>["symbols"];

export function openAtspi(): { atspi: Atspi; close(): void } {
  const lib = Deno.dlopen(ATSPI_LIBRARY, atspiSymbols);
  return { atspi: lib.symbols, close: () => lib.close() };
}

/**
 * Public struct layouts: AtspiObject { GObject parent; AtspiApplication *app; char *path; }
 * and AtspiApplication { GObject parent; GHashTable *hash; char *bus_name; ... }.
 */
export const ATSPI_OBJECT_APP_OFFSET = 24;
export const ATSPI_OBJECT_PATH_OFFSET = 32;
export const ATSPI_APPLICATION_BUS_NAME_OFFSET = 32;

/** atspi_init's answer when it found no accessibility bus. */
export const INIT_NO_BUS = 2;

/** AtspiCoordType: extents relative to the screen or to the toplevel window. */
export const COORD_SCREEN = 0;
export const COORD_WINDOW = 1;

/** PARENT|CHILDREN|NAME|DESCRIPTION|STATES|ROLE|INTERFACES: everything cheap to keep fresh. */
export const CACHE_DEFAULT = 127;
/** AtspiRelationType ATSPI_RELATION_LABELLED_BY. */
export const RELATION_LABELLED_BY = 2;

/** ATSPI_CACHE_CHILDREN: the cache bit of an object's list of children. */
export const CACHE_CHILDREN = 2;
/** The cache bits describe() reads: NAME, DESCRIPTION, STATES, ROLE, INTERFACES. */
export const CACHE_DESCRIBED = [4, 8, 16, 32, 64];

/** Offset of the `gint64 states` bit field in the public `AtspiStateSet` struct. */
export const STATE_SET_BITS_OFFSET = 32;

/**
 * AtspiStateType names by value, as OSWorld writes them (lower case, `_`
 * between words); the bit for state i of a state set is bit i.
 */
export const STATE_NAMES = [
  "invalid",
  "active",
  "armed",
  "busy",
  "checked",
  "collapsed",
  "defunct",
  "editable",
  "enabled",
  "expandable",
  "expanded",
  "focusable",
  "focused",
  "has_tooltip",
  "horizontal",
  "iconified",
  "modal",
  "multi_line",
  "multiselectable",
  "opaque",
  "pressed",
  "resizable",
  "selectable",
  "selected",
  "sensitive",
  "showing",
  "single_line",
  "stale",
  "transient",
  "vertical",
  "visible",
  "manages_descendants",
  "indeterminate",
  "required",
  "truncated",
  "animated",
  "invalid_entry",
  "supports_autocompletion",
  "selectable_text",
  "is_default",
  "visited",
  "checkable",
  "has_popup",
  "read_only",
] as const;

/** AtspiStateType values the adapter reads. */
export const State = {
  CHECKED: 4,
  EDITABLE: 7,
  ENABLED: 8,
  EXPANDABLE: 9,
  EXPANDED: 10,
  FOCUSED: 12,
  MULTI_LINE: 17,
  SELECTABLE: 22,
  SELECTED: 23,
  SENSITIVE: 24,
  SHOWING: 25,
  TRANSIENT: 28,
  CHECKABLE: 41,
} as const;
