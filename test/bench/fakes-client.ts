/** The bench's side of the fakes process (`fakes-child.ts`): start it, call it, close it. */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { FakesOp, FakesOps, FakesReady, FakesReply, FakesSetup } from "./fakes-protocol.js";

const SCRIPT = fileURLToPath(new URL("./fakes-child.js", import.meta.url));

interface Pending {
  resolve(value: FakesOps[FakesOp]["value"]): void;
  reject(error: Error): void;
}

export class FakesProcess {
  readonly #child: ChildProcess;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  #exited: Error | undefined;

  private constructor(child: ChildProcess, readonly ready: FakesReady) {
    this.#child = child;
    child.on("message", (message: FakesReply) => {
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.ok) pending?.resolve(message.value);
      else pending?.reject(new Error(`fakes: ${message.message}`));
    });
    child.once("exit", (code, signal) => {
      this.#exited = new Error(`the fakes process exited (${signal ?? code})`);
      for (const pending of this.#pending.values()) pending.reject(this.#exited);
      this.#pending.clear();
    });
  }

  /** Forks the fakes process and waits until the three fakes listen. */
  static start(setup: FakesSetup): Promise<FakesProcess> {
    const child = fork(SCRIPT, [JSON.stringify(setup)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    return new Promise((resolve, reject) => {
      const early = (code: number | null): void => reject(new Error(`the fakes process exited with ${code} before it was ready`));
      child.once("exit", early);
      child.once("error", reject);
      child.once("message", (message: FakesReady) => {
        child.off("exit", early);
        resolve(new FakesProcess(child, message));
      });
    });
  }

  call<K extends FakesOp>(op: K, args: FakesOps[K]["args"]): Promise<FakesOps[K]["value"]> {
    if (this.#exited !== undefined) return Promise.reject(this.#exited);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      // The reply to call `id` is the value of its op: the child answers each call with `answer(call)`.
      this.#pending.set(id, { resolve: (value) => resolve(value as FakesOps[K]["value"]), reject });
      this.#child.send({ id, op, args });
    });
  }

  /** Closes the fakes and waits for the process to end. */
  async close(): Promise<void> {
    if (this.#exited !== undefined) return;
    const exited = new Promise<void>((resolve) => this.#child.once("exit", () => resolve()));
    await this.call("close", {}).catch(() => this.#child.kill());
    await exited;
  }
}
