import {
  type FeatureModule,
  type FeatureViews,
  noFeatureViews,
  type TourModule,
  type TourState,
  tourModuleBody,
} from '@loupe/contract/tour';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { findTourState, mergeFeatureViews, setMainTourStatus } from '../customers/index.ts';

/**
 * The guided tour's state per customer (spec §3, §7 "Tour"): the main tour status and the feature
 * views of the mini tours. The web app's tour machine decides the transitions; the server keeps
 * what it is told, checking only that each module gets its own shape.
 */

/** Kept views over all-false, so a view added later reads false for everyone who had none. */
function completeViews(kept: Partial<FeatureViews> | null): FeatureViews {
  const views = noFeatureViews();
  for (const module of Object.keys(views) as FeatureModule[]) {
    Object.assign(views[module], kept?.[module] ?? {});
  }
  return views;
}

export async function getTourGuide(db: Database, customerId: string): Promise<TourState> {
  const row = await findTourState(db, customerId);
  return { main_tour_status: row.mainTourStatus, feature_views: completeViews(row.featureViews) };
}

/**
 * `module=main_tour_status` sets the status (any status: reset goes back to not_started);
 * a mini tour's module merges the flags given into that module's views. A body of another
 * module's shape, or no flag at all, is 400.
 */
export async function updateTourGuide(
  db: Database,
  clock: Clock,
  customerId: string,
  module: TourModule,
  body: unknown,
): Promise<TourState> {
  const parsed = tourModuleBody[module].safeParse(body);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      `This body does not fit the module ${module}.`,
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  const now = clock.now();
  if (module === 'main_tour_status') {
    const { main_tour_status } = parsed.data as { main_tour_status: TourState['main_tour_status'] };
    await setMainTourStatus(db, customerId, main_tour_status, now);
  } else {
    const views = parsed.data as Record<string, boolean>;
    if (Object.keys(views).length === 0) {
      throw new AppError('VALIDATION_FAILED', `Name at least one feature view of ${module}.`);
    }
    await mergeFeatureViews(db, customerId, module, views, noFeatureViews(), now);
  }
  return getTourGuide(db, customerId);
}
