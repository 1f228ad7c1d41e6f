/** How the fetch reports progress; the CLI decides how to show it. */
export interface Progress {
  phase(name: string, total: number): void;
  advance(by?: number): void;
  log(line: string): void;
  done(): void;
}
