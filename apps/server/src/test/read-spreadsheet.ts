import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** Export tests read every file back with openpyxl (Debian's python3-openpyxl), not with the library that wrote it. */

export interface SheetCell {
  /** What a spreadsheet shows: the value, or a formula's cached result. */
  value: string | number | boolean | null;
  formula: string | null;
  format: string;
  bold: boolean;
}

export interface Sheet {
  name: string;
  freeze: string | null;
  filter: string | null;
  widths: Record<string, number>;
  rows: (SheetCell | null)[][];
}

const run = promisify(execFile);
const SCRIPT = path.join(import.meta.dirname, 'read-spreadsheet.py');

export async function readSpreadsheet(file: Buffer): Promise<Sheet[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'loupe-export-'));
  try {
    const target = path.join(dir, 'export.xlsx');
    await writeFile(target, file);
    const { stdout } = await run('/usr/bin/python3', [SCRIPT, target], { maxBuffer: 256 * 1024 * 1024 });
    return JSON.parse(stdout) as Sheet[];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A row's shown values, empty cells as null. */
export function valuesOf(row: readonly (SheetCell | null)[] | undefined) {
  return (row ?? []).map((cell) => cell?.value ?? null);
}
