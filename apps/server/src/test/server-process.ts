import { spawn } from 'node:child_process';

/**
 * Runs the server as its own process (`node <args>` in the server's folder, with `env` over this
 * process's) and resolves `ready` once it says it listens; `output()` is everything it printed,
 * and a server that stops before it is ready rejects `ready` with it.
 */
export function spawnServer(cwd: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env } });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      if (out.includes('ready at')) resolve();
    });
    child.stderr.on('data', (chunk) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`the server stopped (${code}): ${out}`)));
  });
  return { child, ready, output: () => out };
}
