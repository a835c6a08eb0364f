import type { ChildProcess, StdioOptions } from "node:child_process";

export function nginxBinary(): string | undefined;
export function ensureNginx(): string;
export function siteConfig(options: { servers: string[]; listen: string }): string;
export function nginxConfig(options: { servers: string[]; listen: string; dir: string }): string;
export function startNginx(options: { port: number; host?: string; servers: string[]; stdio?: StdioOptions }): {
  child: ChildProcess;
  dir: string;
  stop(): Promise<void>;
};
