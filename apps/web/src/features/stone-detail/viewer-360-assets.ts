/**
 * The 360° viewer's files (pins: served at `/assets/360/`, checked with HEAD before use). The check
 * runs once per page load; a missing file or no answer means the photo is shown instead.
 */
export const VIEWER_360_BASE = '/assets/360/';
export const VIEWER_360_FILES = ['viewer.html', 'viewer.js', 'viewer.css'] as const;

let check: Promise<boolean> | null = null;

async function headOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-cache' });
    return response.ok;
  } catch {
    return false;
  }
}

/** Whether every file of the viewer answers its HEAD check (asked once, then remembered). */
export function viewer360Available(): Promise<boolean> {
  check ??= Promise.all(VIEWER_360_FILES.map((file) => headOk(`${VIEWER_360_BASE}${file}`))).then((all) =>
    all.every(Boolean),
  );
  return check;
}

/** The viewer's page for one stone's turning video. */
export function viewer360Url(videoUrl: string): string {
  return `${VIEWER_360_BASE}viewer.html?src=${encodeURIComponent(videoUrl)}`;
}
