import type { ChildProcess } from "node:child_process";

type Output = { write(text: string): unknown };
type AppServer = { id: string; port: number; child: ChildProcess };
type Exit = { id: string; code: number | null; signal: NodeJS.Signals | null; reason?: string };

export function startCluster(options: {
  port: number;
  host?: string;
  servers?: number;
  appPort?: number;
  env?: NodeJS.ProcessEnv;
  restartAfterS?: number;
  stdout?: Output;
  stderr?: Output;
}): Promise<{
  apps: AppServer[];
  nginx: { child: ChildProcess; dir: string; stop(): Promise<void> };
  stop(): Promise<void>;
  restart(id: string): Promise<void>;
  restarted: Promise<boolean> | undefined;
  exited: Promise<Exit>;
}>;
