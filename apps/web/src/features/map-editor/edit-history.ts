/**
 * Undo and redo over whole shapes: each entry is the boundary after one finished edit (a shape drawn, a corner
 * moved, the radius changed, the shape cleared). Small and pure, so the editor and its tests share it.
 */
export class EditHistory<Shape> {
  private past: Shape[] = [];
  private future: Shape[] = [];

  constructor(
    private present: Shape,
    private readonly maxEntries = 50,
  ) {}

  get current(): Shape {
    return this.present;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Records the shape after an edit; a new edit forgets what could be redone. */
  record(shape: Shape): void {
    this.past.push(this.present);
    if (this.past.length > this.maxEntries) this.past.shift();
    this.present = shape;
    this.future = [];
  }

  undo(): Shape {
    const previous = this.past.pop();
    if (previous === undefined) return this.present;
    this.future.push(this.present);
    this.present = previous;
    return previous;
  }

  redo(): Shape {
    const next = this.future.pop();
    if (next === undefined) return this.present;
    this.past.push(this.present);
    this.present = next;
    return next;
  }
}
