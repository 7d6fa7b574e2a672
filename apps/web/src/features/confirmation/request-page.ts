import type { CONFIRM_REQUEST_PAGES } from '@loupe/contract/confirmation';

/** Where the Confirm Stone button sits; recorded on the order for sales. */
export type ConfirmRequestPage = (typeof CONFIRM_REQUEST_PAGES)[number];
