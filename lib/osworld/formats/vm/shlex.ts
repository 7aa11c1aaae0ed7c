// Python's shlex.split (POSIX mode, no comments), which OSWorld's in-VM server
// applies to a command given as one string without a shell: words split on
// whitespace; single quotes keep everything; double quotes keep everything but
// a backslash before " or \; outside quotes a backslash keeps the next character.

export class ShlexError extends Error {}

export function shlexSplit(text: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote === "'") {
      if (ch === "'") quote = null;
      else word += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === "\\" && (text[i + 1] === '"' || text[i + 1] === "\\")) word += text[++i];
      else word += ch;
      continue;
    }
    if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      continue;
    }
    inWord = true;
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "\\") {
      if (i + 1 === text.length) throw new ShlexError("No escaped character");
      word += text[++i];
    } else word += ch;
  }
  if (quote !== null) throw new ShlexError("No closing quotation");
  if (inWord) words.push(word);
  return words;
}
