// Role vocabulary of the sketch.

/**
 * Case and separators only: lower-case, drop a macOS `AX` prefix when an
 * upper-case letter follows it, remove `_`, `-` and spaces.
 */
export function normaliseRole(role: string): string {
  let normalised = NORMALISED.get(role);
  if (normalised === undefined) {
    normalised = normalise(role);
    if (NORMALISED.size < NORMALISED_CAPACITY) NORMALISED.set(role, normalised);
  }
  return normalised;
}

/** Roles come from a small vocabulary and are looked up per element, many times a render. */
const NORMALISED = new Map<string, string>();
const NORMALISED_CAPACITY = 1024;

function normalise(role: string): string {
  const trimmed = role.trim();
  const withoutAx = /^AX[A-Z]/.test(trimmed) ? trimmed.slice(2) : trimmed;
  return withoutAx.toLowerCase().replace(/[_\- ]/g, "");
}

/** Normalised roles that take a tab index (static `text` included, as in the reference). */
const FOCUSABLE_ROLES: ReadonlySet<string> = new Set([
  "button",
  "checkbox",
  "radiobutton",
  "radio",
  "combobox",
  "menuitem",
  "tab",
  "textfield",
  "edit",
  "editabletext",
  "text",
  "link",
  "hyperlink",
  "slider",
  "spinner",
  "spinbutton",
]);

export function isFocusableRole(normalisedRole: string): boolean {
  return FOCUSABLE_ROLES.has(normalisedRole);
}

const LANDMARK_LABELS: ReadonlyMap<string, string> = new Map([
  ["toolbar", "Toolbar"],
  ["menubar", "MenuBar"],
  ["tabpanel", "TabPanel"],
  ["sidebar", "Sidebar"],
  ["statusbar", "StatusBar"],
  ["dialog", "Dialog"],
  ["alertdialog", "Dialog"],
  ["navigation", "Navigation"],
  ["banner", "Banner"],
]);

/** The header label of a landmark container, or null for other roles. */
export function landmarkLabel(normalisedRole: string): string | null {
  return LANDMARK_LABELS.get(normalisedRole) ?? null;
}

/**
 * Containers that only group what they hold (a navigation bar, a toolbar, a
 * group box): what lies under them still shows, so they occlude nothing.
 */
const GROUPING_ROLES: ReadonlySet<string> = new Set([
  "group",
  "navigation",
  "toolbar",
  "menubar",
  "statusbar",
  "section",
  "form",
  "region",
  "landmark",
  "banner",
  "main",
  "complementary",
  "contentinfo",
  "search",
]);

export function isGroupingRole(normalisedRole: string): boolean {
  return GROUPING_ROLES.has(normalisedRole);
}

/** Range controls: drawn as a bar, and their value is left out of the legend. */
export function isRangeRole(normalisedRole: string): boolean {
  return normalisedRole === "slider" || normalisedRole === "scrollbar" ||
    normalisedRole === "progressbar";
}

/** Roles whose unnamed elements are worth an OCR crop; "" = no role. */
const OCR_CANDIDATE_ROLES: ReadonlySet<string> = new Set([
  "image",
  "custom",
  "group",
  "pane",
  "unknown",
  "graphic",
  "imagebutton",
  "",
]);

export function isOcrCandidateRole(normalisedRole: string): boolean {
  return OCR_CANDIDATE_ROLES.has(normalisedRole);
}
