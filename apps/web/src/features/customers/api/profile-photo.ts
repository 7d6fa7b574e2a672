import { deleteProfilePhoto, getProfilePhoto, uploadProfilePhoto } from '@loupe/contract/customers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshCustomer } from '../../../domain/customer/customer-cache';
import { call, callBlob } from '../../../lib/api-client';
import { profilePhotoKeys } from './query-keys';

export type PhotoSize = 32 | 128;

/** PNG, JPEG or SVG up to 20 MB (domain-facts §9). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;

/** The photo as an object URL, or null when the customer has none (the API answers 404). */
export async function fetchProfilePhoto(size: PhotoSize): Promise<string | null> {
  const blob = await callBlob(getProfilePhoto, { query: { size } });
  return blob ? URL.createObjectURL(blob) : null;
}

export function useProfilePhoto(size: PhotoSize, enabled: boolean) {
  const query = useQuery({
    queryKey: profilePhotoKeys.size(size),
    queryFn: () => fetchProfilePhoto(size),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = enabled ? (query.data ?? null) : null;
  // Free the previous image when a new one replaces it.
  useEffect(() => {
    if (!url) return;
    return () => {
      window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    };
  }, [url]);
  return url;
}

export function validatePhoto(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPG or SVG image';
  if (file.size > PHOTO_MAX_BYTES) return 'The photo must be 20 MB or smaller';
  return null;
}

export async function uploadPhoto(file: File): Promise<void> {
  const formData = new FormData();
  formData.append('profile', file);
  await call(uploadProfilePhoto, { formData });
}

export async function removePhoto(): Promise<void> {
  await call(deleteProfilePhoto);
}

function usePhotoChanged() {
  const queryClient = useQueryClient();
  return async () => {
    await refreshCustomer(queryClient);
    await queryClient.resetQueries({ queryKey: profilePhotoKeys.all });
  };
}

export function useUploadPhoto() {
  const onChanged = usePhotoChanged();
  return useMutation({ mutationFn: uploadPhoto, onSuccess: onChanged });
}

export function useRemovePhoto() {
  const onChanged = usePhotoChanged();
  return useMutation({ mutationFn: removePhoto, onSuccess: onChanged });
}
