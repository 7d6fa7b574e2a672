import fs from 'node:fs';
import path from 'node:path';

export interface ServerInfo {
  pid: number;
  port: number;
  operatorToken: string;
}

export function serverInfoFile(dataDir: string) {
  return path.join(dataDir, 'server.json');
}

/** The running server on this data directory, if there is one. */
export function readServerInfo(dataDir: string): ServerInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(serverInfoFile(dataDir), 'utf8')) as ServerInfo;
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}
