// Window predicates: window_focused, window_exists.

import { clientRegex, failed, type PredicateCheck } from "./types.ts";

export const windowFocused: PredicateCheck = async (args, desktop, regexLength) => {
  if (typeof args.title_regex !== "string") return failed("title_regex required");
  const re = clientRegex(args.title_regex, regexLength);
  const hit = (await desktop.windows()).find((w) => w.focused && re.search(w.title));
  return hit
    ? { passed: true, observed: { window_uid: hit.window_uid, title: hit.title } }
    : failed("focused window does not match");
};

export const windowExists: PredicateCheck = async (args, desktop, regexLength) => {
  const uid = typeof args.window_uid === "string" ? args.window_uid : null;
  const title = typeof args.title_regex === "string"
    ? clientRegex(args.title_regex, regexLength)
    : null;
  if (uid === null && title === null) return failed("title_regex or window_uid required");
  const hit = (await desktop.windows()).find((w) =>
    w.window_uid === uid || (title !== null && title.search(w.title))
  );
  return hit
    ? { passed: true, observed: { window_uid: hit.window_uid, title: hit.title } }
    : failed("no matching window");
};
