import { customerKeys } from '../../../domain/customer/customer-cache';

/** The profile photo, per size, kept beside the customer it belongs to. */
export const profilePhotoKeys = {
  all: [...customerKeys.all, 'photo'] as const,
  size: (size: 32 | 128) => [...profilePhotoKeys.all, size] as const,
};
