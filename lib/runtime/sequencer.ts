// Orders tool runs by arrival (issue 10: a click and the typing after it,
// sent back to back, ran out of order and put a password into the wrong
// field). A tool that changes desktop or session state runs alone, after every
// such tool that arrived before it; a read waits for the writes that arrived
// before it, then runs beside other reads and beside later writes. Writes
// never wait for reads, so a long wait_for cannot hold up the click it is
// waiting for.

export class ToolSequencer {
  private writesDone: Promise<void> = Promise.resolve();
  private pending = 0;

  /**
   * Must be called synchronously on arrival: the call order is the run order.
   * The call may run once `ready` resolves, and must call `done` when it has
   * finished, whether it succeeded or not.
   */
  enter(writes: boolean): { ready: Promise<void>; done: () => void } {
    this.pending++;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => finish = resolve);
    const ready = this.writesDone;
    if (writes) this.writesDone = ready.then(() => finished);
    return {
      ready,
      done: () => {
        this.pending--;
        finish();
      },
    };
  }

  /** Tool runs queued or running (for metrics and tests). */
  get queued(): number {
    return this.pending;
  }
}
