// Lookups by a key that came from outside (a query parameter, a key name, a
// role an application reports). A plain object answers "constructor" or
// "__proto__" from its prototype; these only see the object's own entries.

/** `table[key]` if the table itself has that key. */
export function own<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** `record[key] = value` as plain data, even for the key "__proto__" (which would set the prototype). */
export function setOwn<V>(record: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(record, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
