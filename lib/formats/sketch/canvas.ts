// The character grid with a reservation per cell, so that nothing is ever
// written over a label or a key: text and keys take free cells only, the gaps
// around a text stay blank (or become border), borders go where nothing else is.

/** What a cell holds or is kept for. */
export const Use = {
  free: 0,
  /** Blank kept next to a text so no text or key touches it; a border may run through. */
  gap: 1,
  border: 2,
  text: 3,
  key: 4,
  mark: 5,
} as const;
export type Use = typeof Use[keyof typeof Use];

const BLANK = 0x20;

export class Canvas {
  /** One code point per cell. */
  readonly codes: Uint32Array;
  readonly use: Uint8Array;
  /** The item that wrote a text or key cell; -1 elsewhere. */
  readonly owner: Int32Array;

  constructor(readonly width: number, readonly height: number) {
    this.codes = new Uint32Array(width * height).fill(BLANK);
    this.use = new Uint8Array(width * height);
    this.owner = new Int32Array(width * height).fill(-1);
  }

  isInside(row: number, column: number): boolean {
    return row >= 0 && row < this.height && column >= 0 && column < this.width;
  }

  useAt(row: number, column: number): Use {
    return this.use[row * this.width + column] as Use;
  }

  /** Free for a text or a key: nothing written and not a gap. */
  isFree(row: number, column: number): boolean {
    const use = this.use[row * this.width + column];
    return use === Use.free || use === Use.border;
  }

  /** Whether a gap may sit here: outside the grid, or a blank or border cell. */
  canBeGap(row: number, column: number): boolean {
    if (!this.isInside(row, column)) return true;
    return this.use[row * this.width + column] <= Use.border;
  }

  /** Whether `length` cells from (row, column) are free and flanked by possible gaps. */
  fitsText(row: number, column: number, length: number): boolean {
    if (column < 0 || column + length > this.width) return false;
    for (let c = column; c < column + length; c++) if (!this.isFree(row, c)) return false;
    return this.canBeGap(row, column - 1) && this.canBeGap(row, column + length);
  }

  /** Writes code points on free cells and keeps their flanks blank. */
  writeText(row: number, column: number, text: readonly string[], owner: number): void {
    text.forEach((ch, i) => this.set(row, column + i, ch, Use.text, owner));
    this.keepGap(row, column - 1);
    this.keepGap(row, column + text.length);
  }

  putKey(row: number, column: number, owner: number): void {
    this.set(row, column, " ", Use.key, owner);
  }

  /** Takes a key off its cell. */
  clearKey(row: number, column: number): void {
    this.set(row, column, " ", Use.free, -1);
  }

  setKeyChar(row: number, column: number, key: string): void {
    this.codes[row * this.width + column] = key.codePointAt(0)!;
  }

  putMark(row: number, column: number, glyph: string): void {
    this.set(row, column, glyph, Use.mark, this.owner[row * this.width + column]);
  }

  /** Draws a border glyph where nothing but a gap or a blank is. */
  putBorder(row: number, column: number, glyph: string): void {
    if (this.isInside(row, column) && this.useAt(row, column) <= Use.border) {
      const at = row * this.width + column;
      this.codes[at] = glyph.codePointAt(0)!;
      if (this.use[at] === Use.free) this.use[at] = Use.border;
    }
  }

  /** Gives back every text and key cell `owner` wrote (gaps stay: a neighbour may need them). */
  erase(owner: number): void {
    for (let at = 0; at < this.owner.length; at++) {
      if (this.owner[at] !== owner) continue;
      this.codes[at] = BLANK;
      this.use[at] = Use.free;
      this.owner[at] = -1;
    }
  }

  /** Each row as a string, blanks at its end left out. */
  rows(): string[] {
    return Array.from({ length: this.height }, (_, r) => {
      const from = r * this.width;
      let end = from + this.width;
      while (end > from && this.codes[end - 1] === BLANK) end--;
      return this.text(from, end);
    });
  }

  /** The rows without trailing empty rows, joined by `\n`. */
  toText(): string {
    const rows = this.rows();
    while (rows.length > 0 && rows[rows.length - 1] === "") rows.pop();
    return rows.join("\n");
  }

  /** The cells [from, to) as a string; one call for a row without astral code points. */
  private text(from: number, to: number): string {
    const codes = this.codes.subarray(from, to);
    let astral = false;
    for (let i = 0; i < codes.length && !astral; i++) astral = codes[i] > 0xffff;
    if (!astral) return String.fromCharCode.apply(null, codes as unknown as number[]);
    let text = "";
    for (const code of codes) text += String.fromCodePoint(code);
    return text;
  }

  private keepGap(row: number, column: number): void {
    if (!this.isInside(row, column)) return;
    const at = row * this.width + column;
    if (this.use[at] === Use.free) this.use[at] = Use.gap;
  }

  private set(row: number, column: number, ch: string, use: Use, owner: number): void {
    const at = row * this.width + column;
    this.codes[at] = ch.codePointAt(0)!;
    this.use[at] = use;
    this.owner[at] = owner;
  }
}
