// Window uids of scenario windows: the declared uid; absent → from the state
// name; explicitly null or empty → `mock:{i}:{nonce}`.

export function windowUid(
  declared: string | null | undefined,
  state: string,
  index: number,
  nonce: string,
): string {
  if (declared === undefined) return index === 0 ? `mock:${state}` : `mock:${state}:${index}`;
  return declared === null || declared === "" ? `mock:${index}:${nonce}` : declared;
}
