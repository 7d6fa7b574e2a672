import { z } from 'zod';
import { route } from './route.ts';
import { STOCK_LIMITS } from './stone-vocabulary.ts';
import { stone } from './stones.ts';

/**
 * Media the portal draws itself from a stone's grading data. Public: an `<img>` or a download
 * link cannot send a bearer token, and neither file holds a price.
 */

export const findStonesByLot = route({
  method: 'POST',
  path: '/store/products/v3/search',
  summary: 'Stones by lot id (the detail page and shared links); ids may carry "-<location>"',
  tag: 'stone-detail',
  auth: true,
  query: z.object({
    location: z.string().max(16).optional(),
    usa_event: z.enum(['true', 'false']).optional(),
  }),
  body: z.object({
    stones: z
      .array(z.string().min(1).max(64))
      .min(1)
      .max(STOCK_LIMITS.compareMax * 10),
  }),
  status: 200,
  response: z.object({ stones: z.array(stone) }),
});

export const traceabilityStage = z.object({
  stage: z.enum(['origin', 'architected', 'laser_cut', 'crafted', 'groomed', 'certified']),
  title: z.string(),
  description: z.string(),
  person: z.string().nullable(),
  details: z.string().nullable(),
  metrics: z.array(z.object({ label: z.string(), value: z.string() })),
});

export const getTraceability = route({
  method: 'GET',
  path: '/store/product/traceability',
  summary: "A stone's journey from mine to certificate",
  tag: 'stone-detail',
  auth: true,
  query: z.object({ key: z.string().min(1).max(64) }),
  status: 200,
  response: z.object({
    summary: z.object({
      lot_id: z.string(),
      certificate_number: z.string().nullable(),
      shape: z.string(),
      carats: z.number(),
      color: z.string().nullable(),
      clarity: z.string().nullable(),
      cut: z.string().nullable(),
    }),
    stages: z.array(traceabilityStage),
  }),
});

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
  tag: 'stone-detail',
  auth: false,
  params: stoneMediaParams,
  status: 200,
});

export const getStoneCertificate = route({
  method: 'GET',
  path: '/media/stones/:lotId/certificate.pdf',
  summary:
    "Loupe's grading summary of the stone's lab report (PDF): grades, measurements, proportions, key to symbols, comments and inscription; 404 for an unknown stock number",
  tag: 'stone-detail',
  auth: false,
  params: stoneMediaParams,
  status: 200,
});
