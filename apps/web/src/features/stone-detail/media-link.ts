import type { Stone } from '@loupe/contract/stones';

/**
 * The stone's media as a link that works outside the portal (the "Media Link" a buyer forwards):
 * its video, else its photo, as an absolute address. Null when the stone has neither.
 */
export function mediaLinkOf(stone: Pick<Stone, 'video_url' | 'image_url'>, origin: string): string | null {
  const path = stone.video_url ?? stone.image_url;
  if (!path) return null;
  try {
    return new URL(path, origin).toString();
  } catch {
    return null;
  }
}
