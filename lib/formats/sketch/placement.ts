// The grid being filled: where each item's key and label went, which cells an
// item may use for them, and the writes, all through the canvas reservations.

import { Canvas, Use } from "./canvas.ts";
import type { CellRect, GridGeometry } from "./geometry.ts";
import type { Glyphs } from "./glyphs.ts";
import type { LabelText } from "./labels.ts";
import { type KeyRequest, matchCells } from "./matching.ts";
import { findSpot, rowsFromMiddle, type Spot } from "./place.ts";
import type { Item } from "./scene.ts";

export interface LayoutOptions {
  roleGlyphs: boolean;
  landmarkHeaders: boolean;
  glyphs: Glyphs;
}

/** How many candidate cells a key request lists: plenty for any real choice. */
const KEY_CANDIDATES = 48;

export interface LabelSpot extends Spot {
  label: LabelText;
}

/** The grid being filled, with what each item got on it so far. */
export class Placement {
  readonly canvas: Canvas;
  /** Item id → key cell (row × width + column). */
  readonly keyCells = new Map<number, number>();
  /** Item id → where its label (inline, inside its box, or its title) went. */
  readonly labels = new Map<number, LabelSpot>();
  /** Per cell: the inline item whose cells these are, -1 none, -2 several. */
  private readonly inlineOwner: Int32Array;
  /** Per cell: 1 on the top or bottom edge of some box, 2 on its left or right side (corners too). */
  private readonly frame: Uint8Array;

  constructor(
    readonly items: readonly Item[],
    readonly geometry: GridGeometry,
    readonly options: LayoutOptions,
  ) {
    const { width, height } = geometry;
    this.canvas = new Canvas(width, height);
    this.inlineOwner = new Int32Array(width * height).fill(-1);
    this.frame = new Uint8Array(width * height);
    for (const item of items) {
      if (item.box) this.markFrame(item.rect);
      else this.markInline(item);
    }
  }

  cellAt(row: number, column: number): number {
    return row * this.geometry.width + column;
  }

  rowColumn(cell: number): [number, number] {
    return [Math.floor(cell / this.geometry.width), cell % this.geometry.width];
  }

  /**
   * Whether a text of `item` may cover this cell outside its own: not another
   * inline item's (its key may need it), not across the side of a box.
   */
  mayUse(item: Item, row: number, column: number): boolean {
    const at = this.cellAt(row, column);
    const owner = this.inlineOwner[at];
    return (owner === -1 || owner === item.id) && this.frame[at] !== 2;
  }

  isOnFrame(row: number, column: number): boolean {
    return this.frame[this.cellAt(row, column)] !== 0;
  }

  /** On the left or right side of a box. */
  isOnSide(row: number, column: number): boolean {
    return this.frame[this.cellAt(row, column)] === 2;
  }

  /** Free cells of the rect for a key: off frames first, the middle row first, leftmost first. */
  keyCandidates(item: Item): number[] {
    const { left, right, top, bottom } = item.rect;
    if (item.box) return this.boxKeyCandidates(item.rect);
    const inner: number[] = [];
    const onFrame: number[] = [];
    for (const row of rowsFromMiddle(top, bottom)) {
      for (let c = left; c <= right; c++) {
        if (!this.canvas.isFree(row, c) || this.isBesidePairKey(row, c)) continue;
        (this.isOnFrame(row, c) ? onFrame : inner).push(this.cellAt(row, c));
        if (inner.length >= KEY_CANDIDATES) return inner;
      }
    }
    return [...inner, ...onFrame].slice(0, KEY_CANDIDATES);
  }

  /** Whether a two-cell key touches the cell (a key there would read as part of it). */
  private isBesidePairKey(row: number, column: number): boolean {
    return [column - 1, column + 1].some((c) =>
      this.canvas.isInside(row, c) && this.canvas.useAt(row, c) === Use.key &&
      this.items[this.canvas.owner[this.cellAt(row, c)]].pair
    );
  }

  /** A box's own key: top left, on its frame, where a title would start. */
  private boxKeyCandidates({ left, right, top, bottom }: CellRect): number[] {
    const cells: number[] = [];
    for (let row = top; row <= bottom && cells.length < KEY_CANDIDATES; row++) {
      for (let c = left; c <= right && cells.length < KEY_CANDIDATES; c++) {
        if (this.canvas.isFree(row, c)) cells.push(this.cellAt(row, c));
      }
    }
    return cells;
  }

  /** The rect's rows, the middle first, those along a box's top or bottom edge last. */
  rowsOf(rect: CellRect): number[] {
    const rows = rowsFromMiddle(rect.top, rect.bottom);
    const onEdge = (row: number) => {
      for (let c = rect.left; c <= rect.right; c++) {
        if (this.frame[this.cellAt(row, c)] === 1) return true;
      }
      return false;
    };
    const edges = rows.filter(onEdge);
    return edges.length === 0 ? rows : [...rows.filter((row) => !onEdge(row)), ...edges];
  }

  /**
   * Keys for `wanted`, in priority order; keys placed before may move if that
   * serves more. Two-cell keys of thin items go first: they have the fewest
   * places, on cells other items rarely want.
   */
  placeKeys(wanted: readonly Item[]): void {
    for (const id of [...this.keyCells.keys()]) this.dropKey(this.items[id]);
    for (const item of wanted) if (item.pair) this.placePairKey(item);
    const requests: KeyRequest[] = wanted.filter((item) => !item.pair).map((item) => ({
      item: item.id,
      cells: this.keyCandidates(item),
    }));
    for (const [item, cell] of matchCells(requests)) this.putKey(item, cell);
  }

  /** A key on the first free cell the item has; false when there is none. */
  addKey(item: Item): boolean {
    if (item.pair) return false;
    const [cell] = this.keyCandidates(item);
    if (cell === undefined) return false;
    this.putKey(item.id, cell);
    return true;
  }

  dropKey(item: Item): void {
    const cell = this.keyCells.get(item.id);
    if (cell === undefined) return;
    const [row, column] = this.rowColumn(cell);
    this.canvas.clearKey(row, column);
    if (item.pair) this.canvas.clearKey(row, column + 1);
    this.keyCells.delete(item.id);
  }

  /** Writes the label in the first spot that fits and remembers it as the item's label. */
  placeLabel(item: Item, label: LabelText, area: CellRect, rows: readonly number[], aim: number) {
    const spot = this.placeText(item, label, area, rows, aim);
    if (spot !== null) this.labels.set(item.id, { ...spot, label });
    return spot;
  }

  /** Writes a text for the item in the first spot that fits; null when none does. */
  placeText(item: Item, label: LabelText, area: CellRect, rows: readonly number[], aim: number) {
    const spot = this.findSpot(item, label, area, rows, aim);
    if (spot !== null) this.write(item.id, spot, label.text);
    return spot;
  }

  /** Where the text would go: in `area`, and beyond only when that is the item's own cells. */
  findSpot(item: Item, label: LabelText, area: CellRect, rows: readonly number[], aim: number) {
    return findSpot(this.canvas, this.geometry, {
      label,
      bounds: item.element.bounds,
      rect: area,
      rows,
      aim,
      mayUse: area === item.rect ? (row, column) => this.mayUse(item, row, column) : () => false,
    });
  }

  write(owner: number, spot: Spot, text: readonly string[]): void {
    this.canvas.writeText(spot.row, spot.column, text.map(this.options.glyphs.cell), owner);
  }

  /** Takes the item's texts off the grid; its key stays. */
  eraseTexts(item: Item): void {
    this.canvas.erase(item.id);
    this.labels.delete(item.id);
    const cell = this.keyCells.get(item.id);
    if (cell !== undefined) this.canvas.putKey(...this.rowColumn(cell), item.id);
  }

  /** A thin item's key on both cells of its pair, on the first row where both are free. */
  private placePairKey(item: Item): void {
    const { left, top, bottom } = item.rect;
    for (const row of rowsFromMiddle(top, bottom)) {
      if (this.canvas.isFree(row, left) && this.canvas.isFree(row, left + 1)) {
        this.putKey(item.id, this.cellAt(row, left));
        this.canvas.putKey(row, left + 1, item.id);
        return;
      }
    }
  }

  private putKey(item: number, cell: number): void {
    this.keyCells.set(item, cell);
    this.canvas.putKey(...this.rowColumn(cell), item);
  }

  private markFrame({ left, top, right, bottom }: CellRect): void {
    for (let c = left; c <= right; c++) {
      this.frame[this.cellAt(top, c)] = 1;
      this.frame[this.cellAt(bottom, c)] = 1;
    }
    for (let r = top; r <= bottom; r++) {
      this.frame[this.cellAt(r, left)] = 2;
      this.frame[this.cellAt(r, right)] = 2;
    }
  }

  private markInline(item: Item): void {
    const { left, top, right, bottom } = item.rect;
    for (let r = top; r <= bottom; r++) {
      for (let c = left; c <= right; c++) {
        const at = this.cellAt(r, c);
        this.inlineOwner[at] = this.inlineOwner[at] === -1 ? item.id : -2;
      }
    }
  }
}

/** The cells inside a box's frame. */
export function interior({ left, top, right, bottom }: CellRect): CellRect {
  return { left: left + 1, top: top + 1, right: right - 1, bottom: bottom - 1 };
}

/** The start column that centres `length` cells on the rect. */
export function centredStart(rect: CellRect, length: number): number {
  return Math.floor((rect.left + rect.right + 1 - length) / 2);
}
