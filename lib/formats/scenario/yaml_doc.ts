// YAML text → plain data, keeping the syntax tree so a problem found later in
// the data can be reported at its line and column.

import { isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { type Problem, ScenarioInvalidError, type Where } from "./problem.ts";

/** Spellings one data key may have in the source (such as a reaction's trigger). */
export type KeyAliases = Readonly<Record<string, readonly string[]>>;

export interface ParsedYaml {
  value: unknown;
  /** Line and column of the node at `path` (or of its deepest existing ancestor). */
  locate(path: ReadonlyArray<PropertyKey>): Pick<Where, "line" | "column">;
}

/** The parser's message without the position and code excerpt it appends. */
function shortMessage(message: string): string {
  return message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}

function keyText(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key);
}

function childOf(node: unknown, segment: PropertyKey, aliases: KeyAliases): Node | null {
  if (isSeq(node) && typeof segment === "number") return (node.items[segment] as Node) ?? null;
  if (!isMap(node)) return null;
  const names = [String(segment), ...(aliases[String(segment)] ?? [])];
  const pair = node.items.find((p) => isPair(p) && names.includes(keyText(p.key)));
  if (!pair) return null;
  return ((pair.value ?? pair.key) as Node) ?? null;
}

export function parseYaml(text: string, file: string, aliases: KeyAliases = {}): ParsedYaml {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const at = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  if (doc.errors.length > 0) {
    const problems: Problem[] = doc.errors.map((e) => ({
      ...at(e.pos[0]),
      message: `YAML syntax error: ${shortMessage(e.message)}`,
    }));
    throw new ScenarioInvalidError(file, problems);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 1000 });
  } catch (e) {
    throw new ScenarioInvalidError(file, [{ message: `YAML error: ${(e as Error).message}` }]);
  }
  return {
    value,
    locate(path) {
      let node: unknown = doc.contents;
      let found = node as Node | null;
      for (const segment of path) {
        node = childOf(node, segment, aliases);
        if (node === null) break;
        found = node as Node;
      }
      const offset = found?.range?.[0];
      return offset === undefined ? {} : at(offset);
    },
  };
}
