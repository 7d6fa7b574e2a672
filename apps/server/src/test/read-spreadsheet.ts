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

/** Runs the reader on the file with `args` before its path, and answers what it printed. */
async function readWith(file: Buffer, args: string[]): Promise<unknown> {
  const dir = await mkdtemp(path.join(tmpdir(), 'loupe-export-'));
  try {
    const target = path.join(dir, 'export.xlsx');
    await writeFile(target, file);
    const { stdout } = await run('/usr/bin/python3', [SCRIPT, ...args, target], {
      maxBuffer: 256 * 1024 * 1024,
    });
    return JSON.parse(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function readSpreadsheet(file: Buffer): Promise<Sheet[]> {
  return (await readWith(file, [])) as Sheet[];
}

/**
 * Only the shown values of every sheet, row by row (empty cells null), read as a stream: for files
 * of thousands of stones, which the whole reading (formats, formulas, twice over) takes half a
 * minute on a busy machine.
 */
export async function readSpreadsheetValues(
  file: Buffer,
): Promise<{ name: string; rows: (string | number | boolean | null)[][] }[]> {
  return (await readWith(file, ['--values'])) as {
    name: string;
    rows: (string | number | boolean | null)[][];
  }[];
}

/** A row's shown values, empty cells as null. */
export function valuesOf(row: readonly (SheetCell | null)[] | undefined) {
  return (row ?? []).map((cell) => cell?.value ?? null);
}
