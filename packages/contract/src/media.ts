import { z } from 'zod';
import { route } from './route.ts';

/**
 * Media the portal draws itself from a stone's grading data. Public: an `<img>` or a download
 * link cannot send a bearer token, and neither file holds a price.
 */

const stoneMediaParams = z.object({
  /** The stone's stock number (any case). */
  lotId: z.string().trim().min(1).max(64),
});

/** The address of a stone's media, as generated stones carry it in image_url / certificate_url. */
export const stoneMediaPath = {
  image: (lotId: string) => `/media/stones/${encodeURIComponent(lotId)}/image.svg`,
  certificate: (lotId: string) => `/media/stones/${encodeURIComponent(lotId)}/certificate.pdf`,
};

export const getStoneImage = route({
  method: 'GET',
  path: '/media/stones/:lotId/image.svg',
  summary:
    'A proportion diagram of the stone (SVG): top view of its outline at its length/width ratio and a side profile with its table, depth, crown, pavilion and girdle; 404 for an unknown stock number',
  tag: 'media',
  auth: false,
  params: stoneMediaParams,
  status: 200,
});

export const getStoneCertificate = route({
  method: 'GET',
  path: '/media/stones/:lotId/certificate.pdf',
  summary:
    "Loupe's grading summary of the stone's lab report (PDF): grades, measurements, proportions, key to symbols, comments and inscription; 404 for an unknown stock number",
  tag: 'media',
  auth: false,
  params: stoneMediaParams,
  status: 200,
});
