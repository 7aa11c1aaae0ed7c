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

  /** Must be called synchronously on arrival: the call order is the run order. */
  run<T>(writes: boolean, task: () => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.writesDone.then(task).finally(() => this.pending--);
    if (writes) this.writesDone = result.then(() => {}, () => {});
    return result;
  }

  /** Tool runs queued or running (for metrics and tests). */
  get queued(): number {
    return this.pending;
  }
}
