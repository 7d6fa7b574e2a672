import { getProfilePhoto, uploadProfilePhoto } from '@loupe/contract/customers';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { injectRoute } from './call-route.ts';
import type { multipartFile } from './multipart.ts';
import { bearer } from './test-app.ts';

/** A 300×200 PNG, red enough to tell apart from a white JPEG. */
export function redPng(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 180, g: 20, b: 60 } } })
    .png()
    .toBuffer();
}

/** Uploads a profile photo as the web app does (multipart field "profile"). */
export function uploadPhoto(app: FastifyInstance, token: string, file: ReturnType<typeof multipartFile>) {
  return injectRoute(app, uploadProfilePhoto, {
    headers: { ...bearer(token), ...file.headers },
    rawBody: file.payload,
  });
}

export function fetchPhoto(app: FastifyInstance, token: string, size?: number) {
  return injectRoute(app, getProfilePhoto, {
    search: size === undefined ? '' : `?size=${size}`,
    headers: bearer(token),
  });
}
