/** Supplier uploads (RapNet layout) and generated stock; the stones themselves are written by stones. */

export { CheckedUploads } from './checked-uploads.ts';
export { generateStones, lotIdAt, MAX_GENERATED_STONES } from './generate-stones.ts';
export { IMPORT_FILE_JOB, type ImportFileJob, importFileJob } from './import-job.ts';
export { MAX_UPLOAD_BYTES } from './import-stones.ts';
export { loadGeneratedStones } from './load-generated-stones.ts';
export { stockImportRoutes } from './routes.ts';
export type { GenerateAnswer, ImportAnswer } from './stock-commands.ts';
export { DEFAULT_GENERATE_SEED, describeGeneration, describeImport } from './stock-commands.ts';
