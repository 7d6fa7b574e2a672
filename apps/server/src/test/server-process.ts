import { spawn } from 'node:child_process';
import net from 'node:net';

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

/**
 * A port nothing listens on now: the kernel's pick for a listener on port 0, closed again. A port
 * chosen by the test itself can be in the kernel's range for outgoing connections, where another
 * test's connection may hold it (EADDRINUSE at the server's start).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
