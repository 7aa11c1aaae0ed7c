// State that belongs to one session but to no other module of it (snapshots,
// page cursors): created on first use, dropped with the session.

export function perSession<T>(make: () => T): (session: object) => T {
  const states = new WeakMap<object, T>();
  return (session) => {
    let state = states.get(session);
    if (state === undefined) states.set(session, state = make());
    return state;
  };
}
