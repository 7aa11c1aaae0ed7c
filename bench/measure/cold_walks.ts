// The service's tree settings under which every request walks the window: no
// tree cache, no live mirror (on by default on Linux), and room for the
// deepest windows and the slowest applications.

export const WALK_EVERY_REQUEST = {
  tree: {
    max_depth: 64,
    default_depth: 64,
    cache_ttl_s: 0,
    live_mirror: false,
    capture_timeout_ms: 60_000,
  },
};
